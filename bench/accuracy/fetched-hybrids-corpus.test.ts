import { expect } from 'chai';
import { fetchedHybridSplitOf, hybridCountsByRepository, hybridRepositoryOf, truthOfXml } from './fetched-hybrids-corpus.js';

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

  it('given the producing library, then FNFE’s, FeRD’s 2.4 and factur-x-kit’s are the tuning half and every other source held out', () => {
    const tuning = ['FacturX-NET/FacturXDotNet', 'LandrixSoftware/ZUGFeRD-for-Delphi', 'ahelmberger/factur-x-kit'];
    expect(tuning.map(fetchedHybridSplitOf)).to.deep.equal(tuning.map(() => 'tuning'));
    const heldOut = [
      'ZUGFeRD/mustangproject',
      'horstoeko/zugferd',
      'akretion/factur-x',
      'TuloSharp/tulo.eInvoiceCreatorZUGFeRD',
      'Securibox/facturx',
      'VALENTINDML/facturx-cas-limites',
      'audrenbdb/facturx',
      'verityengine/trustrender',
    ];
    expect(heldOut.map(fetchedHybridSplitOf)).to.deep.equal(heldOut.map(() => 'held-out'));
  });
});

describe('fetched e-invoice hybrids: a run summed by source', () => {
  it('given a sample name, then its source repository is the one whose files it names, and none for another name', () => {
    expect(hybridRepositoryOf('Securibox/facturx/Securibox.FacturX.Tests/Invoices/Custom/2023-6013_facture_facturx_en16931.pdf')).to.equal(
      'Securibox/facturx',
    );
    expect(hybridRepositoryOf('akretion/factur-x/tests/fixtures/pdf/invoice_EN16931.pdf')).to.equal('akretion/factur-x');
    expect(hybridRepositoryOf('i0001-invoice')).to.equal(null);
  });

  it('given documents of two sources, when summed, then each source counts its documents, header fields and all fields', () => {
    const counts = (right: number, wrong: number, missing: number) => ({ right, wrong, missing, extra: 0 });
    const problems = (...outcomes: string[]) => outcomes.map((outcome) => ({ outcome }));
    const judged: Record<string, number> = { a: 20, b: 8, c: 12 };
    const tallies = hybridCountsByRepository(
      [
        {
          name: 'horstoeko/zugferd/tests/assets/a',
          headerCounts: counts(10, 1, 2),
          problems: problems('wrong', 'missing', 'missing', 'wrong'),
        },
        { name: 'horstoeko/zugferd/tests/assets/b', headerCounts: counts(5, 0, 1), problems: problems('missing', 'extra') },
        { name: 'akretion/factur-x/tests/c', headerCounts: counts(7, 2, 0), problems: problems('wrong', 'wrong') },
        { name: 'i0001-invoice', headerCounts: counts(1, 1, 1), problems: problems('wrong') },
      ],
      (name) => judged[name.at(-1)!]!,
    );

    expect([...tallies.entries()]).to.deep.equal([
      ['horstoeko/zugferd', { documents: 2, header: counts(15, 1, 3), fields: { right: 23, wrong: 2, missing: 3, extra: 1 } }],
      ['akretion/factur-x', { documents: 1, header: counts(7, 2, 0), fields: counts(10, 2, 0) }],
    ]);
  });
});
