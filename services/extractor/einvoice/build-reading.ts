import type { z } from 'zod';
import {
  emptyLineItem,
  type AccountingData,
  type Address,
  type FieldEvidence,
  type LineItem,
  type PartialAmount,
} from '../../../contracts/events/extracted-data.js';
import { toIsoDate } from './calendar-date.js';
import { addDecimals, toDecimal } from './decimal.js';
import type { EInvoiceFields, LineFields, TaxBreakdownFields } from './einvoice-fields.js';
import { asText, EvidenceLog, money, plain, read } from './evidence-log.js';
import { splitItemName } from './item-name.js';
import { toAddress } from './party-address.js';
import { paymentConditionsOf } from './payment-conditions.js';
import { isDirectDebit, paymentMethodOf } from './payment-means.js';
import { unitPriceOf } from './unit-price.js';

/** What an e-invoice says, ready to stand in for (and win over) anything read from its pixels. */
export interface EInvoiceReading {
  documentType: 'invoice' | 'credit_note';
  accountingDocument: AccountingData;
  /** The seller. */
  senderAddress: Address | null;
  /** The buyer. */
  receiverAddress: Address | null;
  /** Keyed by field path like the extractor's (`accounting_document.number`), each pointing at its element. */
  evidence: Record<string, FieldEvidence>;
}

type TaxPart = z.infer<typeof PartialAmount>;

const currencyCode = (raw: string): string | null => (/^[A-Za-z]{3}$/.test(raw) ? raw.toUpperCase() : null);

const toPartialAmount = (tax: TaxBreakdownFields): TaxPart | null => {
  const net = read(tax.basis, money);
  const taxAmount = read(tax.tax, money);
  if (net === null || taxAmount === null) return null;
  // Categories outside VAT (O, some E) may leave the rate out: no rate is a rate of nothing.
  const rate = read(tax.rate, plain) ?? '0';
  return { tax_rate: rate, net_amount: net, tax_amount: taxAmount, gross_amount: toDecimal(addDecimals(net, taxAmount), 2)! };
};

const unitPrice = (line: LineFields): string | null => {
  const price = read(line.netPrice, money);
  if (price === null) return null;
  const perUnit = unitPriceOf({
    price,
    baseQuantity: read(line.priceBaseQuantity, plain),
    quantity: read(line.quantity, plain),
    lineAmount: read(line.total, money),
  });
  return perUnit === null ? null : money(perUnit);
};

const toLineItem = (line: LineFields, name: string): LineItem => {
  const itemIds = [line.articleNumber, line.buyerItemId, line.standardItemId].flatMap((id) => (id ? [id.value] : []));
  const { title, itemId } = splitItemName(name, itemIds);
  return {
    ...emptyLineItem(),
    title,
    amount_total: read(line.total, money),
    tax_rate: read(line.taxRate, plain),
    // The id printed before the name is the line's number on the page when the seller gives none of its own.
    article_number: read(line.articleNumber, asText) ?? itemId,
    unit: read(line.unitCode, asText),
    quantity: read(line.quantity, plain),
    amount_unit: unitPrice(line),
  };
};

/**
 * An account id written like an IBAN (country, check digits, account), in electronic form; other ids
 * (national account numbers) are no IBAN. Length and checksum are not checked: a wrong IBAN is what the
 * document says, for the extractor to report.
 */
const ibanOf = (raw: string): string | null => {
  const iban = raw.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban) ? iban : null;
};

