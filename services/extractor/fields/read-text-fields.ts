import { emptyAccountingData, emptyLineItem } from '../../../contracts/events/extracted-data.js';
import type { DocumentType } from '../../../contracts/events/common.js';
import type { AccountingData, Address, ExtractedData, FieldEvidence, LineItem } from '../../../contracts/events/extracted-data.js';
import { findAddressBlocks } from './layout/address-blocks.js';
import { findTotalAmount } from './readers/amounts.js';
import { findBankAccounts } from './readers/bank-accounts.js';
import { findCurrency } from './values/currency.js';
import { findDeliveryDate } from './readers/delivery-date.js';
import { findDocumentDiscount } from './readers/document-discount.js';
import { findDocumentNumber, numberAfterSplitTitle, withIssueMonthDigits } from './readers/document-number.js';
import type { DocumentText } from './layout/document-text.js';
import { classifyDocument } from './readers/document-type.js';
import { derivedEvidence, textEvidence } from './values/evidence.js';
import { grossOfItemTotal } from './readers/item-totals.js';
import { foundAt, type Finding } from './values/finding.js';
import { findIncludingTax } from './checks/including-tax.js';
import { findInvoiceDate } from './readers/invoice-date.js';
import { tillDateEvidence } from './readers/receipt-date.js';
import { findItemTables } from './layout/item-table.js';
import type { ItemFinding } from './readers/item-finding.js';
import { findLineItems } from './readers/line-items.js';
import { findOrderNumber } from './readers/order-number.js';
import { findParties, type Party, type SenderAccount } from './readers/parties.js';
import { withNameAccents } from './readers/party-accents.js';
import { domainNamesIn } from './readers/domain-names.js';
import { findPaymentConditions } from './readers/payment-conditions.js';
import { findPaymentMethod } from './readers/payment-method.js';
import { findPaymentReference } from './readers/payment-reference.js';
import { isSettledOtherwise } from './readers/payment-settlement.js';
import { findTaxIds } from './readers/tax-ids.js';
import { headerShop, readTillReceipt, receiptSender } from './readers/till-receipt.js';
import { centsToDecimal, toCents } from './values/cents.js';
import { findReceiptTotal, MAX_ADJUSTMENT_CENTS, type ReceiptTotal } from './readers/receipt-total.js';
import { findTaxSummary, printsTaxCharged, type SummaryTotal, type TaxSummary } from './readers/tax-summary.js';
import { untaxedItemTotal } from './checks/untaxed-item-total.js';
import { itemsAtTheOneRate } from './checks/one-rate-items.js';
import { totalWithTip } from './checks/tip.js';

export type Evidence = Record<string, FieldEvidence>;

/** What the text says about paying, beyond the fields: for the payment-credentials check. */
export interface PaymentFacts {
  /** IBANs printed after an "IBAN" label whose check digits fail. */
  invalidIbans: string[];
  /** The sender's accounts (those printed with the receiver, e.g. for a direct debit, left out). */
  senderAccounts: SenderAccount[];
  /** Already paid, or paid by card, cash or direct debit: no bank transfer needed. */
  settledOtherwise: boolean;
}

/** Stores a finding's evidence under its field path and hands back its value. */
const recorder =
  (evidence: Evidence) =>
  <T>(path: string, found: Finding<T> | null): T | null => {
    if (!found) return null;
    evidence[path] = textEvidence(found);
    return found.value;
  };

const DETAILS = 'accounting_document.amount_details';

/** A total of the tax summary: where it is printed, or derived from the rates. */
const summaryTotal = (total: SummaryTotal, confidence: number, field: string, evidence: Evidence): string => {
  const value = centsToDecimal(total.cents);
  evidence[`${DETAILS}.${field}`] = total.printed
    ? textEvidence(foundAt(value, confidence, [total.printed]))
    : derivedEvidence([`${DETAILS}.partial_amounts`], confidence * 0.9);
  return value;
};

