import { expect } from 'chai';
import { fetchedHybridSplitOf, truthOfXml } from './fetched-hybrids-corpus.js';

const NAMESPACES =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" ' +
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"';

const INVOICE = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice ${NAMESPACES}>
  <rsm:ExchangedDocument>
    <ram:ID>F20220023</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20220131</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty>
        <ram:Name>LE FOURNISSEUR</ram:Name>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>75018</ram:PostcodeCode>
          <ram:LineOne>RUE DE L'ANGE</ram:LineOne>
          <ram:CityName>PARIS</ram:CityName>
          <ram:CountryID>FR</ram:CountryID>
        </ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">FR11999999998</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>LE CLIENT</ram:Name></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">20.00</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>120.00</ram:GrandTotalAmount>
        <ram:DuePayableAmount>120.00</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

describe('fetched e-invoice hybrids: the truth is the XML read alone', () => {
  it('given a CII invoice, then its judged fields are the values of the XML, a street without a house number left unjudged', () => {
    const truth = truthOfXml(Buffer.from(INVOICE));

    expect(truth).to.include({
      document_type: 'invoice',
      'accounting_document.number': 'F20220023',
      'accounting_document.invoice_date': '2022-01-31',
      'accounting_document.currency': 'EUR',
      'accounting_document.amount_total': '120',
      'sender_address.company_name': 'LE FOURNISSEUR',
      'sender_address.postal_code': '75018',
      'sender_address.vat_id': 'FR11999999998',
      'receiver_address.company_name': 'LE CLIENT',
    });
    expect(truth).not.to.have.property('sender_address.street_and_number');
  });

  it('given an XML that is no e-invoice, then there is no truth', () => {
    expect(truthOfXml(Buffer.from('<note>no invoice</note>'))).to.equal(null);
  });

  it('given the producing library, then FNFE’s examples are the tuning half and the others held out', () => {
    expect(fetchedHybridSplitOf('FacturX-NET/FacturXDotNet')).to.equal('tuning');
    expect(['ZUGFeRD/mustangproject', 'horstoeko/zugferd', 'akretion/factur-x'].map(fetchedHybridSplitOf)).to.deep.equal([
      'held-out',
      'held-out',
      'held-out',
    ]);
  });
});
