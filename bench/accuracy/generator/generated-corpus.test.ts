import { expect } from 'chai';
import { isValidBBAN, isValidIBAN } from 'ibantools';
import { ExtractedData } from '../../../contracts/events/extracted-data.js';
import { DEFAULT_CORPUS_SIZE, DEFAULT_SEED, generateCorpus, renderBornDigital, type GeneratedDocument } from './generated-corpus.js';
import { swissQrPayload } from './swiss-payment-slips.js';
import { isValidCreditorReference } from '../../../services/extractor/swiss-payments/creditor-reference.js';
import { endsWithModulo10RecursiveCheckDigit } from '../../../services/extractor/swiss-payments/modulo-10-recursive.js';
import { parseSwissQrPayload } from '../../../services/extractor/swiss-payments/parse-swiss-qr-payload.js';
import {
  isValidAustrianVatId,
  isValidGermanVatId,
  isValidSwissUid,
  passesLuhn,
} from '../../../services/extractor/fields/readers/tax-ids.js';

/*
 * The accuracy benchmark's generated corpus (bench/accuracy/generator): its ground truth must add up and
 * its identifiers must pass their checks, or the benchmark would score a correct extraction as wrong.
 * Checked with other implementations than the generator's (ibantools, the extractor's validators).
 */

const corpus = generateCorpus(DEFAULT_SEED, DEFAULT_CORPUS_SIZE);
const cents = (decimal: string | null | undefined): number => Math.round(Number(decimal) * 100);

const VAT_CHECKS: [RegExp, (id: string) => boolean][] = [
  [/^CHE-(\d{3})\.(\d{3})\.(\d{3}) (?:MWST|TVA|IVA)$/, (id) => isValidSwissUid(id.replace(/\D/g, ''))],
  [/^DE\d{9}$/, (id) => isValidGermanVatId(id.slice(2))],
  [/^ATU\d{8}$/, (id) => isValidAustrianVatId(id.slice(3))],
  [/^IT\d{11}$/, (id) => passesLuhn(id.slice(2))],
  [/^FR\d{11}$/, (id) => Number(id.slice(2, 4)) === (12 + 3 * (Number(id.slice(4)) % 97)) % 97 && passesLuhn(id.slice(4))],
  // British VAT numbers, modulus 97: weights 8 … 2 and the two check digits make the sum divisible by 97.
  [
    /^GB\d{9}$/,
    (id) =>
      ([8, 7, 6, 5, 4, 3, 2].reduce((sum, weight, index) => sum + weight * Number(id[2 + index]), 0) + Number(id.slice(9))) % 97 === 0,
  ],
];
const isValidVatId = (id: string): boolean => VAT_CHECKS.some(([format, check]) => format.test(id) && check(id));

