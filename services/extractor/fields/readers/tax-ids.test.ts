import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import {
  findTaxIds,
  isValidAustrianVatId,
  isValidBritishVatId,
  isValidAustralianBusinessNumber,
  isValidDutchVatId,
  isValidGermanVatId,
  isValidSpanishNif,
  isValidSwissUid,
  passesLuhn,
} from './tax-ids.js';

const idsIn = (text: string) =>
  findTaxIds(toDocumentText([{ pageNumber: 1, text }])).map(({ kind, value, ofReceiver }) => ({ kind, value, ofReceiver }));

describe('extractor: VAT ids and company ids', () => {
  it('checks the check digits of Swiss, German, Austrian, Italian and French ids', () => {
    expect(isValidSwissUid('116281710')).to.equal(true);
    expect(isValidSwissUid('116281711')).to.equal(false);
    expect(isValidGermanVatId('136695976')).to.equal(true);
    expect(isValidGermanVatId('123456789')).to.equal(false);
    expect(isValidAustrianVatId('13585627')).to.equal(true);
    expect(isValidAustrianVatId('13585628')).to.equal(false);
    expect(passesLuhn('421938861')).to.equal(true);
  });

  it("checks Spanish NIFs: a company's control digit or letter, a person's letter (also a foreigner's X/Y/Z)", () => {
    expect(isValidSpanishNif('B96123450')).to.equal(true);
    expect(isValidSpanishNif('B96123457')).to.equal(false);
    expect(isValidSpanishNif('Q2826000H')).to.equal(true);
    expect(isValidSpanishNif('12345678Z')).to.equal(true);
    expect(isValidSpanishNif('12345678A')).to.equal(false);
    expect(isValidSpanishNif('X1234567L')).to.equal(true);
  });

  it('reads a Spanish VAT id printed as its NIF after "CIF" or "NIF", without its ES, where the NIF\'s check holds', () => {
    expect(idsIn('CIF: B96123450')).to.deep.equal([{ kind: 'vat_id', value: 'ESB96123450', ofReceiver: false }]);
    expect(idsIn('N.I.F. 12345678Z')).to.deep.equal([{ kind: 'vat_id', value: 'ES12345678Z', ofReceiver: false }]);
    expect(idsIn('CIF: B96123457')).to.deep.equal([]);
  });

  it('reads a British company number after its label as a company id, with its leading zeros; no other number after "No."', () => {
    expect(idsIn('Company No. 01234567')).to.deep.equal([{ kind: 'company_id', value: '01234567', ofReceiver: false }]);
    expect(idsIn('Registered in England and Wales No. 1234567')).to.deep.equal([
      { kind: 'company_id', value: '01234567', ofReceiver: false },
    ]);
    expect(idsIn('Company Registration Number: SC123456')).to.deep.equal([{ kind: 'company_id', value: 'SC123456', ofReceiver: false }]);
    expect(idsIn('Customer No. 12345678')).to.deep.equal([]);
    expect(idsIn('CO. REG NO: 123456-X')).to.deep.equal([]);
  });

  it('reads an Australian Business Number after "ABN" as a company id where its check holds', () => {
    expect(isValidAustralianBusinessNumber('51824753556')).to.equal(true);
    expect(isValidAustralianBusinessNumber('51824753557')).to.equal(false);
    expect(idsIn('ABN 51 824 753 556')).to.deep.equal([{ kind: 'company_id', value: '51824753556', ofReceiver: false }]);
    expect(idsIn('ABN 51 824 753 557')).to.deep.equal([]);
  });

  it('checks Dutch btw-ids (elfproef, or MOD 97-10 since 2020) and British VAT numbers (mod 97, or 9755)', () => {
    expect(isValidDutchVatId('676810196B01')).to.equal(true);
    expect(isValidDutchVatId('123456079B01'), 'a sole trader’s number, MOD 97-10').to.equal(true);
    expect(isValidDutchVatId('676810197B01')).to.equal(false);
    expect(isValidBritishVatId('187329626')).to.equal(true);
    expect(isValidBritishVatId('418984704')).to.equal(true);
    expect(isValidBritishVatId('187329627')).to.equal(false);
  });

  it('reads a Dutch or British VAT id whose label OCR garbled, where its check digits confirm it', () => {
    expect(idsIn('Tulpenveld V.O.F.     Bıw-id NL676810196B01')).to.deep.equal([
      { kind: 'vat_id', value: 'NL676810196B01', ofReceiver: false },
    ]);
    expect(idsIn('Biw-id NL676810197B01')).to.deep.equal([]);
    expect(idsIn('VAT registration GB187329626')).to.deep.equal([{ kind: 'vat_id', value: 'GB187329626', ofReceiver: false }]);
  });

  it('given a VAT id OCR glued to the digits of a phone number on its label’s line, then it reads the id where its check digits confirm it', () => {
    expect(idsIn('BTW-nummer +31 815NL962336257B02')).to.deep.equal([{ kind: 'vat_id', value: 'NL962336257B02', ofReceiver: false }]);
    expect(idsIn('BTW-nummer +31 815NL962336258B02'), 'check digits failing').to.deep.equal([]);
    expect(idsIn('Tel. +31 815NL962336257B02'), 'no VAT label').to.deep.equal([]);
  });

  it('reads the Dutch "B" OCR read as 8, and an Italian prefix whose T OCR read as 7, where the check digits confirm them', () => {
    expect(idsIn('BTW-nummer NL432828849801')).to.deep.equal([{ kind: 'vat_id', value: 'NL432828849B01', ofReceiver: false }]);
    expect(idsIn('P.IVA 1712373390488')).to.deep.equal([{ kind: 'vat_id', value: 'IT12373390488', ofReceiver: false }]);
    expect(idsIn('P.IVA 1712373390489')).to.deep.equal([]);
  });

  it('reads an Italian VAT id whose prefix OCR garbled past reading after the partita IVA’s label, where its check digit confirms it', () => {
    expect(idsIn('P. IVA [163204780843')).to.deep.equal([{ kind: 'vat_id', value: 'IT63204780843', ofReceiver: false }]);
    expect(idsIn('P. IVA 1163204780843')).to.deep.equal([{ kind: 'vat_id', value: 'IT63204780843', ofReceiver: false }]);
    expect(idsIn('P. IVA 1163204780844'), 'the check digit fails').to.deep.equal([]);
    expect(idsIn('Tel. [163204780843'), 'no label').to.deep.equal([]);
  });

  it('reads a Swiss UID with its VAT suffix as the VAT id and, without it, as the company id', () => {
    expect(idsIn('MWST-Nr. CHE-116.281.710 MWST')).to.deep.equal([
      { kind: 'company_id', value: 'CHE-116.281.710', ofReceiver: false },
      { kind: 'vat_id', value: 'CHE-116.281.710 MWST', ofReceiver: false },
    ]);
    expect(idsIn('No TVA CHE-116.281.710 TVA')[1]).to.deep.include({ value: 'CHE-116.281.710 TVA' });
    expect(idsIn('UID: CHE-116.281.710')).to.deep.equal([{ kind: 'company_id', value: 'CHE-116.281.710', ofReceiver: false }]);
  });

  it('reads EU VAT ids printed in groups, normalized', () => {
    expect(idsIn('UStId DE 232 446 240')).to.deep.equal([{ kind: 'vat_id', value: 'DE232446240', ofReceiver: false }]);
    expect(idsIn('UID-Nr. ATU13585627')).to.deep.equal([{ kind: 'vat_id', value: 'ATU13585627', ofReceiver: false }]);
    expect(idsIn('N° de TVA intracommunautaire: FR 604 219 388 61')).to.deep.equal([
      { kind: 'vat_id', value: 'FR60421938861', ofReceiver: false },
    ]);
    expect(idsIn('BTW NL810433941B01')).to.deep.equal([{ kind: 'vat_id', value: 'NL810433941B01', ofReceiver: false }]);
  });

  it('reads ids OCR garbled when their check digits confirm the reading: glued to the label or suffix, a comma for a dot, S for 5', () => {
    expect(idsIn('Tel. +41 68 590 47 27    MWST-NrCHE-862969.931 MWST')[1]).to.deep.include({ value: 'CHE-862.969.931 MWST' });
    expect(idsIn('P.IVA CHE-772713.120IVA')[1]).to.deep.include({ value: 'CHE-772.713.120 IVA' });
    expect(idsIn('UID CHE-828.323,307 MWST')[1]).to.deep.include({ value: 'CHE-828.323.307 MWST' });
    expect(idsIn('N° TVA intracommunautaire FRS8573801834')).to.deep.equal([{ kind: 'vat_id', value: 'FR58573801834', ofReceiver: false }]);
    expect(idsIn('N° TVA intracommunautaire FRS8573801835')).to.deep.equal([]);
    expect(idsIn('Telefono +3902 8615287   P.IVAIT62735290538')).to.deep.equal([
      { kind: 'vat_id', value: 'IT62735290538', ofReceiver: false },
    ]);
    expect(idsIn('Esposito S.r.l.     P.IVA 1T03901580567')).to.deep.equal([{ kind: 'vat_id', value: 'IT03901580567', ofReceiver: false }]);
    expect(idsIn('Esposito S.r.l.     P.IVA 1T03901580568')).to.deep.equal([]);
    expect(idsIn('MWST-Nr. CHE- 165. 450.001 MWST')[1]).to.deep.include({ value: 'CHE-165.450.001 MWST' });
  });

  it('takes no id whose check digits fail, and no IBAN or creditor id for a VAT id', () => {
    expect(idsIn('USt-IdNr.: DE123456789')).to.deep.equal([]);
    expect(idsIn('IBAN DE89 3704 0044 0532 0130 00  Gläubiger-ID: DE63ZZZ00000015422')).to.deep.equal([]);
  });

  it('marks the customer’s ids', () => {
    expect(idsIn('Ihre USt.-IdentNr.: DE136695976')).to.deep.equal([{ kind: 'vat_id', value: 'DE136695976', ofReceiver: true }]);
    expect(idsIn('Customer VAT Number ESA12345674')).to.deep.equal([{ kind: 'vat_id', value: 'ESA12345674', ofReceiver: true }]);
    expect(idsIn('Thre USt-IdNr.: DE136695976'), '"Ihre" as OCR often reads it').to.deep.equal([
      { kind: 'vat_id', value: 'DE136695976', ofReceiver: true },
    ]);
  });

  it('reads register numbers: HRB, SIREN after RCS, KvK', () => {
    expect(idsIn('Registergericht Ansbach, HRB 6089')).to.deep.equal([{ kind: 'company_id', value: 'HRB 6089', ofReceiver: false }]);
    expect(idsIn('Free SAS − B 421 938 861 RCS Paris')).to.deep.equal([{ kind: 'company_id', value: '421938861', ofReceiver: false }]);
    expect(idsIn('KvK Rotterdam 24330087')).to.deep.equal([{ kind: 'company_id', value: '24330087', ofReceiver: false }]);
  });

  it('takes an id under a customer column header in a header table for the customer’s', () => {
    expect(
      idsIn(['Rechnung Nr.   Datum            Kunden-UID', 'FA-25-0316     5. Januar 2025   CHE-116.281.710 MWST'].join('\n')),
    ).to.deep.equal([
      { kind: 'company_id', value: 'CHE-116.281.710', ofReceiver: true },
      { kind: 'vat_id', value: 'CHE-116.281.710 MWST', ofReceiver: true },
    ]);
    expect(idsIn('Votre N° TVA:  CHE-116.281.710 TVA').every((id) => id.ofReceiver)).to.equal(true);
  });

  it('names the tax of a Swiss UID printed without suffix in the language of its label', () => {
    expect(idsIn('N° TVA CHE-116.281.710')).to.deep.include({ kind: 'vat_id', value: 'CHE-116.281.710 TVA', ofReceiver: false });
  });

  it('reads an unlabelled SIRET that begins with the SIREN of a French VAT id on the document, and no other 14-digit number', () => {
    const ids = idsIn(['N° TVA FR95373800424', '37380042425853', '12345678901234'].join('\n'));
    expect(ids).to.deep.equal([
      { kind: 'vat_id', value: 'FR95373800424', ofReceiver: false },
      { kind: 'company_id', value: '37380042425853', ofReceiver: false },
    ]);
  });

  it('given a list of labelled ids under a heading that says they are the buyer’s ("Vos identifiants"), then its VAT id is the receiver’s, and the seller’s beside it stays the sender’s', () => {
    const text = [
      'Nos références                                  Vos identifiants',
      'N° DE CLIENT : REFCLI0215                          GLN : 3654789851',
      'N° TVA : FR 11 123 456 782                         SIREN : 987 654 321',
      '                                                   N° TVA : FR 05 987 654 321',
    ].join('\n');

    expect(idsIn(text).filter((id) => id.kind === 'vat_id')).to.deep.equal([
      { kind: 'vat_id', value: 'FR11123456782', ofReceiver: false },
      { kind: 'vat_id', value: 'FR05987654321', ofReceiver: true },
    ]);
  });

  it('given a sender’s block whose name holds a receiver’s word, then its VAT id under the address stays the sender’s', () => {
    const text = ['Your Shop GmbH', 'Hauptstrasse 1', '10115 Berlin', 'USt-IdNr: DE 136 695 976'].join('\n');

    expect(idsIn(text)).to.deep.equal([{ kind: 'vat_id', value: 'DE136695976', ofReceiver: false }]);
  });
});
