import { expect } from 'chai';
import type { RecognizedWord } from '../../../../contracts/events/page-words.js';
import { findAddressBlocks } from '../layout/address-blocks.js';
import { findBankAccounts } from './bank-accounts.js';
import { toDocumentText } from '../layout/document-text.js';
import { findParties } from './parties.js';
import { findTaxIds } from './tax-ids.js';

const partiesIn = (lines: string[]) => {
  const document = toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]);
  return findParties(document, findAddressBlocks(document), findTaxIds(document), findBankAccounts(document).accounts);
};

/**
 * A scanned page of monospaced `lines`: each run of non-blanks one word, the page 120 characters wide and `rows` lines
 * high, each word `height` high and read with `confidence`.
 */
const scannedDocument = (
  lines: string[],
  {
    rows = 40,
    height = () => 0.012,
    confidence = () => 0.95,
  }: { rows?: number; height?: (row: number, word: string) => number; confidence?: (row: number, word: string) => number } = {},
) => {
  const words: RecognizedWord[] = lines.flatMap((line, row) =>
    [...line.matchAll(/\S+/g)].map((match) => ({
      text: match[0],
      box: [
        match.index / 120,
        row / rows,
        (match.index + match[0].length) / 120,
        row / rows + height(row, match[0]),
      ] as RecognizedWord['box'],
      confidence: confidence(row, match[0]),
    })),
  );
  return toDocumentText([{ pageNumber: 1, text: lines.join('\n'), confidence: 0.9, words }]);
};

const filler = Array.from({ length: 30 }, (_, index) => `Position ${index + 1}`);

// A DIN 5008 letter down to its footer: the sender's return line over the window with the receiver's address, then the body.
const windowLetter = [
  'Acme GmbH | Europa-Allee 19 | 60486 Frankfurt',
  '',
  'Herrn',
  'Karl Coyote',
  'Uferstraße 113',
  '88045 Friedrichshafen',
  '',
  'Rechnung Nr. 42',
  ...filler,
  '',
];

