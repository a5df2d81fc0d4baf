import { expect } from 'chai';
import { toEsFields } from './qr-bill-fields.js';
import type { QrAddress, SwissQrBill } from './swiss-qr-bill.js';

const creditor: QrAddress = {
  type: 'structured',
  name: 'Robert Schneider AG',
  street: 'Rue du Lac',
  houseNumber: '1268/2/22',
  postalCode: '2501',
  town: 'Biel',
  country: 'CH',
};

const billWith = (changes: Partial<SwissQrBill>): SwissQrBill => ({
  account: 'CH4431999123000889012',
  isQrIban: true,
  creditor,
  ultimateCreditor: null,
  amount: '1949.75',
  currency: 'CHF',
  ultimateDebtor: {
    type: 'structured',
    name: 'Pia-Maria Rutschmann-Schnyder',
    street: 'Grosse Marktgasse',
    houseNumber: '28',
    postalCode: '9400',
    town: 'Rorschach',
    country: 'CH',
  },
  referenceType: 'QRR',
  reference: '210000000003139471430009017',
  unstructuredMessage: 'Instruction of 15.09.2019',
  billInformation: null,
  alternativeSchemes: [],
  ...changes,
});

const address = (fields: Record<string, string | null>) => ({
  address_id: null,
  company_name: null,
  contact_person_name: null,
  street: null,
  house_number: null,
  post_office_box: null,
  postal_code: null,
  city_name: null,
  country_code: null,
  company_id: null,
  vat_id: null,
  ...fields,
});

describe('swiss payments: the fields a QR-bill fills', () => {
  it('fills es: amount, account, purpose and the creditor as printed', () => {
    expect(toEsFields(billWith({})).es).to.deep.equal({
      es_amount: '1949.75',
      es_account: 'CH4431999123000889012',
      es_iban: 'CH4431999123000889012',
      es_purpose: 'Instruction of 15.09.2019',
      es_creditor: 'Robert Schneider AG, Rue du Lac 1268/2/22, 2501 Biel',
      es_ultimate_creditor: null,
    });
  });

  it('gives the account, amount, currency and reference to the other fields', () => {
    expect(toEsFields(billWith({}))).to.deep.include({
      iban: 'CH4431999123000889012',
      amount: '1949.75',
      currency: 'CHF',
      reference: '210000000003139471430009017',
    });
  });

  it('leaves open what the bill leaves open: amount, message, reference, debtor', () => {
    const fields = toEsFields(
      billWith({ amount: null, unstructuredMessage: null, referenceType: 'NON', reference: null, ultimateDebtor: null }),
    );

    expect(fields.es).to.deep.include({ es_amount: null, es_purpose: null });
    expect(fields).to.deep.include({ amount: null, reference: null, debtorAddress: null });
  });

  it('gives structured addresses field by field', () => {
    const fields = toEsFields(billWith({}));

    expect(fields.creditorAddress).to.deep.equal(
      address({
        company_name: 'Robert Schneider AG',
        street: 'Rue du Lac',
        house_number: '1268/2/22',
        postal_code: '2501',
        city_name: 'Biel',
        country_code: 'CH',
      }),
    );
    expect(fields.debtorAddress).to.deep.include({ company_name: 'Pia-Maria Rutschmann-Schnyder', city_name: 'Rorschach' });
  });

  it('splits the lines of a combined address into street, house number, postal code and town where they are plain', () => {
    const fields = toEsFields(
      billWith({
        creditor: { type: 'combined', name: 'Omnia Trading AG', line1: 'Allmendweg 30', line2: '4528 Zuchwil', country: 'CH' },
        ultimateDebtor: { type: 'combined', name: 'Machina Futura AG', line1: 'Alte Fabrik 3A', line2: '8400 Winterthur', country: 'CH' },
      }),
    );

    expect(fields.creditorAddress).to.deep.include({ street: 'Allmendweg', house_number: '30', postal_code: '4528', city_name: 'Zuchwil' });
    expect(fields.debtorAddress).to.deep.include({
      street: 'Alte Fabrik',
      house_number: '3A',
      postal_code: '8400',
      city_name: 'Winterthur',
    });
    expect(fields.es.es_creditor).to.equal('Omnia Trading AG, Allmendweg 30, 4528 Zuchwil');
  });

  it('keeps combined lines whole where they do not split plainly', () => {
    const fields = toEsFields(
      billWith({
        ultimateDebtor: {
          type: 'combined',
          name: 'Annegret Frischknecht',
          line1: '1503 South New Hampshire Avenue, Lower East-side',
          line2: 'Poughkeepsie NY 12601-1233',
          country: 'US',
        },
      }),
    );

    expect(fields.debtorAddress).to.deep.include({
      street: '1503 South New Hampshire Avenue, Lower East-side',
      house_number: null,
      postal_code: null,
      city_name: 'Poughkeepsie NY 12601-1233',
      country_code: 'US',
    });
  });

  it('puts a post office box where it belongs', () => {
    const fields = toEsFields(
      billWith({
        creditor: { ...creditor, name: 'Sample Foundation', street: 'PO Box', houseNumber: null, postalCode: '3001', town: 'Bern' },
      }),
    );

    expect(fields.creditorAddress).to.deep.include({ street: null, house_number: null, post_office_box: 'PO Box' });
    expect(fields.es.es_creditor).to.equal('Sample Foundation, PO Box, 3001 Bern');
  });

  it('prints a foreign address with its country before the postal code, and an ultimate creditor like the creditor', () => {
    const foreign: QrAddress = {
      ...creditor,
      name: 'Sender AG',
      street: 'Senderstreet',
      houseNumber: '99C',
      postalCode: '1234',
      town: 'Sendertown',
      country: 'AT',
    };

    expect(toEsFields(billWith({ ultimateCreditor: foreign })).es.es_ultimate_creditor).to.equal(
      'Sender AG, Senderstreet 99C, AT-1234 Sendertown',
    );
  });
});
