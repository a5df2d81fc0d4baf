/**
 * The element names that differ between the UN/CEFACT Cross Industry Invoice (D16B, used by ZUGFeRD 2.x,
 * Factur-X and XRechnung CII) and its predecessor in ZUGFeRD 1.0 (CrossIndustryDocument, D13B-based).
 * Everything else is read with the same expressions.
 */
export interface CiiDialect {
  name: string;
  rootName: string;
  namespaces: { rsm: string; ram: string; udt: string };
  exchangedDocument: string;
  transaction: string;
  agreement: string;
  delivery: string;
  settlement: string;
  monetarySummation: string;
  ratePercent: string;
  buyerOrderId: string;
  lineAgreement: string;
  lineDelivery: string;
  lineSettlement: string;
  lineMonetarySummation: string;
}

export const CROSS_INDUSTRY_INVOICE: CiiDialect = {
  name: 'CII',
  rootName: 'CrossIndustryInvoice',
  namespaces: {
    rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
    ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
    udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  },
  exchangedDocument: 'rsm:ExchangedDocument',
  transaction: 'rsm:SupplyChainTradeTransaction',
  agreement: 'ram:ApplicableHeaderTradeAgreement',
  delivery: 'ram:ApplicableHeaderTradeDelivery',
  settlement: 'ram:ApplicableHeaderTradeSettlement',
  monetarySummation: 'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
  ratePercent: 'ram:RateApplicablePercent',
  buyerOrderId: 'ram:IssuerAssignedID',
  lineAgreement: 'ram:SpecifiedLineTradeAgreement',
  lineDelivery: 'ram:SpecifiedLineTradeDelivery',
  lineSettlement: 'ram:SpecifiedLineTradeSettlement',
  lineMonetarySummation: 'ram:SpecifiedTradeSettlementLineMonetarySummation',
};

export const ZUGFERD_1: CiiDialect = {
  name: 'ZUGFeRD 1.0',
  rootName: 'CrossIndustryDocument',
  namespaces: {
    rsm: 'urn:ferd:CrossIndustryDocument:invoice:1p0',
    ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12',
    udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15',
  },
  exchangedDocument: 'rsm:HeaderExchangedDocument',
  transaction: 'rsm:SpecifiedSupplyChainTradeTransaction',
  agreement: 'ram:ApplicableSupplyChainTradeAgreement',
  delivery: 'ram:ApplicableSupplyChainTradeDelivery',
  settlement: 'ram:ApplicableSupplyChainTradeSettlement',
  monetarySummation: 'ram:SpecifiedTradeSettlementMonetarySummation',
  ratePercent: 'ram:ApplicablePercent',
  buyerOrderId: 'ram:ID',
  lineAgreement: 'ram:SpecifiedSupplyChainTradeAgreement',
  lineDelivery: 'ram:SpecifiedSupplyChainTradeDelivery',
  lineSettlement: 'ram:SpecifiedSupplyChainTradeSettlement',
  lineMonetarySummation: 'ram:SpecifiedTradeSettlementMonetarySummation',
};
