import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { monospacedWords } from '../../../../test/support/monospaced-words.js';
import { findReceiptHeader } from './receipt-header.js';

const headerOf = (lines: string[]) => findReceiptHeader(toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]))?.address ?? null;

describe('extractor: a till receipt’s header', () => {
  it('names the shop by the line with a legal form and reads the address below it up to the tax number', () => {
    const address = headerOf([
      '        tan woon yann',
      '   BOOK TA .K (TAMAN DAYA) SDN BHD',
      '           789417-W',
      '   NO.53 55,57 & 59, JALAN SAGU 18,',
      '          TAMAN DAYA,',
      '       81100 JOHOR BAHRU,',
      '            JOHOR.',
      '   GST REG NO : 000123456789',
      '   Date: 25/12/2018 8:13:39 PM',
    ]);

    expect(address).to.include({
      company_name: 'BOOK TA .K (TAMAN DAYA) SDN BHD',
      street: 'NO.53 55,57 & 59, JALAN SAGU 18, TAMAN DAYA',
      postal_code: '81100',
      city_name: 'JOHOR BAHRU, JOHOR',
    });
  });

  it('given a phone number after the store’s name ("Cheltenham Extra  0345 677 9189"), then its last group is no postal code', () => {
    const address = headerOf([
      '               TESCO',
      '        Stores Ltd',
      '   Cheltenham Extra  0345 677 9189',
      '      VAT Number: 220430231',
    ]);

    expect(address).to.include({ company_name: 'TESCO Stores Ltd', postal_code: null });
  });

  it('given a postal code of digits joined by a dash ("108-0023"), then its tail is no postal code', () => {
    const address = headerOf(['Kobayashi Precision Co., Ltd.', '2-14-5 Shibaura, Minato-ku', 'Tokyo 108-0023, Japan', 'Tel 03 5555 0101']);

    expect(address).to.include({ company_name: 'Kobayashi Precision Co., Ltd.', postal_code: null, city_name: null });
  });

  it('given a till that prints its town before its street, then the street with its number under the postal line', () => {
    const address = headerOf([
      '    real                         real GmbH',
      '   33100 Paderborn',
      '   Husener Str. 121',
      '   Tel.: 052 51 / 68 90 80',
    ]);

    expect(address).to.include({ street: 'Husener Str. 121', postal_code: '33100', city_name: 'Paderborn' });
  });

  it('given a street and postcode on one line with a dash between them, then the street ends before the dash', () => {
    const address = headerOf([
      '        BAR PASTICCERIA ROMA',
      '     di Bianchi Luca & C. s.n.c.',
      '      Via Roma 15 - 37121 Verona',
      '        P.IVA 01234567890',
    ]);
    expect([address?.street, address?.postal_code, address?.city_name]).to.deep.equal(['Via Roma 15', '37121', 'Verona']);
  });

  it('given a European till’s header over its date, cashier and register line, then that line is no part of the address', () => {
    const address = headerOf([
      '             MeinDrogeriemarkt',
      '  27.02.2020 15:56 Bed.Nr.:120 Kasse 02',
      '        662834502022     ZEISS BRILLENPUTZTUC                 €1,95 A',
      '       Total                                            €1.95',
    ]);

    expect(address?.street ?? null).to.equal(null);
  });

  it('takes the first prominent line above the address when no line has a legal form, past specks and a register number', () => {
    const address = headerOf([
      '|',
      'i',
      '     ASIA MART',
      '    (SA0264195-T)',
      ' NO 23 BATU 10, TAMAN SENTOSA',
      'JALAN KAPAR, 42200 KLANG,',
      'GST ID : 001609584640',
    ]);

    expect(address).to.include({
      company_name: 'ASIA MART',
      street: 'NO 23 BATU 10, TAMAN SENTOSA, JALAN KAPAR',
      postal_code: '42200',
      city_name: 'KLANG',
    });
  });

  it('joins a name that goes on on the next line and leaves out a register number printed inside it', () => {
    expect(
      headerOf(['HOME MASTER HARDWARE &', 'ELECTRICAL', '(1234567-X)', 'NO.113G, JALAN SETIA', '40170 SETIA ALAM', 'TEL: 03-1234']),
    ).to.include({
      company_name: 'HOME MASTER HARDWARE & ELECTRICAL',
    });
    expect(
      headerOf(['TEO HENG STATIONERY(001451637-M) & BOOKS', 'NO. 53, JALAN BESAR, 45600 BATANG BERJUNTAI', 'TEL: 03-3271']),
    ).to.include({
      company_name: 'TEO HENG STATIONERY & BOOKS',
      street: 'NO. 53, JALAN BESAR',
      city_name: 'BATANG BERJUNTAI',
    });
  });

  it('passes over the date and time printed between the name and the address, and a postal code that ends its line', () => {
    expect(
      headerOf([
        'UNIHAKKA INTERNATIONAL SDN BHD',
        '05 Mar 2018 18:24',
        '(867388-U)',
        'BANDAR BUKIT RAJA, 41050',
        'KLANG SELANGOR D.E, MALAYSIA',
        'TAX INVOICE',
      ]),
    ).to.include({
      company_name: 'UNIHAKKA INTERNATIONAL SDN BHD',
      street: 'BANDAR BUKIT RAJA',
      postal_code: '41050',
      city_name: 'KLANG SELANGOR D.E, MALAYSIA',
    });
  });

  it('reads a European shop the same way', () => {
    expect(headerOf(['Bäckerei Müller GmbH', 'Hauptstrasse 12', '8001 Zürich', 'Tel. 044 123 45 67'])).to.include({
      company_name: 'Bäckerei Müller GmbH',
      street: 'Hauptstrasse 12',
      postal_code: '8001',
      city_name: 'Zürich',
    });
  });

  it('reads the town with the accents OCR dropped, as an address block does', () => {
    expect(headerOf(['Léman GmbH', 'Rue de Bourg 35', '1205 Geneve', 'Tél. +41 80 644 95 80'])).to.include({ city_name: 'Genève' });
    expect(headerOf(['Léman GmbH', 'Rue de Bourg 35', '1205 GENEVE', 'Tél. +41 80 644 95 80'])).to.include({ city_name: 'GENÈVE' });
  });

  it('reads a Dutch shop: a name without a known legal form above its street, and the country its postal code names', () => {
    expect(headerOf(['Molenwiek V.O.F.', 'Kerkstraat 77bis', '3511 LX Utrecht', 'Tel. +31 96 836 71 92', 'Bonnr. 39324'])).to.include({
      company_name: 'Molenwiek V.O.F.',
      street: 'Kerkstraat 77bis',
      postal_code: '3511 LX',
      city_name: 'Utrecht',
      country_code: 'NL',
    });
    // A speck read as a full stop after the code's letters.
    expect(headerOf(['Molenwiek V.O.F.', 'Lange Voorhout 69', '1015 CJ. Amsterdam', 'Tel. +31 68 436 82 64'])).to.include({
      postal_code: '1015 CJ',
      city_name: 'Amsterdam',
    });
  });

  it('reads an American header: the town before its state and ZIP code, the country named below', () => {
    expect(headerOf(['Biotech Inc.', '215 Vine St', 'Scranton PA 18503', 'États Unis', 'Tel. (570) 555 0123'])).to.include({
      company_name: 'Biotech Inc.',
      street: '215 Vine St',
      postal_code: '18503',
      city_name: 'Scranton',
      country_code: 'US',
    });
  });

  it('given an American street line with its house number first ("1611 Peony Dr"), then a street, not a postal code and town', () => {
    expect(headerOf(['The Jackson Group', '1611 Peony Dr', 'Tracy CA 95377', 'États Unis'])).to.include({
      company_name: 'The Jackson Group',
      street: '1611 Peony Dr',
      postal_code: '95377',
      city_name: 'Tracy',
    });
  });

  it('reads a header with a long rule of dashes at once', () => {
    const started = performance.now();
    headerOf(['Molenwiek V.O.F.', 'Kerkstraat 77bis', '3511 LX Utrecht', '-'.repeat(60) + ' 1', 'Bonnr. 39324']);
    expect(performance.now() - started).to.be.below(1000);
  });

  it('reads past specks read as points and dashes before the street line', () => {
    expect(headerOf(['Molenwiek V.O.F.', "    A     .-  -Prinsengracht 39bis'", '3511 LX Utrecht', 'Tel. +31 76 774 44 94'])).to.include({
      company_name: 'Molenwiek V.O.F.',
      street: 'Prinsengracht 39bis',
      postal_code: '3511 LX',
    });
  });

  it('reads the country of a shop whose postal line does not name it from the dialling code of the phone its header prints', () => {
    expect(headerOf(['Jura Sàrl', 'Boulevard Carl-Vogt 72', '9000 St. Gallen', 'Tél. +41 81 559 43 46'])).to.include({
      postal_code: '9000',
      country_code: 'CH',
    });
    expect(headerOf(['Jura Sàrl', 'Boulevard Carl-Vogt 72', '9000 St. Gallen', 'Tél. 081 559 43 46']), 'no dialling code').to.include({
      country_code: null,
    });
    expect(headerOf(['Jura Sàrl', 'Rue de Bourg 1', '75001 Paris', 'Tél. +41 81 559 43 46']), 'a code of another shape').to.include({
      country_code: null,
    });
  });

  it('reads the legal form through OCR’s slips ("SON BHD", "SDN 8HD") and keeps a name with one however garbled its initials', () => {
    expect(headerOf(['MR 0.7.Y. (M) SON BHD', '(CO.KEG : 860671-0)', 'LOT 1851-A, JALAN KPB 6,', '43300 SERI KEMBANGAN'])).to.include({
      company_name: 'MR 0.7.Y. (M) SDN BHD',
      street: 'LOT 1851-A, JALAN KPB 6',
    });
    expect(headerOf(['BOOK TA .K SDN 8HD', '81100 JOHOR BAHRU'])).to.include({ company_name: 'BOOK TA .K SDN BHD' });
  });

  it('keeps the street lines of an address that prints no postal code, and a shop number misread with a dollar sign, its S', () => {
    expect(headerOf(['y', 'THREE STOOGES', '109, SS21/1A,', 'DAMANSARA UTAMA', 'GST ID : 001661886464'])).to.include({
      company_name: 'THREE STOOGES',
      street: '109, SS21/1A, DAMANSARA UTAMA',
      postal_code: null,
    });
    expect(headerOf(['YHM Aeon Tebrau City', '$117, Second Floor,', 'Aeon Tebrau City,', '81100 Johor Bahru, Johor.'])).to.include({
      company_name: 'YHM Aeon Tebrau City',
      street: 'S117, Second Floor, Aeon Tebrau City',
    });
  });

  it('names the registered company, not the brand or outlet printed above or below it, and starts the address at its first line', () => {
    expect(
      headerOf([
        'KIKU JAPANESE RESTAURANT',
        'TK DIVISION KITCHEN SDN BHD',
        '1202152-P',
        '19-1, JALAN MALINJA 2, TAMAN BUNGA RAYA,',
        '53100 SETAPAK, KUALA LUMPUR',
        'TEL. 03-4161 8936',
      ]),
    ).to.include({
      company_name: 'TK DIVISION KITCHEN SDN BHD',
      street: '19-1, JALAN MALINJA 2, TAMAN BUNGA RAYA',
      postal_code: '53100',
    });
    expect(
      headerOf([
        'TRI SHAAS SON BHD (728515-M)',
        'MYDIN MART SRI MUDA',
        '4-20, Jalan Ria 25/62 Taman Sri Muda',
        'Seksyen 25, 40400 Shah Alam Selangor',
        'Tel : 03-51217970',
      ]),
    ).to.include({
      company_name: 'TRI SHAAS SDN BHD',
      street: '4-20, Jalan Ria 25/62 Taman Sri Muda, Seksyen 25',
      postal_code: '40400',
    });
  });

  it('takes a name whose register number OCR set in its line, never a line inside the address, and an address that opens with its floor', () => {
    expect(
      headerOf([
        '99 SPEED MART S/B (519537X)',
        'LOT P.T. 2811, JALAN ANGSA,',
        'TAMAN BERKELEY',
        '41150 KLANG, SELANGOR',
        'GST ID. NO: 000181747712',
      ]),
    ).to.include({
      company_name: '99 SPEED MART S/B',
      street: 'LOT P.T. 2811, JALAN ANGSA, TAMAN BERKELEY',
    });
    expect(
      headerOf([
        'AEON CO. (M) BHD (126926-H)',
        '3RD FLR, AEON TAMAN MALURI SC',
        'JLN JEJAKA, TAMAN MALURI',
        'CHERAS, 55100 KUALA LUMPUR',
        'GST ID : 002017394688',
      ]),
    ).to.include({
      company_name: 'AEON CO. (M) BHD',
      street: '3RD FLR, AEON TAMAN MALURI SC, JLN JEJAKA, TAMAN MALURI, CHERAS',
      postal_code: '55100',
    });
  });

  it('ends the name at its legal form: a legal form alone on the next line joins it, a register number after it is left out', () => {
    expect(
      headerOf([
        'PASARAYA BORONG PINTAR',
        'SDN BHD',
        'BR No: (124525-H)',
        'NO 19-G, JALAN TASIK UTAMA 4,',
        'MEDAN NIAGA TASIK DAMAI',
        '016-5498845',
      ]),
    ).to.include({
      company_name: 'PASARAYA BORONG PINTAR SDN BHD',
      street: 'NO 19-G, JALAN TASIK UTAMA 4, MEDAN NIAGA TASIK DAMAI',
    });
    expect(headerOf(["KING'S CONFECTIONERY S/B 273500-U (KSB)", 'NO. 9, JALAN USJ 10/1', '47620 SUBANG JAYA'])).to.include({
      company_name: "KING'S CONFECTIONERY S/B",
    });
    expect(
      headerOf([
        'Company No 20965-W',
        'SUN WONG KUT SON BHD',
        'Company No 20965-W',
        'Site: 1046',
        '176 JLN SUNGEI BESI',
        '57100 KUALA LUMPUR',
      ]),
    ).to.include({
      company_name: 'SUN WONG KUT SDN BHD',
      street: '176 JLN SUNGEI BESI',
    });
  });

  it('reads an initialism’s letters OCR took for digits, and "Sdn Bhd" without its D, in the case printed', () => {
    expect(headerOf(['MR D.1.Y. (JOHOR) SDN BHD', '(CO.REG : 860671-D)', 'LOT 1851-A, JALAN KPB 6,', '43300 SERI KEMBANGAN'])).to.include({
      company_name: 'MR D.I.Y. (JOHOR) SDN BHD',
    });
    expect(
      headerOf(["Watson's Personal Care Stores Sn Bhd", '(Co. No. 224458-T)', 'Lot G-07, Jaya Shopping Centre', '46100 Petaling Jaya']),
    ).to.include({
      company_name: "Watson's Personal Care Stores Sdn Bhd",
    });
  });

  it('reads past a title printed above the name and a tax number printed between the name and the address, and ends the address at a blank line below its postal line', () => {
    expect(
      headerOf([
        'TAX INVOICE',
        'BHPetrol Subang Airport',
        'Jalan Lapangan Terbang Subang',
        '47200 Subang',
        'Selangor',
        'CO. REG. NO: 000948487-V',
      ]),
    ).to.include({ company_name: 'BHPetrol Subang Airport', street: 'Jalan Lapangan Terbang Subang', postal_code: '47200' });
    expect(
      headerOf(['BHPetrol Subang Airport', 'Jalan Lapangan Terbang Subang', '47200 Subang', 'Selangor', '', "D'Rosh Servport"]),
    ).to.include({
      city_name: 'Subang, Selangor',
    });
    expect(
      headerOf([
        'Farmasi Maluri S/B(587969-U)',
        'GST NO: 000342237184 (ID:5033)',
        '23, Jln Burung Jentayu, Tmn Bukit',
        'Maluri, Kepong, 52100 KL.',
        'TAX INVOICE',
      ]),
    ).to.include({ company_name: 'Farmasi Maluri S/B', street: '23, Jln Burung Jentayu, Tmn Bukit, Maluri, Kepong', postal_code: '52100' });
  });

  it('keeps a brand written in camel case, reads "S/B" through OCR’s "5/8", and keeps a branch line after the postal code', () => {
    expect(headerOf(['PappaRich BMC', 'NO.19 & 21', 'JALAN TEMENGGUNG 23/9', '43200 SELANGOR', 'TAX INVOICE'])).to.include({
      company_name: 'PappaRich BMC',
      street: 'NO.19 & 21, JALAN TEMENGGUNG 23/9',
    });
    expect(
      headerOf([
        '99 SPEED MART 5/8 (519537X)',
        'LOT P.T. 2811, JALAN ANGSA,',
        '41150 KLANG, SELANGOR',
        '1181-TMN SRI SINAR',
        'GST ID. NO: 000181747712',
      ]),
    ).to.include({ company_name: '99 SPEED MART S/B', city_name: 'KLANG, SELANGOR, 1181-TMN SRI SINAR' });
  });

  it('finds no shop in a header of garbled lines', () => {
    expect(headerOf(['/ 7MI T', 'RRR RnA', 'TEL: 03-1234'])).to.equal(null);
  });

  it('is surer of a registered company right above its address than of a line guessed among others, and doubts a name with a misread’s mark', () => {
    const confidenceOf = (lines: string[]) =>
      findReceiptHeader(toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]))!.evidence.company_name!.confidence;
    const registered = confidenceOf([
      'MR D.I.Y. (M) SDN BHD',
      '(CO.REG : 860671-D)',
      'LOT 1851-A, JALAN KPB 6,',
      '43300 SERI KEMBANGAN, SELANGOR',
    ]);
    const guessed = confidenceOf(['THE CORNER', 'COFFEE HOUSE', 'GST ID : 001661886464']);
    const misread = confidenceOf([
      'MR 0.7.Y. (M) SDN BHD',
      '(CO.REG : 860671-D)',
      'LOT 1851-A, JALAN KPB 6,',
      '43300 SERI KEMBANGAN, SELANGOR',
    ]);

    expect(registered).to.be.greaterThan(guessed);
    expect(misread).to.be.lessThan(registered);
  });

  it('reads past register and tax numbers in brackets between name and address, and leaves out a mall printed in capitals under an address in small letters', () => {
    const address = headerOf([
      '   POPULAR BOOK CO. (M) SDN BHD',
      '     (Co.(M)No. 113825-W)',
      '|       (GST Reg No. 001492992000)',
      '|  No 8, Jalan 7/118B, Desa Tun Razak',
      '     56000 Kuala Lumpur, Malaysia',
      '        SUNWAY VELOCITY',
      '',
      '    Tel : 03-9201 6281/6920',
    ]);

    expect(address).to.include({
      company_name: 'POPULAR BOOK CO. (M) SDN BHD',
      street: 'No 8, Jalan 7/118B, Desa Tun Razak',
      postal_code: '56000',
      city_name: 'Kuala Lumpur, Malaysia',
    });
  });

  it('reads past a note printed above the name and a till’s counter before it', () => {
    expect(
      headerOf([
        'Your order number is',
        '  #000002 BAIFU (M) Sdn Bhd',
        '  Level 6, Bangunan TH, Damansara Uptown3',
        '  No.3, Jalan SS21/39,47400 Petaling Jaya',
        '  Tel No. 03-6156-2160',
      ]),
    ).to.include({ company_name: 'BAIFU (M) Sdn Bhd', postal_code: '47400' });
  });

  it('joins company words and a legal form on the next line to the name, and passes over a note in brackets under it', () => {
    expect(headerOf(['  POPULAR BOOK', '  CO. (M) SDN BHD', '  No 8, Jalan 7/118B, Desa Tun Razak', '  56000 Kuala Lumpur'])).to.include({
      company_name: 'POPULAR BOOK CO. (M) SDN BHD',
      postal_code: '56000',
    });
    expect(
      headerOf([
        '  TONYMOLY VIVA CITY',
        '  (TONYMOLY SHOP (95874))',
        '  UNIT L1-044B, VIVACITY MEGAMALL,',
        '  JALAN WAN ALWI,',
        '  93350 KUCHING, SARAWAK.',
      ]),
    ).to.include({ company_name: 'TONYMOLY VIVA CITY', street: 'UNIT L1-044B, VIVACITY MEGAMALL, JALAN WAN ALWI', postal_code: '93350' });
  });

  it('reads SDN BHD as OCR misreads it with a 3 for the B, and passes over a till’s closing words above the header', () => {
    expect(
      headerOf(['  SUPER.SEVEN CASH & CARRY SEN 3HD (590150-4)', '  NO. 1 Jalan Euro 1', '  40150 Shah Alam', '  TEL : 03-7859 0861']),
    ).to.include({ company_name: 'SUPER.SEVEN CASH & CARRY SDN BHD', postal_code: '40150' });
    expect(
      headerOf([
        '  Thank You, Please come again.',
        '  Segi Cash & Carry Sdn.Rhd',
        '  (317041-W)',
        '  PT17920, SEKSYEN U9,',
        '  40150 SHAH ALAM,',
      ]),
    ).to.include({ company_name: 'Segi Cash & Carry Sdn.Bhd', postal_code: '40150' });
  });

  it('doubts a name that lost its first word, ends in a lone character or mixes a word in small letters into capitals', () => {
    const confidenceOf = (name: string) =>
      findReceiptHeader(
        toDocumentText([{ pageNumber: 1, text: [name, '(001610235-P)', 'NO. 2, JALAN SS4C/5,', '47301 PETALING JAYA'].join('\n') }]),
      )!.evidence.company_name!.confidence;
    const clean = confidenceOf('B & BEST RESTAURANT');

    expect(confidenceOf('& BEST RESTAURANT')).to.be.lessThan(clean);
    expect(confidenceOf('B & BEST RESTAURANT 4')).to.be.lessThan(clean);
    expect(confidenceOf('B & BEST RESTAURANT spd')).to.be.lessThan(clean);
    expect(confidenceOf('BAIFU (M) Sdn Bhd')).to.equal(confidenceOf('BAIFU (M) SDN BHD'));
  });

  it('joins a name line that starts with "&" to the line above it', () => {
    expect(
      headerOf([
        '  / Oey OL',
        '  THE COFFEE BEAN',
        '  & TEA LEAF (M) SDN. BHD.',
        '  Company No. :441970-H',
        '  Lot F36, First Floor,',
        '  81100 Johor Bahru',
      ]),
    ).to.include({ company_name: 'THE COFFEE BEAN & TEA LEAF (M) SDN. BHD.' });
  });
  it('given street words OCR misread one letter off ("Jajan", "TANAN", "JUN" before a street), then the words printed, in their case', () => {
    expect(
      headerOf(['BHPetrol Subang Airport', 'Jajan Lapangan Terbang Subang', '47200 Subang, Selangor', 'GST No: 000123456789']),
    ).to.include({ street: 'Jalan Lapangan Terbang Subang', postal_code: '47200' });
    expect(
      headerOf([
        '99 SPEED MART S/B (519537-X)',
        'LOT P.T. 2811, JALAN ANGSA,',
        'TANAN BERKELEY',
        '41150 KLANG, SELANGOR',
        'GST ID. NO: 000181747712',
      ]),
    ).to.include({ street: 'LOT P.T. 2811, JALAN ANGSA, TAMAN BERKELEY' });
    expect(
      headerOf(['AEON CO. (M) BHD. (126926-H)', '3RD FLR, AEON TAMAN MALURI SC', 'JUN JEJAKA, TAMAN MALURI', 'CHERAS, 55100 KUALA LUMPUR']),
    ).to.include({
      street: '3RD FLR, AEON TAMAN MALURI SC, JLN JEJAKA, TAMAN MALURI, CHERAS',
    });
  });

  it('given an address’s first word misread (a floor’s "SRD", a lot without its L), then the word printed', () => {
    expect(headerOf(['AEON CO. (M) BHD. (126926-H)', 'SRD FLR, AEON TAMAN MALURI SC', 'CHERAS, 55100 KUALA LUMPUR'])).to.include({
      street: '3RD FLR, AEON TAMAN MALURI SC, CHERAS',
    });
    expect(headerOf(['KEDAI PAPAN YEW CHUAN', '„OT 1-0-2, JLN 1/50, DIAMOND SQUARE', '53000 KUALA LUMPUR'])).to.include({
      street: 'LOT 1-0-2, JLN 1/50, DIAMOND SQUARE',
    });
  });

  it('given a lot read as digits or a house number\'s "NO" with its O read as G, when read, then the word printed', () => {
    expect(
      headerOf(['MR D.I.Y. (M) SDN BHD', '(CO.REG : 860671-D)', '107 1851-A & 1851-B, JALAN KPB 6,', '43300 SERI KEMBANGAN, SELANGOR']),
    ).to.include({ street: 'LOT 1851-A & 1851-B, JALAN KPB 6' });
    expect(headerOf(['POPULAR BOOK CO. (M) SDN BHD', 'NG 8, Jalan 7/118B, Desa Tun Razak', '56000 Kuala Lumpur, Malaysia'])).to.include({
      street: 'NO 8, Jalan 7/118B, Desa Tun Razak',
    });
    // A house number before a floor's ordinal is no lot.
    expect(headerOf(['KEDAI ABC SDN BHD', '107 2ND FLOOR, JALAN BESAR', '45600 BATANG BERJUNTAI'])).to.include({
      street: '107 2ND FLOOR, JALAN BESAR',
    });
  });

  it('given an I read as a bar glued to its word or as an exclamation mark after it, and a lone digit a column gap before the house number, when read, then the letters printed and no digit', () => {
    expect(
      headerOf([
        'FUYI MINI MARKET',
        'BR No.: 0195832-X',
        'NO 43-45-47G,',
        'TAMAN SEJATI,',
        '|JOK, 45600 BESTAR! JAYA,',
        'KUALA SELANGOR',
        'GST No. : 001601310720',
      ]),
    ).to.include({ street: 'NO 43-45-47G, TAMAN SEJATI, IJOK', postal_code: '45600', city_name: 'BESTARI JAYA, KUALA SELANGOR' });
    expect(
      headerOf([
        'THAI DELICIOUS RESTAURANT',
        ' 3            NO.22 JALAN PUTERI 2/4',
        'BANDAR PUTERI',
        '47100 PUCHONG, SELANGOR',
        '03-8051 9514',
      ]),
    ).to.include({ street: 'NO.22 JALAN PUTERI 2/4, BANDAR PUTERI' });
    // The scan's edge read as a bar apart from the print is no letter.
    expect(headerOf(['POPULAR BOOK CO. (M) SDN BHD', '|  No 8, Jalan 7/118B, Desa Tun Razak', '56000 Kuala Lumpur, Malaysia'])).to.include({
      street: 'No 8, Jalan 7/118B, Desa Tun Razak',
    });
  });

  it("given a postcode in another state's range than the state its place names, when read, then the code a digit off in that state", () => {
    expect(
      headerOf([
        'Timeless Kitchenette Sdn Bhd',
        'Company no : 1174703-K',
        'Lot 50, Floor T2,Sky Avenue Genting Highlands',
        'Pahang, 63000 Pahang Malaysia',
        'Guest Check',
      ]),
    ).to.include({ postal_code: '69000', city_name: 'Pahang Malaysia' });
  });

  it('given a register number in brackets with its check letter spaced off, then no postal code but the name before it', () => {
    expect(
      headerOf(['99 SPEED MART 5/0 (519537 X)', 'LOT P.T. 2811, JALAN ANSSA,', '41150 KLANG, SELANGOR', 'GST ID. NO: 000181747712']),
    ).to.include({
      company_name: '99 SPEED MART S/B',
      street: 'LOT P.T. 2811, JALAN ANSSA',
      postal_code: '41150',
    });
  });

  it('given a legal form OCR set apart from the name, a tax number, a street whose first word is misread and a number after a slash, then the address from the street to its postal line', () => {
    expect(
      headerOf([
        'POPULAR BOOK',
        '(M) 113825-W) SDN BHD',
        '(Co. No.',
        '(GST Reg No. 001492992000)',
        'NG 8, Jatan 7/1188, Desa Tun Razak',
        '56000 Kuala !umpur, Malaysi.',
        '10! MALL',
        '',
        'Tel : 05-R0709188 / 80757830',
      ]),
    ).to.include({ street: 'NO 8, Jalan 7/1188, Desa Tun Razak', postal_code: '56000', city_name: 'Kuala lumpur, Malaysi' });
  });

  it('given a till’s number ending the first line, a title under a logo read as letters and an outlet’s name under the tax number, then the shop and its address', () => {
    expect(
      headerOf([
        'USA 104063',
        'UNIHAKKA INTERNATIONAL SDN BHD',
        '(867388-U)',
        '12, Jalan Tampoi 7/4, Kawasan Perindustrian',
        'Tampoi,81200 Johor Bahru,Johor',
        'TAXINVOICE',
      ]),
    ).to.include({ company_name: 'UNIHAKKA INTERNATIONAL SDN BHD', postal_code: '81200' });
    expect(
      headerOf([
        'HO Ars!Li Ta A',
        'TAX INVOICE',
        "DOMINO'S PIZZA",
        'GST REF NO : 001694261248',
        "DOMINO'S PIZZA PERMAS JAYA",
        'No.12, Jalan Permas Jaya 10,',
        'Bandar Baru Permas Jaya, 81750 Masai',
        'Johor',
        '',
        'Order : 6224',
      ]),
    ).to.include({
      company_name: "DOMINO'S PIZZA",
      street: 'No.12, Jalan Permas Jaya 10, Bandar Baru Permas Jaya',
      postal_code: '81750',
      city_name: 'Masai, Johor',
    });
  });

  it('given the end of the receipt before above the header (its thanks), then the shop below the blank line after it', () => {
    expect(
      headerOf([
        'Thank You, Flease cose again.',
        'Goods Sol4 Are Note Returnatde.',
        'For feedtack or copplaint, please call:',
        'N 011-3194 0284',
        '',
        'Segi Cash & Carry Sdn.Rhd',
        '(317041-W)',
        'PT17920, SEKSYEN U9,',
        '40150 SHAH ALAM,',
        'GST Reg. No. : 001951645696',
      ]),
    ).to.include({ company_name: 'Segi Cash & Carry Sdn.Bhd', street: 'PT17920, SEKSYEN U9', postal_code: '40150' });
  });

  it('given a lot numbered "P.T." or "NO." under a name with a register number that opens with a number, then that name over its address', () => {
    expect(
      headerOf([
        'J) POSTE; Lis',
        '99 SPEED HART 5/8 (519537-X)',
        'LOT P.T. 2811, JALAN ANCSR,',
        '31150 KLANG, SELANGOR',
        'GST ID. NO : 000181747712',
      ]),
    ).to.include({ company_name: '99 SPEED HART S/B', street: 'LOT P.T. 2811, JALAN ANCSR' });
    expect(headerOf(["KING'S CONFECTIONERY S/B 273500-U", 'LOT ND. 623, GIANT KELANA JAYA', 'TEL NO: 03 - 7803 0974'])).to.include({
      company_name: "KING'S CONFECTIONERY S/B",
      street: 'LOT ND. 623, GIANT KELANA JAYA',
    });
  });

  it('given specks above a note printed above the name ("Your order number is"), then the note ends no header', () => {
    expect(
      headerOf([
        '        i',
        '      D',
        '',
        'Your order number is',
        '      7290',
        'tealive',
        'CT281 - Tealive Shell Kepong',
        'Ottogo Enterprise',
        '002570632-X',
        'NO. 5, JALAN BESAR KEPONG',
        '52100 KUALA LUMPUR',
      ]),
    ).to.include({ company_name: 'Ottogo Enterprise', postal_code: '52100' });
  });

  it('given "Sdn Bnd" (the h read as n), then SDN BHD in the case printed', () => {
    expect(
      headerOf(["Watson's Personal Care Stores Sdn Bnd", '(Co. No. 224458-T)', 'Lot G-07, Jaya Shopping Centre', '46100 Petaling Jaya']),
    ).to.include({ company_name: "Watson's Personal Care Stores Sdn Bhd" });
  });

  it('given "S/B" misread "5/8" before a register number that lost its bracket, then the name ends at S/B', () => {
    expect(
      headerOf(['99 SPEED MART 5/8 4519537-X) RATAN', 'LOT P.T. 2811, JALAN ANGSA,', '41150 KLANG, SELANGOR', 'GST ID. NO: 000181747712']),
    ).to.include({ company_name: '99 SPEED MART S/B' });
  });

  it('given a lone 6 between two words of a name, then an ampersand, but not after a floor’s, phase’s or street’s word', () => {
    expect(headerOf(['TEO HENG STATIONERY 6 BOOKS', 'NO. 53, JALAN BESAR,', '45600 BATANG BERJUNTAI'])).to.include({
      company_name: 'TEO HENG STATIONERY & BOOKS',
    });
    expect(headerOf(['PAVILION LEVEL 6 FOOD COURT', 'NO. 168, JALAN BUKIT BINTANG,', '55100 KUALA LUMPUR'])).to.include({
      company_name: 'PAVILION LEVEL 6 FOOD COURT',
    });
  });

  it('reads "SON BD", "SDN BID", "SDN EHD" and "SUN BHD" as SDN BHD, and leaves an owner’s label out of the name', () => {
    expect(headerOf(['GARDENIA BAKERIES (KL) SDN BID', 'LOT 3, JALAN PELABUR 23/1,', '40300 SHAH ALAM'])).to.include({
      company_name: 'GARDENIA BAKERIES (KL) SDN BHD',
    });
    expect(headerOf(['GARDENIA BAKERIES (KL) SDN EHD', 'LOT 3, JALAN PELABUR 23/1,', '40300 SHAH ALAM'])).to.include({
      company_name: 'GARDENIA BAKERIES (KL) SDN BHD',
    });
    expect(headerOf(['FOUR QUARTERS SUN BHD', 'LOT 3, JALAN PELABUR 23/1,', '40300 SHAH ALAM'])).to.include({
      company_name: 'FOUR QUARTERS SDN BHD',
    });
    expect(headerOf(['OWN BY: CHEF LEE SDN BHD', 'LOT 3, JALAN PELABUR 23/1,', '40300 SHAH ALAM'])).to.include({
      company_name: 'CHEF LEE SDN BHD',
    });
    expect(headerOf(['AMANO MALAYSIA SON BD (682288-V)', '12 JALAN PENGACARA U1/48', '40150 SHAH ALAM'])).to.include({
      company_name: 'AMANO MALAYSIA SDN BHD',
    });
  });

  it('given a 6 glued to a word of the name before the next one, then an ampersand; a glued floor number stays', () => {
    expect(headerOf(['TEO HENG STATIONERY6 BOOKS', 'NO. 53, JALAN BESAR,', '45600 BATANG BERJUNTAI'])).to.include({
      company_name: 'TEO HENG STATIONERY & BOOKS',
    });
    expect(headerOf(['PAVILION LEVEL6 FOOD COURT', 'NO. 168, JALAN BUKIT BINTANG,', '55100 KUALA LUMPUR'])).to.include({
      company_name: 'PAVILION LEVEL6 FOOD COURT',
    });
  });

  it('given a trade word of the name split by a space after its first letters, misread or not, then the word; two words printed so stay', () => {
    expect(headerOf(['TED HENG ST ATIUNERY6 BOOKS', 'NO. 53, JALAN BESAR,', '45600 BATANG BERJUNTAI'])).to.include({
      company_name: 'TED HENG STATIONERY & BOOKS',
    });
    expect(headerOf(['Kedai Roti Ba kery', 'NO 3, JALAN BESAR,', '05000 ALOR SETAR'])).to.include({
      company_name: 'Kedai Roti Bakery',
    });
    expect(headerOf(['ABC SUPER MART', 'NO 3, JALAN BESAR,', '05000 ALOR SETAR'])).to.include({ company_name: 'ABC SUPER MART' });
    expect(headerOf(['MY BAKERY SDN BHD', 'NO 3, JALAN BESAR,', '05000 ALOR SETAR'])).to.include({ company_name: 'MY BAKERY SDN BHD' });
  });

  it('given a word of the shop’s name one character off a word shops name their trade with, then that word; names printed so stay', () => {
    expect(headerOf(['BILLION SIX ENTFRPRISE', 'NO 3, JALAN TAMAN JASA 2,', '40150 SHAH ALAM', 'TEL: 03'])).to.include({
      company_name: 'BILLION SIX ENTERPRISE',
    });
    expect(headerOf(['Gardenia Bakfries (KL) Sdn Bhd', 'Lot 3, Jalan Pelabur 23/1,', '40300 Shah Alam'])).to.include({
      company_name: 'Gardenia Bakeries (KL) Sdn Bhd',
    });
    expect(headerOf(['KEDAI RUNCIT KEDAH SDN BHD', 'NO 3, JALAN BESAR,', '05000 ALOR SETAR'])).to.include({
      company_name: 'KEDAI RUNCIT KEDAH SDN BHD',
    });
    expect(headerOf(['PETRON BAKERS SDN BHD', 'NO 3, JALAN BESAR,', '05000 ALOR SETAR'])).to.include({
      company_name: 'PETRON BAKERS SDN BHD',
    });
    expect(headerOf(['CITY STATIONERS SDN BHD', 'NO 3, JALAN BESAR,', '05000 ALOR SETAR'])).to.include({
      company_name: 'CITY STATIONERS SDN BHD',
    });
  });

  it('given address words one character off a state’s, a town’s or a street word, then those words; words printed so stay', () => {
    expect(
      headerOf(['TONYMOLY VIVA CITY', 'UNIT L1-044B, VIVACITY MEGAMALL,', 'JALAN WAN ALWI,', '93350 KUCHING, SARAKAK.', 'GST ID : 001'])
        ?.city_name,
    ).to.equal('KUCHING, SARAWAK');
    expect(headerOf(['B & BEST RESTAURANT', 'NO.12,JA-AN SS4C/5,PETALING JAYA', 'SE_ANGOR DARUL EHSAN', 'TEL: 03'])).to.include({
      street: 'NO.12,JALAN SS4C/5,PETALING JAYA, SELANGOR DARUL EHSAN',
    });
    expect(headerOf(['RESTORAN WAN SHENG', 'Jalan Temenggung 19/9,', '43200 Cherag, Selangor', 'TEL: 03'])).to.include({
      city_name: 'Cheras, Selangor',
    });
    expect(
      headerOf(['99 SPEED MART S/B (519537-X)', 'NO 37, JALAN MANIS 7, TAMAN SEGAR,', '41150 KLANG, SELANGOR', '1214-JINJANG UTARA']),
    ).to.include({
      street: 'NO 37, JALAN MANIS 7, TAMAN SEGAR',
      city_name: 'KLANG, SELANGOR, 1214-JINJANG UTARA',
    });

    expect(headerOf(['KEDAI MAKAN SDN BHD', '95, Beach Road,', '10300 Penarg', 'TEL: 04'])).to.include({ city_name: 'Penang' });
    expect(headerOf(['KEDAI MAKAN SDN BHD', 'NO 18, JALAN BUNGA TANJCNG 2/16,', '40000 SHAH ALAM', 'TEL: 03'])).to.include({
      street: 'NO 18, JALAN BUNGA TANJONG 2/16',
    });
    expect(headerOf(['KEDAI MAKAN SDN BHD', 'LG226, 1 UTAMA SHOPPING CENTRI,', '47800 PETALING JAYA', 'TEL: 03'])).to.include({
      street: 'LG226, 1 UTAMA SHOPPING CENTRE',
    });
  });

  it('given a registered company below what a scan made of a logo or a crumple, then that company and the address below it, counted from it', () => {
    const address = headerOf([
      'KARE TR YT ew SESE SNEA RM1 RA dt RAE TT aa acid',
      '',
      '     ‘',
      '      !',
      '    LJ',
      '     ®',
      '   © Yr',
      '      RIMBA',
      '   RIMBA STATIONERY SDN BHD',
      '       (Co. No.. 123456-W)',
      '   GST Reg No : 001000000000',
      '   F-G-01 JALAN SS 6/5',
      '   Dataran Contoh, Kelana Jaya',
      '   47301 Petaling Jaya, Selangor',
      '   02-7000 5000',
      '   Invoice No : KJ1-200000',
    ]);

    expect(address).to.include({
      company_name: 'RIMBA STATIONERY SDN BHD',
      street: 'F-G-01 JALAN SS 6/5, Dataran Contoh, Kelana Jaya',
      postal_code: '47301',
      city_name: 'Petaling Jaya, Selangor',
    });
  });

  it('given a brand and a misread title above a registered company, then the company ("SIN BHD" is SDN BHD) and its block unit address', () => {
    expect(
      headerOf([
        '   La',
        'SIMFLIFIED TAX INVOICE',
        'BB PHARMACY',
        'CONTOH HEALTHCARE SIN BHD',
        '1000000-K',
        'GST NO: 001000000000',
        'B-8, JALAN SS15/4D,',
        '47500 SUBANG JAYA, SELANGOR',
        'TEL: 03-50000000',
      ]),
    ).to.include({ company_name: 'CONTOH HEALTHCARE SDN BHD', street: 'B-8, JALAN SS15/4D', postal_code: '47500' });
  });

  it('keeps a header whose lines above the company print a date or an address as it reads', () => {
    expect(
      headerOf(['CONTOH CAFE', 'NO 5, JALAN BESAR,', '45600 BATANG BERJUNTAI', 'OWNED BY CONTOH SDN BHD', 'TEL: 03-3000000']),
    ).to.include({ company_name: 'CONTOH CAFE', street: 'NO 5, JALAN BESAR' });
  });

  it('leaves a phone number’s digits set beside the postal line out of the place', () => {
    expect(
      headerOf([
        'CONTOH BAKERIES (KL) SDN BHD (100000 X)',
        'Lot 3, Jalan Pelabur 23/1,',
        '40300 Shah Alam, Selangor. 55400000',
        'Tel: 03- 55400001 Fax:03-',
      ]),
    ).to.include({ street: 'Lot 3, Jalan Pelabur 23/1', postal_code: '40300', city_name: 'Shah Alam, Selangor' });
  });

  it('reads an 8 gluing a block’s next unit number to this one as "&"', () => {
    expect(headerOf(['CONTOH MART SDN BHD', 'NO 19-G819-1819-2 JALAN TASIK UTAMA 4,', '57000 KUALA LUMPUR', 'TEL: 03'])).to.include({
      street: 'NO 19-G&19-1&19-2 JALAN TASIK UTAMA 4',
    });
    expect(headerOf(['CONTOH MART SDN BHD', 'NO 18-1, 19-2 JALAN TASIK UTAMA 4,', '57000 KUALA LUMPUR', 'TEL: 03'])).to.include({
      street: 'NO 18-1, 19-2 JALAN TASIK UTAMA 4',
    });
  });

  it('given a town a letter or two off the post town its postcode serves (a digit or a mark among its letters), or a postcode no town has, when read, then that town and its code; another spelling stays', () => {
    expect(headerOf(['MR. D.I.Y. (M) SDN BHD', 'LOT 1851-A & 1851-B, JALAN KPB 6,', '43300 SERI K:M3ANGAN, SELANGOR'])).to.include({
      street: 'LOT 1851-A & 1851-B, JALAN KPB 6',
      postal_code: '43300',
      city_name: 'SERI KEMBANGAN, SELANGOR',
    });
    expect(headerOf(['TEO HENG STATIONERY & BOOKS', 'NO. 53, JALAN BESAR,', '45600 BATANG BERJUNTAL'])).to.include({
      city_name: 'BATANG BERJUNTAI',
    });
    expect(headerOf(['99 SPEED MART S/B', 'LOT P.T. 2811, JALAN ANGSA,', '41150 KLANG, SELANG0R'])).to.include({
      street: 'LOT P.T. 2811, JALAN ANGSA',
      city_name: 'KLANG, SELANGOR',
    });
    expect(headerOf(['99 SPEED MART S/B', 'LOT P.T. 2811, JALAN ANGSA,', '41159 KLANG, SELANGOR'])).to.include({
      postal_code: '41150',
      city_name: 'KLANG, SELANGOR',
    });
    expect(headerOf(['99 SPEED MART S/B', 'LOT P.T. 2811, JALAN ANGSA,', '41150 KELANG, SELANGOR'])).to.include({
      city_name: 'KELANG, SELANGOR',
    });
  });

  it('given a line naming a mall or a town without a number under the register and tax numbers, then that line as the address, up to the first item', () => {
    expect(
      headerOf([
        '#000002 CONTOH (M) Sdn Bhd',
        'COMPANY NO(814198-X)',
        'DAISO JAPAN, IOI MALL',
        'PHONE 03-80763806',
        'GST ID : 001389649920',
      ]),
    ).to.include({ company_name: 'CONTOH (M) Sdn Bhd', street: 'DAISO JAPAN, IOI MALL', postal_code: null });
    expect(
      headerOf([
        'Contoh Personal Care Stores Sdn Bhd',
        'Company Reg No. :269892Y',
        'GST Reg Ko. 000947339264',
        'USJ Summit, Subang (SS)',
        '22241 WS CUT SCISSORS 18.00 S',
        'SUBTOTAL (QTY 4) RM41.43',
      ]),
    ).to.include({ street: 'USJ Summit, Subang (SS)' });
    expect(
      headerOf(['Contoh Health And Beauty Sdn Bhd', 'Jalan Loke Yew Bentong', 'Ground Floor', 'Tel:09-222 1498', 'GST Reg #000899874816']),
    ).to.include({ street: 'Jalan Loke Yew Bentong, Ground Floor' });
  });

  it('given a line naming a place above the address’s first line, then an outlet’s name, no part of the address', () => {
    expect(
      headerOf(['CONTOH (M) SDN BHD', '(Co. No. 123456-A)', 'CONTOH Cheras', 'No 2A Jalan Cochrane, Taman Maluri,', '55100 KUALA LUMPUR']),
    ).to.include({ street: 'No 2A Jalan Cochrane, Taman Maluri', postal_code: '55100' });
  });

  it('reads a section’s SS that OCR read as 55, S5 or 5S after a street’s word; a lot’s number stays', () => {
    expect(headerOf(['CONTOH SDN BHD', 'B-8, JALAN 5515/4D,', '47500 SUBANG JAYA, SELANGOR', 'TEL: 03'])?.street).to.equal(
      'B-8, JALAN SS15/4D',
    );
    expect(headerOf(['CONTOH SDN BHD', 'No.128G JLN S521/35,', '47400 PETALING JAYA', 'TEL: 03'])?.street).to.equal('No.128G JLN SS21/35');
    expect(headerOf(['CONTOH SDN BHD', 'LOT PT244, JLN PERBANDARAN 556/4,', '47301 PETALING JAYA', 'TEL: 03'])?.street).to.equal(
      'LOT PT244, JLN PERBANDARAN SS6/4',
    );
    expect(headerOf(['CONTOH SDN BHD', 'LOT 5515/40, JALAN 7/118B,', '47301 PETALING JAYA', 'TEL: 03'])?.street).to.equal(
      'LOT 5515/40, JALAN 7/118B',
    );
  });

  it('reads a town one character off a town of a map of Malaysia, not only of the receipts read', () => {
    expect(headerOf(['CONTOH SDN BHD', 'NO 3, JALAN BESAR,', '28700 BENTONA, PAHANG', 'TEL: 09'])?.city_name).to.equal('BENTONG, PAHANG');
    expect(headerOf(['CONTOH SDN BHD', 'NO 3, TALAN KAPOR,', '42100 KLANG', 'TEL: 03'])?.street).to.equal('NO 3, TALAN KAPAR');
  });
  it("given a name over lines (a bracket closed on the legal form's line, a legal form with only trade words), when read, then the whole name", () => {
    expect(
      headerOf([
        '    KEAT SOON HARDWARE',
        '    ENTERPRISE (BUKIT',
        '      RAJA) SDN BHD',
        '      912345-X',
        'NO. 8, JALAN RAJA 3',
        '41050 KLANG',
        'TEL: 03-1234',
      ]),
    ).to.include({ company_name: 'KEAT SOON HARDWARE ENTERPRISE (BUKIT RAJA) SDN BHD', street: 'NO. 8, JALAN RAJA 3' });
    expect(
      headerOf(['   NORTHERN SOUTHERN', '  BOOKSTORE SDN. BHD', 'CO REG NO : 123456-K', '12, JLN MERAH 51200 KUALA LUMPUR']),
    ).to.include({
      company_name: 'NORTHERN SOUTHERN BOOKSTORE SDN. BHD',
    });
    expect(
      headerOf(['   KEDAI RUNCIT MAJU JAYA', '   (KAJANG) SDN BHD', '   (765432-W)', 'NO 4, JALAN BESAR,', '43000 KAJANG']),
    ).to.include({
      company_name: 'KEDAI RUNCIT MAJU JAYA (KAJANG) SDN BHD',
    });
  });

  it('given an initialism joined by "&" as the name, when read, then it is a name, not a garbled line', () => {
    expect(
      headerOf(['   K&L PRINTING', '  (001234567-H)', 'NO.12 JALAN MAWAR 3,', '40150 SHAH ALAM, SELANGOR.', 'TEL: 03-5555']),
    ).to.include({
      company_name: 'K&L PRINTING',
      street: 'NO.12 JALAN MAWAR 3',
      postal_code: '40150',
    });
  });

  it('given a house number after a bare "No" under a register number, when read, then it opens the address', () => {
    expect(
      headerOf(['SRI MUTIARA MINI MARKET', 'BR NO.: 0123456-X', 'NO 12-14-16G,', 'TAMAN INDAH,', '45600 BESTARI JAYA,', 'TEL: 03-1234']),
    ).to.include({
      street: 'NO 12-14-16G, TAMAN INDAH',
      postal_code: '45600',
    });
  });

  it('given a line below the country or a labelled number below an address without postal code, when read, then the address ends', () => {
    expect(
      headerOf([
        'GLOBAL BOOK CO. SDN BHD',
        '(CO. NO. 123456-W)',
        'NO 3, JALAN 5/10A, TAMAN MAJU',
        '56000 KUALA LUMPUR, MALAYSIA',
        'MIDVALLEY CITY',
        'TEL : 03-1234',
      ]),
    ).to.include({ postal_code: '56000', city_name: 'KUALA LUMPUR, MALAYSIA' });
    expect(
      headerOf(['MAJU CASH & CARRY SDN. BHD.', 'PT1234 SEK U9, SHAH ALAM', 'GST REG NO : 001234567890', 'POSTED', 'INVOICE NO : 34567']),
    ).to.include({
      street: 'PT1234 SEK U9, SHAH ALAM',
    });
  });

  it("given the receipt before's closing words and return policy above the header, no blank line between, when read, then the registered company", () => {
    expect(
      headerOf([
        'THANK YOU. PLEASE COME AGAIN.',
        'GOODS SOLD ARE NOT RETURNABLE.',
        'FOR FEEDBACK, PLEASE CALL:',
        '011-1234 5678',
        'MAJU CASH & CARRY SDN.BHD',
        '(123456-W)',
        'PT1234, SEKSYEN U9,',
        '40150 SHAH ALAM,',
        'GST REG. NO. : 001234567890',
      ]),
    ).to.include({ company_name: 'MAJU CASH & CARRY SDN.BHD', street: 'PT1234, SEKSYEN U9', postal_code: '40150' });
  });

  it('given a web address, a tax number labelled "GST/TAX NO" or a title between name and address, when read, then the address below them', () => {
    expect(
      headerOf([
        'KEDAI BUKU MAJU (M) SDN BHD',
        '   WWW.KBMAJU.COM.MY',
        'LOT 1234 JALAN BATU 3',
        '  TAMAN SRI MAJU',
        ' 51200 KUALA LUMPUR,',
        'GST REG. NO : 000123456789',
      ]),
    ).to.include({ street: 'LOT 1234 JALAN BATU 3, TAMAN SRI MAJU', postal_code: '51200', city_name: 'KUALA LUMPUR' });
    expect(
      headerOf(['FARMASI MAJU SDN BHD', '1234567K', 'GST/TAX NO: 000123456789', '12 JALAN SS2/24, PETALING JAYA', 'TEL: 03-7734 7762']),
    ).to.include({ street: '12 JALAN SS2/24, PETALING JAYA' });
    expect(
      headerOf(['KEDAI RIANG MAJU', 'GST:001234567890 1234567T', '   TAX INVOICE', 'NO7,JLN MAJU,SHAH ALAM.', '1 X PAN BESAR    21.32']),
    ).to.include({
      company_name: 'KEDAI RIANG MAJU',
      street: 'NO7,JLN MAJU,SHAH ALAM',
    });
  });

  it('given a place named without a number above a numbered line, or an "@" between words, when read, then the address from the numbered line', () => {
    expect(
      headerOf(['GUARDIAN MAJU SDN BHD', 'SUNWAY THEME PARK', 'LOT F/L2A.4, LEVEL 2A', 'SUNWAY PLAZA, SUNWAY', 'TEL:03-61012425']),
    ).to.include({ street: 'LOT F/L2A.4, LEVEL 2A, SUNWAY PLAZA, SUNWAY' });
    expect(
      headerOf([
        'ANEKA MAJU SDN BHD (524463-X)',
        'WELLMART @ KP2',
        'GST REG NO 001532760064',
        'LOT NO2, JALAN U5/13,',
        '40150 SHAH ALAM,',
        'TEL: 03-7831 0109',
      ]),
    ).to.include({ street: 'LOT NO2, JALAN U5/13', postal_code: '40150', city_name: 'SHAH ALAM', country_code: null });
  });

  it('given a greeting above an outlet named like a street without a number, when read, then the outlet as the name over its address', () => {
    expect(
      headerOf([
        'TQ FOR SHOPPING WITH MYSHOP.COM',
        'MAJU REST AND SERVICE AREA',
        'LOT R1, KWS REHAT MAJU,',
        '84600,PAGOH,JOHOR',
        'TEL : 1800 88 1231',
      ]),
    ).to.include({ company_name: 'MAJU REST AND SERVICE AREA', street: 'LOT R1, KWS REHAT MAJU', postal_code: '84600' });
  });

  it('given an address the till labels below its phone and tax numbers and no postal line under the name, when read, then the labelled address', () => {
    expect(
      headerOf([
        'MAJU RAYA BHD (169199-V)',
        '   KEPONG OUTLET',
        'TEL / FAX : 03-62636977',
        'GST ID NO: 001600892928',
        'HQ ADD: LOT 11995, BATU 2, JALAN KAPAR',
        '  41400 KLANG, SELANGOR',
        'DATE: 15/12/2016      10:24:42',
      ]),
    ).to.include({
      company_name: 'MAJU RAYA BHD',
      street: 'LOT 11995, BATU 2, JALAN KAPAR',
      postal_code: '41400',
      city_name: 'KLANG, SELANGOR',
    });
  });

  it('given a postal line with the phone printed beside it, when read, then its postal code and place; a postal code followed by a full stop too', () => {
    expect(
      headerOf([
        'BULAN CAKE HOUSE SDN BHD',
        'NO.1, JALAN PERMAS 10/5, BANDAR BARU',
        '81750 JOHOR BAHRU, JOHOR, TEL NO.: 07-387 3322',
        'WWW.BULANCAKE.COM',
      ]),
    ).to.include({ street: 'NO.1, JALAN PERMAS 10/5, BANDAR BARU', postal_code: '81750', city_name: 'JOHOR BAHRU, JOHOR' });
    expect(
      headerOf(['SYARIKAT GIN MAJU', '(81109-A)', 'NO 290. JALAN AIR PANAS.', 'SETAPAK.', '53200. KUALA LUMPUR.', 'TEL : 03-40210276']),
    ).to.include({
      street: 'NO 290. JALAN AIR PANAS, SETAPAK',
      postal_code: '53200',
      city_name: 'KUALA LUMPUR',
    });
  });

  describe('a till slip’s name centred on a scan', () => {
    // Words of the lines read with OCR's confidence 0.9, the first word of the first line with `first`'s.
    const slipHeaderOf = (lines: string[], first: number) => {
      const words = monospacedWords(lines, 0.9).map((word, index) => (index === 0 ? { ...word, confidence: first } : word));
      return findReceiptHeader(toDocumentText([{ pageNumber: 1, text: lines.join('\n'), words }]))?.address ?? null;
    };
    const slip = (name: string) => [
      name,
      '      Multergasse 81',
      '     9000 St. Gallen',
      '  Tel. +41 72 768 54 76',
      'Ticket n° 47165   25/01/2025',
    ];

    it('leaves out a short word OCR barely read a column gap left of the name: a speck in the margin', () => {
      expect(slipHeaderOf(slip('an        Säntis Sàrl'), 0.4)?.company_name).to.equal('Säntis Sàrl');
      expect(slipHeaderOf(slip('cu.       Rhein Sàrl'), 0.04)?.company_name).to.equal('Rhein Sàrl');
    });

    it('leaves a letter and marks a column gap before the postal line out of the street', () => {
      const lines = slip('     Rhein Sàrl');
      lines[2] = '"i        9000 St. Gallen';
      expect(slipHeaderOf(lines, 0.9)).to.include({ street: 'Multergasse 81', postal_code: '9000', city_name: 'St. Gallen' });
    });

    it('leaves out specks read as marks, or as a digit with a mark, a space before the street or the postal code', () => {
      const lines = slip('     Rhein Sàrl');
      lines[1] = '   5:  Multergasse 81';
      lines[2] = '    +"  9000 St. Gallen';
      expect(slipHeaderOf(lines, 0.9)).to.include({ street: 'Multergasse 81', postal_code: '9000', city_name: 'St. Gallen' });
    });

    it('reads a street without the speck a scan read as a mark glued before its house number', () => {
      const lines = slip('     Rhein Sàrl');
      lines[1] = '     Multergasse .105';
      expect(slipHeaderOf(lines, 0.9)?.street).to.equal('Multergasse 105');
      lines[1] = '     Rue de Bourg :35';
      expect(slipHeaderOf(lines, 0.9)?.street).to.equal('Rue de Bourg 35');
    });

    it('reads a street without marks OCR barely read at its end, and with the hyphen it misread as a colon', () => {
      const lines = slip('     Rhein Sàrl');
      lines[1] = '     Boulevard Carl:Vogt 133 --';
      const words = monospacedWords(lines, 0.9).map((word) => (word.text === '--' ? { ...word, confidence: 0.15 } : word));
      const header = findReceiptHeader(toDocumentText([{ pageNumber: 1, text: lines.join('\n'), words }]));
      expect(header?.address.street).to.equal('Boulevard Carl-Vogt 133');
      // Read surely, the marks are left to the street's reading as they were.
      expect(slipHeaderOf(lines, 0.9)?.street).to.not.equal('Boulevard Carl-Vogt 133');
    });

    it('keeps a word read with confidence or set close to the name', () => {
      expect(slipHeaderOf(slip('AB        Rhein Sàrl'), 0.9)?.company_name).to.equal('AB Rhein Sàrl');
      expect(slipHeaderOf(slip('   Le Rhein Sàrl'), 0.4)?.company_name).to.equal('Le Rhein Sàrl');
    });

    it('leaves out a low quote mark („) before the name, as any other quote mark', () => {
      expect(slipHeaderOf(slip('     „Rhein Sàrl'), 0.9)?.company_name).to.equal('Rhein Sàrl');
    });
  });
});
