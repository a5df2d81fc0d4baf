import { expect } from 'chai';
import {
  attentionPrefix,
  hasLegalForm,
  isLonePostcode,
  parseAddressLines,
  parseAddressWithoutPostalLine,
  parsePoBox,
  parsePostalLine,
  parseStreetLine,
  splitNames,
  withHouseNumberRead,
  withoutLogoMark,
  withStreetKind,
} from './postal-address.js';

describe('extractor: reading postal addresses', () => {
  it('reads postal code and city, with the country a postal prefix names', () => {
    expect(parsePostalLine('8001 Zürich')).to.deep.equal({ postalCode: '8001', city: 'Zürich', country: null });
    expect(parsePostalLine('CH-8001 Zürich 1')).to.deep.equal({ postalCode: '8001', city: 'Zürich 1', country: 'CH' });
    expect(parsePostalLine('D-63571 Gelnhausen')).to.deep.equal({ postalCode: '63571', city: 'Gelnhausen', country: 'DE' });
    expect(parsePostalLine('DE 80333 München')).to.deep.equal({ postalCode: '80333', city: 'München', country: 'DE' });
    expect(parsePostalLine('75371 Paris Cedex 08')).to.deep.equal({ postalCode: '75371', city: 'Paris Cedex 08', country: null });
    expect(parsePostalLine('20121 Milano (MI)')).to.deep.equal({ postalCode: '20121', city: 'Milano', country: null });
    expect(parsePostalLine('1025 RX Amsterdam')).to.deep.equal({ postalCode: '1025 RX', city: 'Amsterdam', country: 'NL' });
    // Specks a scan read as marks a space before the code open no postal line.
    expect(parsePostalLine('+" 80133 Napoli')).to.deep.equal({ postalCode: '80133', city: 'Napoli', country: null });
    expect(parsePostalLine('1015 CJ. Amsterdam')).to.deep.equal({ postalCode: '1015 CJ', city: 'Amsterdam', country: 'NL' });
    // A Dutch code's J as a scan reads it without its hook; a two-letter word before a town is no code.
    expect(parsePostalLine('1015 C) Amsterdam')).to.deep.equal({ postalCode: '1015 CJ', city: 'Amsterdam', country: 'NL' });
    expect(parsePostalLine('1015 Cj Amsterdam')).to.deep.equal({ postalCode: '1015 CJ', city: 'Amsterdam', country: 'NL' });
    expect(parsePostalLine('2300 La Chaux-de-Fonds')).to.deep.include({ postalCode: '2300', city: 'La Chaux-de-Fonds' });
    expect(parsePostalLine('Fremont CA 94538')).to.deep.equal({ postalCode: '94538', city: 'Fremont', country: 'US' });
    // The comma before the state as a scan read it, apart from the town.
    expect(parsePostalLine('Fairfield = CA 94535')).to.deep.equal({ postalCode: '94535', city: 'Fairfield', country: 'US' });
    expect(parsePostalLine('Pleasant Hill . CA 94523')).to.deep.equal({ postalCode: '94523', city: 'Pleasant Hill', country: 'US' });
    expect(parsePostalLine('London SW1B 3BN')).to.deep.equal({ postalCode: 'SW1B 3BN', city: 'London', country: 'GB' });
    expect(parsePostalLine('GB SW1B 3BN London')).to.deep.equal({ postalCode: 'SW1B 3BN', city: 'London', country: 'GB' });
    // A town and its postcode whose spaces OCR lost: they part where the town's small letters meet the code's capitals.
    expect(parsePostalLine('EdinburghEH22ER')).to.deep.equal({ postalCode: 'EH2 2ER', city: 'Edinburgh', country: 'GB' });
    expect(parsePostalLine('LondonSW1B3BN')).to.deep.equal({ postalCode: 'SW1B 3BN', city: 'London', country: 'GB' });
    expect(parsePostalLine('McDonaldsEH22ER2')).to.equal(null);
  });

  it('given a country’s prefix before the code, then a town typed in small letters ("DE 55232 teststadt"), and without one a count', () => {
    expect(parsePostalLine('DE 55232 teststadt')).to.deep.equal({ postalCode: '55232', city: 'teststadt', country: 'DE' });
    expect(parsePostalLine('CH-8001 zürich')).to.deep.equal({ postalCode: '8001', city: 'zürich', country: 'CH' });
    expect(parsePostalLine('55232 teststadt')).to.equal(null);
    expect(parsePostalLine('12000 km')).to.equal(null);
    expect(parsePostalLine('XY 55232 teststadt')).to.equal(null);
  });

  it('reads an Irish Eircode before or after its town, and no code of letters An Post does not use', () => {
    expect(parsePostalLine('D02 XA00 Dublin')).to.deep.equal({ postalCode: 'D02 XA00', city: 'Dublin', country: 'IE' });
    expect(parsePostalLine('Cork T12 X70A')).to.deep.equal({ postalCode: 'T12 X70A', city: 'Cork', country: 'IE' });
    expect(parsePostalLine('T12 AB34 Cork')).to.equal(null);
  });

  it('reads a country written after the postal line, by ISO code or name', () => {
    expect(parsePostalLine('Seattle, WA 98109-5210, US')).to.deep.equal({ postalCode: '98109-5210', city: 'Seattle', country: 'US' });
    expect(parsePostalLine('8001 Zürich, Schweiz')).to.deep.equal({ postalCode: '8001', city: 'Zürich', country: 'CH' });
    expect(parsePostalLine('D-63571 Gelnhausen, Frankreich')).to.equal(null);
    expect(parsePostalLine('8001 Zürich, Bahnhof')).to.equal(null);
  });

  it('reads no postal line from amounts, quantities or sentences', () => {
    expect(parsePostalLine('1000 kg')).to.equal(null);
    expect(parsePostalLine('Total 1081.00')).to.equal(null);
    expect(parsePostalLine('2014 bis 2016 haben wir die Preise nicht angepasst und danken')).to.equal(null);
    expect(parsePostalLine('XY-8001 Zürich')).to.equal(null);
  });

  it('given a street line with a complement after a comma, then the street is read from before it', () => {
    expect(parseStreetLine("35 rue d'ici, Bâtiment B")).to.deep.equal({ street: "rue d'ici", houseNumber: '35' });
    expect(parseStreetLine('Hauptstr. 5, Hinterhaus')).to.deep.equal({ street: 'Hauptstr.', houseNumber: '5' });
    expect(parseStreetLine('Muster GmbH, Abteilung Einkauf')).to.equal(null);
  });

  it('given a house number with a comma of its own before the street and a complement after it, then the street and number are read', () => {
    expect(parseStreetLine('1, rue du Port, Cour des Halles')).to.deep.equal({ street: 'rue du Port', houseNumber: '1' });
    expect(parseStreetLine('12, rue du Port, 75001 Paris')).to.equal(null);
    // A unit's number after its word ("Suite 3400") is no postal code.
    expect(parseStreetLine('250 Executive Park Blvd, Suite 3400')).to.deep.equal({ street: 'Executive Park Blvd', houseNumber: '250' });
    expect(parseStreetLine('250 Executive Park Blvd, 3400 Austin')).to.equal(null);
  });

  it('given a unit before the street with a comma of its own, then the street after it is read, or the line where no numbered street follows', () => {
    expect(parseStreetLine('Flat 2, 17 Kings Road')).to.deep.equal({ street: 'Kings Road', houseNumber: '17' });
    expect(parseStreetLine('Suite 300, 2450 Mission Street')).to.deep.equal({ street: 'Mission Street', houseNumber: '2450' });
    expect(parseStreetLine('Unit 4, Riverside Park')).to.deep.equal({ street: 'Unit 4, Riverside Park', houseNumber: null });
    expect(parseStreetLine('Unit 4, Gloucester GL2 5DN')).to.equal(null);
    expect(parseStreetLine('Room 5, Acme 2 Ltd')).to.equal(null);
    expect(parseStreetLine('Level 2, 88 Ann Street')).to.deep.equal({ street: 'Ann Street', houseNumber: '88' });
    expect(parseStreetLine('10 Anson Road, #22-02')).to.deep.equal({ street: 'Anson Road', houseNumber: '10' });
  });

  it('reads Spanish streets by their abbreviated kind ("C/", "Avda.", "Pza.") with the flat\'s floor and door after the number', () => {
    expect(parseStreetLine('C/ Colón, 24, 3º B')).to.deep.equal({ street: 'C/ Colón', houseNumber: '24' });
    expect(parseStreetLine('C/ Colón, 24, 3o B')).to.deep.equal({ street: 'C/ Colón', houseNumber: '24' });
    expect(parseStreetLine('C/ Alcalá 45, 2º izq.')).to.deep.equal({ street: 'C/ Alcalá', houseNumber: '45' });
    expect(parseStreetLine('Avda. Diagonal, 640')).to.deep.equal({ street: 'Avda. Diagonal', houseNumber: '640' });
    expect(parseStreetLine('Pza. Mayor 3, bajo')).to.deep.equal({ street: 'Pza. Mayor', houseNumber: '3' });
    // "c/o" is care of, no street.
    expect(parseStreetLine('c/o Muster AG')).to.equal(null);
  });

  it('given a complement line between the street and the town, when the address is read, then the street above it is the street', () => {
    const lines = ["L'Acheteur", "1, rue de l'Acheteur", "Cour de l'Acheteur, Bâtiment B", '38000 Grenoble'];
    const parsed = parseAddressLines(lines)!;
    expect(parsed.address).to.include({
      company_name: "L'Acheteur",
      street: "rue de l'Acheteur",
      house_number: '1',
      city_name: 'Grenoble',
    });
    expect(parsed.lineOf.street).to.equal(1);
    // Without a street line with its number above it, the line is no complement: the names end there.
    expect(parseAddressLines(['Muster AG', 'Abteilung Einkauf', '8000 Zürich'])?.address.street).to.equal(null);
    // A company's name is no complement.
    expect(parseAddressLines(['Hauptstraße 5', 'Muster GmbH', '10115 Berlin'])?.address.street).to.equal(null);
  });

  it('given two lines of the complement between the street and the town ("Suite 200", "Building B"), then the street above them is the street', () => {
    const parsed = parseAddressLines(['Buyer Company', '456 Buyer St', 'Suite 200', 'Building B', '67890 Buyer City'])!;
    expect(parsed.address).to.include({ company_name: 'Buyer Company', street: 'Buyer St', house_number: '456', city_name: 'Buyer City' });
    // Three are none: the lines are names.
    expect(parseAddressLines(['456 Buyer St', 'Suite 200', 'Building B', 'Wing C', '67890 Buyer City'])?.address.street).to.equal(null);
  });

  it('reads street and house number in the region’s orders', () => {
    expect(parseStreetLine('Bahnhofstrasse 1')).to.deep.equal({ street: 'Bahnhofstrasse', houseNumber: '1' });
    expect(parseStreetLine('Uferweg 40-42')).to.deep.equal({ street: 'Uferweg', houseNumber: '40-42' });
    expect(parseStreetLine('Bahnstr. 42a')).to.deep.equal({ street: 'Bahnstr.', houseNumber: '42a' });
    expect(parseStreetLine('Kerkstraat 77bis')).to.deep.equal({ street: 'Kerkstraat', houseNumber: '77bis' });
    expect(parseStreetLine('Via Roma, 12')).to.deep.equal({ street: 'Via Roma', houseNumber: '12' });
    expect(parseStreetLine('35 rue de la République')).to.deep.equal({ street: 'rue de la République', houseNumber: '35' });
    expect(parseStreetLine('4557 De Silva St')).to.deep.equal({ street: 'De Silva St', houseNumber: '4557' });
    expect(parseStreetLine('410 Terry Ave North')).to.deep.equal({ street: 'Terry Ave North', houseNumber: '410' });
    expect(parseStreetLine('12 Grave Lane')).to.deep.equal({ street: 'Grave Lane', houseNumber: '12' });
    expect(parseStreetLine('12 Graves')).to.equal(null);
    expect(parseStreetLine('Rue du Marché')).to.deep.equal({ street: 'Rue du Marché', houseNumber: null });
    // A street named for a bridge, its number lost by OCR: still the street line.
    expect(parseStreetLine('Holstenbrücke')).to.deep.equal({ street: 'Holstenbrücke', houseNumber: null });
    expect(parseStreetLine('info@example.com')).to.equal(null);
  });

  it('reads post office boxes in German, French, Italian and English', () => {
    expect(parsePoBox('Postfach 1234')).to.equal('1234');
    expect(parsePoBox('Case postale 45')).to.equal('45');
    expect(parsePoBox('Casella postale 7')).to.equal('7');
    expect(parsePoBox('P.O. Box 12')).to.equal('12');
    // An American private mailbox.
    expect(parsePoBox('PMB 90375')).to.equal('90375');
    expect(parsePoBox('Postfach')).to.equal('Postfach');
    expect(parsePoBox('Postfachstrasse 3')).to.equal(null);
  });

  it('ends a company name at its legal form when words in lower case follow, naming another party', () => {
    expect(splitNames(['JA) Aare Sàrl', 'Attn. Anna Pichler'])).to.deep.equal({ company: 'Aare Sàrl', contact: 'Anna Pichler' });
    expect(splitNames(['e-Luscious Nederland B.V. iov Saeco.com'])).to.deep.equal({ company: 'e-Luscious Nederland B.V.', contact: null });
    expect(splitNames(['Muster AG c/o Regus Business Centre'])).to.deep.equal({ company: 'Muster AG', contact: null });
    expect(splitNames(['Kunden AG Mitte'])).to.deep.equal({ company: 'Kunden AG Mitte', contact: null });
    expect(splitNames(['Boulangerie se trouve ici'])).to.deep.equal({ company: 'Boulangerie se trouve ici', contact: null });
  });

  it('ends a company name after the bracket of its legal form ("UG (haftungsbeschränkt)"), a speck read as a letter after it left out', () => {
    expect(splitNames(['Tannenhof UG (haftungsbeschränkt) x']).company).to.equal('Tannenhof UG (haftungsbeschränkt)');
    expect(splitNames(['Weser UG (haftungsbeschrankt) i']).company).to.equal('Weser UG (haftungsbeschränkt)');
    expect(splitNames(['Tannenhof UG (haftungsbeschränkt)']).company).to.equal('Tannenhof UG (haftungsbeschränkt)');
  });

  it('tells company, contact person and private person apart', () => {
    expect(splitNames(['Kunden AG Mitte', 'Hans Muster'])).to.deep.equal({ company: 'Kunden AG Mitte', contact: 'Hans Muster' });
    expect(splitNames(['Usegroup Inh. Jochen Stärk', 'Herr Jochen Stärk'])).to.deep.equal({
      company: 'Usegroup Inh. Jochen Stärk',
      contact: 'Jochen Stärk',
    });
    expect(splitNames(['Herrn', 'Max Mustermann'])).to.deep.equal({ company: 'Max Mustermann', contact: null });
    expect(splitNames(['Familie', 'Thomas und Sabine Keller'])).to.deep.equal({ company: 'Thomas und Sabine Keller', contact: null });
    expect(splitNames(['Familie Huber'])).to.deep.equal({ company: 'Familie Huber', contact: null });
    expect(splitNames(['Muster AG', 'z.Hd. Anna Beispiel'])).to.deep.equal({ company: 'Muster AG', contact: 'Anna Beispiel' });
    expect(splitNames(['MVM Musterhafter', 'Versicherungsverein Musterstadt a.G.'])).to.deep.equal({
      company: 'MVM Musterhafter Versicherungsverein Musterstadt a.G.',
      contact: null,
    });
  });

  it('takes a person’s name right under the company, above a department, for the contact', () => {
    expect(splitNames(['Lieferant GmbH', 'Max Mustermann', 'Muster-Einkauf'])).to.deep.equal({
      company: 'Lieferant GmbH',
      contact: 'Max Mustermann',
    });
    // A line with a word in capitals alone names no person: a second part of a name, or a department.
    expect(splitNames(['Lieferant GmbH', 'Werk NORD', 'Muster-Einkauf'])).to.deep.equal({ company: 'Lieferant GmbH', contact: null });
  });

  it('given a trade name under the company that begins with its first word, when split, then it is no contact person', () => {
    expect(splitNames(['Global Goods Inc.', 'Global Goods Retail'])).to.deep.equal({ company: 'Global Goods Inc.', contact: null });
    expect(splitNames(['Seller Company', 'Seller Trading Name'])).to.deep.equal({ company: 'Seller Company', contact: null });
    expect(splitNames(['Global Goods Inc.', 'Olivia Green'])).to.deep.equal({ company: 'Global Goods Inc.', contact: 'Olivia Green' });
  });

  it('given a person’s name in small letters over a name in capitals and no legal form, when split, then the capitals are the firm’s', () => {
    expect(splitNames(['Contact Acheteur', "L'ACHETEUR", "L'acheteur"])).to.deep.equal({
      company: "L'ACHETEUR",
      contact: 'Contact Acheteur',
    });
    expect(splitNames(['Claire Dubois', 'BOULANGERIE MARTIN'])).to.deep.equal({ company: 'BOULANGERIE MARTIN', contact: 'Claire Dubois' });
    // Two names in one style: the first is the firm's, as before.
    expect(splitNames(['Boulangerie Martin', 'Claire Dubois'])).to.deep.equal({ company: 'Boulangerie Martin', contact: 'Claire Dubois' });
  });

  it('given an attention prefix after a department on its line, when split, then the person after it is the contact', () => {
    expect(splitNames(['Buyer Company', 'Einkauf ATTN Erika Mustermann'])).to.deep.equal({
      company: 'Buyer Company',
      contact: 'Erika Mustermann',
    });
    expect(splitNames(['Muster AG z.Hd. Anna Beispiel'])).to.deep.equal({ company: 'Muster AG', contact: 'Anna Beispiel' });
    // "c/o" names whom the post goes through, not a person in the firm.
    expect(splitNames(['Muster AG c/o Regus Business Centre'])).to.deep.equal({ company: 'Muster AG', contact: null });
  });

  it('takes a person’s name printed above the company line for the contact, not for the first line of the name', () => {
    expect(splitNames(['Luca Favre', 'Léman GmbH'])).to.deep.equal({ company: 'Léman GmbH', contact: 'Luca Favre' });
    expect(splitNames(['Eline de Vries', 'Grachtzicht N.V.'])).to.deep.equal({ company: 'Grachtzicht N.V.', contact: 'Eline de Vries' });
    expect(splitNames(['Zimmermann & Partner', 'Architekten AG'])).to.deep.equal({
      company: 'Zimmermann & Partner Architekten AG',
      contact: null,
    });
  });

  it('takes the line with the company form for the company when other lines come before it', () => {
    expect(splitNames(['Einkauf', 'Zentrallager', 'Kranich e.K.'])).to.deep.equal({ company: 'Kranich e.K.', contact: null });
  });

  it('reads a contact behind an attention prefix OCR garbled, beside a company', () => {
    for (const line of ['2.H. Luca Favre', 'Atin: Priya Sharma', 'FA0 Callum Okafor', 'zHd. Luca Favre', 'T.a.v Eline de Vries'])
      expect(splitNames([line, 'Muster AG']).company, line).to.equal('Muster AG');
    expect(splitNames(['Muster AG', 'Atin: Priya Sharma'])).to.deep.equal({ company: 'Muster AG', contact: 'Priya Sharma' });
    expect(splitNames(['FA0 Callum Okafor', 'Thistle plc'])).to.deep.equal({ company: 'Thistle plc', contact: 'Callum Okafor' });
    expect(splitNames(['Dr. Hans Meier', 'Muster AG']).contact, 'a title is part of the name').to.equal('Dr. Hans Meier');
    expect(splitNames(['ABB Schweiz AG']).company).to.equal('ABB Schweiz AG');
  });

  it('joins the line above the company form’s only when it is set in the same style: no heading in capitals over the name', () => {
    expect(splitNames(['RECHNI NGSEMPFANGER', 'Tannenhof e.K.'])).to.deep.equal({ company: 'Tannenhof e.K.', contact: null });
    expect(splitNames(['VETRERIA', 'COLOMBO S.R.L.'])).to.deep.equal({ company: 'VETRERIA COLOMBO S.R.L.', contact: null });
  });

  it('joins the line above the company form’s only when it is the line right above: not over an attention line between', () => {
    expect(splitNames(['Steinenv', "A l'attention de Chiara Zürcher", 'Aare SA'])).to.deep.equal({
      company: 'Aare SA',
      contact: 'Chiara Zürcher',
    });
    expect(splitNames(['Vetreria', 'Colombo S.r.l.', "All'att.ne di Marco Rossi"])).to.deep.equal({
      company: 'Vetreria Colombo S.r.l.',
      contact: 'Marco Rossi',
    });
  });

  it('reads French attention lines before "d’" and with the "de" OCR read with an accent', () => {
    expect(splitNames(['Vallée Bleue EURL', "A l'attention dé Julien Chevalier"]).contact).to.equal('Julien Chevalier');
    expect(splitNames(['Vallée Bleue EURL', "À l'attention d'Éric Girard"]).contact).to.equal('Éric Girard');
    // The apostrophe OCR read as a space and the l as a capital I.
    expect(splitNames(['Provence SA', 'AI attention de Thierry Chevalier']).contact).to.equal('Thierry Chevalier');
    // The "À" OCR lost at the line's start.
    expect(splitNames(['Garonne SAS', "l'attention de Nadia Lefèvre"])).to.deep.equal({ company: 'Garonne SAS', contact: 'Nadia Lefèvre' });
  });

  it('reads a house number with a speck read as a point after it as the street between the names and the town', () => {
    expect(parseAddressLines(['Ashdown LLP', '107. Mill Lape', 'Edinburgh', 'EH2 2ER'])?.address).to.include({
      company_name: 'Ashdown LLP',
      street: 'Mill Lape',
      house_number: '107',
      postal_code: 'EH2 2ER',
    });
  });

  it('reads a British postcode with a speck read as a full stop after it', () => {
    expect(parseAddressLines(['Redfern LLP', '86 Caledonian Road', 'Edinburgh', 'EH2 2ER.'])?.address).to.include({
      street: 'Caledonian Road',
      house_number: '86',
      postal_code: 'EH2 2ER',
      city_name: 'Edinburgh',
    });
  });

  it('reads an attention prefix or a firm’s salutation OCR glued to the name', () => {
    expect(splitNames(['Muster AG', 'z.Hd.Anna Beispiel'])).to.deep.equal({ company: 'Muster AG', contact: 'Anna Beispiel' });
    expect(splitNames(['Spett.leStudio Rossi S.r.l.', 'Attn:Chiara Colombo'])).to.deep.equal({
      company: 'Studio Rossi S.r.l.',
      contact: 'Chiara Colombo',
    });
  });

  it('reads a legal form whose l OCR read as 1, ! or i, and leaves other last words alone', () => {
    const companies = ['Esposito S.r.1.', 'Gerber Sag!', 'Whitfield Supplies pic', 'Harper Consulting Inc.', 'Atelier Pic', 'Bar 1'].map(
      (name) => splitNames([name]).company,
    );

    expect(companies).to.deep.equal([
      'Esposito S.r.l.',
      'Gerber Sagl',
      'Whitfield Supplies plc',
      'Harper Consulting Inc.',
      'Atelier Pic',
      'Bar 1',
    ]);
  });

  it('reads a whole block: names, street or box, postal line and country', () => {
    expect(parseAddressLines(['Muster Treuhand AG', 'Anna Beispiel', 'Postfach 12', 'CH-8021 Zürich', 'Schweiz'])?.address).to.deep.equal({
      company_name: 'Muster Treuhand AG',
      contact_person_name: 'Anna Beispiel',
      street: null,
      house_number: null,
      post_office_box: '12',
      postal_code: '8021',
      city_name: 'Zürich',
      country_code: 'CH',
    });
    expect(parseAddressLines(['Metallbau Leipzig GmbH & Co. KG', 'Pappelallee 15', 'Hof 3', 'DE 12345 Leipzig'])?.address).to.deep.include({
      street: 'Pappelallee',
      house_number: '15',
    });
    expect(parseAddressLines(['Ma jolie boutique', '35 rue de la République', '69001 Lyon', 'France'])?.address).to.deep.include({
      company_name: 'Ma jolie boutique',
      street: 'rue de la République',
      house_number: '35',
      country_code: 'FR',
    });
  });

  it('reads a British town and its postcode printed on two lines', () => {
    expect(isLonePostcode('EH1 1YZ')).to.equal(true);
    expect(isLonePostcode('8001')).to.equal(false);
    // OCR's l, I and O for the digits of a postcode, only where the repaired code has a postcode's shape.
    expect(isLonePostcode('Bl lAA')).to.equal(true);
    expect(parseAddressLines(['Ashdown Limited', '30 Caledonian Road', 'Leeds', 'LS1 SDL'])?.address.postal_code).to.equal('LS1 5DL');
    expect(isLonePostcode('Blue AA')).to.equal(false);
    expect(parseAddressLines(['Carter Supplies plc', '247 Victoria Road', 'Edinburgh', 'EH1 1YZ'])?.address).to.deep.equal({
      company_name: 'Carter Supplies plc',
      contact_person_name: null,
      street: 'Victoria Road',
      house_number: '247',
      post_office_box: null,
      postal_code: 'EH1 1YZ',
      city_name: 'Edinburgh',
      country_code: 'GB',
    });
  });

  it('takes a name that contains a street word for the name when the street with its number follows', () => {
    expect(parseAddressLines(['Papeterie am Platz', 'Goethestraße 34', '04109 Leipzig'])?.address).to.deep.include({
      company_name: 'Papeterie am Platz',
      street: 'Goethestraße',
      house_number: '34',
    });
  });

  it('reads a number and a name without a street word as the street only between the names and the town', () => {
    expect(parseAddressLines(['Thistle plc', '111 Deansgate', 'London', 'N1 9GU'])?.address).to.include({
      company_name: 'Thistle plc',
      street: 'Deansgate',
      house_number: '111',
      city_name: 'London',
    });
    expect(parseStreetLine('3 Pommes Golden')).to.equal(null);
  });

  it("reads a compass point after an American house number as the start of the street's name, a letter otherwise as the number's", () => {
    expect(parseStreetLine('1337 N San Joaquin St')).to.deep.equal({ street: 'N San Joaquin St', houseNumber: '1337' });
    expect(parseStreetLine('7 E 42nd Street')).to.deep.equal({ street: 'E 42nd Street', houseNumber: '7' });
    expect(parseStreetLine('221 B Baker Street')).to.deep.equal({ street: 'Baker Street', houseNumber: '221 B' });
    expect(parseStreetLine('5 bis rue du Port')).to.deep.equal({ street: 'rue du Port', houseNumber: '5 bis' });
  });

  it('reads an American postal line with its state spelt out', () => {
    expect(parsePostalLine('San Francisco, California 94104')).to.deep.equal({ postalCode: '94104', city: 'San Francisco', country: 'US' });
    expect(parsePostalLine('New York, New York 10001')).to.deep.equal({ postalCode: '10001', city: 'New York', country: 'US' });
    expect(parsePostalLine('Springfield, Narnia 10001')).to.equal(null);
  });

  it('reads Australian and Canadian postal lines: the town, its state or province and the postcode', () => {
    expect(parsePostalLine('Sydney NSW 2000')).to.deep.equal({ postalCode: '2000', city: 'Sydney', country: 'AU' });
    expect(parsePostalLine('Melbourne, VIC 3000')).to.deep.equal({ postalCode: '3000', city: 'Melbourne', country: 'AU' });
    expect(parsePostalLine('Toronto, ON M5V 2T6')).to.deep.equal({ postalCode: 'M5V 2T6', city: 'Toronto', country: 'CA' });
    expect(parsePostalLine('Montréal QC H2X 1Y4')).to.deep.equal({ postalCode: 'H2X 1Y4', city: 'Montréal', country: 'CA' });
  });

  it('reads the province spelt out, in brackets as French Canada prints it or after a comma', () => {
    expect(parsePostalLine('Montréal (Québec) H2Y 2M8')).to.deep.equal({ postalCode: 'H2Y 2M8', city: 'Montréal', country: 'CA' });
    expect(parsePostalLine('Halifax, Nova Scotia B3J 1A1')).to.deep.equal({ postalCode: 'B3J 1A1', city: 'Halifax', country: 'CA' });
    expect(parsePostalLine('Vancouver, BC V6z 2H1')).to.deep.equal({ postalCode: 'V6Z 2H1', city: 'Vancouver', country: 'CA' });
  });

  it('reads Indian postal lines: the town, perhaps its state, and the six-digit PIN after a dash or the state; no bare word and number', () => {
    expect(parsePostalLine('Bengaluru, Karnataka - 560038')).to.deep.equal({ postalCode: '560038', city: 'Bengaluru', country: 'IN' });
    expect(parsePostalLine('New Delhi - 110 001')).to.deep.equal({ postalCode: '110001', city: 'New Delhi', country: 'IN' });
    expect(parsePostalLine('Chennai, Tamil Nadu 600017')).to.deep.equal({ postalCode: '600017', city: 'Chennai', country: 'IN' });
    expect(parsePostalLine('Invoice 100234')).to.equal(null);
    expect(parsePostalLine('INV-520965')).to.equal(null);
  });

  it('reads Japanese and Singaporean postal lines, a country after them too', () => {
    expect(parsePostalLine('Tokyo 108-0023, Japan')).to.deep.equal({ postalCode: '108-0023', city: 'Tokyo', country: 'JP' });
    expect(parsePostalLine('Minato-ku, Tokyo 108-0023')).to.deep.equal({ postalCode: '108-0023', city: 'Tokyo', country: 'JP' });
    expect(parsePostalLine('Singapore 079903')).to.deep.equal({ postalCode: '079903', city: 'Singapore', country: 'SG' });
    expect(parsePostalLine('Osaka 530-0001')).to.equal(null);
    expect(parsePostalLine('Fax 555-1234')).to.equal(null);
  });

  it('given a town and a four-digit code under a street or a post office box, then that is the postal line; elsewhere it is not', () => {
    expect(parseAddressLines(['Tui Ridge Homes Ltd', 'PO Box 4412', 'Auckland 1140'])?.address).to.include({
      company_name: 'Tui Ridge Homes Ltd',
      post_office_box: '4412',
      postal_code: '1140',
      city_name: 'Auckland',
    });
    expect(parseAddressLines(['Kauri Coast Joinery Limited', '21 Rata Street', 'Whangarei 0110'])?.address).to.include({
      street: 'Rata Street',
      house_number: '21',
      postal_code: '0110',
      city_name: 'Whangarei',
    });
    expect(parsePostalLine('Auckland 1140')).to.equal(null);
    expect(parseAddressLines(['Kauri Coast Joinery Limited', 'Invoice 4412'])).to.equal(null);
  });

  it('reads a numbered house or plot under its label before the street, and a Japanese block number, between the names and the town', () => {
    expect(
      parseAddressLines(['Sharma Office Solutions Pvt. Ltd.', 'No. 42, 3rd Cross, Indiranagar', 'Bengaluru - 560038'])?.address,
    ).to.include({
      street: '3rd Cross, Indiranagar',
      house_number: '42',
    });
    expect(parseAddressLines(['Nexa Retail LLP', 'Plot 18, Electronic City Phase 1', 'Bengaluru - 560100'])?.address).to.include({
      street: 'Electronic City Phase 1',
      house_number: '18',
    });
    expect(parseStreetLine('No. 42, 3rd Cross, Indiranagar')).to.equal(null);
    expect(parseAddressLines(['Kobayashi Precision Co., Ltd.', '2-14-5 Shibaura, Minato-ku', 'Tokyo 108-0023, Japan'])?.address).to.include(
      {
        street: 'Shibaura, Minato-ku',
        house_number: '2-14-5',
        city_name: 'Tokyo',
      },
    );
  });

  it('reads an American street with its number first as the street, not as a postal code and town, above the town line', () => {
    expect(parsePostalLine('1611 Peony Dr')).to.equal(null);
    expect(parsePostalLine('1337 N San Joaquin St')).to.equal(null);
    expect(parsePostalLine('8001 Zürich')).to.deep.equal({ postalCode: '8001', city: 'Zürich', country: null });
    expect(parseAddressLines(['The Jackson Group', '1611 Peony Dr', 'Tracy CA 95377', 'États Unis'])?.address).to.include({
      company_name: 'The Jackson Group',
      street: 'Peony Dr',
      house_number: '1611',
      postal_code: '95377',
      city_name: 'Tracy',
      country_code: 'US',
    });
  });

  it('reads a town, a comma and a five-digit code as the postal line; without the comma, no postal line', () => {
    expect(parsePostalLine('Turlock, 95380')).to.deep.equal({ postalCode: '95380', city: 'Turlock', country: null });
    expect(parsePostalLine('San Francisco , 94134')).to.deep.equal({ postalCode: '94134', city: 'San Francisco', country: null });
    expect(parsePostalLine('Artikel 95380')).to.equal(null);
    expect(parseAddressLines(['Wood Corner', '1839 Arbor Way', 'Turlock, 95380'])?.address).to.include({
      street: 'Arbor Way',
      house_number: '1839',
      postal_code: '95380',
      city_name: 'Turlock',
    });
  });

  it('reads the contact after every attention prefix of the five languages', () => {
    for (const prefix of [
      'z.H.',
      'z. H.',
      'FAO',
      'Ter attentie van',
      'T.a.v.',
      'Alla c.a. di',
      "All'att.ne di",
      'Att.ne',
      'c.a.',
      "A l'attention de",
    ])
      expect(splitNames(['Muster AG', `${prefix} Anna Beispiel`]), prefix).to.deep.equal({
        company: 'Muster AG',
        contact: 'Anna Beispiel',
      });
  });

  it('given a salutation after the attention prefix, then the contact is the name without it, a title kept', () => {
    expect(splitNames(['Muster AG', 'z. Hd. Herrn Mag. Peter Gruber'])).to.deep.equal({
      company: 'Muster AG',
      contact: 'Mag. Peter Gruber',
    });
    expect(splitNames(['Muster AG', 'Attn: Ms. Petra Lang'])).to.deep.equal({ company: 'Muster AG', contact: 'Petra Lang' });
  });

  it('takes the line a firm’s salutation opens for the company, not a line above it, with its legal form on the next line', () => {
    expect(splitNames(['Ceramic}', 'Spett.le Logistica Padana S.a.s.', 'Alla c.a. di Davide Ferraro'])).to.deep.equal({
      company: 'Logistica Padana S.a.s.',
      contact: 'Davide Ferraro',
    });
    expect(splitNames(['Firma Gebrüder Keller', 'GmbH & Co. KG'])).to.deep.equal({
      company: 'Gebrüder Keller GmbH & Co. KG',
      contact: null,
    });
    expect(splitNames(['Spett.le', 'Studio Rossi', 'Chiara Colombo']).company).to.equal('Studio Rossi');
  });

  it('takes a weight in kilograms for no limited partnership (KG): "Tomates 1,234 kg" is a till\'s item', () => {
    expect(hasLegalForm('Tomates 1,234 kg')).to.equal(false);
    expect(hasLegalForm('0,892 kg x 1,77 EUR/kg')).to.equal(false);
    expect(hasLegalForm('Äpfel 2 kg')).to.equal(false);
    expect(hasLegalForm('Müller & Söhne KG')).to.equal(true);
  });

  it('reads Italian and Dutch partnerships’ forms (S.a.s., S.n.c., V.O.F.) as legal forms', () => {
    expect(splitNames(['Ufficio acquisti', 'Magazzino', 'Logistica Padana S.a.s.']).company).to.equal('Logistica Padana S.a.s.');
    expect(splitNames(['Einkauf', 'Zentrallager', 'Molenwiek V.O.F.']).company).to.equal('Molenwiek V.O.F.');
    expect(splitNames(['Ufficio acquisti', 'Magazzino', 'Rossi & Figli S.n.c.']).company).to.equal('Rossi & Figli S.n.c.');
  });

  it('leaves out a speck read as a full stop before the legal form, and keeps abbreviations', () => {
    expect(splitNames(['Molenwiek. V.O.F.']).company).to.equal('Molenwiek V.O.F.');
    expect(splitNames(['Meier Gebr. GmbH']).company).to.equal('Meier Gebr. GmbH');
    expect(splitNames(['Keller & Co. KG']).company).to.equal('Keller & Co. KG');
  });

  it('reads a dotted legal form one of whose dots OCR lost between two letters, and leaves a form written without dots', () => {
    expect(splitNames(['Grachtzicht VO.F.']).company).to.equal('Grachtzicht V.O.F.');
    expect(splitNames(['Kranich eK.']).company).to.equal('Kranich e.K.');
    expect(splitNames(['Jura SA.']).company).to.equal('Jura SA.');
    expect(splitNames(['Duinzand BV']).company).to.equal('Duinzand BV');
    expect(splitNames(['Atelier Sant St.']).company).to.equal('Atelier Sant St.');
  });

  it('leaves out a speck read as a dash glued to the start of a name’s word, and keeps a name’s hyphens', () => {
    expect(splitNames(['Les -Tilleuls EURL']).company).to.equal('Les Tilleuls EURL');
    expect(splitNames(['Müller-Lüdenscheid GmbH']).company).to.equal('Müller-Lüdenscheid GmbH');
    expect(splitNames(['Kaffee - Bar Sonne AG']).company).to.equal('Kaffee - Bar Sonne AG');
  });

  it('restores the umlaut OCR dropped from "haftungsbeschränkt" or read as another vowel’s', () => {
    expect(splitNames(['Nordlicht UG (haftungsbeschrankt)']).company).to.equal('Nordlicht UG (haftungsbeschränkt)');
    expect(splitNames(['Weser UG (haftungsbeschrünkt)']).company).to.equal('Weser UG (haftungsbeschränkt)');
    expect(splitNames(['Weser UG (HAFTUNGSBESCHRANKT)']).company).to.equal('Weser UG (HAFTUNGSBESCHRÄNKT)');
    expect(splitNames(['NORDLICHT UG (HAFTUNGSBESCHRANKT)']).company).to.equal('NORDLICHT UG (HAFTUNGSBESCHRÄNKT)');
  });

  it('takes a recipient label on the name line ("A:", "Aan", "To:") for no part of the company name', () => {
    expect(splitNames(['A: Fiduciaria Bruno S.p.A.', 'c.a. Giulia Galli'])).to.deep.equal({
      company: 'Fiduciaria Bruno S.p.A.',
      contact: 'Giulia Galli',
    });
    expect(splitNames(['AAN', 'Grachtzicht N.V.'])).to.deep.equal({ company: 'Grachtzicht N.V.', contact: null });
    expect(splitNames(['To: Kestrel Ltd'])).to.deep.equal({ company: 'Kestrel Ltd', contact: null });
  });

  it('reads attention lines in the region’s languages, and takes the name after a firm’s salutation for the company', () => {
    expect(splitNames(['Rochat SA', "À l'att. de Nicolas Favre"])).to.deep.equal({ company: 'Rochat SA', contact: 'Nicolas Favre' });
    expect(splitNames(['Galli S.r.l.', 'Alla c.a. Marco Rossi'])).to.deep.equal({ company: 'Galli S.r.l.', contact: 'Marco Rossi' });
    expect(splitNames(['Bennett Consulting Ltd', 'Attn: Emily Clarke'])).to.deep.equal({
      company: 'Bennett Consulting Ltd',
      contact: 'Emily Clarke',
    });
    expect(splitNames(['Spett.le', 'Studio Rossi S.r.l.', 'Chiara Colombo'])).to.deep.equal({
      company: 'Studio Rossi S.r.l.',
      contact: 'Chiara Colombo',
    });
    expect(splitNames(['z. Hd. Thomas Müller'])).to.deep.equal({ company: null, contact: 'Thomas Müller' });
  });

  it('reads the marks and letters a scan misread in a legal form, and leaves a name’s last word alone', () => {
    const companies = [
      'Fiduciaria Bruno S.r.l].',
      'Fiduciaria Bruno S,n.c.',
      'Molenwiek V.0.F.',
      'Rhein Särl',
      'Northgate Lid',
      'Studio 0.K.',
      'Rhein Sär',
      'Atelier Pic',
    ].map((name) => splitNames([name]).company);

    expect(companies).to.deep.equal([
      'Fiduciaria Bruno S.r.l.',
      'Fiduciaria Bruno S.n.c.',
      'Molenwiek V.O.F.',
      'Rhein Sàrl',
      'Northgate Ltd',
      'Studio 0.K.',
      'Rhein Sär',
      'Atelier Pic',
    ]);
  });

  it('given a street line with the ß of "straße" or a roman numeral’s I misread, reads the street as printed', () => {
    expect(parseStreetLine('Hainstrafñe 22')).to.deep.equal({ street: 'Hainstraße', houseNumber: '22' });
    expect(parseStreetLine('HainstraBBe 22')).to.deep.equal({ street: 'Hainstraße', houseNumber: '22' });
    expect(parseStreetLine('HainstraGe 180')).to.deep.equal({ street: 'Hainstraße', houseNumber: '180' });
    expect(parseStreetLine('Bahnhofstrasse 1')).to.deep.equal({ street: 'Bahnhofstrasse', houseNumber: '1' });
    expect(parseStreetLine('Corso Vittorio Emanuele Il 172')).to.deep.equal({ street: 'Corso Vittorio Emanuele II', houseNumber: '172' });
    expect(parseStreetLine('Corso Vittorio Emanuele ll 136')).to.deep.equal({ street: 'Corso Vittorio Emanuele II', houseNumber: '136' });
    expect(parseStreetLine('Via Pio III 4')).to.deep.equal({ street: 'Via Pio III', houseNumber: '4' });
    expect(parseStreetLine('Corsa Vittorio Emanuele 11 116')).to.deep.equal({ street: 'Corsa Vittorio Emanuele II', houseNumber: '116' });
    expect(parseStreetLine('Via Pio 1l1 4')).to.deep.equal({ street: 'Via Pio III', houseNumber: '4' });
    expect(parseStreetLine('Via Il Prato 3'), 'an article inside the name').to.deep.equal({ street: 'Via Il Prato', houseNumber: '3' });
  });

  it('given a street line whose abbreviation "Str" lost its full stop, reads it with it', () => {
    expect(parseStreetLine('Hohe Str 179')).to.deep.equal({ street: 'Hohe Str.', houseNumber: '179' });
    expect(parseStreetLine('Karolinenstr 136')).to.deep.equal({ street: 'Karolinenstr.', houseNumber: '136' });
    expect(parseStreetLine('Karolinenstr. 136')).to.deep.equal({ street: 'Karolinenstr.', houseNumber: '136' });
  });

  it('given a street line whose space a scan lost at a French or Italian particle, or a speck after it read as a full stop, reads it as printed', () => {
    expect(parseStreetLine('Via dei. Calzaiuoli 12')).to.deep.equal({ street: 'Via dei Calzaiuoli', houseNumber: '12' });
    expect(parseStreetLine('St. Gallerstr. 12')).to.deep.equal({ street: 'St. Gallerstr.', houseNumber: '12' });
    expect(parseStreetLine("Viadell'indipendenza 67bis")).to.deep.equal({ street: "Via dell'indipendenza", houseNumber: '67bis' });
    expect(parseStreetLine('Rue deBourg 126')).to.deep.equal({ street: 'Rue de Bourg', houseNumber: '126' });
    expect(parseStreetLine('Viale Monza 12')).to.deep.equal({ street: 'Viale Monza', houseNumber: '12' });
    expect(parseStreetLine('Via Dante 12')).to.deep.equal({ street: 'Via Dante', houseNumber: '12' });
  });

  it('given a French street whose kind OCR misread one letter of, above the town line, reads the street with its kind', () => {
    expect(parseAddressLines(['Boréal SAS', '74 avenuc Foch', '69002 Lyon'])?.address).to.include({
      company_name: 'Boréal SAS',
      street: 'avenue Foch',
      house_number: '74',
      city_name: 'Lyon',
    });
    expect(parseAddressLines(['Boréal SAS', '8 qual de la Fosse', '59800 Lille'])?.address).to.include({
      street: 'quai de la Fosse',
      house_number: '8',
    });
    expect(parseAddressLines(['Boréal SAS', '3 xyz Foch', '59800 Lille'])?.address, 'no kind one letter apart').to.include({
      street: 'xyz Foch',
    });
  });

  it('given names and a street line with its number and no postal line, reads them; without a street or names, nothing', () => {
    expect(parseAddressWithoutPostalLine(['Aare Sàrl', "À l'attention de Reto Rochat", 'Rue de Bourg 126'])?.address).to.include({
      company_name: 'Aare Sàrl',
      contact_person_name: 'Reto Rochat',
      street: 'Rue de Bourg',
      house_number: '126',
      postal_code: null,
    });
    expect(parseAddressWithoutPostalLine(['Aare Sàrl', "À l'attention de Reto Rochat"])).to.equal(null);
    expect(parseAddressWithoutPostalLine(['Rue de Bourg 126'])).to.equal(null);
  });

  it('reads a street’s kind OCR misread a letter of as the kind, before the name or after it', () => {
    expect(withStreetKind('Mill Lape')).to.equal('Mill Lane');
    expect(withStreetKind('Viaie Roma')).to.equal('Viale Roma');
    expect(withStreetKind('Caledonian Raad')).to.equal('Caledonian Road');
    expect(withStreetKind('Rne de Bourg')).to.equal('Rue de Bourg');
    expect(withStreetKind('Vla Nassa')).to.equal('Via Nassa');
  });

  it('leaves a street whose words are no kind misread: kinds, common words, names of three letters, one word', () => {
    for (const street of [
      'Am Wall',
      'Cour des Miracles',
      'Vis Nassa',
      'Park Row',
      'Lange Voorhout',
      'Via Nassa',
      'Deansgate',
      'Placa Major',
    ])
      expect(withStreetKind(street)).to.equal(street);
  });
  it('reads a postal code OCR read with a letter or mark for one of its digits, and no word or quantity for a code', () => {
    expect(parsePostalLine('6O20 Innsbruck')).to.deep.equal({ postalCode: '6020', city: 'Innsbruck', country: null });
    expect(parsePostalLine('30l1 Bern')).to.deep.equal({ postalCode: '3011', city: 'Bern', country: null });
    expect(parsePostalLine('3100o Toulouse')).to.deep.equal({ postalCode: '31000', city: 'Toulouse', country: null });
    expect(parsePostalLine('CH-1o03 Lausanne')).to.deep.equal({ postalCode: '1003', city: 'Lausanne', country: 'CH' });
    expect(parsePostalLine('1o15 CJ Amsterdam')).to.deep.equal({ postalCode: '1015 CJ', city: 'Amsterdam', country: 'NL' });
    // Two misread characters, a word, a unit or a house number's letter after a quantity or number: no code.
    expect(parsePostalLine('6OZ0 Innsbruck')).to.equal(null);
    expect(parsePostalLine('Ilse Muster')).to.equal(null);
    expect(parsePostalLine('500g Mehl')).to.equal(null);
    expect(parsePostalLine('113b Corn Street')).to.equal(null);
  });

  it('reads a town OCR read with a digit for one of its letters', () => {
    expect(parsePostalLine('4051 Base1')).to.deep.equal({ postalCode: '4051', city: 'Basel', country: null });
    expect(parsePostalLine('04109 Le1pzig')).to.deep.equal({ postalCode: '04109', city: 'Leipzig', country: null });
    expect(parsePostalLine('31000 Toul0use')).to.deep.equal({ postalCode: '31000', city: 'Toulouse', country: null });
    expect(parsePostalLine('1015 CJ 4msterdam')).to.deep.equal({ postalCode: '1015 CJ', city: 'Amsterdam', country: 'NL' });
    expect(parseAddressLines(['Thistle plc', 'Deansgate 27b', 'Brist0l', 'BS1 6QH'])?.address).to.include({
      postal_code: 'BS1 6QH',
      city_name: 'Bristol',
    });
    // A district's number after the town is no misread letter.
    expect(parsePostalLine('75008 Paris 08')).to.deep.equal({ postalCode: '75008', city: 'Paris 08', country: null });
  });

  it('reads a house number OCR read with a letter or mark for one digit, where the line names a street or stands above the town', () => {
    expect(withHouseNumberRead('Spitalgasse l30')).to.equal('Spitalgasse 130');
    expect(withHouseNumberRead('Maria-Theresien-Str. G2a')).to.equal('Maria-Theresien-Str. 62a');
    expect(withHouseNumberRead('l07 Mill Lane')).to.equal('107 Mill Lane');
    expect(withHouseNumberRead('Spitalgasse 130')).to.equal(null);
    expect(withHouseNumberRead('Studio SOS')).to.equal(null);
    expect(parseStreetLine('Kerkstraat 1I4')).to.deep.equal({ street: 'Kerkstraat', houseNumber: '114' });
    expect(parseStreetLine('Lindenallee T1')).to.deep.equal({ street: 'Lindenallee', houseNumber: '71' });
    // Without a street's word, only between the names and the town.
    expect(parseStreetLine('Deansgate l52')).to.equal(null);
    expect(parseAddressLines(['Thistle Limited', 'Deansgate l52', 'Leeds LS1 5DL'])?.address).to.include({
      street: 'Deansgate',
      house_number: '152',
    });
  });

  it('reads a house number glued to its street by a dot or without its space as apart, where the line names a street by its word', () => {
    expect(parseStreetLine('HainstraBe.131')).to.deep.equal({ street: 'Hainstraße', houseNumber: '131' });
    expect(parseStreetLine('61aCaledonian Road')).to.deep.equal({ street: 'Caledonian Road', houseNumber: '61a' });
    expect(parseStreetLine('3Tulpenveld')).to.equal(null);
    expect(parseStreetLine('Kerkstraat.12a')).to.deep.equal({ street: 'Kerkstraat', houseNumber: '12a' });
    // An abbreviation's dot stays the abbreviation's.
    expect(parseStreetLine('Hauptstr.131')).to.deep.equal({ street: 'Hauptstr.', houseNumber: '131' });
    // Without a street's word a name and a figure ("Nordlicht.2025"), no street.
    expect(parseStreetLine('Nordlicht.2025')).to.equal(null);
  });

  it('reads a street’s name OCR read with a digit for one of its letters, where the line names a street or stands above the town', () => {
    expect(parseStreetLine('5pitalgasse 138')).to.deep.equal({ street: 'Spitalgasse', houseNumber: '138' });
    expect(parseStreetLine('H0lstenbrücke')).to.deep.equal({ street: 'Holstenbrücke', houseNumber: null });
    // Without a street's word, only between the names and the town.
    expect(parseStreetLine('5teinenvorstadt 21')).to.equal(null);
    expect(parseAddressLines(['Rhein AG', '5teinenvorstadt 21', '6900 Lugano'])?.address).to.include({
      company_name: 'Rhein AG',
      street: 'Steinenvorstadt',
      house_number: '21',
      postal_code: '6900',
    });
    expect(parseAddressLines(['Ashdown Limited', '23 Park R0w', 'London', 'N1 9GU'])?.address).to.include({
      company_name: 'Ashdown Limited',
      street: 'Park Row',
      house_number: '23',
    });
  });

  it('reads an attention prefix OCR misread, dropped or added one character of, where it is five characters or more', () => {
    expect(attentionPrefix('Attm: Oliver Sharma')).to.equal('Attm: ');
    expect(attentionPrefix('z.Hd, Lukas Moser')).to.equal('z.Hd, ');
    expect(attentionPrefix('Tet attentie van Bram Visser')).to.equal('Tet attentie van ');
    expect(attentionPrefix("Al1'att.ne di Luca Rochat")).to.equal("Al1'att.ne di ");
    expect(attentionPrefix("4 l'attention de Reto Favre")).to.equal("4 l'attention de ");
    for (const text of ['PAO Harry Sharma', 'Atti del convegno', 'Attila Müller', 'Alla Rossi S.r.l.', 'Zahlbar bis'])
      expect(attentionPrefix(text), text).to.equal(null);
    expect(splitNames(['Vetreria Colombo S.p.A.', 'Aila c.a. di Alessandro Esposito'])).to.deep.equal({
      company: 'Vetreria Colombo S.p.A.',
      contact: 'Alessandro Esposito',
    });
  });

  it('reads a line without a number that names a company or someone’s attention as a name, whatever street word its letters hold', () => {
    expect(parseAddressLines(['Vallée Bleue SA', '31000 Toulouse'])?.address).to.include({ company_name: 'Vallée Bleue SA', street: null });
    expect(parseAddressLines(['Garonne SARL', 'Attn. Camille Girard', '44000 Nantes'])?.address).to.include({
      company_name: 'Garonne SARL',
      contact_person_name: 'Camille Girard',
      street: null,
    });
  });

  it('takes the Austrian OG for a legal form, not a floor after its number', () => {
    expect(splitNames(['Alpenblick OG']).company).to.equal('Alpenblick OG');
    expect(parseAddressLines(['Alpenblick OG', '6020 Innsbruck'])?.address.company_name).to.equal('Alpenblick OG');
    // The floor is the street line's complement, not part of its number.
    expect(parseStreetLine('Hauptstraße 5, 2. OG')).to.deep.equal({ street: 'Hauptstraße', houseNumber: '5' });
  });

  it('given no legal form, when the first name line ends with a later one, then that name printed twice is the company', () => {
    expect(splitNames(['LOGO GARONNE CONSEIL', 'CONSEILS DU SUD', 'GARONNE CONSEIL'])).to.deep.equal({
      company: 'GARONNE CONSEIL',
      contact: null,
    });
    expect(splitNames(['Garonne Conseil', 'Claire Dubois'])).to.deep.equal({ company: 'Garonne Conseil', contact: 'Claire Dubois' });
  });

  describe('a company’s name over two lines', () => {
    it('reads a legal form alone on its line as the end of the name above it, whatever that line’s style', () => {
      expect(splitNames(['Garonne', 'SA'])).to.deep.equal({ company: 'Garonne SA', contact: null });
      expect(splitNames(['Ceramiche Adriatica', 'S.p.A.'])).to.deep.equal({ company: 'Ceramiche Adriatica S.p.A.', contact: null });
      expect(splitNames(['Hans Meier', 'GmbH'])).to.deep.equal({ company: 'Hans Meier GmbH', contact: null });
      expect(splitNames(['Anna Pichler', 'Edelweiss OG'])).to.deep.equal({ company: 'Edelweiss OG', contact: 'Anna Pichler' });
    });

    it('reads a partnership’s form run on to the next line as the name’s', () => {
      expect(splitNames(['Kranich GmbH &', 'Co. KG'])).to.deep.equal({ company: 'Kranich GmbH & Co. KG', contact: null });
      expect(splitNames(['Muster GmbH', '& Co. KG'])).to.deep.equal({ company: 'Muster GmbH & Co. KG', contact: null });
      expect(splitNames(['Muster GmbH', 'Max Mustermann'])).to.deep.equal({ company: 'Muster GmbH', contact: 'Max Mustermann' });
      expect(splitNames(['Muster GmbH', 'Einkauf'])).to.deep.equal({ company: 'Muster GmbH', contact: null });
    });

    it('reads a legal form whose letters OCR read as others of their shape: "rn" for m, a 5 for S, an 8 for B at its head', () => {
      expect(splitNames(['Pannonia GrnbH']).company).to.equal('Pannonia GmbH');
      expect(splitNames(['Tessitura Rinaldi 5.p.A.']).company).to.equal('Tessitura Rinaldi S.p.A.');
      expect(splitNames(['Duinzand 8.V.']).company).to.equal('Duinzand B.V.');
      expect(splitNames(['Pannonia Karn']).company).to.equal('Pannonia Karn');
    });

    it('reads the company’s form before a partnership’s "& Co." as the form where OCR misread it, not only the last word', () => {
      expect(splitNames(['Kranich GrnbH & Co. KG']).company).to.equal('Kranich GmbH & Co. KG');
      expect(splitNames(['Kranich GrnbH &', 'Co. KG']).company).to.equal('Kranich GmbH & Co. KG');
      expect(splitNames(['Kranich GmbH & Co. KG']).company).to.equal('Kranich GmbH & Co. KG');
      expect(splitNames(['Karn & Co. KG']).company).to.equal('Karn & Co. KG');
      expect(splitNames(['Pannonia GrnbH Vertrieb']).company).to.equal('Pannonia GrnbH Vertrieb');
    });

    it('reads a dotted legal form whose first dot OCR read as a space ("e K.", "B V.") as the form', () => {
      expect(splitNames(['Elbtal e K.']).company).to.equal('Elbtal e.K.');
      expect(splitNames(['Duinzand B V.']).company).to.equal('Duinzand B.V.');
      expect(splitNames(['Officine Galli S p.A.']).company).to.equal('Officine Galli S.p.A.');
      expect(splitNames(['Atelier A Ko.']).company).to.equal('Atelier A Ko.');
    });

    it('knows the limited liability partnership (LLP) for a legal form', () => {
      expect(splitNames(['Northgate', 'LLP'])).to.deep.equal({ company: 'Northgate LLP', contact: null });
    });
  });

  describe('a logo’s mark OCR read before a name', () => {
    it('drops words with a bracket left open, a sign no name prints, or no letter at all', () => {
      expect(withoutLogoMark('JA) Aare Sàrl')).to.equal('Aare Sàrl');
      expect(withoutLogoMark('(@) Sa Kestrel plc')).to.equal('Sa Kestrel plc');
      expect(withoutLogoMark('© Duinzand B.V.')).to.equal('Duinzand B.V.');
      expect(withoutLogoMark('|  -~ Jura GmbH')).to.equal('Jura GmbH');
      expect(withoutLogoMark('(SG Ceresio GmbH')).to.equal('Ceresio GmbH');
    });

    it('takes a mark glued to the head of the name off its first word, keeping the word', () => {
      expect(withoutLogoMark('©Aare Sàrl')).to.equal('Aare Sàrl');
      expect(withoutLogoMark('|Jura GmbH')).to.equal('Jura GmbH');
      expect(withoutLogoMark('JA) ®Léman SA')).to.equal('Léman SA');
    });

    it('reads the name after a firm’s salutation without the mark before it', () => {
      expect(splitNames(['Spett.le ©Logistica Padana S.a.s.', 'Alla c.a. di Davide Ferraro'])).to.deep.equal({
        company: 'Logistica Padana S.a.s.',
        contact: 'Davide Ferraro',
      });
      expect(splitNames(['Messrs ©Ashdown LLP'])).to.deep.equal({ company: 'Ashdown LLP', contact: null });
    });

    it('keeps what names print: a closed bracket, an ampersand, initials, a name alone', () => {
      expect(withoutLogoMark('& Söhne GmbH')).to.equal('& Söhne GmbH');
      expect(withoutLogoMark('A. B. Müller AG')).to.equal('A. B. Müller AG');
      expect(withoutLogoMark('Müller (Schweiz) AG')).to.equal('Müller (Schweiz) AG');
      expect(withoutLogoMark('JA)')).to.equal('JA)');
      expect(withoutLogoMark('© 123')).to.equal('© 123');
    });
  });
});