describe('extractor: sender and receiver', () => {
  it('given a title and blank lines a scan’s wide spacing set between the letterhead’s lines, then the letterhead opens the document', () => {
    const lines = [
      'TAX INVOICE',
      '',
      'Kauri Coast Joinery Limited                              Invoice Number    INV-0931',
      '21 Rata Street                                           Invoice Date      2 Mar 2026',
      '',
      'Whangarei 0110                                           Due Date          20 Mar 2026',
      '',
      'To:',
      '',
      'Tui Ridge Homes Ltd',
      'PO Box 4412',
      '',
      'Auckland 1140',
      '',
      ...filler,
    ];
    const document = scannedDocument(lines, { rows: 70, height: () => 0.01 });
    const { sender, receiver } = findParties(document, findAddressBlocks(document), findTaxIds(document), []);

    expect(sender?.address).to.include({ company_name: 'Kauri Coast Joinery Limited', postal_code: '0110', city_name: 'Whangarei' });
    expect(receiver?.address).to.include({ company_name: 'Tui Ridge Homes Ltd', postal_code: '1140', city_name: 'Auckland' });
  });

  it('given a letterhead with its French phone ("Tél.") over an unlabelled address below, then the letterhead is the sender and the address the receiver', () => {
    const { sender, receiver } = partiesIn([
      '                                                            Atelier Durand SARL',
      '                                                            12 rue des Lilas',
      '                                                            69003 Lyon',
      '                                                            Tél. 04 72 00 00 00',
      '',
      '',
      '',
      'Boulangerie Martin SAS',
      '5 avenue Foch',
      '75016 Paris',
      '',
      'FACTURE',
      ...filler,
    ]);

    expect(sender?.address).to.include({ company_name: 'Atelier Durand SARL', city_name: 'Lyon' });
    expect(receiver?.address).to.include({ company_name: 'Boulangerie Martin SAS', city_name: 'Paris' });
  });

  it('given a return line whose words OCR interleaved with the sender’s name, then it is the sender’s address again and the window’s address is the receiver’s', () => {
    const { sender, receiver } = partiesIn([
      '                                                      Rhein Sàrl',
      '                                                      Spitalgasse 166',
      '                                                      9000 St. Gallen',
      '                                                      UID CHE-695.610.401 MWST',
      '',
      'Rhein Spitalgasse Särl 166 - 9000 St. Gallen',
      'Edelweiss GmbH                                        Rechnungs-Nr.:   F2025/910',
      'Maria-Theresien-Str. 82',
      '                                                      Datum:           05.11.2025',
      '5020 Salzburg',
      'ÖSTERREICH',
      '',
      'Rechnung',
      ...filler,
    ]);

    expect(sender?.address).to.include({ street: 'Spitalgasse', postal_code: '9000' });
    expect(receiver?.address).to.include({ company_name: 'Edelweiss GmbH', street: 'Maria-Theresien-Str.', postal_code: '5020' });
  });

  it('given a tax representative’s block with the sender’s street, then it is neither party’s and names no one of the sender', () => {
    const { sender } = partiesIn([
      'Garonne Conseil SARL                              Facture N° F2025-12',
      '35 rue du Port                                    Date : 03/11/2025',
      '75018 Paris',
      'N° TVA : FR 11 123 456 782',
      'Représentant fiscal',
      '  Agence Fiscale Nord',
      '  Jean Martin',
      '  35 rue du Port',
      '  75018 Paris',
      ...filler,
    ]);

    expect(sender?.address).to.include({ company_name: 'Garonne Conseil SARL', contact_person_name: null, postal_code: '75018' });
  });

  it('given the customer’s VAT id under a label that names it the customer’s and no block of the customer’s, then the receiver has that id', () => {
    const { sender, receiver } = partiesIn([
      'Garonne Conseil SARL',
      '35 rue du Port',
      '75018 Paris',
      'N° TVA : FR 11 123 456 782',
      '',
      'Votre N° TVA : FR 05 987 654 321',
      ...filler,
    ]);

    expect(sender?.address.vat_id).to.equal('FR11123456782');
    expect(receiver?.address).to.include({ vat_id: 'FR05987654321', company_name: null });
  });

  it('takes two prints of the receiver whose street OCR read one letter apart for one address, the window’s contact kept', () => {
    const { receiver } = partiesIn([
      'Rhein GmbH',
      'Multergasse 176',
      '9000 St. Gallen',
      'UID CHE-216.235.395 MWST',
      '',
      '                                        Rhein Sàrl',
      '                                        z.H. Séverine Zürcher',
      '                                        Sfeinenvorstadt 111',
      '                                        6900 Lugano',
      '',
      'Rechnung Nr. 42',
      ...filler,
      '',
      'Rechnungsempfänger',
      'Steinenvorstadt 111',
      '6900 Lugano',
    ]);

    expect(receiver?.address).to.include({
      company_name: 'Rhein Sàrl',
      contact_person_name: 'Séverine Zürcher',
      street: 'Steinenvorstadt',
      house_number: '111',
    });
  });

  it('takes the return line and the footer with VAT id and IBAN for the sender, the window below the return line for the receiver (DIN 5008)', () => {
    const { sender, receiver } = partiesIn([
      ...windowLetter,
      'Acme GmbH                 Volksbank Frankfurt',
      'Europa-Allee 19           IBAN: DE89 3704 0044 0532 0130 00',
      '60486 Frankfurt           USt-IdNr. DE136695976',
    ]);

    expect(sender?.address).to.include({
      company_name: 'Acme GmbH',
      street: 'Europa-Allee',
      house_number: '19',
      postal_code: '60486',
      vat_id: 'DE136695976',
      country_code: 'DE',
    });
    expect(receiver?.address).to.include({
      company_name: 'Karl Coyote',
      street: 'Uferstraße',
      house_number: '113',
      city_name: 'Friedrichshafen',
      country_code: 'DE',
    });
  });

  it('given a footer with a column beside the sender’s address headed by a person over their e-mail, then that person is the sender’s contact', () => {
    const footer = (person: string) => [
      ...windowLetter,
      `Acme GmbH                 ${person}              Volksbank Frankfurt`,
      'Acme Handel               E-Mail: info@acme.de       IBAN: DE89 3704 0044 0532 0130 00',
      'Europa-Allee 19           Telefon: +49 69 123456     USt-IdNr. DE136695976',
      '60486 Frankfurt',
    ];
    expect(partiesIn(footer('Robert Brown')).sender?.address).to.include({
      company_name: 'Acme GmbH',
      contact_person_name: 'Robert Brown',
    });
    // A wide cell of the address's column reaching into the contact's column on the next row.
    const wide = footer('Robert Brown').map((line) =>
      line.startsWith('Acme Handel ') ? 'Acme Handelsgesellschaft mbH  E-Mail: info@acme.de  IBAN: DE89 3704 0044 0532 0130 00' : line,
    );
    expect(partiesIn(wide).sender?.address.contact_person_name).to.equal('Robert Brown');
    // The trade name under the company's name begins with its first word: no one's name.
    expect(partiesIn(footer('Kundendienst')).sender?.address.contact_person_name).to.equal(null);
  });

  it('given an address with two lines of its complement under its street and a department with an attention line, then the whole block is read', () => {
    const { receiver } = partiesIn([
      'Seller Company · 123 Seller St · 12345 Seller City',
      'Buyer Company                                         Invoice Number:       DOC-12345',
      'Einkauf ATTN Erika Mustermann                         Invoice Date:         October 1, 2023',
      '456 Buyer St                                          Order Number:         SO-98765',
      'Suite 200',
      'Building B',
      '67890 Buyer City',
      '',
      'Invoice',
      ...filler,
    ]);
    expect(receiver?.address).to.include({
      company_name: 'Buyer Company',
      contact_person_name: 'Erika Mustermann',
      street: 'Buyer St',
      house_number: '456',
      postal_code: '67890',
    });
  });

  it('follows party labels, and takes no delivery address for the receiver', () => {
    const { sender, receiver } = partiesIn([
      'Lieferant                        Rechnungsadresse                 Lieferadresse',
      'Muster AG                        Kunde SA                         Kunde SA Lager',
      'Bahnhofstrasse 1                 Rue du Lac 5                     Hafenstrasse 9',
      'CH-8001 Zürich                   CH-1003 Lausanne                 CH-4057 Basel',
      'MWST CHE-116.281.710 MWST        N° TVA client CHE-109.322.551 TVA',
    ]);

    expect(sender?.address).to.include({
      company_name: 'Muster AG',
      city_name: 'Zürich',
      country_code: 'CH',
      vat_id: 'CHE-116.281.710 MWST',
    });
    expect(receiver?.address).to.include({ company_name: 'Kunde SA', street: 'Rue du Lac', house_number: '5', city_name: 'Lausanne' });
  });

  it('takes the letterhead under a header band of title, number and date for the sender, also with the title letter-spaced by OCR or the bill-to label misread', () => {
    for (const [title, label] of [
      ['Rechnung', 'RECHNUNGSEMPFANGER'],
      ['Re C h nun g', 'RECHNUNGSEMPFANGER'],
      ['Rechnung', 'FACTURE Ä'],
    ]) {
      // The band takes the page's top: the letterhead starts a tenth of the page down.
      const lines = [
        `${title}                                                      Beleg-Nr 421/2025`,
        '                                                              14.05.2025',
        '',
        '',
        `${label!.padEnd(62)}Aare Sàrl`,
        'Rhein AG                                                      Rue de Bourg 126',
        'Spitalgasse 130                                               1003 Lausanne',
        '1003 Lausanne                                                 Tel. +41 95 486 76 56',
        '                                                              billing@aare.ch',
        '',
        ...filler,
      ];
      const document = scannedDocument(lines);
      const { sender, receiver } = findParties(document, findAddressBlocks(document), findTaxIds(document), []);

      expect(sender?.address.company_name, `${title} ${label}`).to.equal('Aare Sàrl');
      expect(receiver?.address.company_name, `${title} ${label}`).to.equal('Rhein AG');
    }
  });

  it('takes a delivery address the same as the receiver’s for one more print of it: a letter OCR misread in one print read from the other', () => {
    const lines = [
      'Lieferant                        Rechnungsadresse                 Lieferadresse',
      'Muster AG                        Kundc SA                         Kunde SA',
      'Bahnhofstrasse 1                 Rue du Lac 5                     Rue du Lac 5',
      'CH-8001 Zürich                   CH-1003 Lausanne                 CH-1003 Lausanne',
      'MWST CHE-116.281.710 MWST',
    ];
    const document = scannedDocument(lines, { confidence: (_, word) => (word === 'Kundc' ? 0.55 : 0.9) });
    const { receiver } = findParties(document, findAddressBlocks(document), findTaxIds(document), []);

    expect(receiver?.address).to.include({ company_name: 'Kunde SA', street: 'Rue du Lac', city_name: 'Lausanne' });
  });

  it('follows a capitalized party label whose two words OCR glued together ("BILLTO")', () => {
    const { receiver } = partiesIn([
      'BILLTO                                             Northgate LLP',
      'Ashdown Limited                                    34a Mill Lane',
      'Attn: Priya Sharma                                 Edinburgh',
      '30 Caledonian Road                                 EH2 2ER',
      'Leeds                                              VAT Reg. No. GB413183189',
      'LS1 5DL',
    ]);
    expect(receiver?.address).to.include({ company_name: 'Ashdown Limited', city_name: 'Leeds' });
  });

  it('gives the VAT id labelled as the customer’s to the receiver', () => {
    const { sender, receiver } = partiesIn([
      'Muster AG | Bahnhofstrasse 1 | 8001 Zürich',
      '',
      'Kunde GmbH',
      'Hauptstrasse 3',
      'D-79539 Lörrach',
      '',
      'Ihre USt-IdNr.: DE136695976',
      'MWST-Nr. CHE-116.281.710 MWST',
    ]);

    expect(sender?.address.vat_id).to.equal('CHE-116.281.710 MWST');
    expect(receiver?.address).to.include({ company_name: 'Kunde GmbH', country_code: 'DE', vat_id: 'DE136695976' });
  });

  it('leaves both parties out when nothing tells who is who', () => {
    const { sender, receiver } = partiesIn([
      'Besprechungsnotiz',
      ...filler.slice(0, 10),
      'Treffpunkt:',
      'Muster AG',
      'Bahnhofstrasse 1',
      '8001 Zürich',
      ...filler.slice(0, 10),
    ]);

    expect(sender).to.equal(null);
    expect(receiver).to.equal(null);
  });

  it('takes the address in the window that names a person for the attention of for the receiver, though nothing of the sender’s address is legible; the sender’s name from its letterhead', () => {
    const { sender, receiver } = partiesIn([
      '© EDELWEISS KG',
      ...Array.from({ length: 8 }, () => ''),
      'Alpenblick GmbH                                   Beleg-Nr.     RE2502450',
      'z.Hd. Lukas Moser                                 Belegdatum    13.09.2025',
      'Maria-Theresien-Str. 72a',
      '5020 Salzburg',
      '',
      'Rechnung',
      ...filler,
      'MWST AN GRA,      IBAN ATS DOTI RI sa 1767',
    ]);

    expect(sender?.address).to.include({ company_name: 'EDELWEISS KG', street: null, postal_code: null, vat_id: null });
    expect(receiver?.address).to.include({ company_name: 'Alpenblick GmbH', contact_person_name: 'Lukas Moser', postal_code: '5020' });
  });

  it('given a logo’s name over the window and the sender’s footer, takes the name with the letters the logo shows better', () => {
    const letter = (logo: string, footerName: string) =>
      partiesIn([
        logo,
        '',
        'Alpenblick GmbH                                   Beleg-Nr.     RE2502450',
        'z.Hd. Lukas Moser                                 Belegdatum    13.09.2025',
        'Maria-Theresien-Str. 72a',
        '5020 Salzburg',
        '',
        'Rechnung',
        ...filler,
        `${footerName}                 N° TVA CHE-729.789.458 TVA        Coordonnées bancaires`,
        'Multergasse 80              Tel +41 26 916 94 16              IBAN CH36 0076 7769 4971 7923 2',
        '1205 Genève                 info@saentis.ch                   BIC CRESCHZZ80A',
      ]).sender?.address;

    expect(letter('© SÄNTIS GMBH', 'Santis GmbH')).to.include({ company_name: 'Säntis GmbH', street: 'Multergasse', city_name: 'Genève' });
    expect(letter('STAHLBAU RITTER AG', 'Stahlbau Rıtter AG')).to.include({ company_name: 'Stahlbau Ritter AG' });
    expect(letter('© JURA AG', 'Säntis GmbH'), 'a logo naming another company').to.include({ company_name: 'Säntis GmbH' });
  });

  it('given the sender printed twice, takes each field from the print without OCR’s marks of a misread letter', () => {
    const { sender } = partiesIn([
      'Stahlbau Ritter AG',
      'HainstraBBe 159',
      '28195 Bremen',
      'Tel. +49 49 835 67 35',
      '',
      'Kranich AG',
      'Holstenbrücke 34',
      '70173 Stuttgart',
      '',
      'Rechnung',
      ...filler,
      'Stahlbau Rıtter AG           USt-IdNr. DE711704185',
      'Hainstraße 159               IBAN DE89 3704 0044 0532 0130 00',
      '28195 Bremen',
    ]);

    expect(sender?.address).to.include({ company_name: 'Stahlbau Ritter AG', street: 'Hainstraße', house_number: '159' });
  });

  it('given a window block with an attention line and no postal line, takes it for the receiver in the sender’s country', () => {
    const { sender, receiver } = partiesIn([
      '                                                             Vallée Bleue SA',
      "                                                             73 cours de l'Intendance",
      '                                                             31000 Toulouse',
      '                                                             N° TVA FR81154348460',
      '',
      'Provence SA                                                  Facture n°:   F-2026-17',
      "A l'attention de Thierry Chevalier                           Émise le:     26/03/2026",
      '72bis quai de la Fosse',
      '                                                             À régler avant le:  25/05/2026',
      '',
      'Facture',
      ...filler,
    ]);

    expect(sender?.address).to.include({ company_name: 'Vallée Bleue SA', country_code: 'FR' });
    expect(receiver?.address).to.include({
      company_name: 'Provence SA',
      contact_person_name: 'Thierry Chevalier',
      street: 'quai de la Fosse',
      house_number: '72bis',
      postal_code: null,
      country_code: 'FR',
    });
  });

  it('takes the one address in the window for the receiver when the sender prints no address but its VAT id', () => {
    const letter = (footer: string) =>
      partiesIn([
        'Free Service Abonné',
        '',
        'Adresse email de contact',
        'alexis@example.org',
        '',
        '                                        de Lattre Alexis',
        '                                        35 rue du Logiciel Libre',
        '                                        69100 Villeurbanne',
        '',
        'Facture n°562044387 du 02 Juillet 2015',
        ...filler,
        footer,
      ]);

    expect(letter('Free SAS - N° de TVA intracommunautaire: FR 604 219 388 61').receiver?.address).to.include({
      company_name: 'de Lattre Alexis',
      postal_code: '69100',
      city_name: 'Villeurbanne',
    });
    expect(letter('Free SAS').receiver).to.equal(null);
  });

  it('given an invoice printing nothing of a sender’s, then the one address set in at the window’s height is the receiver’s, a letterhead above it the sender’s', () => {
    const invoice = (header: string[], footer = 'Merci de votre confiance') =>
      partiesIn([...header, '', 'Description                                  Quantité        Prix       Sous total', ...filler, footer]);
    const window = [
      '',
      '',
      '',
      '',
      '',
      'Facture FA04/2015/027622                           Deco Addict                    Date',
      '                                                   77 Santa Barbara Rd            2015-04-04',
      '                                                   Pleasant Hill CA 94523',
      '                                                   Etats Unis',
    ];

    expect(invoice(window).receiver?.address).to.include({ company_name: 'Deco Addict', postal_code: '94523', city_name: 'Pleasant Hill' });
    expect(invoice(window).sender).to.equal(null);
    // At the margin, where a letterhead stands; or with contact details printed: no evidence of whose it is.
    expect(invoice(window.map((line) => line.replace(/^(?:Facture FA04\/2015\/027622)? +/, ''))).receiver).to.equal(null);
    expect(invoice(window, 'Contact : factures@exemple.fr').receiver).to.equal(null);

    const { sender, receiver } = invoice([
      '',
      '',
      'Biotech                                                              FACTURE',
      '215 Vine St',
      'Scranton PA 18503',
      'États Unis',
      '',
      '                                                      Azure Interior',
      '                                                      4557 De Silva St',
      '                                                      Fremont CA 94538',
      '                                                      États Unis',
    ]);
    expect(sender?.address).to.include({ company_name: 'Biotech', postal_code: '18503' });
    expect(receiver?.address).to.include({ company_name: 'Azure Interior', postal_code: '94538' });
  });

  it('does not count the account a direct debit is taken from as the sender’s', () => {
    const { senderAccounts } = partiesIn([
      'Der Betrag wird von Ihrem Konto abgebucht:',
      'IBAN: DE89 3704 0044 0532 0130 00',
      '',
      'Bankverbindung: IBAN DE02 1203 0000 0000 2020 51',
    ]);

    expect(senderAccounts.map((account) => account.iban)).to.deep.equal(['DE02120300000000202051']);
  });

  it('takes the address that opens the page below the title for the receiver when the footer names the sender with its VAT id', () => {
    const { sender, receiver } = partiesIn([
      'Facture',
      '',
      'Provence SA',
      '75b avenue Foch',
      '31000 Toulouse',
      '',
      'Ref. facture:           2025-6870',
      'Date:                   01/02/2025',
      ...filler,
      '',
      '           Atelier Lumière SAS | 17 quai de la Fosse | 59800 Lille',
      'N° TVA intracom. FR53672230901 | Tél. +33 20 986 48 22 | office@atelierlumiere.fr',
    ]);

    expect(sender?.address).to.include({ company_name: 'Atelier Lumière SAS', postal_code: '59800', vat_id: 'FR53672230901' });
    expect(receiver?.address).to.include({
      company_name: 'Provence SA',
      street: 'avenue Foch',
      postal_code: '31000',
      city_name: 'Toulouse',
    });
  });

  it('takes the letterhead that opens the document and the footer that repeats it for the sender, the window address for the receiver', () => {
    const { sender, receiver } = partiesIn([
      '                                                      Tischlerei Weber KG',
      '                                           Landstraße 86a · 5020 Salzburg',
      '                                T +43 1 487794 · billing@tischlereiweber.at',
      '',
      'Rechnungsdatum      2025-01-29',
      '                                                   Meier Installationen GmbH',
      'Sachbearbeiter      Peter Huber                    z. Hd. Thomas Müller',
      'Rechnungsnummer     563848                         Mariahilfer Straße 35',
      '                                                   6020 Innsbruck',
      ...filler,
      '',
      'Tischlerei Weber KG          Tel. +43 1 487794              USt-IdNr. ATU13585627',
      'Landstraße 86a               billing@tischlereiweber.at     FN 363808d',
      '5020 Salzburg                www.tischlereiweber.at',
    ]);

    expect(sender?.address).to.include({
      company_name: 'Tischlerei Weber KG',
      contact_person_name: 'Peter Huber',
      street: 'Landstraße',
      house_number: '86a',
      postal_code: '5020',
      country_code: 'AT',
      vat_id: 'ATU13585627',
      company_id: 'FN 363808d',
    });
    expect(receiver?.address).to.include({
      company_name: 'Meier Installationen GmbH',
      contact_person_name: 'Thomas Müller',
      city_name: 'Innsbruck',
      country_code: 'AT',
    });
  });

  it('judges type size by most of a line’s words: a speck that enlarges one word of the window address makes no letterhead of it', () => {
    const lines = [
      'Steiner AG',
      'Bahnhofstrasse 88',
      '5000 Aarau',
      'Telefon +41 62 590 47 27',
      '',
      'Rechnungsnr.   20691',
      'Rechnungsdatum 01.01.2025                         Zimmermann & Partner AG',
      '                                                  Kirchweg 78',
      '                                                  8400 Winterthur',
    ];
    // Body type 0.008 of the page high; the letterhead's name twice that; "Zimmermann" boxed with a speck.
    const heightOf = (row: number, word: string) => (row === 0 || word === 'Zimmermann' ? 0.016 : 0.008);
    const document = scannedDocument(lines, { height: heightOf, confidence: () => 0.9 });
    const { sender, receiver } = findParties(document, findAddressBlocks(document), findTaxIds(document), []);

    expect(sender?.address).to.include({ company_name: 'Steiner AG', city_name: 'Aarau' });
    expect(receiver?.address).to.include({ company_name: 'Zimmermann & Partner AG', city_name: 'Winterthur' });
  });

  it('takes each field of a sender printed twice from the print OCR read more surely: the letterhead’s large type over the footer’s small print', () => {
    const lines = [
      'Fontana Impianti S.p.A.',
      'Corso Italia, 7A',
      '16121 Genova',
      'Tel. +39 02 9597068',
      ...filler,
      '',
      'Fontana Impianti SPA       Partita IVA IT02578880151',
      'Corso Italia, 7A',
      '16121 Genova',
    ];
    const footerFrom = lines.length - 3;
    const document = scannedDocument(lines, { confidence: (row) => (row >= footerFrom ? 0.6 : 0.95) });
    const { sender } = findParties(document, findAddressBlocks(document), findTaxIds(document), []);

    expect(sender?.address).to.include({ company_name: 'Fontana Impianti S.p.A.', vat_id: 'IT02578880151' });
  });

  /** A letter printing the sender twice, its letterhead (its name line given, or lost) and its return line over the receiver. */
  const tilleulsLetter = (nameLine: string[]) => [
    ...nameLine,
    '                                                                    13a allée Jean Jaures',
    '                                                                    31000 Toulouse',
    '                                                                    TVA FR02778947762',
    '',
    'Les Tilleuls SA - 130 allée Jean Jaurès - 31000 Toulouse',
    'Garonne SAS',
    '173 avenue Foch',
    '59800 Lille',
    ...filler,
  ];

  it('takes the sender’s street with the accents one print of it kept, where OCR dropped them in the other, and a house number misread in one print', () => {
    const { sender, receiver } = partiesIn(
      tilleulsLetter(['                                                                    Les Tilleuls SA']),
    );

    expect(sender?.address).to.include({ company_name: 'Les Tilleuls SA', street: 'allée Jean Jaurès', postal_code: '31000' });
    expect(receiver?.address).to.include({ company_name: 'Garonne SAS', street: 'avenue Foch' });
  });

  it('takes the sender’s name from its other print where OCR did not deliver it in one, the street and one more agreeing', () => {
    const { sender, receiver } = partiesIn(tilleulsLetter([]));

    expect(sender?.address).to.include({ company_name: 'Les Tilleuls SA', street: 'allée Jean Jaurès', vat_id: 'FR02778947762' });
    expect(receiver?.address).to.include({ company_name: 'Garonne SAS', street: 'avenue Foch' });
    // A neighbour in the same street and town is another address: its house number is no misreading of the sender's.
    const { sender: alone } = partiesIn([
      '                                                                    136 Via Nassa',
      '                                                                    4051 Basel',
      '                                                                    TVA CHE-836.476.143',
      '',
      'Rhein Sàrl',
      'Via Nassa 64',
      '4051 Basel',
      ...filler,
    ]);
    expect(alone?.address.company_name ?? null).to.equal(null);
  });

  it('takes the postal code and town of a print whose postal line OCR did not deliver from another print of the same name and street', () => {
    const { sender } = partiesIn([
      'Edelweiss AG',
      'Landstraße 3a',
      '',
      'UID ATU21125280',
      'Tel. +43 40 217 68 18',
      '',
      'Edelweiss AG - Landstraße 30a - 8010 Graz',
      'Alpenblick AG',
      'Maria-Theresien-Str. 117',
      '5020 Salzburg',
      ...filler,
    ]);

    expect(sender?.address).to.include({ company_name: 'Edelweiss AG', street: 'Landstraße', postal_code: '8010', city_name: 'Graz' });
  });

  it('takes the sender’s name with the space between its words that OCR lost in the other print', () => {
    const { sender } = partiesIn([
      'CeresioSA',
      'Rue de Bourg 104',
      '3011 Bern',
      'UID CHE-555.259.372 MWST',
      ...filler,
      'Ceresio SA',
      'Rue de Bourg 104',
      '3011 Bern',
    ]);

    expect(sender?.address.company_name).to.equal('Ceresio SA');
  });

  it('takes the sender printed twice for one where OCR misread one of postal code, street and house number in one print: its name and the other two agree', () => {
    const lines = [
      'Fontana Impianti S.p.A.',
      'Corso Italia, 7A',
      '16121 Genova',
      'Tel. +39 02 9597068',
      ...filler,
      '',
      'Fontana Impianti S.p.A.    Partita IVA IT02578880151',
      'Corso Italia, 7A',
      '16171 Genova',
    ];
    const footerFrom = lines.length - 3;
    const document = scannedDocument(lines, { confidence: (row) => (row >= footerFrom ? 0.6 : 0.95) });
    const { sender } = findParties(document, findAddressBlocks(document), findTaxIds(document), []);

    expect(sender?.address).to.include({ company_name: 'Fontana Impianti S.p.A.', postal_code: '16121', vat_id: 'IT02578880151' });
    // Another company at a neighbour's house number is another address.
    const { sender: other, receiver } = partiesIn([
      'Les Tilleuls SA - 13 allée Jean Jaurès - 31000 Toulouse',
      'Garonne SAS',
      '15 allée Jean Jaurès',
      '31000 Toulouse',
      ...filler,
    ]);
    expect([other?.address.company_name, receiver?.address.company_name]).to.deep.equal(['Les Tilleuls SA', 'Garonne SAS']);
  });

  it('votes the sender’s name word by word over every print of it: its blocks and the account holder’s line, a letter OCR misread in the surest print outvoted', () => {
    const linesWith = (letterhead: string) => [
      letterhead,
      'Spitalgasse 85',
      '4051 Basel',
      'Tel. +41 61 555 12 12',
      '',
      'Jura GmbH',
      'Multergasse 7',
      '9000 St. Gallen',
      ...filler,
      'Kontoinhaber: Rhein AG      IBAN CH93 0076 2011 6238 5295 7',
      '',
      'Rhein AG                    UID CHE-123.456.789 MWST',
      'Spitalgasse 85',
      '4051 Basel',
    ];
    // The letterhead's name read most surely, the footer's small print less.
    const senderOf = (lines: string[]) => {
      const document = scannedDocument(lines, { rows: 60, confidence: (row) => (row === 0 ? 0.95 : 0.9) });
      return findParties(document, findAddressBlocks(document), findTaxIds(document), findBankAccounts(document).accounts).sender;
    };
    const confidenceOf = (party: ReturnType<typeof senderOf>) => {
      const evidence = party?.evidence.company_name;
      return evidence && 'value' in evidence ? evidence.confidence : 0;
    };

    const misread = senderOf(linesWith('Ahein AG'));
    const agreed = senderOf(linesWith('Rhein AG'));

    expect(misread?.address.company_name).to.equal('Rhein AG');
    expect(agreed?.address.company_name).to.equal('Rhein AG');
    // Three prints that read the same name make it surer than three of which one read another.
    expect(confidenceOf(agreed)).to.be.greaterThan(confidenceOf(misread));
  });

  it('takes the name with a company form over the sender’s VAT id at the top of the page where OCR garbled the letterhead’s address', () => {
    const { sender, receiver } = partiesIn([
      'Ceresio SA',
      '{reg 1205  39',
      '     Genève',
      'UID CHE-613.342.364 MWST',
      'Tel. +41 18 868 20 93',
      '',
      '                                                            Léman AG',
      '                                                            z.Hd. Beat Keller',
      '                                                            Rue de Bourg 112',
      '                                                            9000 St. Gallen',
      ...filler,
    ]);

    expect(sender?.address).to.include({ company_name: 'Ceresio SA', vat_id: 'CHE-613.342.364 MWST', street: null });
    expect(receiver?.address.company_name).to.equal('Léman AG');
    // A line without a company form over the id is no name, nor is the receiver's block over it.
    expect(partiesIn(['Rechnung', 'UID CHE-613.342.364 MWST', ...filler]).sender?.address.company_name).to.equal(null);
    const under = partiesIn([
      'Rechnung',
      '',
      'Rechnungsadresse:',
      'Léman AG',
      'Rue de Bourg 112',
      '9000 St. Gallen',
      'Lieferdatum 12.03.2026',
      'UID CHE-613.342.364 MWST',
      ...filler,
    ]);
    expect(under.sender?.address).to.include({ company_name: null, vat_id: 'CHE-613.342.364 MWST' });
  });

  it('infers the sender’s country from its phone, domain and account where its postal code fits, and gives a domestic receiver the same', () => {
    const { sender, receiver } = partiesIn([
      'Studio Perrin SA',
      'Avenue de la Gare 58',
      '2000 Neuchâtel',
      'Tél +41 87 656 68 78 · info@studioperrin.ch',
      '',
      'Facturé à',
      'Huber Sàrl',
      'Rue du Lac 5',
      '1003 Lausanne',
      ...filler,
      'IBAN CH93 0076 2011 6238 5295 7',
    ]);

    expect(sender?.address.country_code).to.equal('CH');
    expect(receiver?.address.country_code).to.equal('CH');
  });

  it('gives a receiver whose postcode OCR broke beyond reading the sender’s country', () => {
    const { sender, receiver } = partiesIn([
      'INVOICE TO                                                    Kestrel plc',
      'Thistle plc                                                   78 Mill Lane',
      '111 Deansgate                                                 Bristol BS1 6QH',
      'London                                                        VAT registration GB605431081',
      '   9G',
      'NI',
    ]);

    expect(sender?.address).to.include({ company_name: 'Kestrel plc', country_code: 'GB' });
    expect(receiver?.address).to.include({ company_name: 'Thistle plc', postal_code: null, city_name: 'London', country_code: 'GB' });
  });

  it('leaves the sender’s country open when the evidence does not fit its postal code', () => {
    const { sender, receiver } = partiesIn([
      'Studio Perrin SA',
      'Avenue de la Gare 58',
      '2000 Neuchâtel',
      'Tel. +49 30 1234567',
      '',
      'Facturé à',
      'Huber GmbH',
      'Kärntner Ring 12',
      'AT-6020 Innsbruck',
    ]);

    expect(sender?.address.country_code).to.equal(null);
    expect(receiver?.address.country_code).to.equal('AT');
  });

  it('takes the first address at the top of a receipt for its shop', () => {
    const lines = [
      '     Corner Shop',
      '  Bahnhofstrasse 70',
      '    6003 Luzern',
      '',
      'RECEIPT',
      'Notebook A5        14.55',
      'Total CHF          14.55',
    ];
    const document = toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]);
    const blocks = findAddressBlocks(document);

    expect(findParties(document, blocks, [], [], { receipt: true }).sender?.address).to.include({
      company_name: 'Corner Shop',
      city_name: 'Luzern',
    });
    expect(findParties(document, blocks, [], []).sender).to.equal(null);
  });

  it('given a letter whose addressee’s block opens with "Herrn" on a line of its own right under the sender’s name, and the sender’s office with its phone below, takes each', () => {
    const { sender, receiver } = partiesIn([
      'MVM Musterhafter',
      'Versicherungsverein Musterstadt a.G.',
      'Herrn',
      'Max Mustermann',
      'Musterstr. 11',
      '12346 Bad Musterhausen',
      'Versicherungsbüro',
      'Muster',
      'Musterstr. 12',
      '12345 Musterstadt',
      'Tel.: 0123/45678',
      'Fax.: 01231/99 45678',
      '',
      'Beitragsrechnung                                               24. Januar 2014',
      ...filler.slice(0, 10),
    ]);
    expect(receiver?.address).to.include({
      company_name: 'Max Mustermann',
      street: 'Musterstr.',
      house_number: '11',
      postal_code: '12346',
    });
    expect(sender?.address).to.include({ street: 'Musterstr.', house_number: '12', postal_code: '12345', city_name: 'Musterstadt' });
  });

  it('given a company’s name with its legal form over two lines at the head of the letter, and the sender’s block naming an office without one, takes the letterhead’s name with the office’s address', () => {
    const lines = (office: string) => [
      'Nordlicht Gegenseitige',
      'Versicherungsverein Kiel a.G.',
      '',
      'Frau',
      'Erika Beispiel',
      'Hafenstraße 3',
      '24103 Kiel',
      office,
      'Am Kai 12',
      '24105 Kiel',
      'Tel.: 0431/45678',
      'Fax.: 0431/99 45678',
      '',
      'Beitragsrechnung                                               24. Januar 2014',
      ...filler.slice(0, 10),
    ];
    expect(partiesIn(lines('Geschäftsstelle Kiel')).sender?.address).to.include({
      company_name: 'Nordlicht Gegenseitige Versicherungsverein Kiel a.G.',
      street: 'Am Kai',
      house_number: '12',
      postal_code: '24105',
    });
    // A block that names a company with its legal form keeps its name.
    expect(partiesIn(lines('Nordlicht Service GmbH')).sender?.address.company_name).to.equal('Nordlicht Service GmbH');
  });
});