describe('the generated accuracy corpus', function () {
  this.timeout(180_000);

  it(`has at least 200 documents, invoices and receipts, in four languages and four currencies`, () => {
    expect(corpus.length).to.be.at.least(200);
    expect(new Set(corpus.map((document) => document.content.kind))).to.have.keys('invoice', 'receipt');
    expect(new Set(corpus.map((document) => document.content.profile.language))).to.have.keys('en', 'de', 'fr', 'it');
    expect(new Set(corpus.map((document) => document.content.profile.currency))).to.have.keys('CHF', 'EUR', 'USD', 'GBP');
    expect(new Set(corpus.map((document) => document.content.profile.numbers)).size).to.be.at.least(6);
    expect(new Set(corpus.map((document) => document.content.profile.dates))).to.have.keys('dotted', 'iso', 'slashed', 'long', 'us-long');
  });

  it('is the same corpus for the same seed, and another for another seed', async () => {
    expect(generateCorpus(DEFAULT_SEED, 30)).to.deep.equal(corpus.slice(0, 30));
    expect(generateCorpus(DEFAULT_SEED + 1, 30)).not.to.deep.equal(corpus.slice(0, 30));
    for (const document of corpus.slice(0, 4))
      expect(await renderBornDigital(document, DEFAULT_SEED)).to.deep.equal(await renderBornDigital(document, DEFAULT_SEED));
  });

  it('has truth in the shape of the extracted data', () => {
    for (const { id, truth } of corpus) expect(ExtractedData.safeParse(truth).success, id).to.equal(true);
  });

  it('adds up: net + tax = gross per rate and in total, items make the net (invoices) or gross (receipts) of their rate', () => {
    const check = ({ id, truth, content }: GeneratedDocument) => {
      const details = truth.accountingDocument.amount_details!;
      for (const part of details.partial_amounts)
        expect(cents(part.net_amount) + cents(part.tax_amount), `${id} ${part.tax_rate}%`).to.equal(cents(part.gross_amount));
      const total = (key: 'net_amount' | 'tax_amount' | 'gross_amount') =>
        details.partial_amounts.reduce((sum, part) => sum + cents(part[key]), 0);
      expect([total('net_amount'), total('tax_amount'), total('gross_amount')], id).to.deep.equal(
        [details.net_amount_total, details.tax_amount_total, details.gross_amount_total].map(cents),
      );
      expect(cents(details.net_amount_total) + cents(details.tax_amount_total), id).to.equal(cents(details.gross_amount_total));
      expect(truth.accountingDocument.amount_total, id).to.equal(details.gross_amount_total);
      for (const part of details.partial_amounts) {
        const items = content.items.filter((item) => item.taxRate === part.tax_rate).reduce((sum, item) => sum + item.totalCents, 0);
        expect(items, `${id} items at ${part.tax_rate}%`).to.equal(
          content.pricesIncludeTax ? cents(part.gross_amount) : cents(part.net_amount),
        );
        const rate = Number(part.tax_rate) / 100;
        const expectedTax = content.pricesIncludeTax ? (cents(part.gross_amount) * rate) / (1 + rate) : cents(part.net_amount) * rate;
        expect(Math.abs(cents(part.tax_amount) - expectedTax), `${id} tax at ${part.tax_rate}%`).to.be.at.most(0.5);
      }
      for (const item of content.items)
        expect(Math.abs(item.totalCents - (item.quantity * item.unitPriceCents) / 100), `${id} ${item.title}`).to.be.at.most(0.5);
    };
    corpus.forEach(check);
  });

  it('has IBANs with valid checksums (and national check digits), in several countries', () => {
    const ibans = corpus.flatMap(({ truth }) => truth.accountingDocument.bank_accounts.map((account) => account.iban));
    for (const iban of ibans) {
      expect(isValidIBAN(iban), iban).to.equal(true);
      expect(isValidBBAN(iban.slice(4), iban.slice(0, 2)), iban).to.equal(true);
    }
    expect(new Set(ibans.map((iban) => iban.slice(0, 2)))).to.include.keys('CH', 'DE', 'AT', 'FR', 'IT', 'GB');
  });

  it('has valid VAT ids (CHE … MWST, DE, ATU, FR, IT, GB) on both parties', () => {
    const ids = corpus.flatMap(({ truth }) =>
      [truth.senderAddress?.vat_id, truth.receiverAddress?.vat_id].filter((id): id is string => typeof id === 'string'),
    );
    for (const id of ids) expect(isValidVatId(id), id).to.equal(true);
    expect(new Set(ids.map((id) => /^(CHE|ATU|[A-Z]{2})/.exec(id)![1]))).to.include.keys('CHE', 'DE', 'ATU', 'FR', 'IT', 'GB');
  });

  it('has payment references and QR-bills that pass their checks', () => {
    const qrBills = corpus.filter(({ content }) => content.qrBill !== null);
    expect(qrBills.length).to.be.at.least(10);
    for (const { id, content } of qrBills) {
      const parsed = parseSwissQrPayload(swissQrPayload(content.qrBill!, content.sender, content.profile.currency));
      expect(parsed.valid, `${id}: ${parsed.valid ? '' : parsed.reason}`).to.equal(true);
    }
    for (const { id, content } of corpus.filter((document) => document.content.paymentReference !== null)) {
      const reference = content.paymentReference!;
      expect(
        reference.startsWith('RF') ? isValidCreditorReference(reference) : endsWithModulo10RecursiveCheckDigit(reference),
        `${id} ${reference}`,
      ).to.equal(true);
    }
    for (const { id, content } of corpus.filter((document) => document.content.esr !== null)) {
      expect(
        endsWithModulo10RecursiveCheckDigit(
          `01${content.esr!.participant.split('-')[1]!.padStart(6, '0')}${content.esr!.participant.slice(-1)}`,
        ),
        id,
      ).to.equal(true);
    }
  });

  it('has payment conditions due on or after the invoice date, and dates that exist', () => {
    for (const { id, truth } of corpus) {
      const document = truth.accountingDocument;
      for (const date of [
        document.invoice_date,
        document.delivery_date,
        ...document.payment_conditions.map((condition) => condition.date),
      ]) {
        if (date !== null) expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10), id).to.equal(date);
      }
      for (const condition of document.payment_conditions) expect(condition.date! >= document.invoice_date!, id).to.equal(true);
    }
  });

  it('renders every document as a PDF with the standard fonts', async () => {
    for (const document of corpus)
      expect((await renderBornDigital(document, DEFAULT_SEED)).subarray(0, 5).toString(), document.id).to.equal('%PDF-');
  });
});
