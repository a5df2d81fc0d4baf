import { NOT_A_REFERENCE, NUMBER_OR_ID_WORD, NUMBER_WORD, type Vocabulary } from './concepts.js';

/** Italian words of the labels and terms the readers look for, as regex sources (see `labelPattern`). */
export const it: Vocabulary = {
  senderLabel: [
    'fornitore',
    'venditore',
    'cedente(?: prestatore)?',
    'prestatore',
    'mittente',
    'emittente',
    // The Swiss QR-bill's payee ("Konto / Zahlbar an", "Compte / Payable à", "Conto / Pagabile a", "Account / Payable to").
    String.raw`conto\s*/\s*pagabile a`,
    'pagabile a',
  ],
  receiverLabel: [
    String.raw`destinatario(?: (?:della )?fattura)?`,
    'indirizzo di fatturazione',
    'fattura a',
    'fatturare a',
    'intestatario',
    'cliente',
    'committente',
    'cessionario(?: committente)?',
    'pagabile da',
  ],
  deliveryAddressLabel: [
    'indirizzo di consegna',
    'luogo di consegna',
    'destinazione merce',
  ],
  articleColumn: [
    'codice',
    'cod\\.?',
    String.raw`cod\. ?art\.?`,
    String.raw`codice articolo`,
  ],
  amountColumn: [
    'importo',
    'totale(?: riga)?',
  ],
  unitPriceColumn: [
    String.raw`prezzo(?: unit(?:ario|\.)?)?`,
  ],
  positionColumn: [
    'n\\.',
    'riga',
  ],
  discountColumn: [
    'sconto',
  ],
  taxRateColumn: [
    'iva ?%?',
    'aliquota(?: iva)?',
  ],
  quantityColumn: [
    'quantità',
    'qtà',
    'qta',
    'q\\.tà',
  ],
  unitColumn: [
    'unità',
    'u\\.m\\.',
    'um',
  ],
  descriptionColumn: [
    'prestazione',
    'descrizione',
    'articolo',
    'prodotto',
    'denominazione',
  ],
  itemTableHeader: [
    'quantità',
    String.raw`q\.?tà`,
    'descrizione',
    'prezzo(?: unitario)?',
  ],
  grossTotalLabel: [
    String.raw`totale (?:fattura|documento|complessivo|ivato|generale)`,
    'importo totale',
    'totale iva inclusa',
  ],
  totalLabel: [
    'totale',
  ],
  amountDueLabel: [
    String.raw`(?:importo |totale |netto )?(?:da|a) pagare`,
  ],
  amountLabel: [
    'importo',
  ],
  notTheTotal: [
    'subtotale',
    'iva',
    'imposta',
    'imponibile',
    'sconto',
    'spese',
    'pagato',
  ],
  contactLabel: [
    String.raw`(?:vostro\s+|vostra\s+)?(?:referente|contatto|persona di contatto)`,
  ],
  deliveryDateLabel: [
    'data (?:di |della )?consegna',
    'consegna del',
    'consegnato il',
    'data (?:della )?prestazione',
    'data (?:di )?spedizione',
  ],
  periodLabel: [
    'periodo (?:di (?:fatturazione|competenza|riferimento))?',
  ],
  documentNumberLabel: [
    String.raw`(?:fattura|nota di credito|ricevuta|scontrino|bolla|documento|doc\.?|sollecito) ?${NUMBER_WORD}`,
    String.raw`(?:numero|n\.|nr\.?|num\.?) (?:della |dello |del )?(?:fattura|nota di credito|ricevuta|scontrino|documento)`,
  ],
  bookingLabel: [
    String.raw`(?:numero|n\.|nr\.?) (?:di )?prenotazione`,
  ],
  documentTitleWord: [
    'fattura',
    'nota di credito',
  ],
  creditNoteTitle: [
    'nota di credito',
  ],
  reminderTitle: [
    'sollecito',
    'richiamo di pagamento',
  ],
  deliveryNoteTitle: [
    String.raw`(?:bolla di consegna|documento di trasporto)${NOT_A_REFERENCE}`,
  ],
  receiptTitle: [
    'ricevuta',
    'scontrino',
  ],
  invoiceTitle: [
    'fattura',
  ],
  issueDateLabel: [
    String.raw`data (?:della )?fattura`,
    String.raw`data (?:di )?emissione`,
    String.raw`data (?:del )?documento`,
  ],
  dateLabel: [
    'data',
  ],
  otherDateWord: [
    'consegna',
    'ordine',
    'periodo',
    'scadenza',
    'valuta',
  ],
  itemTotalsWord: [
    'totale',
    'iva',
    'imponibile',
  ],
  expenseAccount6570: [
    'informatica',
  ],
  expenseAccount6500: [
    'cancelleria',
  ],
  expenseAccount6510: [
    'telefono',
  ],
  expenseAccount6513: [
    'francobolli',
  ],
  expenseAccount6200: [
    'benzina',
  ],
  expenseAccount6640: [
    'albergo',
    'trasferta',
  ],
  expenseAccount6000: [
    'affitto',
  ],
  expenseAccount6400: [
    'elettricità',
  ],
  expenseAccount6300: [
    'assicurazione',
  ],
  expenseAccount6100: [
    'riparazione',
    'manutenzione',
  ],
  expenseAccount6600: [
    'pubblicità',
  ],
  expenseAccount6530: [
    'consulenza',
  ],
  expenseAccount4000: [
    'materiale',
  ],
  orderNumberLabel: [
    String.raw`${NUMBER_OR_ID_WORD} (?:d'|dell')?ordine`,
    String.raw`ordine ${NUMBER_OR_ID_WORD}`,
    String.raw`(?:vostro|vs\.?) ordine`,
    String.raw`(?:rif\.?|riferimento) (?:dell')?ordine`,
  ],
  orderConfirmationLabel: [
    String.raw`conferma d'ordine(?: ${NUMBER_OR_ID_WORD})?`,
    'vostro riferimento',
  ],
  paymentTermsLabel: [
    'condizioni di pagamento',
    'termini di pagamento',
  ],
  dueDateLabel: [
    'scadenza(?: il)?',
    'data (?:di )?scadenza',
    '(?:da )?pagare entro il',
    'pagabile entro il',
    'pagamento entro il',
  ],
  paymentMethodLabel: [
    'modalità di pagamento',
    'metodo di pagamento',
    'pagato con',
  ],
  paymentWord: [
    'pagamento',
    'pagato',
  ],
  paymentReferenceLabel: [
    'riferimento (?:di |del )?pagamento',
    'causale(?: (?:di pagamento|del versamento|del bonifico))?',
  ],
  referenceLabel: [
    'riferimento',
  ],
  toPayLabel: [
    'totale',
    'da pagare',
    'importo',
  ],
  subtotalLabel: [
    'subtotale',
  ],
  taxWord: [
    'iva',
    'imposta',
  ],
  netLabel: [
    'imponibile',
    'totale imponibile',
    'totale netto',
    'netto totale',
  ],
  taxTotalLabel: [
    'iva',
    'totale iva',
    'imposta',
  ],
  totalsHeaderWord: [
    'totale',
    'iva',
  ],
  currencyLabel: [
    'valuta',
    'divisa',
    'importi in',
  ],
};
