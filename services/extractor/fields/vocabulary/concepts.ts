/**
 * What the readers look for on a page, by concept: each language module (en, de, fr, it, nl) lists its own
 * words for a concept, as regex sources; `termsFor` joins them. A new language is one new module.
 */
export type Concept =
  // layout/address-blocks.ts
  | 'senderLabel'
  | 'receiverLabel'
  | 'deliveryAddressLabel'
  | 'taxRepresentativeLabel'
  // layout/item-table.ts
  | 'articleColumn'
  | 'amountColumn'
  | 'unitPriceColumn'
  | 'positionColumn'
  | 'discountColumn'
  | 'taxRateColumn'
  | 'quantityColumn'
  | 'unitColumn'
  | 'descriptionColumn'
  // readers/line-items/combined-header.ts
  | 'itemNameColumn'
  // layout/labels.ts
  | 'itemTableHeader'
  // readers/amounts.ts
  | 'grossTotalLabel'
  | 'totalLabel'
  | 'amountDueLabel'
  | 'amountLabel'
  | 'notTheTotal'
  // readers/contact-person.ts
  | 'contactLabel'
  // readers/delivery-date.ts
  | 'deliveryDateLabel'
  | 'periodLabel'
  // readers/document-number.ts
  | 'documentNumberLabel'
  | 'bareNumberWord'
  | 'bookingLabel'
  | 'documentTitleWord'
  | 'invoiceKindWord'
  // readers/document-type.ts
  | 'creditNoteTitle'
  | 'reminderTitle'
  | 'deliveryNoteTitle'
  | 'receiptTitle'
  | 'invoiceTitle'
  // readers/invoice-date.ts
  | 'issueDateLabel'
  | 'dateLabel'
  | 'otherDateWord'
  // readers/line-items.ts
  | 'itemTotalsWord'
  // readers/nominal-accounts.ts
  | 'expenseAccount6570'
  | 'expenseAccount6500'
  | 'expenseAccount6510'
  | 'expenseAccount6513'
  | 'expenseAccount6200'
  | 'expenseAccount6640'
  | 'expenseAccount6000'
  | 'expenseAccount6400'
  | 'expenseAccount6300'
  | 'expenseAccount6100'
  | 'expenseAccount6600'
  | 'expenseAccount6530'
  | 'expenseAccount4400'
  | 'expenseAccount4000'
  // readers/order-number.ts
  | 'orderNumberLabel'
  | 'orderConfirmationLabel'
  // readers/payment-conditions.ts
  | 'paymentTermsLabel'
  | 'dueDateLabel'
  // Words of due-date labels a label printed a letter off may stand for (findMisspeltLabels).
  | 'dueDateWord'
  // readers/payment-method.ts
  | 'paymentMethodLabel'
  | 'paymentWord'
  // readers/payment-reference.ts
  | 'paymentReferenceLabel'
  | 'referenceLabel'
  // readers/receipt-items.ts
  | 'toPayLabel'
  | 'subtotalLabel'
  | 'itemCountLabel'
  // checks/tip.ts
  | 'tipLabel'
  // readers/tax-summary.ts
  | 'taxWord'
  | 'netLabel'
  | 'taxTotalLabel'
  | 'totalsHeaderWord'
  | 'withholdingLabel'
  // values/currency.ts
  | 'currencyLabel';

export type Vocabulary = Partial<Record<Concept, readonly string[]>>;

/** The words for "number" labels print after what they number ("Invoice No.", "Rechnungs-Nr.", "Facture n°"). */
export const NUMBER_WORD = String.raw`(?:n°|nº|no\.?|nr\.?|num\.?|n\.|#|number|nummer|numéro|numero)`;

/** The same, or an id: orders are often referred to by id. */
export const NUMBER_OR_ID_WORD = String.raw`(?:n°|nº|no\.?|nr\.?|num\.?|n\.|#|number|nummer|numéro|numero|id)`;

/** A line's start, perhaps after one mark OCR read from a speck ("“Ticket n° 70427"): for labels that open their line. */
export const AT_LINE_START = String.raw`(?<=^ *(?:[^\p{L}\d\s] *)?)`;

/** A title that a number or date label follows is a reference to another document ("Lieferschein-Nr."), not the title. */
export const NOT_A_REFERENCE = String.raw`(?![ -]*(?:nr|no|n°|nº|num|nummer|number|numéro|numero|datum|date|data)(?![\p{L}]))`;