/** Turns what a syntax reader found into the accounting data, sender, receiver and evidence of a reading. */
export const buildReading = (fields: EInvoiceFields): EInvoiceReading => {
  const log = new EvidenceLog();
  const documentType = fields.creditNote ? 'credit_note' : 'invoice';
  log.point('document_type', fields.documentKindPath);
  const key = (field: string): string => `accounting_document.${field}`;

  const number = log.take(key('number'), fields.number, asText);
  const invoiceNumber = documentType === 'invoice' ? log.take(key('invoice_number'), fields.number, asText) : null;
  const invoiceDate = log.take(key('invoice_date'), fields.issueDate, toIsoDate);
  const grossTotal = log.take(key('amount_details.gross_amount_total'), fields.grandTotal, money);

  const partialAmounts = fields.taxBreakdown.flatMap((tax) => {
    const partial = toPartialAmount(tax);
    return partial ? [{ path: tax.path, partial }] : [];
  });
  partialAmounts.forEach(({ path }, index) => log.point(key(`amount_details.partial_amounts.${index}`), path));
  const amountDetails = {
    gross_amount_total: grossTotal,
    tax_amount_total: log.take(key('amount_details.tax_amount_total'), fields.taxTotal, money),
    net_amount_total: log.take(key('amount_details.net_amount_total'), fields.taxBasisTotal, money),
    partial_amounts: partialAmounts.map(({ partial }) => partial),
  };
  const hasAmountDetails =
    amountDetails.partial_amounts.length > 0 ||
    [amountDetails.gross_amount_total, amountDetails.tax_amount_total, amountDetails.net_amount_total].some((total) => total !== null);

  const items = fields.lines.flatMap((line) => {
    const title = read(line.title, asText);
    const item = title === null ? null : toLineItem(line, title);
    // Lines without a product are notes between the items (ZUGFeRD 1.0 allows them), lines of nothing at no
    // amount section headings (Odoo's "--- Food ---"): neither is an item.
    const isHeading = item !== null && Number(item.quantity ?? 0) === 0 && Number(item.amount_total ?? 0) === 0;
    return item === null || isHeading ? [] : [{ path: line.path, item }];
  });
  items.forEach(({ path }, index) => log.point(key(`items.${index}`), path));

  const bankAccounts = fields.paymentMeans
    .filter((means) => !isDirectDebit(means.typeCode?.value ?? null))
    .flatMap((means) => {
      const iban = read(means.accountId, ibanOf);
      return iban ? [{ path: means.accountId!.path, account: { iban, bic: read(means.bic, asText) } }] : [];
    })
    .filter((entry, index, all) => all.findIndex((other) => other.account.iban === entry.account.iban) === index);
  bankAccounts.forEach(({ path }, index) => log.point(key(`bank_accounts.${index}`), path));

  const meansWithMethod = fields.paymentMeans.find((means) => read(means.typeCode, paymentMethodOf) !== null);
  const paymentMethod = log.take(key('payment_method'), meansWithMethod?.typeCode ?? null, paymentMethodOf);

  const conditions = fields.paymentTerms.flatMap((terms) => paymentConditionsOf(terms, invoiceDate));
  conditions.forEach(({ path }, index) => log.point(key(`payment_conditions.${index}`), path));

  const accountingDocument: AccountingData = {
    invoice_date: invoiceDate,
    delivery_date: log.take(key('delivery_date'), fields.deliveryDate, toIsoDate),
    number,
    invoice_number: invoiceNumber,
    order_number: log.take(key('order_number'), fields.orderNumber, asText),
    currency: log.take(key('currency'), fields.currency, currencyCode),
    including_tax: true,
    additional_information: null,
    amount_total: log.take(key('amount_total'), fields.grandTotal, money),
    amount_details: hasAmountDetails ? amountDetails : null,
    items: items.map(({ item }) => item),
    payment_conditions: conditions.map(({ condition }) => condition),
    bank_accounts: bankAccounts.map(({ account }) => account),
    discount_rate: null,
    discount_total: null,
    payment_method: paymentMethod,
    reference: log.take(key('reference'), fields.paymentReference, asText),
    esr: null,
    es: null,
    text: null,
  };

  return {
    documentType,
    accountingDocument,
    senderAddress: toAddress(log, 'sender_address', fields.seller),
    receiverAddress: toAddress(log, 'receiver_address', fields.buyer),
    evidence: log.evidence,
  };
};
