import { expect } from 'chai';
import { parseSwissQrPayload, type QrPayloadResult } from './parse-swiss-qr-payload.js';
import type { SwissQrBill } from './swiss-qr-bill.js';

const NO_ADDRESS = ['', '', '', '', '', '', ''];

/** SIX's first example bill (QR-IBAN, QR reference), element by element, so tests can change one. */
const example = (): string[] => [
  'SPC',
  '0200',
  '1',
  'CH6431961000004421557',
  'S',
  'Max Muster & Söhne',
  'Musterstrasse',
  '123',
  '8000',
  'Seldwyla',
  'CH',
  ...NO_ADDRESS,
  '50.00',
  'CHF',
  'S',
  'Simon Muster',
  'Musterstrasse',
  '1',
  '8000',
  'Seldwyla',
  'CH',
  'QRR',
  '000008207791225857421286694',
  'Payment of travel',
  'EPD',
];

/** The same creditor paid through an ordinary IBAN, with a creditor reference. */
const withCreditorReference = (): string[] =>
  example().map((element, index) => ({ 3: 'CH5800791123000889012', 27: 'SCOR', 28: 'RF18539007547034' })[index] ?? element);

const changed = (elements: string[], changes: Record<number, string>): string =>
  elements.map((element, index) => changes[index] ?? element).join('\n');

const billOf = (result: QrPayloadResult): SwissQrBill => {
  if (!result.valid) expect.fail(`expected a valid payload, got: ${result.reason}`);
  return result.bill;
};

const reasonOf = (result: QrPayloadResult): string => {
  if (result.valid) expect.fail('expected the payload to be refused');
  return result.reason;
};

