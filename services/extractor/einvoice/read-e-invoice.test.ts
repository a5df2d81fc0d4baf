import { expect } from 'chai';
import { AccountingData, Address } from '../../../contracts/events/extracted-data.js';
import { readEInvoice, type EInvoiceReading } from './read-e-invoice.js';

const CII_NAMESPACES =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" ' +
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"';

const ciiInvoice = ({ typeCode = '380', settlement = '' } = {}): string => `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice ${CII_NAMESPACES}>
  <rsm:ExchangedDocument>
    <ram:ID>RE-2026-0042</ram:ID>
    <ram:TypeCode>${typeCode}</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20260312</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:SellerAssignedID>KR3M</ram:SellerAssignedID><ram:Name>Kunstrasen grün</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:NetPriceProductTradePrice><ram:ChargeAmount>3.3333</ram:ChargeAmount></ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="MTK">3.0000</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:RateApplicablePercent>19.00</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>10.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>2</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>Mineralwasser</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:NetPriceProductTradePrice><ram:ChargeAmount>549</ram:ChargeAmount><ram:BasisQuantity unitCode="H87">100</ram:BasisQuantity></ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="H87">20</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:RateApplicablePercent>7</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>109.80</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty>
        <ram:Name>Lieferant GmbH</ram:Name>
        <ram:SpecifiedLegalOrganization><ram:ID>HRB 123456</ram:ID></ram:SpecifiedLegalOrganization>
        <ram:DefinedTradeContact><ram:PersonName>Hans Muster</ram:PersonName></ram:DefinedTradeContact>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>80333</ram:PostcodeCode>
          <ram:LineOne>Lieferantenstraße 20a</ram:LineOne>
          <ram:CityName>München</ram:CityName>
          <ram:CountryID>DE</ram:CountryID>
        </ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">201/113/40209</ram:ID></ram:SpecifiedTaxRegistration>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE 123456789</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty>
        <ram:Name>Client SARL</ram:Name>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>69001</ram:PostcodeCode>
          <ram:LineOne>Alexandre Payet</ram:LineOne>
          <ram:LineTwo>35 rue de la République</ram:LineTwo>
          <ram:CityName>Lyon</ram:CityName>
          <ram:CountryID>FR</ram:CountryID>
        </ram:PostalTradeAddress>
      </ram:BuyerTradeParty>
      <ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>PO-7</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery>
      <ram:ActualDeliverySupplyChainEvent>
        <ram:OccurrenceDateTime><udt:DateTimeString format="102">20260310</udt:DateTimeString></ram:OccurrenceDateTime>
      </ram:ActualDeliverySupplyChainEvent>
    </ram:ApplicableHeaderTradeDelivery>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:PaymentReference>RE-2026-0042 / K 17</ram:PaymentReference>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      ${settlement}
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>1.9</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>
        <ram:BasisAmount>10</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>7.69</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>
        <ram:BasisAmount>109.80</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>7</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>
      <ram:SpecifiedTradePaymentTerms>
        <ram:Description>Zahlbar innerhalb 30 Tagen, 2 % Skonto innerhalb 10 Tagen</ram:Description>
        <ram:DueDateDateTime><udt:DateTimeString format="102">20260411</udt:DateTimeString></ram:DueDateDateTime>
        <ram:ApplicableTradePaymentDiscountTerms>
          <ram:BasisPeriodMeasure unitCode="DAY">10</ram:BasisPeriodMeasure>
          <ram:CalculationPercent>2.00</ram:CalculationPercent>
        </ram:ApplicableTradePaymentDiscountTerms>
      </ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>119.80</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount>119.80</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="CHF">9.20</ram:TaxTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">9.59</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>129.39</ram:GrandTotalAmount>
        <ram:TotalPrepaidAmount>29.39</ram:TotalPrepaidAmount>
        <ram:DuePayableAmount>100.00</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

const SEPA_TRANSFER = `
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>58</ram:TypeCode>
        <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE02 1203 0000 0000 2020 51</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
        <ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>BYLADEM1001</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution>
      </ram:SpecifiedTradeSettlementPaymentMeans>`;

const DIRECT_DEBIT = `
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>59</ram:TypeCode>
        <ram:PayerPartyDebtorFinancialAccount><ram:IBANID>DE75512108001245126199</ram:IBANID></ram:PayerPartyDebtorFinancialAccount>
      </ram:SpecifiedTradeSettlementPaymentMeans>`;

const UBL_NAMESPACES =
  'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" ' +
  'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"';

const ublParty = (legalName: string, tradingName: string, taxSchemes: string): string => `
    <cac:Party>
      <cac:PartyName><cbc:Name>${tradingName}</cbc:Name></cac:PartyName>
      <cac:PostalAddress>
        <cbc:StreetName>Hauptstraße</cbc:StreetName>
        <cbc:BuildingNumber>2</cbc:BuildingNumber>
        <cbc:PostBox>10 02 34</cbc:PostBox>
        <cbc:CityName>Musterstadt</cbc:CityName>
        <cbc:PostalZone>12345</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>de</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>
      ${taxSchemes}
      <cac:PartyLegalEntity><cbc:RegistrationName>${legalName}</cbc:RegistrationName></cac:PartyLegalEntity>
    </cac:Party>`;

const UBL_INVOICE = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ${UBL_NAMESPACES}>
  <cbc:ID>12345</cbc:ID>
  <cbc:IssueDate>2026-03-12</cbc:IssueDate>
  <cbc:DueDate>2026-03-26</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:InvoicePeriod><cbc:StartDate>2026-02-01</cbc:StartDate><cbc:EndDate>2026-02-28</cbc:EndDate></cac:InvoicePeriod>
  <cac:OrderReference><cbc:ID>123</cbc:ID></cac:OrderReference>
  <cac:AccountingSupplierParty>${ublParty(
    'M. Meier Handwerk GbR',
    'M. Meier',
    `<cac:PartyTaxScheme><cbc:CompanyID>201/113/40209</cbc:CompanyID><cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
      <cac:PartyTaxScheme><cbc:CompanyID>DE123456789</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`,
  )}
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>${ublParty('Beispielkunde AG', 'Beispielkunde', '')}
  </cac:AccountingCustomerParty>
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>
    <cbc:PaymentID>Deb. 12345</cbc:PaymentID>
    <cac:PayeeFinancialAccount>
      <cbc:ID>DE02 1203 0000 0000 2020 51</cbc:ID>
      <cac:FinancialInstitutionBranch><cbc:ID>BYLADEM1001</cbc:ID></cac:FinancialInstitutionBranch>
    </cac:PayeeFinancialAccount>
  </cac:PaymentMeans>
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>
    <cac:PayeeFinancialAccount><cbc:ID>1234567890</cbc:ID></cac:PayeeFinancialAccount>
  </cac:PaymentMeans>
  <cac:PaymentTerms><cbc:Note>#SKONTO#TAGE=7#PROZENT=2.00#
#SKONTO#TAGE=30#PROZENT=0.00#
</cbc:Note></cac:PaymentTerms>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="EUR">2382</cbc:TaxAmount>
    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="EUR">12536.84</cbc:TaxableAmount>
      <cbc:TaxAmount currencyID="EUR">2382</cbc:TaxAmount>
      <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
    </cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="EUR">12536.84</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">12536.84</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">14918.84</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="EUR">14918.84</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:InvoiceLine>
    <cbc:ID>1</cbc:ID>
    <cbc:InvoicedQuantity unitCode="XPP">1</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="EUR">12536.84</cbc:LineExtensionAmount>
    <cac:Item>
      <cbc:Name>Sanitär und Zubehör</cbc:Name>
      <cac:SellersItemIdentification><cbc:ID>SAN-1</cbc:ID></cac:SellersItemIdentification>
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent></cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">12536.84</cbc:PriceAmount></cac:Price>
    <cac:SubInvoiceLine>
      <cbc:ID>1 1</cbc:ID>
      <cac:Item><cbc:Name>Demontage</cbc:Name></cac:Item>
    </cac:SubInvoiceLine>
  </cac:InvoiceLine>
</Invoice>`;

