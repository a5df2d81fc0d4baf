import type { Element } from '@xmldom/xmldom';
import { isCreditNoteTypeCode } from './credit-note-codes.js';
import type { EInvoiceFields, LineFields, PartyFields, PaymentTermsFields } from './einvoice-fields.js';
import { amountInInvoiceCurrency } from './tax-currency.js';
import { elementPath, xmlQuery, type Located } from './xml-query.js';

export const UBL_INVOICE_NAMESPACE = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
export const UBL_CREDIT_NOTE_NAMESPACE = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';

const query = xmlQuery({
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
});

const readParty = (party: Element | undefined): PartyFields | null => {
  if (!party) return null;
  const address = 'cac:PostalAddress';
  return {
    // The legal name (BT-27) before the trading name (BT-28), as CII's SellerTradeParty/Name carries it.
    name: query.text('cac:PartyLegalEntity/cbc:RegistrationName', party) ?? query.text('cac:PartyName/cbc:Name', party),
    contactPerson: query.text('cac:Contact/cbc:Name', party),
    addressLines: query.texts(
      `${address}/cbc:StreetName | ${address}/cbc:AdditionalStreetName | ${address}/cac:AddressLine/cbc:Line`,
      party,
    ),
    buildingNumber: query.text(`${address}/cbc:BuildingNumber`, party),
    postOfficeBox: query.text(`${address}/cbc:PostBox`, party),
    postalCode: query.text(`${address}/cbc:PostalZone`, party),
    city: query.text(`${address}/cbc:CityName`, party),
    countryCode: query.text(`${address}/cac:Country/cbc:IdentificationCode`, party),
    vatId: query.text("cac:PartyTaxScheme[cac:TaxScheme/cbc:ID='VAT']/cbc:CompanyID", party),
    legalId: query.text('cac:PartyLegalEntity/cbc:CompanyID', party),
    taxNumber: query.text("cac:PartyTaxScheme[not(cac:TaxScheme/cbc:ID='VAT')]/cbc:CompanyID", party),
  };
};

const readLine =
  (linesCarryTheirTax: boolean) =>
  (line: Element): LineFields => {
    const quantity = 'cbc:InvoicedQuantity | cbc:CreditedQuantity';
    return {
      path: elementPath(line),
      title: query.text('cac:Item/cbc:Name', line),
      articleNumber: query.text('cac:Item/cac:SellersItemIdentification/cbc:ID', line),
      buyerItemId: query.text('cac:Item/cac:BuyersItemIdentification/cbc:ID', line),
      standardItemId: query.text('cac:Item/cac:StandardItemIdentification/cbc:ID', line),
      quantity: query.text(quantity, line),
      unitCode: query.text('cbc:InvoicedQuantity/@unitCode | cbc:CreditedQuantity/@unitCode', line),
      netPrice: query.text('cac:Price/cbc:PriceAmount', line),
      priceBaseQuantity: query.text('cac:Price/cbc:BaseQuantity', line),
      total: query.text('cbc:LineExtensionAmount', line),
      taxRate: lineTaxRate(line, linesCarryTheirTax),
    };
  };

const ownTaxOf = (line: Element) => query.text('cac:TaxTotal/cbc:TaxAmount', line);

/**
 * A line's tax rate: its item's tax category. UBL 2.0 writers (Odoo among them) give it only in the
 * line's tax subtotal, and some give a line a category's rate while its own tax is nothing (a zero-rated
 * item of a 15 % category). Where the lines carry their tax (some line's is not zero), a tax of 0 on an
 * amount that is not is a rate of 0, read from that tax.
 */
const lineTaxRate = (line: Element, linesCarryTheirTax: boolean): Located | null => {
  const ownTax = ownTaxOf(line);
  const amount = query.text('cbc:LineExtensionAmount', line);
  if (linesCarryTheirTax && ownTax && amount && Number(ownTax.value) === 0 && Number(amount.value) !== 0)
    return { value: '0', path: ownTax.path };
  return (
    query.text('cac:Item/cac:ClassifiedTaxCategory/cbc:Percent', line) ??
    query.text('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent', line)
  );
};

