import { expect } from 'chai';
import { findBankAccounts } from './bank-accounts.js';
import { toDocumentText } from '../layout/document-text.js';

const accountsIn = (text: string) => findBankAccounts(toDocumentText([{ pageNumber: 1, text }]));

describe('extractor: bank accounts', () => {
  it('reads an IBAN printed in groups, with the BIC printed beside or below it', () => {
    expect(accountsIn('IBAN: CH93 0076 2011 6238 5295 7   BIC: POFICHBEXXX').accounts.map((account) => account.value)).to.deep.equal([
      { iban: 'CH9300762011623852957', bic: 'POFICHBEXXX' },
    ]);
    expect(accountsIn('IBAN DE89 3704 0044 0532 0130 00\nSWIFT-Code: COBADEFFXXX').accounts[0]?.value).to.deep.equal({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
  });

  it('given a footer whose BIC label ends the line, then the BIC wrapped to the next line is the IBAN’s', () => {
    const footer = 'VAT Reg. No. GB424832752 | Tel. +44 88 908 80 33 | IBAN GB64 MIDL 4090 4377 3348 62 | BIC\n        MIDLGB22';
    expect(accountsIn(footer).accounts[0]?.value).to.deep.equal({ iban: 'GB64MIDL40904377334862', bic: 'MIDLGB22' });
    expect(accountsIn('IBAN GB64 MIDL 4090 4377 3348 62 | BIC\n        DEUTDEFF').accounts[0]?.value.bic, 'another country').to.equal(null);
  });

  it('reads a BIC whose label is printed in mixed case or read so by OCR', () => {
    expect(accountsIn('IBAN: NL58RABO0198723202          BiC: RABONL2U').accounts.map((account) => account.value)).to.deep.equal([
      { iban: 'NL58RABO0198723202', bic: 'RABONL2U' },
    ]);
    expect(accountsIn('IBAN DE30507500940000048567 Swift HELADEF1GEL').accounts[0]!.value.bic).to.equal('HELADEF1GEL');
  });

  it('reads IBANs of the neighbouring countries and leaves the BIC null when none is printed', () => {
    const { accounts } = accountsIn('Coordonnées: FR76 3000 6000 0112 3456 7890 189\nCoordinate: IT60 X054 2811 1010 0000 0123 456');

    expect(accounts.map((account) => account.value)).to.deep.equal([
      { iban: 'FR7630006000011234567890189', bic: null },
      { iban: 'IT60X0542811101000000123456', bic: null },
    ]);
  });

  it('reports a labelled IBAN whose check digits fail, and does not return it', () => {
    const found = accountsIn('IBAN CH93 0076 2011 6238 5295 8');

    expect(found.accounts).to.deep.equal([]);
    expect(found.invalidIbans).to.deep.equal(['CH9300762011623852958']);
  });

  it('ignores what only looks like an IBAN: VAT ids, masked IBANs, unlabelled failing strings', () => {
    const found = accountsIn('UStId DE 232 446 240\nIBAN : FR76 ***************************\nRef DE12 3456 7890 1234 5678 90');

    expect(found).to.deep.equal({ accounts: [], invalidIbans: [] });
  });

  it('reads a labelled IBAN OCR garbled by the classes its country’s format demands, when its check digits then hold', () => {
    const found = accountsIn('IBAN CH9S 0076 7090 1251 0149 6\nMonte dei Paschi - IBAN 1T02Z0306260926093064809317 - BIC BAPPIT21001');

    expect(found.accounts.map((account) => account.value.iban)).to.deep.equal(['CH9500767090125101496', 'IT02Z0306260926093064809317']);
    expect(found.invalidIbans).to.deep.equal([]);
    expect(accountsIn('Konto CH9S 0076 7090 1251 0149 6').accounts).to.deep.equal([]);
    expect(accountsIn('IBAN CH9S 0076 7090 1251 0149 7').accounts).to.deep.equal([]);
  });

  it('given a labelled IBAN whose check digits OCR read as letters of more than one look-alike, then the one reading whose check digits hold is the IBAN', () => {
    expect(accountsIn('IBAN ATSS 1400 0478 9577 7001').accounts.map((account) => account.value.iban)).to.deep.equal([
      'AT851400047895777001',
    ]);
    expect(accountsIn('IBAN ATSS 1400 0478 9577 7003').accounts, 'no reading holds').to.deep.equal([]);
  });

  it('given a labelled IBAN whose country OCR read with an accent, then the country is its letters', () => {
    expect(accountsIn('IBAN DÉ64 1001 0010 9347 3160 33').accounts.map((account) => account.value.iban)).to.deep.equal([
      'DE64100100109347316033',
    ]);
  });

  it('given a labelled IBAN with a point read between two of its groups, then the point is their space', () => {
    expect(accountsIn('IBAN CH87 0023 5820 0778 6694.2').accounts.map((account) => account.value.iban)).to.deep.equal([
      'CH8700235820077866942',
    ]);
    expect(accountsIn('Konto CH87 0023 5820 0778 6694.2').accounts, 'without its label').to.deep.equal([]);
  });

  it('lists an IBAN printed twice (receipt and payment part) once', () => {
    expect(
      accountsIn('Konto / Zahlbar an\nCH44 3199 9123 0008 8901 2\n\nKonto / Zahlbar an\nCH44 3199 9123 0008 8901 2').accounts,
    ).to.have.length(1);
  });

  it('is surer of a labelled IBAN than of one printed without label', () => {
    const [labelled] = accountsIn('IBAN GB29 NWBK 6016 1331 9268 19').accounts;
    const [unlabelled] = accountsIn('Konto GB29 NWBK 6016 1331 9268 19').accounts;

    expect(labelled!.confidence).to.be.above(unlabelled!.confidence);
  });

  it('takes no BIC of another country than the IBAN’s: that BIC belongs to some other account printed beside it', () => {
    const [account] = accountsIn('IBAN CH93 0076 2011 6238 5295 7   BIC COBADEFFXXX').accounts;

    expect(account!.value).to.deep.equal({ iban: 'CH9300762011623852957', bic: null });
  });
});
