import type { Element } from '@xmldom/xmldom';
import type { CiiDialect } from './cii-dialects.js';
import { isCreditNoteTypeCode } from './credit-note-codes.js';
import type { EInvoiceFields, LineFields, PartyFields } from './einvoice-fields.js';
import { amountInInvoiceCurrency } from './tax-currency.js';
import { elementPath, xmlQuery, type XmlQuery } from './xml-query.js';

const readParty = (query: XmlQuery, party: Element | undefined): PartyFields | null => {
  if (!party) return null;
  const address = 'ram:PostalTradeAddress';
  return {
    name: query.text('ram:Name', party),
    contactPerson: query.text('ram:DefinedTradeContact/ram:PersonName', party),
    addressLines: query.texts(`${address}/ram:LineOne | ${address}/ram:LineTwo | ${address}/ram:LineThree`, party),
    buildingNumber: null,
    postOfficeBox: null,
    postalCode: query.text(`${address}/ram:PostcodeCode`, party),
    city: query.text(`${address}/ram:CityName`, party),
    countryCode: query.text(`${address}/ram:CountryID`, party),
    vatId: query.text("ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']", party),
    legalId: query.text('ram:SpecifiedLegalOrganization/ram:ID', party),
    taxNumber: query.text("ram:SpecifiedTaxRegistration/ram:ID[@schemeID='FC']", party),
  };
};

const readLine = (query: XmlQuery, dialect: CiiDialect, line: Element): LineFields => {
  const netPrice = `${dialect.lineAgreement}/ram:NetPriceProductTradePrice`;
  const quantity = `${dialect.lineDelivery}/ram:BilledQuantity`;
  return {
    path: elementPath(line),
    title: query.text('ram:SpecifiedTradeProduct/ram:Name', line),
    articleNumber: query.text('ram:SpecifiedTradeProduct/ram:SellerAssignedID', line),
    buyerItemId: query.text('ram:SpecifiedTradeProduct/ram:BuyerAssignedID', line),
    standardItemId: query.text('ram:SpecifiedTradeProduct/ram:GlobalID', line),
    quantity: query.text(quantity, line),
    unitCode: query.text(`${quantity}/@unitCode`, line),
    netPrice: query.text(`${netPrice}/ram:ChargeAmount`, line),
    priceBaseQuantity: query.text(`${netPrice}/ram:BasisQuantity`, line),
    total: query.text(`${dialect.lineSettlement}/${dialect.lineMonetarySummation}/ram:LineTotalAmount`, line),
    taxRate: query.text(`${dialect.lineSettlement}/ram:ApplicableTradeTax/${dialect.ratePercent}`, line),
  };
};

/** The business terms of a Cross Industry Invoice (or ZUGFeRD 1.0 CrossIndustryDocument) rooted at `root`. */
export const readCii = (root: Element, dialect: CiiDialect): EInvoiceFields => {
  const query = xmlQuery(dialect.namespaces);
  const header = dialect.exchangedDocument;
  const transaction = dialect.transaction;
  const agreement = `${transaction}/${dialect.agreement}`;
  const settlement = `${transaction}/${dialect.settlement}`;
  const totals = `${settlement}/${dialect.monetarySummation}`;
  const currency = query.text(`${settlement}/ram:InvoiceCurrencyCode`, root);
  const typeCode = query.text(`${header}/ram:TypeCode`, root);
  const taxTotal = amountInInvoiceCurrency(query.elements(`${totals}/ram:TaxTotalAmount`, root), currency?.value);

  return {
    creditNote: isCreditNoteTypeCode(typeCode?.value ?? null),
    documentKindPath: typeCode?.path ?? elementPath(root),
    number: query.text(`${header}/ram:ID`, root),
    issueDate: query.text(`${header}/ram:IssueDateTime/udt:DateTimeString`, root),
    deliveryDate:
      query.text(`${transaction}/${dialect.delivery}/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString`, root) ??
      query.text(`${settlement}/ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString`, root),
    orderNumber: query.text(`${agreement}/ram:BuyerOrderReferencedDocument/${dialect.buyerOrderId}`, root),
    currency,
    grandTotal: query.text(`${totals}/ram:GrandTotalAmount`, root),
    taxBasisTotal: query.text(`${totals}/ram:TaxBasisTotalAmount`, root),
    taxTotal: taxTotal ? query.text('.', taxTotal) : null,
    taxBreakdown: query.elements(`${settlement}/ram:ApplicableTradeTax`, root).map((tax) => ({
      path: elementPath(tax),
      rate: query.text(dialect.ratePercent, tax),
      basis: query.text('ram:BasisAmount', tax),
      tax: query.text('ram:CalculatedAmount', tax),
    })),
    lines: query.elements(`${transaction}/ram:IncludedSupplyChainTradeLineItem`, root).map((line) => readLine(query, dialect, line)),
    paymentMeans: query.elements(`${settlement}/ram:SpecifiedTradeSettlementPaymentMeans`, root).map((means) => ({
      path: elementPath(means),
      typeCode: query.text('ram:TypeCode', means),
      // ProprietaryID declares an account number of another kind than an IBAN, whatever it looks like.
      accountId: query.text('ram:PayeePartyCreditorFinancialAccount/ram:IBANID', means),
      bic: query.text('ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID', means),
    })),
    paymentTerms: query.elements(`${settlement}/ram:SpecifiedTradePaymentTerms`, root).map((terms) => ({
      path: elementPath(terms),
      description: query.text('ram:Description', terms),
      dueDate: query.text('ram:DueDateDateTime/udt:DateTimeString', terms),
      discounts: query.elements('ram:ApplicableTradePaymentDiscountTerms', terms).map((discount) => ({
        path: elementPath(discount),
        // Periods in weeks or months would need a calendar; only days are read.
        days: query.text("ram:BasisPeriodMeasure[not(@unitCode) or @unitCode='DAY']", discount),
        percent: query.text('ram:CalculationPercent', discount),
        basisDate: query.text('ram:BasisDateTime/udt:DateTimeString', discount),
      })),
    })),
    paymentReference: query.text(`${settlement}/ram:PaymentReference`, root),
    seller: readParty(query, query.elements(`${agreement}/ram:SellerTradeParty`, root)[0]),
    buyer: readParty(query, query.elements(`${agreement}/ram:BuyerTradeParty`, root)[0]),
  };
};