const amountDetails = (summary: TaxSummary, evidence: Evidence): AccountingData['amount_details'] => ({
  gross_amount_total: summaryTotal(summary.gross, summary.confidence, 'gross_amount_total', evidence),
  tax_amount_total: summaryTotal(summary.tax, summary.confidence, 'tax_amount_total', evidence),
  net_amount_total: summaryTotal(summary.net, summary.confidence, 'net_amount_total', evidence),
  partial_amounts: summary.parts.map((part, index) => {
    evidence[`${DETAILS}.partial_amounts.${index}`] = textEvidence(foundAt(part, summary.confidence, [part.span]));
    return {
      tax_rate: part.rate,
      net_amount: centsToDecimal(part.net),
      tax_amount: centsToDecimal(part.tax),
      gross_amount: centsToDecimal(part.net + part.tax),
    };
  }),
});

const recordItems = (items: ItemFinding[], evidence: Evidence): LineItem[] =>
  items.map(({ value, fields }, index) => {
    for (const [field, found] of Object.entries(fields)) evidence[`accounting_document.items.${index}.${field}`] = textEvidence(found);
    return { ...emptyLineItem(), ...value };
  });

const recordParty = (prefix: string, party: Party | null, evidence: Evidence): Address | null => {
  if (!party) return null;
  for (const [field, found] of Object.entries(party.evidence)) {
    evidence[`${prefix}.${field}`] =
      'derivedFrom' in found
        ? derivedEvidence(
            found.derivedFrom.map((from) => (from.includes('.') ? from : `${prefix}.${from}`)),
            found.confidence,
          )
        : textEvidence(found);
  }
  return party.address;
};

const SETTLING_METHODS = ['direct_debit', 'credit_card', 'debit_card', 'cash', 'paypal', 'twint'];

/**
 * On a till receipt, a total that neither the till's labels nor its arithmetic gave (the invoice reader's, from what is
 * left: often a tax summary's row) is doubtful: scored so.
 */
const TILL_DOUBT = 0.6;
const doubtedOnTill = <T extends { confidence: number }>(found: T | null, onTill: boolean): T | null =>
  found && onTill ? { ...found, confidence: found.confidence * TILL_DOUBT } : found;

/**
 * A shop's receipt no reader took for a till's (its header names the shop, but it prints too few of a till's own lines)
 * where the invoice reader finds no total: the total as a till's is read (a labelled total, the tax summary's checked
 * gross), less sure for it.
 */
const SHOP_DOUBT = 0.8;
const shopTotal = (document: DocumentText, shopHeader: boolean): ReceiptTotal | null => {
  const found = shopHeader ? findReceiptTotal(document) : null;
  return found && { ...found, confidence: found.confidence * SHOP_DOUBT };
};

/**
 * Everything the recognized text shows, with evidence for every field: header fields, totals and their
 * tax summary, line items, payment terms, bank accounts and both parties. The extraction process and
 * the other sources (e-invoice, QR-bill) are applied afterwards.
 */