const xmlPath = (reading: EInvoiceReading | null, field: string): string | undefined => {
  const source = reading?.evidence[field]?.source;
  return source?.kind === 'xml' ? source.path : undefined;
};

describe('readEInvoice', () => {
  describe('a UN/CEFACT Cross Industry Invoice (ZUGFeRD 2, Factur-X, XRechnung CII)', () => {
    const reading = readEInvoice(ciiInvoice({ settlement: SEPA_TRANSFER }));
    const data = reading!.accountingDocument;

    it('gives accounting data and addresses the events accept', () => {
      expect(AccountingData.parse(data)).to.deep.equal(data);
      expect(Address.parse(reading!.senderAddress)).to.deep.equal(reading!.senderAddress);
      expect(reading!.documentType).to.equal('invoice');
    });

    it('reads the header: number, dates in format 102, order, currency, reference', () => {
      expect(data).to.include({
        number: 'RE-2026-0042',
        invoice_number: 'RE-2026-0042',
        invoice_date: '2026-03-12',
        delivery_date: '2026-03-10',
        order_number: 'PO-7',
        currency: 'EUR',
        reference: 'RE-2026-0042 / K 17',
        including_tax: true,
        text: null,
      });
    });

    it('takes the grand total as the total, and the tax total in the invoice currency', () => {
      expect(data.amount_total).to.equal('129.39');
      expect(data.amount_details).to.deep.equal({
        gross_amount_total: '129.39',
        tax_amount_total: '9.59',
        net_amount_total: '119.80',
        partial_amounts: [
          { tax_rate: '19', net_amount: '10.00', tax_amount: '1.90', gross_amount: '11.90' },
          { tax_rate: '7', net_amount: '109.80', tax_amount: '7.69', gross_amount: '117.49' },
        ],
      });
    });

    it('reads the line items, with the unit price of a price given per base quantity', () => {
      expect(
        data.items.map(({ title, quantity, unit, amount_unit, amount_total, tax_rate, article_number }) => ({
          title,
          quantity,
          unit,
          amount_unit,
          amount_total,
          tax_rate,
          article_number,
        })),
      ).to.deep.equal([
        {
          title: 'Kunstrasen grün',
          quantity: '3',
          unit: 'MTK',
          amount_unit: '3.3333',
          amount_total: '10.00',
          tax_rate: '19',
          article_number: 'KR3M',
        },
        {
          title: 'Mineralwasser',
          quantity: '20',
          unit: 'H87',
          amount_unit: '5.49',
          amount_total: '109.80',
          tax_rate: '7',
          article_number: null,
        },
      ]);
    });

    it('turns the due date and the discount terms into payment conditions counted from the invoice date', () => {
      expect(data.payment_conditions).to.deep.equal([
        { date: '2026-04-11', type: 'payment_condition', percentage: null, fixed_price: null, number_of_days: 30 },
        { date: '2026-03-22', type: 'payment_condition', percentage: '2', fixed_price: null, number_of_days: 10 },
      ]);
    });

    it('reads the creditor account in electronic form and the payment method from the means code', () => {
      expect(data.bank_accounts).to.deep.equal([{ iban: 'DE02120300000000202051', bic: 'BYLADEM1001' }]);
      expect(data.payment_method).to.equal('bank_transfer');
    });

    it('reads the seller as sender, splitting the street line and preferring the legal id to the tax number', () => {
      expect(reading!.senderAddress).to.deep.equal({
        address_id: null,
        company_name: 'Lieferant GmbH',
        contact_person_name: 'Hans Muster',
        street: 'Lieferantenstraße',
        house_number: '20a',
        post_office_box: null,
        postal_code: '80333',
        city_name: 'München',
        country_code: 'DE',
        company_id: 'HRB 123456',
        vat_id: 'DE123456789',
      });
    });

    it('reads the buyer as receiver, taking the street from the line that has one', () => {
      expect(reading!.receiverAddress).to.include({
        street: 'rue de la République',
        house_number: '35',
        country_code: 'FR',
        company_id: null,
        vat_id: null,
      });
    });

    it('points every field at the element it was read from', () => {
      expect(xmlPath(reading, 'accounting_document.number')).to.equal('/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID');
      expect(xmlPath(reading, 'accounting_document.items.1')).to.equal(
        '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem[2]',
      );
      expect(xmlPath(reading, 'accounting_document.amount_details.tax_amount_total')).to.equal(
        '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:TaxTotalAmount[2]',
      );
      expect(xmlPath(reading, 'receiver_address.street')).to.match(/ram:PostalTradeAddress\/ram:LineTwo$/);
      expect(reading!.evidence['accounting_document.number']!.confidence).to.equal(1);
    });
  });

  it('reads a credit note type code as a credit note, which has no invoice number', () => {
    const reading = readEInvoice(ciiInvoice({ typeCode: '381' }));
    expect(reading!.documentType).to.equal('credit_note');
    expect(reading!.accountingDocument).to.include({ number: 'RE-2026-0042', invoice_number: null });
  });

  it('takes no bank account from a direct debit, which names the payer’s account', () => {
    const data = readEInvoice(ciiInvoice({ settlement: DIRECT_DEBIT }))!.accountingDocument;
    expect(data.bank_accounts).to.deep.equal([]);
    expect(data.payment_method).to.equal('direct_debit');
  });

  it('takes no IBAN from an account the XML declares proprietary, even one that would pass as an IBAN', () => {
    const proprietary = `
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>30</ram:TypeCode>
        <ram:PayeePartyCreditorFinancialAccount><ram:ProprietaryID>DE79000000001234567890</ram:ProprietaryID></ram:PayeePartyCreditorFinancialAccount>
      </ram:SpecifiedTradeSettlementPaymentMeans>`;
    const data = readEInvoice(ciiInvoice({ settlement: proprietary + SEPA_TRANSFER }))!.accountingDocument;
    expect(data.bank_accounts).to.deep.equal([{ iban: 'DE02120300000000202051', bic: 'BYLADEM1001' }]);
  });

  it('reads ZUGFeRD 1.0 with its own element names', () => {
    const xml = `<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"
        xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12"
        xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
      <rsm:HeaderExchangedDocument>
        <ram:ID>471102</ram:ID><ram:TypeCode>380</ram:TypeCode>
        <ram:IssueDateTime><udt:DateTimeString format="102">20130605</udt:DateTimeString></ram:IssueDateTime>
      </rsm:HeaderExchangedDocument>
      <rsm:SpecifiedSupplyChainTradeTransaction>
        <ram:ApplicableSupplyChainTradeAgreement>
          <ram:BuyerOrderReferencedDocument><ram:ID>2013-471331</ram:ID></ram:BuyerOrderReferencedDocument>
        </ram:ApplicableSupplyChainTradeAgreement>
        <ram:ApplicableSupplyChainTradeSettlement>
          <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
          <ram:ApplicableTradeTax>
            <ram:CalculatedAmount currencyID="EUR">12.25</ram:CalculatedAmount><ram:BasisAmount currencyID="EUR">64.46</ram:BasisAmount>
            <ram:ApplicablePercent>19.00</ram:ApplicablePercent>
          </ram:ApplicableTradeTax>
          <ram:SpecifiedTradeSettlementMonetarySummation>
            <ram:TaxBasisTotalAmount currencyID="EUR">64.46</ram:TaxBasisTotalAmount>
            <ram:TaxTotalAmount currencyID="EUR">12.25</ram:TaxTotalAmount>
            <ram:GrandTotalAmount currencyID="EUR">76.71</ram:GrandTotalAmount>
          </ram:SpecifiedTradeSettlementMonetarySummation>
        </ram:ApplicableSupplyChainTradeSettlement>
        <ram:IncludedSupplyChainTradeLineItem>
          <ram:AssociatedDocumentLineDocument><ram:IncludedNote><ram:Content>Aus Lieferung 2013-51112:</ram:Content></ram:IncludedNote></ram:AssociatedDocumentLineDocument>
        </ram:IncludedSupplyChainTradeLineItem>
        <ram:IncludedSupplyChainTradeLineItem>
          <ram:SpecifiedSupplyChainTradeDelivery><ram:BilledQuantity unitCode="C62">20</ram:BilledQuantity></ram:SpecifiedSupplyChainTradeDelivery>
          <ram:SpecifiedSupplyChainTradeSettlement>
            <ram:ApplicableTradeTax><ram:ApplicablePercent>19.00</ram:ApplicablePercent></ram:ApplicableTradeTax>
            <ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount currencyID="EUR">64.46</ram:LineTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation>
          </ram:SpecifiedSupplyChainTradeSettlement>
          <ram:SpecifiedTradeProduct><ram:Name>Pfand</ram:Name></ram:SpecifiedTradeProduct>
        </ram:IncludedSupplyChainTradeLineItem>
      </rsm:SpecifiedSupplyChainTradeTransaction>
    </rsm:CrossIndustryDocument>`;
    const reading = readEInvoice(xml);
    expect(reading!.accountingDocument).to.include({
      number: '471102',
      invoice_date: '2013-06-05',
      order_number: '2013-471331',
      amount_total: '76.71',
    });
    expect(reading!.accountingDocument.amount_details!.partial_amounts).to.deep.equal([
      { tax_rate: '19', net_amount: '64.46', tax_amount: '12.25', gross_amount: '76.71' },
    ]);
    // The first line is a note between the items, not an item.
    expect(reading!.accountingDocument.items.map((item) => [item.title, item.quantity, item.tax_rate, item.amount_total])).to.deep.equal([
      ['Pfand', '20', '19', '64.46'],
    ]);
    expect(xmlPath(reading, 'accounting_document.number')).to.equal('/rsm:CrossIndustryDocument/rsm:HeaderExchangedDocument/ram:ID');
  });

  describe('a UBL invoice (XRechnung UBL)', () => {
    const reading = readEInvoice(UBL_INVOICE);
    const data = reading!.accountingDocument;

    it('reads header, totals and the invoicing period end as delivery date when no delivery is given', () => {
      expect(data).to.include({
        number: '12345',
        invoice_date: '2026-03-12',
        delivery_date: '2026-02-28',
        order_number: '123',
        currency: 'EUR',
        amount_total: '14918.84',
        reference: 'Deb. 12345',
        payment_method: 'bank_transfer',
      });
      expect(data.amount_details).to.deep.equal({
        gross_amount_total: '14918.84',
        tax_amount_total: '2382.00',
        net_amount_total: '12536.84',
        partial_amounts: [{ tax_rate: '19', net_amount: '12536.84', tax_amount: '2382.00', gross_amount: '14918.84' }],
      });
    });

    it('reads the top-level lines only; sub-lines detail them', () => {
      expect(data.items.map((item) => [item.title, item.article_number, item.quantity, item.unit, item.amount_total])).to.deep.equal([
        ['Sanitär und Zubehör', 'SAN-1', '1', 'XPP', '12536.84'],
      ]);
    });

    it('takes only account ids written as IBANs as bank accounts', () => {
      expect(data.bank_accounts).to.deep.equal([{ iban: 'DE02120300000000202051', bic: 'BYLADEM1001' }]);
    });

    it('reads the due date and the #SKONTO# discounts, a 0 % one being the net term', () => {
      expect(data.payment_conditions).to.deep.equal([
        { date: '2026-03-26', type: 'payment_condition', percentage: null, fixed_price: null, number_of_days: 14 },
        { date: '2026-03-19', type: 'payment_condition', percentage: '2', fixed_price: null, number_of_days: 7 },
        { date: '2026-04-11', type: 'payment_condition', percentage: null, fixed_price: null, number_of_days: 30 },
      ]);
    });

    it('reads the legal name, the building number, the post box and only a VAT-scheme id as VAT id', () => {
      expect(reading!.senderAddress).to.deep.equal({
        address_id: null,
        company_name: 'M. Meier Handwerk GbR',
        contact_person_name: null,
        street: 'Hauptstraße',
        house_number: '2',
        post_office_box: '10 02 34',
        postal_code: '12345',
        city_name: 'Musterstadt',
        country_code: 'DE',
        company_id: '201/113/40209',
        vat_id: 'DE123456789',
      });
      expect(xmlPath(reading, 'sender_address.company_name')).to.equal(
        '/Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName',
      );
    });
  });

  it('reads a UBL credit note as a credit note', () => {
    const xml = `<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" ${UBL_NAMESPACES}>
      <cbc:ID>CN-1</cbc:ID><cbc:IssueDate>2026-03-12</cbc:IssueDate><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
      <cac:CreditNoteLine>
        <cbc:ID>1</cbc:ID><cbc:CreditedQuantity unitCode="C62">2</cbc:CreditedQuantity>
        <cbc:LineExtensionAmount currencyID="EUR">20</cbc:LineExtensionAmount>
        <cac:Item><cbc:Name>Returned goods</cbc:Name></cac:Item>
      </cac:CreditNoteLine>
    </CreditNote>`;
    const reading = readEInvoice(xml);
    expect(reading!.documentType).to.equal('credit_note');
    expect(reading!.accountingDocument.items.map((item) => [item.title, item.quantity, item.unit, item.amount_total])).to.deep.equal([
      ['Returned goods', '2', 'C62', '20.00'],
    ]);
  });

  it('skips section headings (no quantity, no amount) and takes a line’s rate from its tax subtotal (UBL 2.0, Odoo)', () => {
    const xml = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ${UBL_NAMESPACES}>
      <cbc:ID>INV/2023/3</cbc:ID><cbc:IssueDate>2023-03-31</cbc:IssueDate><cbc:DocumentCurrencyCode>USD</cbc:DocumentCurrencyCode>
      <cac:InvoiceLine>
        <cbc:ID>1</cbc:ID><cbc:InvoicedQuantity>0.00</cbc:InvoicedQuantity>
        <cbc:LineExtensionAmount currencyID="USD">0.00</cbc:LineExtensionAmount>
        <cac:Item><cbc:Name>--- Non Food ---</cbc:Name></cac:Item>
      </cac:InvoiceLine>
      <cac:InvoiceLine>
        <cbc:ID>2</cbc:ID><cbc:InvoicedQuantity unitCode="KGM">1.00</cbc:InvoicedQuantity>
        <cbc:LineExtensionAmount currencyID="USD">42.00</cbc:LineExtensionAmount>
        <cac:TaxTotal><cac:TaxSubtotal><cbc:TaxAmount currencyID="USD">6.30</cbc:TaxAmount>
          <cac:TaxCategory><cbc:Percent>15.0</cbc:Percent></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>
        <cac:Item><cbc:Name>Beeswax XL</cbc:Name></cac:Item>
      </cac:InvoiceLine>
    </Invoice>`;
    const items = readEInvoice(xml)!.accountingDocument.items;
    expect(items.map((item) => [item.title, item.quantity, item.tax_rate, item.amount_total])).to.deep.equal([
      ['Beeswax XL', '1', '15', '42.00'],
    ]);
  });

  it('reads Odoo’s lines as the page shows them: the price of one unit despite its base quantity, names without the id printed before them', () => {
    const line = ({ quantity, amount, item, price }: Record<'quantity' | 'amount' | 'item' | 'price', string>): string => `
      <cac:InvoiceLine>
        <cbc:ID>1</cbc:ID><cbc:InvoicedQuantity>${quantity}</cbc:InvoicedQuantity>
        <cbc:LineExtensionAmount currencyID="USD">${amount}</cbc:LineExtensionAmount>
        <cac:Item>${item}</cac:Item>
        <cac:Price>${price}</cac:Price>
      </cac:InvoiceLine>`;
    const xml = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ${UBL_NAMESPACES}>
      <cbc:ID>INV/2023/03/0008</cbc:ID><cbc:IssueDate>2023-03-20</cbc:IssueDate><cbc:DocumentCurrencyCode>USD</cbc:DocumentCurrencyCode>
      ${line({
        quantity: '15.00',
        amount: '150.00',
        item: '<cbc:Name>Luxury Truffles</cbc:Name><cac:SellersItemIdentification><cbc:ID>LUX_TRF</cbc:ID></cac:SellersItemIdentification>',
        price: '<cbc:PriceAmount currencyID="USD">10.00</cbc:PriceAmount><cbc:BaseQuantity>15.00</cbc:BaseQuantity>',
      })}
      ${line({
        quantity: '1.00',
        amount: '0.90',
        item: '<cbc:Name>*987123* Olive Oil</cbc:Name><cac:StandardItemIdentification><cbc:ID schemeID="GTIN">987123</cbc:ID></cac:StandardItemIdentification>',
        price: '<cbc:PriceAmount currencyID="USD">0.90</cbc:PriceAmount>',
      })}
      ${line({
        quantity: '1.00',
        amount: '70.00',
        item:
          '<cbc:Name>[B-7] Office Chair</cbc:Name><cac:BuyersItemIdentification><cbc:ID>B-7</cbc:ID></cac:BuyersItemIdentification>' +
          '<cac:SellersItemIdentification><cbc:ID>FURN_7777</cbc:ID></cac:SellersItemIdentification>',
        price: '<cbc:PriceAmount currencyID="USD">70.00</cbc:PriceAmount>',
      })}
    </Invoice>`;
    const items = readEInvoice(xml)!.accountingDocument.items;
    expect(items.map((item) => [item.title, item.article_number, item.quantity, item.amount_unit, item.amount_total])).to.deep.equal([
      ['Luxury Truffles', 'LUX_TRF', '15', '10.00', '150.00'],
      ['Olive Oil', '987123', '1', '0.90', '0.90'],
      ['Office Chair', 'FURN_7777', '1', '70.00', '70.00'],
    ]);
  });

  it('reads a line whose own tax is nothing as zero-rated, where the lines carry their tax, whatever its category says', () => {
    const line = (amount: string, tax: string) => `
      <cac:InvoiceLine>
        <cbc:ID>1</cbc:ID><cbc:InvoicedQuantity>1</cbc:InvoicedQuantity>
        <cbc:LineExtensionAmount currencyID="USD">${amount}</cbc:LineExtensionAmount>
        <cac:TaxTotal><cbc:TaxAmount currencyID="USD">${tax}</cbc:TaxAmount></cac:TaxTotal>
        <cac:Item><cbc:Name>Item</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>15.0</cbc:Percent></cac:ClassifiedTaxCategory></cac:Item>
        <cac:Price><cbc:PriceAmount currencyID="USD">${amount}</cbc:PriceAmount></cac:Price>
      </cac:InvoiceLine>`;
    const invoice = (...lines: string[]) => `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ${UBL_NAMESPACES}>
      <cbc:ID>INV/2023/03/0008</cbc:ID><cbc:IssueDate>2023-03-20</cbc:IssueDate><cbc:DocumentCurrencyCode>USD</cbc:DocumentCurrencyCode>
      ${lines.join('')}
    </Invoice>`;
    const rates = (xml: string) => readEInvoice(xml)!.accountingDocument.items.map((item) => item.tax_rate);

    expect(rates(invoice(line('42.00', '6.30'), line('150.00', '0.00')))).to.deep.equal(['15', '0']);
    expect(rates(invoice(line('42.00', '0.00'), line('150.00', '0.00')))).to.deep.equal(['15', '15']);
  });

  it('takes a CII line’s global id printed before its name off the name, as its article number', () => {
    const xml = ciiInvoice().replace(
      '<ram:SpecifiedTradeProduct><ram:Name>Mineralwasser</ram:Name>',
      '<ram:SpecifiedTradeProduct><ram:GlobalID schemeID="0160">4012345000016</ram:GlobalID><ram:Name>(4012345000016) Mineralwasser</ram:Name>',
    );
    expect(readEInvoice(xml)!.accountingDocument.items[1]).to.include({ title: 'Mineralwasser', article_number: '4012345000016' });
  });

  it('decodes the encoding the XML declares', () => {
    const xml = ciiInvoice().replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    const reading = readEInvoice(Buffer.from(xml, 'latin1'));
    expect(reading!.senderAddress!.city_name).to.equal('München');
    expect(readEInvoice(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(ciiInvoice())]))).to.not.equal(null);
  });

  it('reads nothing from XML that is no e-invoice it knows, nor from what is no XML', () => {
    const fatturaPa = '<p:FatturaElettronica xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2" versione="FPR12"/>';
    const zugferdDraft = '<rsm:Invoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CBFBUY:5"/>';
    const ublOrder = '<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>';
    for (const xml of [fatturaPa, zugferdDraft, ublOrder, '<a><b></a>', '%PDF-1.7', '']) expect(readEInvoice(xml), xml).to.equal(null);
  });
});