/** UBL keeps one due date for the document (credit notes: per payment means) apart from the terms texts. */
const readPaymentTerms = (root: Element, dueDate: Located | null): PaymentTermsFields[] => {
  const terms = query.elements('cac:PaymentTerms', root).map((element) => ({
    path: elementPath(element),
    description: query.text('cbc:Note', element),
    dueDate: null,
    discounts: [],
  }));
  if (!dueDate) return terms;
  const [first, ...rest] = terms;
  return first ? [{ ...first, dueDate }, ...rest] : [{ path: dueDate.path, description: null, dueDate, discounts: [] }];
};

/** The business terms of a UBL Invoice or CreditNote rooted at `root`. */
export const readUbl = (root: Element): EInvoiceFields => {
  const typeCode = query.text('cbc:InvoiceTypeCode | cbc:CreditNoteTypeCode', root);
  const currency = query.text('cbc:DocumentCurrencyCode', root);
  // The breakdown belongs to the TaxTotal in the invoice currency; one in the tax currency has none.
  const taxTotalAmount = amountInInvoiceCurrency(query.elements('cac:TaxTotal/cbc:TaxAmount', root), currency?.value);
  const taxTotal = taxTotalAmount?.parentNode as Element | undefined;
  const totals = 'cac:LegalMonetaryTotal';
  const branch = 'cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch';
  const lines = query.elements('cac:InvoiceLine | cac:CreditNoteLine', root);

  return {
    creditNote: root.namespaceURI === UBL_CREDIT_NOTE_NAMESPACE || isCreditNoteTypeCode(typeCode?.value ?? null),
    documentKindPath: root.namespaceURI === UBL_CREDIT_NOTE_NAMESPACE || !typeCode ? elementPath(root) : typeCode.path,
    number: query.text('cbc:ID', root),
    issueDate: query.text('cbc:IssueDate', root),
    deliveryDate: query.text('cac:Delivery/cbc:ActualDeliveryDate', root) ?? query.text('cac:InvoicePeriod/cbc:EndDate', root),
    orderNumber: query.text('cac:OrderReference/cbc:ID', root),
    currency,
    grandTotal: query.text(`${totals}/cbc:TaxInclusiveAmount`, root),
    taxBasisTotal: query.text(`${totals}/cbc:TaxExclusiveAmount`, root),
    taxTotal: taxTotalAmount ? query.text('.', taxTotalAmount) : null,
    taxBreakdown: taxTotal
      ? query.elements('cac:TaxSubtotal', taxTotal).map((subtotal) => ({
          path: elementPath(subtotal),
          rate: query.text('cac:TaxCategory/cbc:Percent', subtotal),
          basis: query.text('cbc:TaxableAmount', subtotal),
          tax: query.text('cbc:TaxAmount', subtotal),
        }))
      : [],
    lines: lines.map(readLine(lines.some((line) => Number(ownTaxOf(line)?.value ?? 0) !== 0))),
    paymentMeans: query.elements('cac:PaymentMeans', root).map((means) => ({
      path: elementPath(means),
      typeCode: query.text('cbc:PaymentMeansCode', means),
      accountId: query.text('cac:PayeeFinancialAccount/cbc:ID', means),
      // EN 16931 puts the BIC on the branch, UBL 2.1 before it on the branch's institution.
      bic: query.text(`${branch}/cbc:ID | ${branch}/cac:FinancialInstitution/cbc:ID`, means),
    })),
    paymentTerms: readPaymentTerms(root, query.text('cbc:DueDate | cac:PaymentMeans/cbc:PaymentDueDate', root)),
    paymentReference: query.text('cac:PaymentMeans/cbc:PaymentID', root),
    seller: readParty(query.elements('cac:AccountingSupplierParty/cac:Party', root)[0]),
    buyer: readParty(query.elements('cac:AccountingCustomerParty/cac:Party', root)[0]),
  };
};