export const readTextFields = (document: DocumentText): { data: ExtractedData; payment: PaymentFacts } => {
  const evidence: Evidence = {};
  const record = recorder(evidence);

  const documentType: DocumentType = record('document_type', classifyDocument(document))!;
  const dateFound = findInvoiceDate(document);
  const number =
    withIssueMonthDigits(findDocumentNumber(document), dateFound?.value ?? null) ??
    numberAfterSplitTitle(document, dateFound?.value ?? null);
  const tables = findItemTables(document);
  const items = findLineItems(document, tables);
  const summary = findTaxSummary(document, items, tables);
  const { accounts, invalidIbans } = findBankAccounts(document);
  const parties = findParties(document, findAddressBlocks(document), findTaxIds(document), accounts, {
    receipt: documentType === 'receipt',
  });
  const discount = findDocumentDiscount(document);
  const till = readTillReceipt(document, documentType === 'receipt');
  // A till's date is scored by what the rest of the receipt says of it (printed again, a digit off, other dates).
  const invoiceDate = record('accounting_document.invoice_date', dateFound && till ? tillDateEvidence(document, dateFound) : dateFound);
  // A shop's header names the sender the party reader did not find, till receipt or not.
  const shop = till !== null ? till.shop : parties.sender === null ? headerShop(document) : null;

  // A printed gross the tax arithmetic confirms is the total, whatever other total labels say; without a
  // labelled total, the gross the printed net and tax add up to is.
  const grossPrinted = summary?.gross.printed ?? null;
  // Else, on a till receipt, a total the till's arithmetic confirms (cash − change, total + rounding) is what was paid.
  // A till's rounded total that the tender confirms is what was paid, though the summary's gross is the sum before rounding;
  // so is a total the till printed a few cents off the gross after a rounding line, confirmed or not.
  // Unconfirmed, the till's most final total still knows its labels (rounded, nett, a rounding line that is the total
  // rounded) and the tax summary printed after the tender, which the invoice reader does not.
  const grossBeforeRounding =
    grossPrinted !== null &&
    till?.total?.afterRounding === true &&
    Math.abs(toCents(till.total.value) - summary!.gross.cents) <= MAX_ADJUSTMENT_CENTS;
  const billTotal =
    (till?.total?.confirmed && till.total.rounded) || grossBeforeRounding
      ? till!.total!
      : grossPrinted
        ? { ...foundAt(centsToDecimal(summary!.gross.cents), 0.95, [grossPrinted]), line: grossPrinted.line }
        : till?.total?.confirmed
          ? till.total
          : (till?.total ?? doubtedOnTill(findTotalAmount(document), till !== null) ?? shopTotal(document, till === null && shop !== null));
  // A tip written under the bill's total makes what was paid the total.
  const total = (billTotal && totalWithTip(document, billTotal)) ?? billTotal;
  const derivedTotal = total === null && summary !== null ? centsToDecimal(summary.gross.cents) : null;
  if (derivedTotal)
    evidence['accounting_document.amount_total'] = derivedEvidence([`${DETAILS}.gross_amount_total`], summary!.confidence * 0.9);
  const includingTax = findIncludingTax(document, items, summary, tables);
  if (includingTax) evidence['accounting_document.including_tax'] = includingTax.evidence;
  const untaxed =
    summary === null && includingTax?.value === false && !printsTaxCharged(document, tables) ? untaxedItemTotal(items, false, total) : null;
  if (untaxed) Object.assign(evidence, untaxed.evidence);
  const itemsGross = summary === null && untaxed === null && till === null ? grossOfItemTotal(items, total) : null;
  if (itemsGross) evidence[`${DETAILS}.gross_amount_total`] = textEvidence(itemsGross);

  const accountingDocument: AccountingData = {
    ...emptyAccountingData(),
    number: record('accounting_document.number', number),
    invoice_number: documentType === 'invoice' ? record('accounting_document.invoice_number', number) : null,
    invoice_date: invoiceDate,
    delivery_date: record('accounting_document.delivery_date', findDeliveryDate(document)),
    order_number: record('accounting_document.order_number', findOrderNumber(document)),
    currency: record('accounting_document.currency', findCurrency(document, total?.line ?? null)),
    including_tax: includingTax?.value ?? null,
    amount_total: record('accounting_document.amount_total', total) ?? derivedTotal,
    amount_details: summary
      ? amountDetails(summary, evidence)
      : (untaxed?.details ??
        (itemsGross && { gross_amount_total: itemsGross.value, tax_amount_total: null, net_amount_total: null, partial_amounts: [] })),
    items: recordItems(itemsAtTheOneRate(items, summary) ?? items, evidence),
    payment_conditions: findPaymentConditions(document, invoiceDate).map((condition, index) =>
      record(`accounting_document.payment_conditions.${index}`, condition)!,
    ),
    bank_accounts: accounts.map((account, index) => record(`accounting_document.bank_accounts.${index}`, account)!),
    discount_rate: record('accounting_document.discount_rate', discount?.rate ?? null),
    discount_total: record('accounting_document.discount_total', discount?.total ?? null),
    payment_method: record('accounting_document.payment_method', findPaymentMethod(document)),
    reference: record('accounting_document.reference', findPaymentReference(document)),
    text: document.fullText === '' ? null : document.fullText,
  };

  return {
    data: {
      documentType,
      accountingDocument,
      senderAddress: recordParty(
        'sender_address',
        withNameAccents(receiptSender(parties.sender, shop), document, domainNamesIn(document)),
        evidence,
      ),
      receiverAddress: recordParty('receiver_address', withNameAccents(parties.receiver, document), evidence),
      errorCodes: [],
      evidence,
    },
    payment: {
      invalidIbans,
      senderAccounts: parties.senderAccounts,
      settledOtherwise: isSettledOtherwise(document.fullText) || SETTLING_METHODS.includes(accountingDocument.payment_method ?? ''),
    },
  };
};
