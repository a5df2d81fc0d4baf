import type { Language } from './locales.js';

/**
 * What invoices and receipts print beside their values, per language, several ways each, as seen on
 * real documents of those countries (trade, crafts, software, hospitality). Chosen per document.
 */
export interface Wordings {
  invoiceTitle: readonly string[];
  receiptTitle: readonly string[];
  number: readonly string[];
  date: readonly string[];
  deliveryDate: readonly string[];
  dueDate: readonly string[];
  customerNumber: readonly string[];
  billTo: readonly string[];
  /** Before the receiver's contact person; a trailing space where the name follows on the same line. */
  attention: readonly string[];
  /** A label glued before the receiver's company name on its line (Italian "Spett.le", "A:"). */
  nameLabel: readonly string[];
  from: readonly string[];
  columns: {
    position: readonly string[];
    article: readonly string[];
    description: readonly string[];
    quantity: readonly string[];
    unit: readonly string[];
    unitPrice: readonly string[];
    discount: readonly string[];
    vat: readonly string[];
    amount: readonly string[];
  };
  subtotal: readonly string[];
  /** `{rate}` is replaced by the rate as printed. */
  vatLine: readonly string[];
  total: readonly string[];
  taxBreakdown: { title: readonly string[]; rate: string; net: string; tax: string; gross: string };
  bank: readonly string[];
  vatId: readonly string[];
  phone: string;
  thanks: readonly string[];
  units: { piece: string; hour: string; kilogram: string; metre: string; flat: string };
  paidBy: readonly string[];
  page: string;
}

