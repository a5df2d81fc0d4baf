import type { Language } from './locale-formats.js';

/**
 * The words documents print, per language, with the synonyms real documents use: the benchmark should
 * see many ways of saying "invoice number", not the one the extractor happens to know.
 */
export interface Vocabulary {
  invoiceTitle: string[];
  receiptTitle: string[];
  invoiceNumber: string[];
  receiptNumber: string[];
  invoiceDate: string[];
  deliveryDate: string[];
  orderNumber: string[];
  customerNumber: string[];
  paymentReference: string[];
  dueDate: string[];
  billTo: string[];
  attention: string[];
  contact: string[];
  position: string[];
  articleNumber: string[];
  description: string[];
  quantity: string[];
  unit: string[];
  unitPrice: string[];
  taxRate: string[];
  lineTotal: string[];
  subtotal: string[];
  tax: string[];
  /** "on" as in "VAT 8.1% on CHF 1'000.00". */
  taxBase: string;
  total: string[];
  receiptTotal: string[];
  taxSummaryHeader: [rate: string, net: string, tax: string, gross: string];
  bankDetails: string[];
  vatIdLabel: string[];
  /** The receiver's VAT id, on B2B invoices. */
  customerVatId: string[];
  phone: string[];
  page: (page: number, of: number) => string;
  thanks: string[];
  cashGiven: string;
  change: string;
  paidWith: string[];
  cash: string;
  card: string;
  cashier: string;
  includedTax: string;
  paymentMethodLabel: string;
  bankTransfer: string;
  /** Payment terms: net days only. */
  netTerms: ((days: number) => string)[];
  /** Cash discount clause, joined to the net terms. */
  discountTerms: ((percent: string, days: number) => string)[];
  /** A due date sentence. */
  payBy: ((date: string) => string)[];
  /** A sentence asking to pay by transfer (states the payment method). */
  transferRequest: string[];
  directDebit: string[];
  /** Payment part of a Swiss QR-bill. */
  qrBill: {
    receipt: string;
    paymentPart: string;
    account: string;
    reference: string;
    additional: string;
    payableBy: string;
    currency: string;
    amount: string;
    acceptance: string;
  };
  countries: Record<string, string>;
}

