import { emptyLineItem, type ExtractedData, type LineItem } from '../../../contracts/events/extracted-data.js';
import type { Facts, Party } from './facts.js';
import { purposeOf } from './qr-bill.js';
import type { Style } from './style.js';

/** What an extractor should read from a document, in the extracted data's shape; item fields not printed are null. */

const decimal = (cents: number): string => (cents / 100).toFixed(2);
const hundredths = (value: number): string => String(value / 100);

/** The receiver's VAT id is not printed by any family: none to read. */
const address = (party: Party, vatPrinted: boolean) => ({
  address_id: null,
  company_name: party.company,
  contact_person_name: party.contact,
  street: party.street,
  house_number: party.houseNumber,
  post_office_box: null,
  postal_code: party.postalCode,
  city_name: party.city,
  country_code: party.country,
  company_id: null,
  vat_id: vatPrinted ? party.vatId : null,
});

export const truthOf = (facts: Facts, style: Style, receipt: boolean): ExtractedData => {
  const shown = new Set(style.columns);
  const items: LineItem[] = facts.items.map((item) => {
    const quantityShown = receipt ? item.quantity !== 100 : shown.has('quantity');
    return {
      ...emptyLineItem(),
      title: item.title,
      amount_total: decimal(item.totalCents),
      tax_rate: !receipt && shown.has('vat') ? item.taxRate : null,
      article_number: !receipt && shown.has('article') ? item.articleNumber : null,
      unit: !receipt && shown.has('unit') ? style.words.units[item.unit] : null,
      quantity: quantityShown ? hundredths(item.quantity) : null,
      amount_unit: (receipt ? quantityShown : shown.has('unitPrice')) ? decimal(item.unitPriceCents) : null,
    };
  });
  const sender = facts.sender;
  return {
    documentType: facts.kind,
    accountingDocument: {
      invoice_date: facts.invoiceDate,
      delivery_date: facts.deliveryDate,
      number: facts.number,
      invoice_number: receipt ? null : facts.number,
      order_number: null,
      currency: facts.locale.currency,
      including_tax: facts.pricesIncludeTax,
      additional_information: null,
      amount_total: decimal(facts.grossCents),
      amount_details: {
        gross_amount_total: decimal(facts.grossCents),
        tax_amount_total: decimal(facts.taxCents),
        net_amount_total: decimal(facts.netCents),
        partial_amounts: facts.taxParts.map((part) => ({
          tax_rate: part.rate,
          net_amount: decimal(part.netCents),
          tax_amount: decimal(part.taxCents),
          gross_amount: decimal(part.grossCents),
        })),
      },
      items,
      payment_conditions: facts.dueDate
        ? [
            {
              date: facts.dueDate,
              type: 'payment_condition',
              percentage: null,
              fixed_price: null,
              number_of_days: Math.round((Date.parse(facts.dueDate) - Date.parse(facts.invoiceDate)) / 86_400_000),
            },
          ]
        : [],
      // The account a QR-bill pays into is the document's bank account too (as in the house generator's and the
      // shared QR-bill corpus's truth); a QR-bill names no BIC.
      bank_accounts: facts.bank
        ? [{ iban: facts.bank.iban, bic: facts.bank.bic }]
        : facts.qrBill
          ? [{ iban: facts.qrBill.iban, bic: null }]
          : [],
      discount_rate: null,
      discount_total: null,
      payment_method: null,
      reference: facts.qrBill?.reference ?? null,
      esr: null,
      es: facts.qrBill && {
        es_amount: decimal(facts.grossCents),
        es_account: facts.qrBill.iban,
        es_iban: facts.qrBill.iban,
        es_purpose: purposeOf(facts),
        es_creditor: `${sender.company}, ${sender.street} ${sender.houseNumber}, ${sender.postalCode} ${sender.city}`,
        es_ultimate_creditor: null,
      },
      text: null,
    },
    senderAddress: address(sender, true),
    receiverAddress: facts.receiver && address(facts.receiver, false),
    errorCodes: [],
    evidence: {},
  };
};
