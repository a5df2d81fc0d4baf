import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findIncludingTax } from './including-tax.js';
import { emptyLineItemValue, type ItemFinding } from '../readers/item-finding.js';
import type { TaxSummary } from '../readers/tax-summary.js';

const item = (amount: string): ItemFinding => ({ value: { ...emptyLineItemValue('x'), amount_total: amount }, fields: {} });
const summary = (net: number, gross: number): TaxSummary => ({
  net: { cents: net, printed: null },
  tax: { cents: gross - net, printed: null },
  gross: { cents: gross, printed: null },
  parts: [],
  confidence: 0.9,
});
const noText = toDocumentText([]);

describe('extractor: whether item amounts include tax', () => {
  it('tells by what the items add up to: the net total or the gross total', () => {
    expect(findIncludingTax(noText, [item('60.00'), item('40.00')], summary(10000, 10810))?.value).to.equal(false);
    expect(findIncludingTax(noText, [item('60.00'), item('48.10')], summary(10000, 10810))?.value).to.equal(true);
  });

  it('reads what the document states when the items do not tell', () => {
    expect(findIncludingTax(toDocumentText([{ pageNumber: 1, text: 'Alle Preise verstehen sich inkl. MwSt.' }]), [], null)?.value).to.equal(
      true,
    );
    expect(findIncludingTax(toDocumentText([{ pageNumber: 1, text: 'Prix HT, TVA en sus' }]), [], null)?.value).to.equal(false);
  });

  it("given a statement that no tax is charged (a small business's exemption), then the items are net", () => {
    const stated = (text: string) => findIncludingTax(toDocumentText([{ pageNumber: 1, text }]), [], null)?.value ?? null;
    expect(stated('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.')).to.equal(false);
    expect(stated('Nicht MWST-pflichtig')).to.equal(false);
    expect(stated('TVA non applicable, art. 293 B du CGI')).to.equal(false);
    expect(stated('Operazione in franchigia da IVA ai sensi della L. 190/2014')).to.equal(false);
    expect(stated('Not registered for VAT')).to.equal(false);
    expect(stated('Umsatzsteuer 19 %')).to.equal(null);
  });

  it('reads what the amount columns’ headers declare, when they all declare the same', () => {
    const table = (...header: string[]) =>
      toDocumentText([{ pageNumber: 1, text: [...header, '   1      1   Hosting Small Business        5,39        5,39'].join('\n') }]);
    const excluded = table(
      '  Pos.   Menge  Beschreibung                   VK-Preis    Zeilenbetrag',
      '                                               Ohne MwSt.  Ohne MwSt.',
    );
    expect(findIncludingTax(excluded, [], null)?.value).to.equal(false);
    expect(findIncludingTax(table('  Pos.   Qté    Désignation                    Prix        Montant TTC'), [], null)?.value).to.equal(
      true,
    );
    expect(findIncludingTax(table('  Pos.   Qté    Désignation       Montant HT   TVA         Montant TTC'), [], null)).to.equal(null);
    const overHeader = table(
      '                                                           ohne Gewähr',
      '  Pos.   Menge  Beschreibung                   Preis       Betrag',
    );
    expect(findIncludingTax(overHeader, [], null)).to.equal(null);
  });

  it('says nothing without evidence', () => {
    expect(findIncludingTax(noText, [item('55.00')], summary(10000, 10810))).to.equal(null);
  });
});
