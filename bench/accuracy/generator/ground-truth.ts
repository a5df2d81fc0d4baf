import {
  emptyLineItem,
  type AccountingData,
  type Address,
  type ExtractedData,
  type LineItem,
} from '../../../contracts/events/extracted-data.js';
import type { DocumentContent, PartyContent } from './document-content.js';
import { shownItemFields, type DocumentLayout } from './layout.js';
import { addDays } from './locale-formats.js';
import { centsToDecimal, hundredthsToDecimal } from './money.js';

const addressOf = (party: PartyContent): Address => ({
  address_id: null,
  company_name: party.companyName,
  contact_person_name: party.contactPerson,
  street: party.street,
  house_number: party.houseNumber,
  post_office_box: null,
  postal_code: party.postalCode,
  city_name: party.city,
  country_code: party.country,
  company_id: party.companyId,
  vat_id: party.vatId,
});

const paymentConditionsOf = ({ terms, invoiceDate }: DocumentContent): AccountingData['payment_conditions'] => {
  if (!terms) return [];
  const discount = terms.discount
    ? [
        {
          date: addDays(invoiceDate, terms.discount.days),
          type: 'payment_condition',
          percentage: terms.discount.percent,
          fixed_price: null,
          number_of_days: terms.discount.days,
        },
      ]
    : [];
  const netDays = terms.netDays ?? Math.round((Date.parse(terms.dueDate!) - Date.parse(invoiceDate)) / 86_400_000);
  return [
    ...discount,
    {
      date: terms.dueDate ?? addDays(invoiceDate, netDays),
      type: 'payment_condition',
      percentage: null,
      fixed_price: null,
      number_of_days: netDays,
    },
  ];
};

/** "Name, Street 1, 8000 Town" as a QR-bill's payment part prints the creditor on one line (foreign towns get their country code). */
const printedCreditor = (party: PartyContent): string =>
  `${party.companyName}, ${party.street} ${party.houseNumber}, ${party.country === 'CH' ? '' : `${party.country}-`}${party.postalCode} ${party.city}`;

/**
 * What an extractor should read from the document, in the extracted data's own shape: money as
 * decimal strings, ISO dates, currency and country codes. Item fields the layout does not print are null.
 */
export const groundTruthOf = (content: DocumentContent, layout: DocumentLayout): ExtractedData => {
  const shown = shownItemFields(layout);
  const receipt = content.kind === 'receipt';
  const items: LineItem[] = content.items.map((item) => {
    const quantityShown = receipt ? item.quantity !== 100 : shown.has('quantity');
    return {
      ...emptyLineItem(),
      title: item.title,
      amount_total: centsToDecimal(item.totalCents),
      tax_rate: shown.has('taxRate') ? item.taxRate : null,
      article_number: shown.has('article') ? item.articleNumber : null,
      unit: shown.has('unit') || (receipt && quantityShown) ? item.unit : null,
      quantity: quantityShown ? hundredthsToDecimal(item.quantity) : null,
      amount_unit: receipt
        ? quantityShown
          ? centsToDecimal(item.unitPriceCents)
          : null
        : shown.has('unitPrice')
          ? centsToDecimal(item.unitPriceCents)
          : null,
    };
  });
  const qr = content.qrBill;
  const accountingDocument: AccountingData = {
    invoice_date: content.invoiceDate,
    delivery_date: content.deliveryDate,
    number: content.number,
    invoice_number: receipt ? null : content.number,
    order_number: content.orderNumber,
    currency: content.profile.currency,
    including_tax: content.pricesIncludeTax,
    additional_information: null,
    amount_total: centsToDecimal(content.grossCents),
    amount_details: {
      gross_amount_total: centsToDecimal(content.grossCents),
      tax_amount_total: centsToDecimal(content.taxCents),
      net_amount_total: centsToDecimal(content.netCents),
      partial_amounts: content.taxParts.map((part) => ({
        tax_rate: part.rate,
        net_amount: centsToDecimal(part.netCents),
        tax_amount: centsToDecimal(part.taxCents),
        gross_amount: centsToDecimal(part.grossCents),
      })),
    },
    items,
    payment_conditions: paymentConditionsOf(content),
    bank_accounts: content.bankAccounts.map((account) => ({ iban: account.iban, bic: account.bic })),
    discount_rate: null,
    discount_total: null,
    payment_method: content.paymentMethod,
    reference: content.paymentReference,
    esr: content.esr && {
      amount_esr: centsToDecimal(content.esr.amountCents),
      account_esr: content.esr.participant,
      reference_esr: content.esr.reference,
      codingline_esr: null,
    },
    es: qr && {
      es_amount: qr.amountCents === null ? null : centsToDecimal(qr.amountCents),
      es_account: qr.account,
      es_iban: qr.account,
      es_purpose: qr.message,
      es_creditor: printedCreditor(content.sender),
      es_ultimate_creditor: null,
    },
    text: null,
  };
  return {
    documentType: content.kind,
    accountingDocument,
    senderAddress: addressOf(content.sender),
    receiverAddress: content.receiver && addressOf(content.receiver),
    errorCodes: [],
    evidence: {},
  };
};
