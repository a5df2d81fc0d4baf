import { expect } from 'chai';
import { findAddressBlocks } from './address-blocks.js';
import { toDocumentText } from './document-text.js';

const blocksIn = (lines: string[]) =>
  findAddressBlocks(toDocumentText([{ pageNumber: 1, text: lines.join('\n') }])).map(({ address, compact, label, firstLine }) => ({
    ...address,
    compact,
    label,
    firstLine,
  }));

describe('extractor: address blocks', () => {
  it('given a bill-to label far left on the line where the sender’s block begins at the right, labels only the block under it', () => {
    const [sender, receiver] = blocksIn([
      'BILL TO                                                                  Aare Sàrl',
      'Rhein AG                                                          Rue de Bourg 126',
      'Spitalgasse 130                                                      1003 Lausanne',
      '3011 Bern',
    ]);

    expect(sender).to.include({ company_name: 'Aare Sàrl', city_name: 'Lausanne', label: null });
    expect(receiver).to.include({ company_name: 'Rhein AG', city_name: 'Bern', label: 'receiver' });
  });

  it('given a town before its state and code after commas and a dash ("Bengaluru, Karnataka - 560100"), then the town is the city', () => {
    const [receiver] = blocksIn(['Bill To:', 'Nexa Retail LLP', 'Plot 18, Electronic City Phase 1', 'Bengaluru, Karnataka - 560100']);

    expect(receiver).to.include({ company_name: 'Nexa Retail LLP', house_number: '18', postal_code: '560100', city_name: 'Bengaluru' });
  });

  it('given a party’s label opening the line over a block indented under the name, then the name is the block’s, labelled', () => {
    const [sender] = blocksIn(['Sold by Ergotec Trading GmbH', '        Am Hafen 4, 20457 Hamburg, DE']);

    expect(sender).to.include({ company_name: 'Ergotec Trading GmbH', city_name: 'Hamburg', country_code: 'DE', label: 'sender' });
  });

  it('given blank lines between a name, its street with a labelled house number and its postal line, then they are one block', () => {
    const [receiver] = blocksIn([
      'Bill To:',
      '',
      'Nexa Retail LLP',
      '',
      'Plot 18, Electronic City Phase 1',
      'Bengaluru, Karnataka - 560100',
    ]);

    expect(receiver).to.include({ company_name: 'Nexa Retail LLP', house_number: '18', city_name: 'Bengaluru', label: 'receiver' });
  });

  it('given a party’s id between its name and its street, blank lines around it, then the name is still the block’s', () => {
    const [sender] = blocksIn([
      'COMERCIALIZADORA DEL BAJÍO S.A. DE C.V.',
      '',
      'RFC: CBA150312AB1',
      '',
      'Av. Juárez 1450, Col. Centro',
      'C.P. 44100 Guadalajara, Jal.',
    ]);

    expect(sender).to.include({ company_name: 'COMERCIALIZADORA DEL BAJÍO S.A. DE C.V.', postal_code: '44100', city_name: 'Guadalajara' });
  });

  it('given a country after the postal line’s comma, then it is the address’s country', () => {
    const [receiver] = blocksIn(['Alder Robotics GmbH', 'Lindenstrasse 8', '80331 Munich, Germany']);

    expect(receiver).to.include({ postal_code: '80331', city_name: 'Munich', country_code: 'DE' });
  });

  it('given a town and its four-digit code under a post office box or a street, then the block ends there', () => {
    const [sender, receiver] = blocksIn([
      'Kauri Coast Joinery Limited                          Invoice Number   INV-0931',
      '21 Rata Street                                       Invoice Date     2 Mar 2026',
      'Whangarei 0110',
      '',
      'To:',
      'Tui Ridge Homes Ltd',
      'PO Box 4412',
      'Auckland 1140',
    ]);

    expect(sender).to.include({
      company_name: 'Kauri Coast Joinery Limited',
      house_number: '21',
      postal_code: '0110',
      city_name: 'Whangarei',
    });
    expect(receiver).to.include({ company_name: 'Tui Ridge Homes Ltd', post_office_box: '4412', postal_code: '1140', label: 'receiver' });
  });

  it('given a party label beside the first line of a block whose street and town are indented under the name, labels the block, the name its first line', () => {
    const [receiver] = blocksIn(['Bill to:   Blue Fin Catering Ltd', '           22 Market Street', '           Leeds LS1 6DT']);

    expect(receiver).to.include({ company_name: 'Blue Fin Catering Ltd', street: 'Market Street', city_name: 'Leeds', label: 'receiver' });
  });

  it('given a form label beside a line that names no party ("Projekt:"), ends the block above it as before', () => {
    const [block] = blocksIn([
      'Projekt:   Neubau Halle 3',
      '           Muster AG',
      '           Bahnhofstrasse 1',
      '           8001 Zürich',
    ]);

    expect(block).to.include({ company_name: 'Muster AG', label: null });
  });

  it('given a return line whose separators a scan lost, reads it as one line of the sender’s name, street and town, and the window block under it without it', () => {
    const [afterName, returnLine, window] = blocksIn([
      '                                                   Stahlbau Ritter AG',
      'Stahlbau Ritter AG Hainstraße 159 - 28195 Bremen',
      '',
      'Léman AG - Vis Nassa 136 4051 Basel',
      'Rhein Sàrl',
      'Via Nassa 64',
      '4051 Basel',
    ]);

    expect(afterName).to.include({
      company_name: 'Stahlbau Ritter AG',
      street: 'Hainstraße',
      house_number: '159',
      postal_code: '28195',
      compact: true,
    });
    expect(returnLine).to.include({
      company_name: 'Léman AG',
      street: 'Vis Nassa',
      house_number: '136',
      postal_code: '4051',
      compact: true,
    });
    expect(window).to.include({ company_name: 'Rhein Sàrl', street: 'Via Nassa', house_number: '64', firstLine: 4 });
  });

  it('given a return line whose street is printed number first and whose separator before the postal code a scan lost, reads it as one line', () => {
    const [returnLine, window] = blocksIn([
      'Atelier Lumière EURL - 57 allée Jean Jaurès 31000 Toulouse',
      'Provence SAS',
      '158 rue Nationale',
      '33000 Bordeaux',
    ]);

    expect(returnLine).to.include({
      company_name: 'Atelier Lumière EURL',
      street: 'allée Jean Jaurès',
      house_number: '57',
      postal_code: '31000',
      city_name: 'Toulouse',
      compact: true,
    });
    expect(window).to.include({ company_name: 'Provence SAS', street: 'rue Nationale', firstLine: 1 });
  });

  it('given a footer’s one-line address whose house number OCR garbled, reads the company and its town without a street or contact', () => {
    const [footer] = blocksIn(['Rechnung', '', '', 'Léman SA | Steinenvorstadt Fla | 6900 Lugano']);
    expect(footer).to.include({
      company_name: 'Léman SA',
      contact_person_name: null,
      street: null,
      postal_code: '6900',
      city_name: 'Lugano',
      compact: true,
    });
    // Without a legal form, the piece may be a name: no address is guessed.
    expect(blocksIn(['Rechnung', '', '', 'Léman | Steinenvorstadt Fla | 6900 Lugano'])).to.deep.equal([]);
  });

  it('given a return line with a dash the scan moved up to a full stop, a speck or the house number, or a gap it widened before the house number, reads it as one line', () => {
    const [dash] = blocksIn(['Ceramiche Adriatica Sas.- Via dei Calzaiuoli 64 80133 Napoli']);
    expect(dash).to.include({ company_name: 'Ceramiche Adriatica Sas.', street: 'Via dei Calzaiuoli', house_number: '64', compact: true });
    const [speck] = blocksIn(['Ceresio GmbH - Multergasse 32b_- 6900 Lugano']);
    expect(speck).to.include({
      company_name: 'Ceresio GmbH',
      street: 'Multergasse',
      house_number: '32b',
      city_name: 'Lugano',
      compact: true,
    });
    const [glued] = blocksIn(['Ceresio GmbH - Multergasse 32b- 6900 Lugano']);
    expect(glued).to.include({
      company_name: 'Ceresio GmbH',
      street: 'Multergasse',
      house_number: '32b',
      city_name: 'Lugano',
      compact: true,
    });
    const [gap] = blocksIn(['Aare AG - Multergasse  121 - 1003 Lausanne']);
    expect(gap).to.include({ company_name: 'Aare AG', street: 'Multergasse', house_number: '121', city_name: 'Lausanne', compact: true });
    expect(blocksIn(['Bau- und Möbeltischlerei GmbH', 'Hauptstrasse 4', '8000 Zürich'])[0]).to.include({
      company_name: 'Bau- und Möbeltischlerei GmbH',
    });
  });

  it('given a window block with an attention line whose postal line OCR did not deliver, reads its names and street', () => {
    const [receiver] = blocksIn([
      '© SÄNTIS GMBH',
      '',
      "À l'attention de Reto Rochat                                 Facture n°           F2026/703",
      'Aare Sàrl                                                    Date                 13/06/2026',
      'Rue deBourg 126',
      '                                                             Date de prestation  04/06/2026',
    ]);
    expect(receiver).to.include({
      company_name: 'Aare Sàrl',
      contact_person_name: 'Reto Rochat',
      street: 'Rue de Bourg',
      house_number: '126',
      postal_code: null,
      compact: false,
    });
    const [withCountry] = blocksIn(['Provence SA', "A l'attention de Thierry Chevalier", '72bis quai de la Fosse', 'FRANCE']);
    expect(withCountry).to.include({ company_name: 'Provence SA', street: 'quai de la Fosse', country_code: 'FR' });
  });

  it('given a country line under the postal line with a row of the next column between, reads the country', () => {
    const [receiver] = blocksIn([
      'Alpenblick GmbH',
      'Herrengasse 119',
      '6020 Innsbruck                                         BTW-nummer NL861973847B02',
      '                                                       Tel. +31 73 208 69 45',
      'OOSTENRIJK',
    ]);
    expect(receiver).to.include({ company_name: 'Alpenblick GmbH', city_name: 'Innsbruck', country_code: 'AT' });
  });

  it('given an attention block whose street is one line down, a line of the next column between, reads its street', () => {
    const [receiver] = blocksIn([
      'Elbtal AG                                                 Inv. No.:        RE2579322',
      'Attn: Tobias Lehmann',
      '                                                          Invoice date:     22/08/2025',
      'Hohe Str. 51',
      '',
      'GERMANY',
    ]);
    expect(receiver).to.include({
      company_name: 'Elbtal AG',
      contact_person_name: 'Tobias Lehmann',
      street: 'Hohe Str.',
      house_number: '51',
      country_code: 'DE',
    });
  });

  it('given a party label or a salutation over names and a street whose postal line OCR did not deliver, reads them', () => {
    const [labelled] = blocksIn(['Rechnungsadresse', 'Alpenblick GmbH', 'Maria-Theresien-Str. 72a', '', 'Rechnung Nr. 4']);
    expect(labelled).to.include({
      company_name: 'Alpenblick GmbH',
      street: 'Maria-Theresien-Str.',
      house_number: '72a',
      postal_code: null,
      label: 'receiver',
    });
    const [saluted] = blocksIn(['Spett.le', 'Logistica Padana S.a.s.', 'Via Garibaldi 37', '', 'Fattura']);
    expect(saluted).to.include({ company_name: 'Logistica Padana S.a.s.', street: 'Via Garibaldi', house_number: '37' });
    // A street without a street word ("152 Deansgate") ends such a block under an attention line.
    const [attention] = blocksIn(['Invoice', '', 'Thistle Limited', 'Attn: Oliver Sharma', '152 Deansgate', '', 'Invoice No:   F2025/813']);
    expect(attention).to.include({
      company_name: 'Thistle Limited',
      contact_person_name: 'Oliver Sharma',
      street: 'Deansgate',
      house_number: '152',
    });
  });

  it('given names and a street without an attention line or a postal line, reads no block unless a company’s name opens the page', () => {
    const filler = Array.from({ length: 12 }, (_, index) => `Zeile ${index + 1} des Textes, die nichts adressiert.`);
    expect(blocksIn(['Rechnung', 'Aare Sàrl', 'Reto Rochat', 'Rue de Bourg 126', '', ...filler])).to.deep.equal([]);
    expect(blocksIn(['Aare', 'Reto Rochat', 'Rue de Bourg 126', '', 'Rechnung'])).to.deep.equal([]);
  });

  it('reads a receiver named after "A:" with its contact after "c.a.", and a French street named "cours"', () => {
    const [italian] = blocksIn(['A: Alpenblick GmbH', 'c.a. Markus Pichler', 'Linzer Gasse 158', '1070 Wien']);
    expect(italian).to.include({ company_name: 'Alpenblick GmbH', contact_person_name: 'Markus Pichler', street: 'Linzer Gasse' });
    const [french] = blocksIn(['Les Tilleuls SA', "38 cours de l'Intendance", '31000 Toulouse']);
    expect(french).to.include({ company_name: 'Les Tilleuls SA', street: "cours de l'Intendance", house_number: '38' });
  });

  it('reads a postal line through a closing bracket a speck left without its opening one, and a Dutch code whose J OCR read as one', () => {
    const [footer] = blocksIn(['Polderkracht B.V.', 'Lange Voorhout 113', '1015 CJ) Amsterdam']);
    expect(footer).to.include({ company_name: 'Polderkracht B.V.', postal_code: '1015 CJ', city_name: 'Amsterdam' });
    const [misreadJ] = blocksIn(['Molenwiek V.O.F.', 'Lange Voorhout 113', '1015 C) Amsterdam']);
    expect(misreadJ).to.include({ postal_code: '1015 CJ', city_name: 'Amsterdam' });
  });

  it('given a form label with a colon far left on the line of the sender’s name at the right, keeps the name in the sender’s block', () => {
    const [sender, receiver] = blocksIn([
      'RECHNUNGSEMPFÄNGER:                                                      Aare Sàrl',
      'Rhein AG                                                          Rue de Bourg 126',
      'Spitalgasse 130                                                      1003 Lausanne',
      '3011 Bern',
    ]);

    expect(sender).to.include({ company_name: 'Aare Sàrl', city_name: 'Lausanne', label: null });
    expect(receiver).to.include({ company_name: 'Rhein AG', label: 'receiver' });
  });

  it('given a form’s section headings over rows of field labels and values set far apart, labels each block by its heading', () => {
    const [seller, buyer] = blocksIn([
      'Verkäufer',
      'Nummer:                                        549910',
      'Name:                                          Handwerker GmbH',
      'Anschrift:                                     Handwerkerstraße 20',
      '                                               DE 80333 München',
      'Käufer/Leistungsempfänger',
      'Name:                                          Kunden AG Mitte',
      'Anschrift:                                     Kundenstraße 15',
      '                                               DE 69876 Frankfurt',
    ]);
    expect(seller).to.include({ company_name: 'Handwerker GmbH', postal_code: '80333', label: 'sender' });
    expect(buyer).to.include({ company_name: 'Kunden AG Mitte', postal_code: '69876', label: 'receiver' });
  });

  it('given a form’s party rows with other rows among them, reads the address rows past them and a contact row as the contact', () => {
    const [seller, delivery] = blocksIn([
      'Verkäufer',
      'Name:                                          Musterbetrieb AG',
      'Handelsregisternummer:                         HRA 45678',
      'Ansprechpartner:                               Kontaktperson',
      'Anschrift:                                     August-Spindler-Strasse 20',
      '                                               DE 37079 Göttingen',
      'Abweichender Warenempfänger',
      'Name:                                          Lager Nord GmbH',
      'Anschrift:                                     Gartenstraße 11',
      '                                               DE 37073 Göttingen',
    ]);
    expect(seller).to.include({
      company_name: 'Musterbetrieb AG',
      contact_person_name: 'Kontaktperson',
      street: 'August-Spindler-Strasse',
    });
    expect(seller).to.include({ label: 'sender' });
    expect(delivery).to.include({ company_name: 'Lager Nord GmbH', label: 'delivery' });
  });

  it('given a tax representative’s label over a block, labels it the representative’s, not a name of the block', () => {
    for (const label of ['Représentant fiscal', 'Fiskalvertreter', 'Tax representative']) {
      const [block] = blocksIn([label, 'Garonne Conseil', '12 rue du Port', '75018 Paris']);
      expect(block, label).to.include({ company_name: 'Garonne Conseil', label: 'representative' });
    }
  });

  it('given the buyer’s label in its other words ("Purchaser", "Intestato a"), labels the block under it the receiver’s', () => {
    for (const label of ['Purchaser:', 'Intestato a:']) {
      const [block] = blocksIn([label, 'Garonne Conseil', '12 rue du Port', '75018 Paris']);
      expect(block, label).to.include({ company_name: 'Garonne Conseil', label: 'receiver' });
    }
  });

  it('given a party label over a block with a colon and words in small letters that say what follows, labels the block', () => {
    const [delivery] = blocksIn(['Livraison : adresse, références', 'Entrepôt Nord', '3 quai des Docks', '13002 Marseille']);
    expect(delivery).to.include({ company_name: 'Entrepôt Nord', label: 'delivery' });
    const [receiver] = blocksIn(['Adresse du client', 'Vallée Bleue EURL', '8 avenue Foch', '69006 Lyon']);
    expect(receiver).to.include({ company_name: 'Vallée Bleue EURL', label: 'receiver' });
    // A label with a name after its colon is the name's line, not a heading: it labels the block, its name the rest.
    const [named] = blocksIn(['Client: Vallée Bleue EURL', '8 avenue Foch', '69006 Lyon']);
    expect(named).to.include({ company_name: 'Vallée Bleue EURL', label: 'receiver' });
  });

  it('takes a long party label OCR misread by a letter or split by a space for the label, not for the first line of the name', () => {
    const [receiver] = blocksIn(['RECHNI NGSEMPFANGER', 'Tannenhof e.K.', 'Hohe Str. 145', '24103 Kiel']);
    expect(receiver).to.include({ company_name: 'Tannenhof e.K.', city_name: 'Kiel', label: 'receiver' });
    const [french] = blocksIn(['ADRESSE DE FACTURATIOM', 'Vallée Bleue EURL', '59 cours de l’Intendance', '59800 Lille']);
    expect(french).to.include({ company_name: 'Vallée Bleue EURL', label: 'receiver' });
    const [named] = blocksIn(['Rechnungsprüfung', 'Tannenhof e.K.', 'Hohe Str. 145', '24103 Kiel']);
    expect(named, 'a word two slips from a label is no label').to.include({ label: null });
  });

  it('given a party label over names, a street and a town whose postcode OCR broke apart, reads the block without a postal code', () => {
    const [receiver] = blocksIn(['INVOICE TO', 'FAO Callum Okafor', 'Thistle plc', '111 Deansgate', 'London', '   9GU 1']);
    expect(receiver).to.include({
      company_name: 'Thistle plc',
      contact_person_name: 'Callum Okafor',
      street: 'Deansgate',
      house_number: '111',
      postal_code: null,
      city_name: 'London',
      label: 'receiver',
      firstLine: 1,
    });
    // Without a label, or without a street above the town, lines are no address.
    expect(blocksIn(['Thistle plc', '111 Deansgate', 'London'])).to.deep.equal([]);
    expect(blocksIn(['INVOICE TO', 'Thistle plc', 'Consulting services', 'London'])).to.deep.equal([]);
  });

  it('given a party word that ends a compound broken at its hyphen on the line above ("Art-Nr-" over "Lieferant"), reads no labelled block under it', () => {
    // An item's cell in a table: code, name and packaging wrapped under the description's column; "Extra 250g" is no street.
    const cell = ['  GTIN', '  4123456000021', '  Art-Nr-', '  Lieferant', '  GZ250', '  Gelierzucker', '  Extra 250g', '  Verpackung:'];
    expect(blocksIn(cell)).to.deep.equal([]);
    // The same word as a label of its own still heads the block under it.
    const [seller] = blocksIn(['  Rechnung', '  Lieferant', '  Muster GmbH', '  Hauptstraße 5', '  Musterstadt']);
    expect(seller).to.include({ company_name: 'Muster GmbH', street: 'Hauptstraße', city_name: 'Musterstadt', label: 'sender' });
  });

  it('reads a British postcode the layout split over the two lines under the town, in either order ("9GU" over "NI")', () => {
    const [receiver] = blocksIn(['INVOICE TO', 'FAO Callum Okafor', 'Thistle plc', '111 Deansgate', 'London', '   9GU', 'NI']);
    expect(receiver).to.include({ company_name: 'Thistle plc', postal_code: 'N1 9GU', city_name: 'London', country_code: 'GB' });
  });

  it('passes over one line under a party label that holds only the other column’s text, set a little higher', () => {
    const [receiver] = blocksIn([
      'INVOICE TO',
      '                                                                   Kestrel plc',
      'FAO Callum Okafor',
      'Thistle plc                                                        78 Mill Lane',
      '111 Deansgate',
      'London',
    ]);
    expect(receiver).to.include({ company_name: 'Thistle plc', contact_person_name: 'Callum Okafor', city_name: 'London', firstLine: 2 });
  });

  it('reads more party labels of the region’s languages: billing address, recipient, Besteller, ontvanger, debiteur; émis par, expéditeur', () => {
    for (const label of ['Billing address', 'Recipient', 'Besteller:', 'Ontvanger', 'Debiteur'])
      expect(blocksIn([label, 'Muster AG', 'Bahnhofstrasse 1', '8001 Zürich'])[0]?.label, label).to.equal('receiver');
    for (const label of ['Émis par', 'Expéditeur :', 'Billed by'])
      expect(blocksIn([label, 'Muster AG', 'Bahnhofstrasse 1', '8001 Zürich'])[0]?.label, label).to.equal('sender');
  });

  it('given "Aan", "To" or "An" alone on the line over a block, labels it the receiver’s, and the label is no part of its name', () => {
    const [dutch] = blocksIn(['AAN', 'Grachtzicht N.V.', 'T.a.v. Eline de Vries', 'Oudegracht 60', '2511 BT Den Haag']);
    expect(dutch).to.include({ company_name: 'Grachtzicht N.V.', contact_person_name: 'Eline de Vries', label: 'receiver', firstLine: 1 });
    const [english] = blocksIn(['To:', 'Thistle plc', '111 Deansgate', 'Manchester M3 2BW']);
    expect(english).to.include({ company_name: 'Thistle plc', label: 'receiver', firstLine: 1 });
    const [german] = blocksIn(['An', 'Familie Huber', 'Mozartstraße 12/3', '4020 Linz']);
    expect(german).to.include({ company_name: 'Familie Huber', label: 'receiver', firstLine: 1 });
  });

  it("given a header field's label and value above a letterhead, and a private mailbox in it, then the block is the name down to the town", () => {
    const [sender] = blocksIn([
      'Date due          April 11, 2026',
      'Nimbus Analytics, Inc.',
      '548 Market Street',
      'PMB 90375',
      'San Francisco, California 94104',
    ]);
    expect(sender).to.include({ company_name: 'Nimbus Analytics, Inc.', post_office_box: '90375', postal_code: '94104', firstLine: 1 });
  });

  it('given a party\'s label opening its name\'s line, a column apart or not ("Sold by  Ergotec Trading GmbH"), labels the block', () => {
    const [sender] = blocksIn(['Sold by  Ergotec Trading GmbH', '         Am Hafen 4', '         20457 Hamburg']);
    expect(sender).to.include({ company_name: 'Ergotec Trading GmbH', label: 'sender' });
  });

  it('given a label right beside a block’s first line, labels the block', () => {
    const [receiver] = blocksIn(['Bill to   Rhein AG', '          Spitalgasse 130', '          3011 Bern']);

    expect(receiver).to.include({ company_name: 'Rhein AG', label: 'receiver' });
  });

  it('reads a flush-right letterhead whose street and postal line share one line, with the name above', () => {
    const [letterhead] = blocksIn([
      '                                                     Druckerei Steiner e.K.',
      '                                              Lindenallee 13 · 10115 Berlin',
      '                                    Tel. +49 34 151841 · contact@example.de',
    ]);

    expect(letterhead).to.include({
      company_name: 'Druckerei Steiner e.K.',
      street: 'Lindenallee',
      house_number: '13',
      postal_code: '10115',
      city_name: 'Berlin',
      compact: false,
    });
  });

  it('given a remark in parentheses between a "Service Provider:" label and its address, reads the label and leaves the remark out of the name', () => {
    const [provider] = blocksIn([
      '* May include estimated US sales tax                   Service Provider:',
      '** This is not a VAT invoice                           (Not to be used for payment remittance)',
      '*** Check the GST statement                            Amazon Web Services, Inc.',
      '                                                       410 Terry Ave North',
      'for details                                            Seattle, WA 98109-5210, US',
    ]);

    expect(provider).to.include({
      company_name: 'Amazon Web Services, Inc.',
      street: 'Terry Ave North',
      house_number: '410',
      postal_code: '98109-5210',
      city_name: 'Seattle',
      country_code: 'US',
      label: 'sender',
    });
  });

  it('reads a centred block, as a receipt prints the shop', () => {
    const [shop] = blocksIn(['      Corner Shop', '   Bahnhofstrasse 70', '     6003 Luzern', '  Phone +41 65 870 80 99']);

    expect(shop).to.include({
      company_name: 'Corner Shop',
      street: 'Bahnhofstrasse',
      house_number: '70',
      postal_code: '6003',
      city_name: 'Luzern',
    });
  });

  it('reads one-line addresses split at bullets and commas, keeping "New York, NY 10001", "8401 BL, Gorredijk" and "108, rue de la Paix" whole', () => {
    expect(blocksIn(['Fletcher & Co. LLC', '116 Oak Drive · New York, NY 10001'])[0]).to.include({
      company_name: 'Fletcher & Co. LLC',
      street: 'Oak Drive',
      house_number: '116',
      postal_code: '10001',
      city_name: 'New York',
      country_code: 'US',
    });
    expect(blocksIn(['e-Luscious Nederland B.V.', 'Badweg 48, 8401 BL, Gorredijk'])[0]).to.include({
      street: 'Badweg',
      house_number: '48',
      postal_code: '8401 BL',
      city_name: 'Gorredijk',
      country_code: 'NL',
    });
    expect(blocksIn(['Perrin SARL, 108, rue de la Paix, 13001 MARSEILLE'])[0]).to.include({
      company_name: 'Perrin SARL',
      street: 'rue de la Paix',
      house_number: '108',
      postal_code: '13001',
      compact: true,
    });
    expect(blocksIn(['Smith Supplies plc', '441 Church Lane · London · EC2A 4NE'])[0]).to.include({
      company_name: 'Smith Supplies plc',
      street: 'Church Lane',
      postal_code: 'EC2A 4NE',
      city_name: 'London',
    });
  });

  it('reads a one-line address whose separators a scan lost, and a window block ending in a postcode OCR misread', () => {
    const blocks = blocksIn([
      'Bennett Supplies plc',
      ' 317 Queen Street  Edinburgh  EH1 1YZ',
      ' Tel. +44 20 1002 1949  accounts@bennettsupplie.co.uk',
      '',
      'Bill to:                                        Invoice #:     FA-26-1795',
      ' Bennett Trading Ltd                            Date:          14/09/2026',
      ' 12A Church Lane                                Order No.:     47159',
      'Birmingham                                      Account No.:   C7058',
      'Bl lAA',
    ]);

    expect(blocks[0]).to.include({
      company_name: 'Bennett Supplies plc',
      street: 'Queen Street',
      house_number: '317',
      postal_code: 'EH1 1YZ',
      city_name: 'Edinburgh',
    });
    expect(blocks[1]).to.include({
      company_name: 'Bennett Trading Ltd',
      street: 'Church Lane',
      postal_code: 'B1 1AA',
      city_name: 'Birmingham',
      label: 'receiver',
    });
  });

  it('ends a window block at the return line above it', () => {
    const blocks = blocksIn([
      'Elektro Rochat AG, Rue du Lac 63, 1204 Genève',
      'Dubois Treuhand AG',
      'Avenue de la Gare 45',
      '2000 Neuchâtel',
    ]);

    expect(blocks.map(({ company_name, compact }) => [company_name, compact])).to.deep.equal([
      ['Elektro Rochat AG', true],
      ['Dubois Treuhand AG', false],
    ]);
  });

  it('ends a window block at a return line a scan widened a gap in, so that it falls in segments', () => {
    const blocks = blocksIn([
      'Aare AG - Multergasse  121 - 1003 Lausanne',
      'A: Aare GmbH                                   Nr. doc.:     899/2025',
      'c.a. Chiara Ammann',
      'Spitalgasse 56a',
      '9000 St. Gallen                                Scadenza:     23/01/2026',
    ]);

    expect(blocks.find((block) => block.city_name === 'St. Gallen')).to.include({
      company_name: 'Aare GmbH',
      contact_person_name: 'Chiara Ammann',
      firstLine: 1,
    });
  });

  it('ends a window block at a return line whose town a scan garbled: a street piece and a postal code after it make it an address', () => {
    const blocks = blocksIn([
      'Ceramic}  jatica Sa - Via dei Calzaiuol 64 - 80133',
      'Spett.le Logistica Padana S.a.s.',
      'Alla c.a. di Davide Ferraro',
      'Via Garibaldi 37',
      '40121 Bologna',
    ]);

    expect(blocks).to.have.length(1);
    expect(blocks[0]).to.include({ company_name: 'Logistica Padana S.a.s.', contact_person_name: 'Davide Ferraro', firstLine: 1 });
  });

  it('reads an addressee’s block opened by a salutation whose street OCR did not deliver, and no such block without one', () => {
    const [receiver] = blocksIn([
      'Spett.le Vetreria Colombo S.n.c.          Fattura n.   INV-67024',
      '35122 Padova                              del          10/05/2025',
    ]);
    expect(receiver).to.include({ company_name: 'Vetreria Colombo S.n.c.', street: null, postal_code: '35122', city_name: 'Padova' });
    expect(blocksIn(['Vetreria Colombo', '35122 Padova'])).to.deep.equal([]);
  });

  it('reads a block whose street line OCR did not deliver: a company with its legal form right over the town, or names under a party’s label', () => {
    expect(blocksIn(['Vetreria Colombo S.n.c.', '35122 Padova'])[0]).to.include({ company_name: 'Vetreria Colombo S.n.c.', street: null });
    expect(blocksIn(['Edelweiss OG', 'Attn. Anna Pichler', '4020 Linz'])[0]).to.include({
      company_name: 'Edelweiss OG',
      contact_person_name: 'Anna Pichler',
      postal_code: '4020',
    });
    expect(blocksIn(['Rechnungsadresse:', 'Dupont et Fils', '31000 Toulouse'])[0]).to.include({
      company_name: 'Dupont et Fils',
      label: 'receiver',
    });
    expect(blocksIn(['Léman AG', 'z.Hd. Beat Keller', '', '9000 St. Gallen'])[0]).to.include({
      company_name: 'Léman AG',
      contact_person_name: 'Beat Keller',
      city_name: 'St. Gallen',
    });
    // A name without a legal form and without a label over a town is no address; nor names with a street line among them.
    expect(blocksIn(['Dupont et Fils', '31000 Toulouse'])).to.deep.equal([]);
    expect(blocksIn(['Pagabile da', 'Via Cantonale 119', 'Ferrari Sagl', '6600 Locarno'])).to.deep.equal([]);
  });

  it('ends a block whose street line OCR did not deliver at the blank line above its name, so that a logo’s line above is no name of it', () => {
    expect(blocksIn(['© POLDERKRACHT B.V.', '', 'Duinzand V.O.F.', '', '3511 LX Utrecht'])[0]).to.include({
      company_name: 'Duinzand V.O.F.',
      street: null,
      postal_code: '3511 LX',
    });
    // A blank line between the street and the name above it is still a gap in the block.
    expect(blocksIn(['Duinzand V.O.F.', '', 'Kerkstraat 114', '3511 LX Utrecht'])[0]).to.include({
      company_name: 'Duinzand V.O.F.',
      street: 'Kerkstraat',
    });
  });

  it('gives the contact a street-less print names to the whole print of the same address it is dropped for', () => {
    const blocks = blocksIn([
      'Alpenblick KG',
      "A l'att. de Markus Huber",
      '4020 Linz',
      '',
      '',
      'Zahlbar durch',
      'Alpenblick KG',
      'Herrengasse 113',
      '4020 Linz',
    ]);
    expect(blocks).to.have.length(1);
    expect(blocks[0]).to.include({ company_name: 'Alpenblick KG', contact_person_name: 'Markus Huber', street: 'Herrengasse' });
  });

  it('reads a company’s name over its street whose postal line OCR did not deliver as a block in the window’s band, not at the top', () => {
    const filler = Array.from({ length: 12 }, (_, index) => `Zeile ${index + 1} des Textes, die nichts adressiert.`);
    const [window] = blocksIn(['Rechnung', '', '', 'Alpenblick OG', 'Maria-Theresien-Str. 62a', '', ...filler]);
    expect(window).to.include({ company_name: 'Alpenblick OG', street: 'Maria-Theresien-Str.', house_number: '62a', postal_code: null });
    expect(blocksIn(['Rechnung', 'Alpenblick OG', 'Maria-Theresien-Str. 62a', '', ...filler])).to.deep.equal([]);
  });

  it('reads a company’s name over its street whose postal line OCR did not deliver as a block where it opens the page, as a letterhead does', () => {
    const filler = Array.from({ length: 12 }, (_, index) => `Zeile ${index + 1} des Textes, die nichts adressiert.`);
    const [letterhead] = blocksIn(['©', 'Alpenblick OG', 'Maria-Theresien-Str. 62a', '', ...filler]);
    expect(letterhead).to.include({
      company_name: 'Alpenblick OG',
      street: 'Maria-Theresien-Str.',
      house_number: '62a',
      postal_code: null,
    });
  });

  it('reads such a block set flush right beside the other column’s block, its lines sharing rows with it', () => {
    const filler = Array.from({ length: 12 }, (_, index) => `Zeile ${index + 1} des Textes, die nichts adressiert.`);
    const right = (left: string, text: string) => `${left.padEnd(30)}${text.padStart(50)}`;
    const blocks = blocksIn([
      right('Rechnung', 'Beleg-Nr 421 2025'),
      '',
      right('RECHNUNGSEMPFÄNGER', 'Aare Sàrl'),
      right('Rhein AG', 'Rue de Bourg 126'),
      'z.H. Reto Bernasconi',
      right('Spitalgasse 130', 'MWST-Nr CHE-700.939.464'),
      '1003 Lausanne',
      '',
      ...filler,
    ]);
    expect(blocks.map(({ company_name, street, postal_code }) => [company_name, street, postal_code])).to.deep.equal([
      ['Rhein AG', 'Spitalgasse', '1003'],
      ['Aare Sàrl', 'Rue de Bourg', null],
    ]);
  });

  it('reads a name in the block’s column with what OCR read of a logo’s mark left of it, the mark left out', () => {
    for (const mark of ['JA)', '©', '(@)©']) {
      const [block] = blocksIn([
        `${mark} Fiduciaria Bruno S.r.l.`,
        `${' '.repeat(mark.length + 1)}Via Garibaldi 67`,
        `${' '.repeat(mark.length + 1)}40121 Bologna`,
      ]);
      expect(block).to.include({ company_name: 'Fiduciaria Bruno S.r.l.', street: 'Via Garibaldi', postal_code: '40121' });
    }
    const [listed] = blocksIn(['a) Muster AG', 'Bahnhofstrasse 1', '8001 Zürich']);
    expect(listed).to.include({ postal_code: '8001' });
  });

  it('leaves out a block without a street where the same name and town are printed whole, not another party’s in the same town', () => {
    const printedTwice = blocksIn(['Léman Sàrl', 'Multergasse 69', '3011 Bern', '', '', 'Zahlbar durch', 'Léman Sàrl', '3011 Bern']);
    expect(printedTwice).to.have.length(1);
    expect(printedTwice[0]).to.include({ company_name: 'Léman Sàrl', street: 'Multergasse' });
    const sameTown = blocksIn([
      'Logistica Padana S.p.A.',
      'Via Garibaldi 153',
      '35122 Padova',
      '',
      'Vetreria Colombo S.n.c.',
      '35122 Padova',
    ]);
    expect(sameTown.map((block) => block.company_name)).to.deep.equal(['Logistica Padana S.p.A.', 'Vetreria Colombo S.n.c.']);
  });

  it('keeps a company’s name with a speck read as a colon after its legal form in the block, and ends it at a label', () => {
    const [receiver] = blocksIn(['Bergkristall AG:', 'z. Hd. Anna Steiner', 'Maria-Theresien-Str. 51', '6020 Innsbruck']);
    expect(receiver).to.include({ company_name: 'Bergkristall AG', contact_person_name: 'Anna Steiner', postal_code: '6020' });
    const [labelled] = blocksIn(['Lieferadresse:', 'z. Hd. Anna Steiner', 'Maria-Theresien-Str. 51', '6020 Innsbruck']);
    expect(labelled).to.include({ company_name: null, contact_person_name: 'Anna Steiner' });
  });

  it('keeps an attention line whose dot OCR read as a colon ("z:Hd.") in the block', () => {
    const [block] = blocksIn(['Léman Sàrl', 'z:Hd. Beat Keller', 'Multergasse 97b', '3011 Bern']);

    expect(block).to.include({ company_name: 'Léman Sàrl', contact_person_name: 'Beat Keller', street: 'Multergasse' });
  });

  it('keeps an attention line in the block and reads the party labels of a QR-bill', () => {
    expect(blocksIn(['Bennett Consulting Ltd', 'Attn: Emily Clarke', '389 Victoria Road', 'Leeds LS1 4AB'])[0]).to.include({
      company_name: 'Bennett Consulting Ltd',
      contact_person_name: 'Emily Clarke',
    });
    const slip = blocksIn([
      'Konto / Zahlbar an',
      'CH67 3104 7894 5549 3819 1',
      'Weber SA',
      'Seestrasse 22',
      '3011 Bern',
      '',
      'Zahlbar durch',
      'Steiner AG',
      'Hauptstrasse 14',
      '4051 Basel',
    ]);
    expect(slip.map(({ company_name, label }) => [company_name, label])).to.deep.equal([
      ['Weber SA', 'sender'],
      ['Steiner AG', 'receiver'],
    ]);
  });

  it('keeps a party’s labelled id between its name and its street in the block; one with no name above it ends the block', () => {
    const [seller, buyer] = blocksIn([
      'Verkäufer:',
      'Lieferant GmbH',
      'Handelsname: 99999999800010',
      'Lieferantenstraße 20',
      'DE 80333 München',
      'USt.-Id.-Nr. : DE123456789',
      'Käufer:',
      'Ma jolie boutique',
      'Handelsname: 78787878400035',
      '35 rue de la République',
      'FR 69001 Lyon',
    ]);
    expect(seller).to.include({ company_name: 'Lieferant GmbH', city_name: 'München', label: 'sender' });
    expect(buyer).to.include({ company_name: 'Ma jolie boutique', city_name: 'Lyon', label: 'receiver' });
    const [block] = blocksIn(['Rechnung Nr. 4711 vom 01.03.2026', 'Kundennummer: 10042', 'Muster AG', 'Bahnhofstrasse 1', '8001 Zürich']);
    expect(block).to.include({ company_name: 'Muster AG', city_name: 'Zürich' });
  });
});
