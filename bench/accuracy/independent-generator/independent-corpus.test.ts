import { expect } from 'chai';
import { isValidIBAN } from 'ibantools';
import { ExtractedData } from '../../../contracts/events/extracted-data.js';
import { HELD_OUT_FAMILIES, renderHtml, TUNING_FAMILIES } from './families.js';
import { independentCorpus, INDEPENDENT_SEED } from './independent-corpus.js';
import { qrPayload } from './qr-bill.js';
import { parseSwissQrPayload } from '../../../services/extractor/swiss-payments/parse-swiss-qr-payload.js';

/*
 * The independent generator's corpus (bench/accuracy/independent-generator): its truth must add up, its
 * identifiers pass their checks, its QR-bills parse, and the tuning/held-out split must cover every
 * family once, or the benchmark would score a right extraction as wrong or leak held-out layouts.
 */

const corpus = independentCorpus(INDEPENDENT_SEED, 70);
const cents = (decimal: string | null | undefined): number => Math.round(Number(decimal) * 100);

describe('bench: the independent generator', () => {
  it('writes truth in the extracted data’s shape whose totals add up per rate, from the items', () => {
    for (const { id, truth } of corpus) {
      expect(() => ExtractedData.parse(truth), id).to.not.throw();
      const details = truth.accountingDocument.amount_details!;
      const parts = details.partial_amounts;
      for (const part of parts) expect(cents(part.net_amount) + cents(part.tax_amount), id).to.equal(cents(part.gross_amount));
      expect(
        parts.reduce((sum, part) => sum + cents(part.gross_amount), 0),
        id,
      ).to.equal(cents(details.gross_amount_total));
      expect(cents(details.net_amount_total) + cents(details.tax_amount_total), id).to.equal(cents(truth.accountingDocument.amount_total));
      const itemsTotal = truth.accountingDocument.items.reduce((sum, item) => sum + cents(item.amount_total), 0);
      const base = truth.documentType === 'receipt' ? details.gross_amount_total : details.net_amount_total;
      expect(itemsTotal, id).to.equal(cents(base));
    }
  });

  it('prints valid IBANs, and QR-bills whose payload the extractor’s parser reads as the truth says', () => {
    for (const { id, facts, truth } of corpus) {
      for (const account of truth.accountingDocument.bank_accounts)
        expect(isValidIBAN(account.iban), `${id} ${account.iban}`).to.equal(true);
      if (!facts.qrBill) continue;
      const parsed = parseSwissQrPayload(qrPayload(facts));
      expect(parsed.valid, id).to.equal(true);
      expect(isValidIBAN(facts.qrBill.iban), id).to.equal(true);
    }
  });

  it('makes the same documents from the same seed, every family in turn, and splits families into tuning and held out', () => {
    const again = independentCorpus(INDEPENDENT_SEED, 70);
    expect(again.map((document) => renderHtml(document.family, document.facts, document.style))).to.deep.equal(
      corpus.map((document) => renderHtml(document.family, document.facts, document.style)),
    );
    const families = new Set(corpus.map((document) => document.family));
    expect([...families].sort()).to.deep.equal([...TUNING_FAMILIES, ...HELD_OUT_FAMILIES].sort());
    for (const document of corpus) expect(document.heldOut).to.equal((HELD_OUT_FAMILIES as readonly string[]).includes(document.family));
  });
});
