import type { Element } from '@xmldom/xmldom';

/**
 * Of the tax total amounts, the one in the invoice currency: an invoice may state the VAT total a second
 * time in the tax currency (BT-111). Falls back to the first when none names the invoice currency.
 */
export const amountInInvoiceCurrency = (amounts: Element[], currency: string | undefined): Element | undefined =>
  amounts.find((amount) => amount.getAttribute('currencyID') === currency) ?? amounts[0];