export const WORDINGS: Record<Language, Wordings> = {
  en: {
    invoiceTitle: ['INVOICE', 'Tax Invoice', 'Invoice'],
    receiptTitle: ['RECEIPT', 'Sales Receipt', 'Till receipt'],
    number: ['Inv. No.', 'Invoice #', 'Invoice Number', 'Invoice No'],
    date: ['Date of issue', 'Invoice date', 'Issue date', 'Date'],
    deliveryDate: ['Supply date', 'Date of supply', 'Delivery date'],
    dueDate: ['Payment due', 'Due date', 'Please pay by'],
    customerNumber: ['Account No.', 'Customer ID', 'Customer ref.'],
    billTo: ['Bill to', 'Invoice to', 'Billed to', 'Customer'],
    attention: ['Attn: ', 'Attention: ', 'FAO '],
    nameLabel: [],
    from: ['From', 'Supplier'],
    columns: {
      position: ['#', 'Line', 'No.'],
      article: ['Item code', 'SKU', 'Part no.'],
      description: ['Description', 'Item', 'Details'],
      quantity: ['Qty', 'Quantity', 'Units'],
      unit: ['UoM', 'Unit'],
      unitPrice: ['Unit price', 'Rate', 'Price each'],
      discount: ['Disc.', 'Discount'],
      vat: ['VAT', 'VAT %', 'Tax rate'],
      amount: ['Amount', 'Line total', 'Net amount'],
    },
    subtotal: ['Subtotal', 'Total net', 'Net total'],
    vatLine: ['VAT {rate}%', 'VAT @ {rate}%', 'Tax ({rate}%)'],
    total: ['Total due', 'Amount payable', 'TOTAL', 'Balance due'],
    taxBreakdown: { title: ['VAT summary', 'VAT analysis'], rate: 'Rate', net: 'Net', tax: 'VAT', gross: 'Gross' },
    bank: ['Bank details', 'Payment details', 'Please remit to'],
    vatId: ['VAT Reg. No.', 'VAT No.', 'VAT registration'],
    phone: 'Tel.',
    thanks: ['Thank you for your business.', 'Payment within the stated term is appreciated.'],
    units: { piece: 'pcs', hour: 'hrs', kilogram: 'kg', metre: 'm', flat: 'each' },
    paidBy: ['Card', 'Cash', 'Visa', 'Contactless'],
    page: 'Page',
  },
  de: {
    invoiceTitle: ['Rechnung', 'RECHNUNG', 'Rechnung / Lieferschein'],
    receiptTitle: ['Kassenbon', 'Quittung', 'Beleg'],
    number: ['Rechnungs-Nr.', 'Rechnungsnummer', 'Re.-Nr.', 'Beleg-Nr.'],
    date: ['Rechnungsdatum', 'Datum', 'Ausstellungsdatum', 'Belegdatum'],
    deliveryDate: ['Leistungsdatum', 'Lieferdatum', 'Liefer-/Leistungsdatum'],
    dueDate: ['Fällig am', 'Zahlbar bis', 'Fälligkeit'],
    customerNumber: ['Kunden-Nr.', 'Kundennummer', 'Debitor'],
    billTo: ['Rechnungsempfänger', 'Rechnungsadresse', 'Kunde'],
    attention: ['z.Hd. ', 'z. Hd. ', 'z.H. ', 'Attn. '],
    nameLabel: [],
    from: ['Absender', 'Lieferant'],
    columns: {
      position: ['Pos.', 'Pos', 'Nr.'],
      article: ['Art.-Nr.', 'Artikel', 'Artikelnr.'],
      description: ['Bezeichnung', 'Beschreibung', 'Leistung'],
      quantity: ['Menge', 'Anz.', 'Anzahl'],
      unit: ['Einh.', 'ME', 'Einheit'],
      unitPrice: ['Einzelpreis', 'E-Preis', 'Preis/Einh.'],
      discount: ['Rabatt', 'Rab.'],
      vat: ['MwSt.', 'USt.', 'USt-%'],
      amount: ['Gesamt', 'Betrag', 'Gesamtpreis'],
    },
    subtotal: ['Zwischensumme', 'Nettobetrag', 'Summe netto', 'Warenwert netto'],
    vatLine: ['zzgl. {rate} % MwSt.', 'USt. {rate} %', 'MwSt. {rate}%', '+ {rate}% USt'],
    total: ['Gesamtbetrag', 'Rechnungsbetrag', 'Endbetrag', 'Zu zahlen'],
    taxBreakdown: { title: ['Steueraufstellung', 'MwSt.-Übersicht'], rate: 'Satz', net: 'Netto', tax: 'Steuer', gross: 'Brutto' },
    bank: ['Bankverbindung', 'Zahlung an'],
    vatId: ['USt-IdNr.', 'UID', 'MWST-Nr.'],
    phone: 'Tel.',
    thanks: ['Vielen Dank für Ihren Auftrag!', 'Bitte überweisen Sie den Betrag unter Angabe der Rechnungsnummer.'],
    units: { piece: 'Stk.', hour: 'Std.', kilogram: 'kg', metre: 'm', flat: 'pausch.' },
    paidBy: ['Bar', 'EC-Karte', 'Kreditkarte', 'Girocard'],
    page: 'Seite',
  },
  fr: {
    invoiceTitle: ['FACTURE', 'Facture', 'Facture N°'],
    receiptTitle: ['Ticket de caisse', 'Reçu', 'TICKET'],
    number: ['N° de facture', 'Facture n°', 'Numéro', 'Réf. facture'],
    date: ['Date de facturation', "Date d'émission", 'Date', 'Émise le'],
    deliveryDate: ['Date de livraison', 'Date de prestation', 'Livré le'],
    dueDate: ['Échéance', "Date d'échéance", 'À régler avant le'],
    customerNumber: ['Code client', 'N° client', 'Client n°'],
    billTo: ['Facturé à', 'Adresse de facturation', 'Client', 'Destinataire'],
    attention: ["À l'attention de ", "À l'att. de ", 'Attn. ', "A l'attention de "],
    nameLabel: [],
    from: ['Émetteur', 'Fournisseur'],
    columns: {
      position: ['N°', 'Ligne', '#'],
      article: ['Réf.', 'Référence', 'Code'],
      description: ['Désignation', 'Description', 'Libellé'],
      quantity: ['Qté', 'Quantité'],
      unit: ['Unité', 'U.'],
      unitPrice: ['P.U. HT', 'Prix unitaire', 'PU'],
      discount: ['Remise', 'Rem.'],
      vat: ['TVA', 'TVA %', 'Taux TVA'],
      amount: ['Montant HT', 'Total HT', 'Montant'],
    },
    subtotal: ['Total HT', 'Montant HT', 'Sous-total HT'],
    vatLine: ['TVA {rate} %', 'TVA ({rate} %)', 'Montant TVA {rate}%'],
    total: ['Total TTC', 'Net à payer', 'Montant TTC', 'Total à payer'],
    taxBreakdown: { title: ['Détail TVA', 'Récapitulatif TVA'], rate: 'Taux', net: 'Base HT', tax: 'TVA', gross: 'TTC' },
    bank: ['Coordonnées bancaires', 'Règlement par virement'],
    vatId: ['N° TVA intracom.', 'TVA', 'N° TVA'],
    phone: 'Tél.',
    thanks: ['Merci de votre confiance.', 'Pénalités de retard : 3 fois le taux légal.'],
    units: { piece: 'pce', hour: 'h', kilogram: 'kg', metre: 'm', flat: 'forfait' },
    paidBy: ['CB', 'Espèces', 'Carte bancaire'],
    page: 'Page',
  },
  it: {
    invoiceTitle: ['FATTURA', 'Fattura', 'Fattura differita'],
    receiptTitle: ['Scontrino', 'Documento commerciale', 'Ricevuta'],
    number: ['Fattura n.', 'N. fattura', 'Numero documento', 'Nr. doc.'],
    date: ['Data', 'Data fattura', 'Data documento', 'del'],
    deliveryDate: ['Data consegna', 'Data DDT', 'Consegna del'],
    dueDate: ['Scadenza', 'Data scadenza', 'Scad. pagamento'],
    customerNumber: ['Cod. cliente', 'Codice cliente'],
    billTo: ['Destinatario', 'Cliente', 'Intestatario'],
    attention: ['c.a. ', 'Alla c.a. di ', "All'att.ne di ", 'Att.ne '],
    nameLabel: ['Spett.le ', 'A: ', 'Spett. '],
    from: ['Mittente', 'Fornitore'],
    columns: {
      position: ['Riga', 'Pos.', 'N.'],
      article: ['Cod. art.', 'Codice', 'Articolo'],
      description: ['Descrizione', 'Descrizione articolo'],
      quantity: ['Q.tà', 'Quantità', 'Qtà'],
      unit: ['U.M.', 'UM'],
      unitPrice: ['Prezzo unit.', 'Prezzo', 'Pr. unitario'],
      discount: ['Sconto', 'Sc. %'],
      vat: ['IVA', 'Aliq. IVA', '% IVA'],
      amount: ['Importo', 'Totale', 'Imponibile'],
    },
    subtotal: ['Imponibile', 'Totale imponibile', 'Totale merce'],
    vatLine: ['IVA {rate}%', 'IVA al {rate}%', 'Imposta {rate}%'],
    total: ['Totale documento', 'Totale fattura', 'Totale da pagare', 'Netto a pagare'],
    taxBreakdown: { title: ['Riepilogo IVA', 'Castelletto IVA'], rate: 'Aliquota', net: 'Imponibile', tax: 'Imposta', gross: 'Totale' },
    bank: ['Coordinate bancarie', 'Pagamento tramite bonifico'],
    vatId: ['P.IVA', 'Partita IVA', 'P. IVA'],
    phone: 'Tel.',
    thanks: ['Grazie per la preferenza.', 'Pagamento a mezzo bonifico bancario.'],
    units: { piece: 'pz', hour: 'ore', kilogram: 'kg', metre: 'm', flat: 'forfait' },
    paidBy: ['Contanti', 'Bancomat', 'Carta di credito', 'Pagamento elettronico'],
    page: 'Pagina',
  },
  nl: {
    invoiceTitle: ['FACTUUR', 'Factuur'],
    receiptTitle: ['Kassabon', 'Bon', 'Kwitantie'],
    number: ['Factuurnummer', 'Factuurnr.', 'Factuur nr.', 'Nummer'],
    date: ['Factuurdatum', 'Datum', 'Datum factuur'],
    deliveryDate: ['Leverdatum', 'Leveringsdatum'],
    dueDate: ['Vervaldatum', 'Te betalen vóór', 'Uiterste betaaldatum'],
    customerNumber: ['Klantnummer', 'Debiteurnr.'],
    billTo: ['Factuuradres', 'Klant', 'Aan'],
    attention: ['t.a.v. ', 'T.a.v. ', 'Ter attentie van '],
    nameLabel: [],
    from: ['Afzender', 'Leverancier'],
    columns: {
      position: ['Nr.', 'Regel', '#'],
      article: ['Art.nr.', 'Artikelnr.', 'Code'],
      description: ['Omschrijving', 'Artikel', 'Product'],
      quantity: ['Aantal', 'Aant.'],
      unit: ['Eenheid', 'Eenh.'],
      unitPrice: ['Prijs', 'Stuksprijs', 'Prijs p/st'],
      discount: ['Korting', 'Kort.'],
      vat: ['BTW', 'BTW %', 'Btw'],
      amount: ['Bedrag', 'Totaal', 'Regeltotaal'],
    },
    subtotal: ['Subtotaal', 'Totaal excl. btw', 'Totaal exclusief BTW'],
    vatLine: ['BTW {rate}%', 'Btw {rate}%', '{rate}% btw'],
    total: ['Totaal incl. btw', 'Te betalen', 'Totaal', 'Totaalbedrag'],
    taxBreakdown: { title: ['BTW-specificatie', 'Btw-overzicht'], rate: 'Tarief', net: 'Grondslag', tax: 'BTW', gross: 'Totaal' },
    bank: ['Bankgegevens', 'Gelieve te betalen op'],
    vatId: ['BTW-nummer', 'Btw-id', 'BTW nr.'],
    phone: 'Tel.',
    thanks: ['Bedankt voor uw bestelling!', 'Wij verzoeken u vriendelijk het bedrag binnen de termijn te voldoen.'],
    units: { piece: 'st', hour: 'uur', kilogram: 'kg', metre: 'm', flat: 'stuk' },
    paidBy: ['Pin', 'Contant', 'Maestro', 'Creditcard'],
    page: 'Pagina',
  },
};
