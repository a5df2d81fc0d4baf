import type { AccountingData, FieldEvidence } from '../../../../contracts/events/extracted-data.js';
import { centsToDecimal, toCents } from '../values/cents.js';
import { derivedEvidence, textEvidence } from '../values/evidence.js';
import type { Finding } from '../values/finding.js';
import type { ItemFinding } from '../readers/item-finding.js';

const DETAILS = 'accounting_document.amount_details';

/**
 * The totals of a document that prices its items without tax and charges none (an export, a small
 * business): the items are declared net ("Zeilenbetrag ohne MwSt.", "Montant HT") and add up to the
 * printed total to the cent, so the total is the net and the gross, and the tax is zero. Only for a
 * document printing no tax summary and no tax charged (the caller's to check).
 */
export const untaxedItemTotal = (
  items: readonly ItemFinding[],
  includingTax: boolean | null,
  total: Finding<string> | null,
): { details: NonNullable<AccountingData['amount_details']>; evidence: Record<string, FieldEvidence> } | null => {
  if (includingTax !== false || total === null || items.length === 0) return null;
  const amounts = items.map((item) => item.value.amount_total);
  if (amounts.some((amount) => amount === null)) return null;
  const sum = amounts.reduce((running, amount) => running + toCents(amount!), 0);
  if (sum !== toCents(total.value)) return null;
  const value = centsToDecimal(sum);
  const confidence = total.confidence * 0.85;
  return {
    details: { gross_amount_total: value, tax_amount_total: centsToDecimal(0), net_amount_total: value, partial_amounts: [] },
    evidence: {
      [`${DETAILS}.gross_amount_total`]: textEvidence(total),
      [`${DETAILS}.net_amount_total`]: derivedEvidence(['accounting_document.items', 'accounting_document.including_tax'], confidence),
      [`${DETAILS}.tax_amount_total`]: derivedEvidence([`${DETAILS}.gross_amount_total`, `${DETAILS}.net_amount_total`], confidence),
    },
  };
};