describe('swiss payments: reading a Swiss Payments Code', () => {
  it('reads every element of a QR-bill with a QR-IBAN and a QR reference', () => {
    expect(billOf(parseSwissQrPayload(example().join('\r\n')))).to.deep.equal({
      account: 'CH6431961000004421557',
      isQrIban: true,
      creditor: {
        type: 'structured',
        name: 'Max Muster & Söhne',
        street: 'Musterstrasse',
        houseNumber: '123',
        postalCode: '8000',
        town: 'Seldwyla',
        country: 'CH',
      },
      ultimateCreditor: null,
      amount: '50.00',
      currency: 'CHF',
      ultimateDebtor: {
        type: 'structured',
        name: 'Simon Muster',
        street: 'Musterstrasse',
        houseNumber: '1',
        postalCode: '8000',
        town: 'Seldwyla',
        country: 'CH',
      },
      referenceType: 'QRR',
      reference: '000008207791225857421286694',
      unstructuredMessage: 'Payment of travel',
      billInformation: null,
      alternativeSchemes: [],
    });
  });

  it('reads LF and CR LF alike, and ignores spaces around elements and empty lines at the end', () => {
    const lf = billOf(parseSwissQrPayload(example().join('\n')));

    expect(billOf(parseSwissQrPayload(`${example().join('\r\n')}\r\n\r\n`))).to.deep.equal(lf);
    expect(billOf(parseSwissQrPayload(changed(example(), { 5: 'Max Muster & Söhne  ', 30: 'EPD ' })))).to.deep.equal(lf);
  });

  it('reads billing information and alternative schemes after the trailer', () => {
    const bill = billOf(
      parseSwissQrPayload([...example(), '//S1/10/1234/11/201021/30/102673386', 'UV;UltraPay005;12345', 'XY;XYService;54321'].join('\n')),
    );

    expect(bill.billInformation).to.equal('//S1/10/1234/11/201021/30/102673386');
    expect(bill.alternativeSchemes).to.deep.equal(['UV;UltraPay005;12345', 'XY;XYService;54321']);
  });

  it('reads an ordinary IBAN with a creditor reference', () => {
    const bill = billOf(parseSwissQrPayload(withCreditorReference().join('\n')));

    expect(bill).to.deep.include({
      account: 'CH5800791123000889012',
      isQrIban: false,
      referenceType: 'SCOR',
      reference: 'RF18539007547034',
    });
  });

  it('reads a donation bill: no amount, no debtor, no reference, EUR', () => {
    const elements = withCreditorReference();
    elements.splice(20, 7, ...NO_ADDRESS);
    const bill = billOf(parseSwissQrPayload(changed(elements, { 18: '', 19: 'EUR', 27: 'NON', 28: '', 29: '' })));

    expect(bill).to.deep.include({
      amount: null,
      currency: 'EUR',
      ultimateDebtor: null,
      referenceType: 'NON',
      reference: null,
      unstructuredMessage: null,
    });
  });

  it('reads combined addresses (K) of two free lines', () => {
    const bill = billOf(parseSwissQrPayload(changed(example(), { 4: 'K', 6: 'Allmendweg 30', 7: '4528 Zuchwil', 8: '', 9: '' })));

    expect(bill.creditor).to.deep.equal({
      type: 'combined',
      name: 'Max Muster & Söhne',
      line1: 'Allmendweg 30',
      line2: '4528 Zuchwil',
      country: 'CH',
    });
  });

  it('reads an ultimate creditor when a payload fills that reserved address', () => {
    const elements = example();
    elements.splice(11, 7, 'S', 'Fondation Zéro', 'Rue 1', '', '1200', 'Genève', 'CH');

    expect(billOf(parseSwissQrPayload(elements.join('\n'))).ultimateCreditor).to.deep.include({ name: 'Fondation Zéro', town: 'Genève' });
  });

  it('writes amounts with two decimals however many were given', () => {
    expect(billOf(parseSwissQrPayload(changed(example(), { 18: '1949' }))).amount).to.equal('1949.00');
    expect(billOf(parseSwissQrPayload(changed(example(), { 18: '1949.5' }))).amount).to.equal('1949.50');
  });

  const refusals: [string, Record<number, string>, RegExp, () => string[]][] = [
    ['another kind of QR code', { 0: 'BCD' }, /no SPC header/, example],
    ['another version', { 1: '0100' }, /version/, example],
    ['another coding', { 2: '2' }, /coding/, example],
    ['an IBAN failing its checksum', { 3: 'CH6531961000004421557' }, /not a valid Swiss or Liechtenstein IBAN/, example],
    ['a valid IBAN of another country', { 3: 'DE89370400440532013000' }, /not a valid Swiss or Liechtenstein IBAN/, example],
    ['a QR reference with an ordinary IBAN', { 3: 'CH5800791123000889012' }, /QR reference needs a QR-IBAN/, example],
    ['a QR reference failing its check digit', { 28: '000008207791225857421286695' }, /fails its check digit/, example],
    ['a creditor reference with a QR-IBAN', { 3: 'CH6431961000004421557' }, /QR-IBAN needs a QR reference/, withCreditorReference],
    ['a creditor reference failing its check digits', { 28: 'RF19539007547034' }, /fails its check digits/, withCreditorReference],
    ['NON with a reference', { 27: 'NON' }, /NON carries a reference/, withCreditorReference],
    ['an unknown reference type', { 27: 'IPI' }, /reference type "IPI"/, withCreditorReference],
    ['a currency other than CHF or EUR', { 19: 'USD' }, /currency "USD"/, example],
    ['an amount with a comma', { 18: '50,00' }, /amount "50,00"/, example],
    ['an amount with three decimals', { 18: '50.001' }, /amount/, example],
    ['a creditor without a name', { 5: '' }, /creditor has no name/, example],
    ['an unknown address type', { 4: 'X' }, /address type "X"/, example],
    ['a structured address without town', { 9: '' }, /postal code or town/, example],
    ['a combined address with a postal code', { 4: 'K' }, /fills the postal code or town/, example],
    ['an address in no country', { 10: 'Schweiz' }, /country "Schweiz"/, example],
    ['another trailer', { 30: 'END' }, /trailer "END"/, example],
  ];
  for (const [what, changes, reason, elements] of refusals) {
    it(`refuses ${what}`, () => {
      expect(reasonOf(parseSwissQrPayload(changed(elements(), changes)))).to.match(reason);
    });
  }

  it('refuses a payload missing the creditor entirely', () => {
    const elements = example();
    elements.splice(4, 7, ...NO_ADDRESS);

    expect(reasonOf(parseSwissQrPayload(elements.join('\n')))).to.match(/creditor is missing/);
  });

  it('refuses payloads with elements missing or too many', () => {
    expect(reasonOf(parseSwissQrPayload(example().slice(0, 30).join('\n')))).to.match(/30 elements/);
    expect(reasonOf(parseSwissQrPayload([...example(), 'a', 'b', 'c', 'd'].join('\n')))).to.match(/35 elements/);
  });

  it('refuses any text that is not a payment code', () => {
    expect(reasonOf(parseSwissQrPayload('https://example.com/invoice/4711'))).to.match(/no SPC header/);
  });
});