export const VOCABULARY: Record<Language, Vocabulary> = {
  en: {
    invoiceTitle: ['Invoice', 'INVOICE', 'Tax Invoice'],
    receiptTitle: ['Receipt', 'SALES RECEIPT', 'RECEIPT'],
    invoiceNumber: ['Invoice No.', 'Invoice number', 'Invoice #', 'Invoice no:'],
    receiptNumber: ['Receipt No.', 'Receipt #', 'Receipt no:'],
    invoiceDate: ['Invoice date', 'Date', 'Date of issue'],
    deliveryDate: ['Delivery date', 'Date of supply', 'Delivered on'],
    orderNumber: ['Order No.', 'Your order', 'PO number', 'Purchase order'],
    customerNumber: ['Customer No.', 'Account No.', 'Customer ID'],
    paymentReference: ['Payment reference', 'Remittance reference'],
    dueDate: ['Due date', 'Payment due'],
    billTo: ['Bill to', 'Invoice to', 'Billing address'],
    attention: ['Attn:', 'Attention:'],
    contact: ['Contact', 'Your contact'],
    position: ['No.', 'Item', '#'],
    articleNumber: ['Item code', 'SKU', 'Art. No.'],
    description: ['Description', 'Item description', 'Service'],
    quantity: ['Qty', 'Quantity'],
    unit: ['Unit'],
    unitPrice: ['Unit price', 'Price', 'Rate'],
    taxRate: ['VAT', 'VAT %', 'Tax'],
    lineTotal: ['Amount', 'Total', 'Line total'],
    subtotal: ['Subtotal', 'Net amount', 'Total net'],
    tax: ['VAT', 'VAT'],
    taxBase: 'on',
    total: ['Total', 'Total due', 'Amount due', 'Invoice total'],
    receiptTotal: ['TOTAL', 'Total', 'TOTAL DUE'],
    taxSummaryHeader: ['VAT rate', 'Net', 'VAT', 'Gross'],
    bankDetails: ['Bank details', 'Payment details', 'Bank account'],
    vatIdLabel: ['VAT No.', 'VAT Reg. No.', 'VAT number'],
    customerVatId: ['Your VAT No.', 'Customer VAT No.'],
    phone: ['Tel.', 'Phone', 'T'],
    page: (page, of) => `Page ${page} of ${of}`,
    thanks: ['Thank you for your business.', 'Thank you for your order!', 'We appreciate your business.'],
    cashGiven: 'Cash',
    change: 'Change',
    paidWith: ['Paid by', 'Payment'],
    cash: 'Cash',
    card: 'Card',
    cashier: 'Cashier',
    includedTax: 'incl. VAT',
    paymentMethodLabel: 'Payment method',
    bankTransfer: 'Bank transfer',
    netTerms: [(days) => `Payment terms: ${days} days net`, (days) => `Payable within ${days} days`, (days) => `Terms: net ${days} days`],
    discountTerms: [
      (percent, days) => `${percent}% discount if paid within ${days} days`,
      (percent, days) => `${percent}% cash discount within ${days} days`,
    ],
    payBy: [(date) => `Please pay by ${date}.`, (date) => `Payment due by ${date}`],
    transferRequest: ['Please transfer the amount to the account below.', 'Please remit payment to the bank account below.'],
    directDebit: ['The amount will be debited from your account.'],
    qrBill: {
      receipt: 'Receipt',
      paymentPart: 'Payment part',
      account: 'Account / Payable to',
      reference: 'Reference',
      additional: 'Additional information',
      payableBy: 'Payable by',
      currency: 'Currency',
      amount: 'Amount',
      acceptance: 'Acceptance point',
    },
    countries: { CH: 'Switzerland', DE: 'Germany', AT: 'Austria', FR: 'France', IT: 'Italy', GB: 'United Kingdom', US: 'United States' },
  },
  de: {
    invoiceTitle: ['Rechnung', 'RECHNUNG', 'Rechnung'],
    receiptTitle: ['Quittung', 'Kassenbon', 'QUITTUNG'],
    invoiceNumber: ['Rechnungsnummer', 'Rechnungs-Nr.', 'Rechnung Nr.', 'Rechnungsnr.'],
    receiptNumber: ['Beleg-Nr.', 'Bon-Nr.', 'Quittung Nr.'],
    invoiceDate: ['Rechnungsdatum', 'Datum'],
    deliveryDate: ['Lieferdatum', 'Leistungsdatum', 'Liefertermin'],
    orderNumber: ['Bestellnummer', 'Ihre Bestellung', 'Bestell-Nr.', 'Auftragsnummer'],
    customerNumber: ['Kundennummer', 'Kunden-Nr.', 'Kunde'],
    paymentReference: ['Zahlungsreferenz', 'Verwendungszweck'],
    dueDate: ['Fällig am', 'Zahlbar bis', 'Fälligkeitsdatum'],
    billTo: ['Rechnungsadresse', 'Rechnung an', 'Rechnungsempfänger'],
    attention: ['z. Hd.', 'zu Handen'],
    contact: ['Ansprechpartner', 'Ihr Kontakt', 'Sachbearbeiter'],
    position: ['Pos.', 'Pos', 'Nr.'],
    articleNumber: ['Art.-Nr.', 'Artikel', 'Artikelnr.'],
    description: ['Beschreibung', 'Bezeichnung', 'Leistung', 'Artikelbezeichnung'],
    quantity: ['Menge', 'Anzahl', 'Anz.'],
    unit: ['Einheit', 'Einh.', 'ME'],
    unitPrice: ['Einzelpreis', 'Preis', 'EP', 'Ansatz'],
    taxRate: ['MwSt.', 'MWST %', 'USt.'],
    lineTotal: ['Betrag', 'Gesamt', 'Total', 'Gesamtpreis'],
    subtotal: ['Zwischensumme', 'Nettobetrag', 'Total netto', 'Summe netto'],
    tax: ['MwSt.', 'MWST', 'USt.', 'Umsatzsteuer'],
    taxBase: 'von',
    total: ['Gesamtbetrag', 'Rechnungsbetrag', 'Total', 'Endbetrag', 'Total inkl. MWST'],
    receiptTotal: ['TOTAL', 'SUMME', 'Total', 'Zu zahlen'],
    taxSummaryHeader: ['MWST-Satz', 'Netto', 'MWST', 'Brutto'],
    bankDetails: ['Bankverbindung', 'Zahlungsverbindung', 'Bank'],
    vatIdLabel: ['MWST-Nr.', 'UID', 'USt-IdNr.', 'Umsatzsteuer-ID'],
    customerVatId: ['Ihre USt-IdNr.', 'Ihre MWST-Nr.', 'Kunden-UID'],
    phone: ['Tel.', 'Telefon', 'T'],
    page: (page, of) => `Seite ${page} von ${of}`,
    thanks: ['Vielen Dank für Ihren Auftrag.', 'Besten Dank für Ihren Einkauf!', 'Wir danken für Ihr Vertrauen.'],
    cashGiven: 'Bar',
    change: 'Rückgeld',
    paidWith: ['Bezahlt mit', 'Zahlungsart'],
    cash: 'Bar',
    card: 'Karte',
    cashier: 'Kasse',
    includedTax: 'inkl. MwSt.',
    paymentMethodLabel: 'Zahlungsart',
    bankTransfer: 'Überweisung',
    netTerms: [
      (days) => `Zahlbar innert ${days} Tagen netto`,
      (days) => `Zahlbar innerhalb von ${days} Tagen ohne Abzug`,
      (days) => `Zahlungsziel: ${days} Tage netto`,
    ],
    discountTerms: [
      (percent, days) => `${percent}% Skonto bei Zahlung innerhalb von ${days} Tagen`,
      (percent, days) => `innert ${days} Tagen ${percent}% Skonto`,
    ],
    payBy: [(date) => `Bitte bezahlen Sie den Betrag bis ${date}.`, (date) => `Zahlbar bis ${date}`],
    transferRequest: [
      'Bitte überweisen Sie den Betrag auf unser untenstehendes Konto.',
      'Wir bitten Sie, den Betrag auf folgendes Konto zu überweisen.',
    ],
    directDebit: ['Der Betrag wird von Ihrem Konto abgebucht.', 'Der Rechnungsbetrag wird per SEPA-Lastschrift eingezogen.'],
    qrBill: {
      receipt: 'Empfangsschein',
      paymentPart: 'Zahlteil',
      account: 'Konto / Zahlbar an',
      reference: 'Referenz',
      additional: 'Zusätzliche Informationen',
      payableBy: 'Zahlbar durch',
      currency: 'Währung',
      amount: 'Betrag',
      acceptance: 'Annahmestelle',
    },
    countries: { CH: 'Schweiz', DE: 'Deutschland', AT: 'Österreich', FR: 'Frankreich', IT: 'Italien', GB: 'Grossbritannien', US: 'USA' },
  },
  fr: {
    invoiceTitle: ['Facture', 'FACTURE'],
    receiptTitle: ['Ticket de caisse', 'Quittance', 'Reçu'],
    invoiceNumber: ['Facture n°', 'N° de facture', 'Numéro de facture', 'Facture N°'],
    receiptNumber: ['Ticket n°', 'N° ticket', 'Reçu n°'],
    invoiceDate: ['Date de facture', 'Date', 'Date de facturation'],
    deliveryDate: ['Date de livraison', 'Livré le'],
    orderNumber: ['N° de commande', 'Votre commande', 'Commande n°', 'Bon de commande'],
    customerNumber: ['N° client', 'Client n°', 'Code client'],
    paymentReference: ['Référence de paiement', 'Référence de virement'],
    dueDate: ["Date d'échéance", 'Échéance', 'À payer avant le'],
    billTo: ['Facturé à', 'Adresse de facturation', 'Client'],
    attention: ["À l'att. de", "À l'attention de"],
    contact: ['Contact', 'Votre interlocuteur'],
    position: ['Pos.', 'N°', 'Réf.'],
    articleNumber: ['Réf.', 'Référence', 'Code article'],
    description: ['Désignation', 'Description', 'Prestation'],
    quantity: ['Qté', 'Quantité'],
    unit: ['Unité', 'U.'],
    unitPrice: ['Prix unitaire', 'P.U. HT', 'Prix'],
    taxRate: ['TVA', 'TVA %', 'Taux'],
    lineTotal: ['Montant HT', 'Total HT', 'Montant'],
    subtotal: ['Total HT', 'Sous-total', 'Montant HT'],
    tax: ['TVA', 'TVA'],
    taxBase: 'sur',
    total: ['Total TTC', 'Montant total', 'Total à payer', 'Net à payer'],
    receiptTotal: ['TOTAL', 'TOTAL TTC', 'À PAYER'],
    taxSummaryHeader: ['Taux TVA', 'HT', 'TVA', 'TTC'],
    bankDetails: ['Coordonnées bancaires', 'Règlement par virement', 'Banque'],
    vatIdLabel: ['N° TVA', 'TVA intracom.', 'N° TVA intracommunautaire'],
    customerVatId: ['Votre N° TVA', 'N° TVA client'],
    phone: ['Tél.', 'Tél', 'T'],
    page: (page, of) => `Page ${page}/${of}`,
    thanks: ['Merci de votre confiance.', 'Merci pour votre achat !', 'Nous vous remercions de votre commande.'],
    cashGiven: 'Espèces',
    change: 'Rendu',
    paidWith: ['Payé par', 'Règlement'],
    cash: 'Espèces',
    card: 'Carte',
    cashier: 'Caisse',
    includedTax: 'dont TVA',
    paymentMethodLabel: 'Mode de paiement',
    bankTransfer: 'Virement bancaire',
    netTerms: [
      (days) => `Payable à ${days} jours net`,
      (days) => `Conditions de paiement : ${days} jours net`,
      (days) => `Paiement à ${days} jours`,
    ],
    discountTerms: [
      (percent, days) => `escompte de ${percent} % pour paiement sous ${days} jours`,
      (percent, days) => `Escompte ${percent} % à ${days} jours`,
    ],
    payBy: [(date) => `À payer avant le ${date}.`, (date) => `Merci de régler avant le ${date}.`],
    transferRequest: [
      'Merci de régler par virement bancaire sur le compte ci-dessous.',
      'Veuillez virer le montant sur le compte suivant.',
    ],
    directDebit: ['Le montant sera prélevé sur votre compte.'],
    qrBill: {
      receipt: 'Récépissé',
      paymentPart: 'Section paiement',
      account: 'Compte / Payable à',
      reference: 'Référence',
      additional: 'Informations supplémentaires',
      payableBy: 'Payable par',
      currency: 'Monnaie',
      amount: 'Montant',
      acceptance: 'Point de dépôt',
    },
    countries: { CH: 'Suisse', DE: 'Allemagne', AT: 'Autriche', FR: 'France', IT: 'Italie', GB: 'Royaume-Uni', US: 'États-Unis' },
  },
  it: {
    invoiceTitle: ['Fattura', 'FATTURA'],
    receiptTitle: ['Scontrino', 'Ricevuta', 'RICEVUTA'],
    invoiceNumber: ['Fattura n.', 'Numero fattura', 'N. fattura', 'Fattura N°'],
    receiptNumber: ['Scontrino n.', 'Ricevuta n.', 'Doc. n.'],
    invoiceDate: ['Data fattura', 'Data', 'Data documento'],
    deliveryDate: ['Data di consegna', 'Consegna del'],
    orderNumber: ['Ordine n.', 'Vostro ordine', 'Rif. ordine', 'Numero ordine'],
    customerNumber: ['Codice cliente', 'Cliente n.'],
    paymentReference: ['Riferimento pagamento', 'Causale'],
    dueDate: ['Scadenza', 'Data scadenza', 'Da pagare entro il'],
    billTo: ['Spett.le', 'Intestatario', 'Destinatario fattura'],
    attention: ['Alla c.a.', "All'attenzione di"],
    contact: ['Referente', 'Contatto'],
    position: ['Pos.', 'N.', 'Riga'],
    articleNumber: ['Codice', 'Cod. art.', 'Articolo'],
    description: ['Descrizione', 'Descrizione articolo', 'Prestazione'],
    quantity: ['Q.tà', 'Quantità', 'Qtà'],
    unit: ['U.M.', 'Unità'],
    unitPrice: ['Prezzo unitario', 'Prezzo', 'Prezzo unit.'],
    taxRate: ['IVA', 'IVA %', 'Aliquota'],
    lineTotal: ['Importo', 'Totale', 'Totale riga'],
    subtotal: ['Imponibile', 'Totale imponibile', 'Subtotale'],
    tax: ['IVA', 'IVA'],
    taxBase: 'su',
    total: ['Totale', 'Totale fattura', 'Totale documento', 'Importo totale'],
    receiptTotal: ['TOTALE', 'Totale', 'TOTALE COMPLESSIVO'],
    taxSummaryHeader: ['Aliquota', 'Imponibile', 'IVA', 'Totale'],
    bankDetails: ['Coordinate bancarie', 'Dati bancari', 'Banca'],
    vatIdLabel: ['P.IVA', 'Partita IVA', 'P. IVA'],
    customerVatId: ['Vs. P.IVA', 'P.IVA cliente'],
    phone: ['Tel.', 'Telefono', 'T'],
    page: (page, of) => `Pagina ${page} di ${of}`,
    thanks: ['Grazie per la fiducia.', 'Grazie e arrivederci!', 'Vi ringraziamo per il vostro ordine.'],
    cashGiven: 'Contanti',
    change: 'Resto',
    paidWith: ['Pagato con', 'Pagamento'],
    cash: 'Contanti',
    card: 'Carta',
    cashier: 'Cassa',
    includedTax: 'di cui IVA',
    paymentMethodLabel: 'Modalità di pagamento',
    bankTransfer: 'Bonifico bancario',
    netTerms: [
      (days) => `Pagamento a ${days} giorni`,
      (days) => `Termini di pagamento: ${days} giorni netto`,
      (days) => `Pagabile entro ${days} giorni`,
    ],
    discountTerms: [
      (percent, days) => `sconto ${percent}% per pagamento entro ${days} giorni`,
      (percent, days) => `Sconto cassa ${percent}% a ${days} giorni`,
    ],
    payBy: [(date) => `Da pagare entro il ${date}.`, (date) => `Pagabile entro il ${date}`],
    transferRequest: ['Si prega di effettuare il bonifico sul conto indicato.', 'Vogliate effettuare il bonifico sul seguente conto.'],
    directDebit: ["L'importo verrà addebitato sul vostro conto."],
    qrBill: {
      receipt: 'Ricevuta',
      paymentPart: 'Sezione pagamento',
      account: 'Conto / Pagabile a',
      reference: 'Riferimento',
      additional: 'Informazioni supplementari',
      payableBy: 'Pagabile da',
      currency: 'Valuta',
      amount: 'Importo',
      acceptance: 'Punto di accettazione',
    },
    countries: { CH: 'Svizzera', DE: 'Germania', AT: 'Austria', FR: 'Francia', IT: 'Italia', GB: 'Regno Unito', US: 'Stati Uniti' },
  },
};
