import { expect } from 'chai';
import { decodeQrCodes } from './decode-qr-codes.js';
import { PAYMENT_PART_CODE, pageWithCodes } from '../../../test/support/qr-page.js';

const bill = (creditor: string, reference: string): string =>
  [
    'SPC',
    '0200',
    '1',
    'CH4431999123000889012',
    'S',
    creditor,
    'Rue du Lac',
    '1268/2/22',
    '2501',
    'Biel',
    'CH',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '1949.75',
    'CHF',
    'S',
    'Pia-Maria Rutschmann-Schnyder',
    'Grosse Marktgasse',
    '28',
    '9400',
    'Rorschach',
    'CH',
    'QRR',
    reference,
    'Rechnung 4711 – €10 Rabatt',
    'EPD',
  ].join('\n');

const FIRST_BILL = bill('Robert Schneider AG', '210000000003139471430009017');
const SECOND_BILL = bill('Bugra Çavdarli & Söhne', '000008207791225857421286694');

describe('swiss payments: decoding the QR codes of a page', function () {
  this.timeout(60_000);

  it('reads the QR-bill code of a payment part despite its Swiss cross, UTF-8 text included', async () => {
    expect(await decodeQrCodes(await pageWithCodes([{ text: FIRST_BILL, ...PAYMENT_PART_CODE }]))).to.deep.equal([FIRST_BILL]);
  });

  it('reads both codes of a page with two bills when told to expect two', async () => {
    const page = await pageWithCodes([
      { text: FIRST_BILL, left: 800, top: 300 },
      { text: SECOND_BILL, ...PAYMENT_PART_CODE },
    ]);

    expect(await decodeQrCodes(page, { expectedBills: 2 })).to.have.members([FIRST_BILL, SECOND_BILL]);
  });

  it('reads a page scanned upside down or sideways, and a JPEG', async () => {
    const code = [{ text: FIRST_BILL, ...PAYMENT_PART_CODE }];

    expect(await decodeQrCodes(await pageWithCodes(code, { rotate: 90 }))).to.deep.equal([FIRST_BILL]);
    expect(await decodeQrCodes(await pageWithCodes(code, { rotate: 180 }))).to.deep.equal([FIRST_BILL]);
    expect(await decodeQrCodes(await pageWithCodes(code, { format: 'jpeg' }))).to.deep.equal([FIRST_BILL]);
  });

  it('returns other QR codes too, beside the bill', async () => {
    const page = await pageWithCodes([
      { text: 'https://example.com/invoice/4711', left: 300, top: 300 },
      { text: FIRST_BILL, ...PAYMENT_PART_CODE },
    ]);

    expect(await decodeQrCodes(page)).to.have.members(['https://example.com/invoice/4711', FIRST_BILL]);
  });

  it('finds nothing on a page without codes', async () => {
    expect(await decodeQrCodes(await pageWithCodes([]))).to.deep.equal([]);
  });
});
