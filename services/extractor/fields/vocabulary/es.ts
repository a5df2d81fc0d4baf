import { NOT_A_REFERENCE, NUMBER_OR_ID_WORD, NUMBER_WORD, type Vocabulary } from './concepts.js';

/**
 * "Número", "Núm.", "Nº", "n.º": Spanish writes the word with its accent, which NUMBER_WORD's "numero" does not match; its
 * ordinal mark reaches the text as the letter o ("No", "n.o").
 */
const NUMERO = String.raw`(?:${NUMBER_WORD}|n\.[º°o]|núm\.?|número)`;

/** Spanish words of the labels and terms the readers look for, as regex sources (see `labelPattern`). */
export const es: Vocabulary = {
  senderLabel: ['proveedor', 'emisor', 'vendedor', 'remitente', 'expedidor'],
  receiverLabel: [
    'facturar a',
    'facturado a',
    String.raw`datos (?:del )?cliente`,
    'cliente',
    'destinatario',
    'comprador',
    'receptor',
    'dirección de facturación',
  ],
  taxRepresentativeLabel: ['representante fiscal'],
  deliveryAddressLabel: ['dirección de (?:entrega|envío)', 'lugar de entrega', 'enviar a'],
  articleColumn: ['código', String.raw`cód\.?`, 'referencia', String.raw`ref\.`],
  amountColumn: ['importe', 'total', 'importe total'],
  unitPriceColumn: [String.raw`precio(?: unit(?:ario|\.)?)?`, String.raw`p\. ?unit(?:ario|\.)?`, String.raw`precio/ud\.?`],
  positionColumn: ['línea'],
  discountColumn: ['descuento', String.raw`dto\.?`],
  taxRateColumn: ['iva ?%?', '% ?iva', 'tipo(?: de)? iva'],
  quantityColumn: ['cantidad', String.raw`cant\.?`, 'unidades', String.raw`uds\.?`],
  unitColumn: ['unidad'],
  descriptionColumn: ['descripción', 'concepto', 'artículo', 'producto', 'denominación', 'detalle'],
  itemTableHeader: ['cantidad', 'descripción', 'concepto', String.raw`precio(?: unitario)?`],
  grossTotalLabel: ['total factura', 'importe total', String.raw`total (?:a pagar|con iva|iva incluido)`, 'total general'],
  totalLabel: ['total'],
  amountDueLabel: [String.raw`(?:total |importe )?a pagar`],
  amountLabel: ['importe'],
  notTheTotal: ['subtotal', 'iva', 'base imponible', 'descuento', 'recargo', 'portes', 'pagado', 'entregado', 'cambio'],
  contactLabel: ['persona de contacto', 'contacto', 'atendido por'],
  deliveryDateLabel: [
    String.raw`fecha (?:de (?:la )?)?(?:entrega|envío|prestación|suministro|operación)`,
    // The delivery note's date ("albarán"): an invoice for goods delivered with one.
    'fecha (?:del )?albarán',
    'entregado el',
  ],
  periodLabel: ['periodo(?: de facturación)?'],
  // A self-employed supplier's income tax the client withholds from the total ("Retención IRPF 15%").
  withholdingLabel: [String.raw`retenci[óo]n(?: (?:de )?i\.?r\.?p\.?f\.?)?`, String.raw`i\.?r\.?p\.?f\.?`],
  documentNumberLabel: [
    String.raw`(?:factura|abono|albarán|recibo|ticket|presupuesto)(?: rectificativa)? ?(?:${NUMBER_WORD}|${NUMERO})`,
    String.raw`${NUMERO} (?:de )?(?:factura|documento|recibo|ticket)`,
    // A Mexican CFDI's series and number.
    'folio',
  ],
  // "Nº: T012-004581" under a till's "FACTURA SIMPLIFICADA": the sign alone, where it heads the document.
  bareNumberWord: ['número', String.raw`n\.?[º°o]`],
  documentTitleWord: ['factura', 'abono'],
  invoiceKindWord: ['rectificativa', 'simplificada', 'completa', 'de abono'],
  creditNoteTitle: ['factura rectificativa', 'nota de crédito', 'factura de abono', '^ *abono'],
  reminderTitle: ['recordatorio de pago', 'reclamación de pago'],
  deliveryNoteTitle: [String.raw`(?:albarán|nota de entrega)${NOT_A_REFERENCE}`],
  // A simplified invoice ("factura simplificada") is what Spanish tills print: a receipt.
  receiptTitle: ['factura simplificada', 'recibo', String.raw`ticket de (?:compra|caja|venta)`],
  invoiceTitle: ['factura'],
  issueDateLabel: [String.raw`fecha (?:de (?:la )?)?factura`, String.raw`fecha (?:de )?(?:emisión|expedición)`],
  dateLabel: ['fecha'],
  otherDateWord: ['entrega', 'vencimiento', 'pedido', 'envío', 'periodo', 'valor'],
  itemTotalsWord: ['total', 'subtotal', 'iva', 'base imponible'],
  orderNumberLabel: [
    String.raw`pedido ${NUMBER_OR_ID_WORD}`,
    String.raw`${NUMERO} (?:de )?pedido`,
    'su pedido',
    String.raw`referencia (?:del? )?pedido`,
    'orden de compra',
  ],
  orderConfirmationLabel: [String.raw`confirmación de pedido(?: ${NUMBER_OR_ID_WORD})?`, 'su referencia'],
  paymentTermsLabel: ['condiciones de pago', 'términos de pago', 'plazo de pago'],
  dueDateWord: ['vencimiento'],
  dueDateLabel: [String.raw`fecha (?:de )?vencimiento`, 'vencimiento', 'vence(?: el)?', 'pagar antes del?', 'fecha límite de pago'],
  paymentMethodLabel: ['forma de pago', 'método de pago', 'medio de pago', 'pagado con'],
  paymentWord: ['pago', 'pagado'],
  paymentReferenceLabel: [String.raw`referencia (?:de |del )?pago`, 'concepto de la transferencia'],
  referenceLabel: ['referencia'],
  toPayLabel: ['total', 'a pagar', 'importe'],
  subtotalLabel: ['subtotal'],
  // IGIC: the Canary Islands' tax in place of VAT.
  taxWord: ['iva', String.raw`i\.v\.a\.?`, 'igic', 'impuestos?'],
  netLabel: ['base imponible', 'subtotal', 'total sin iva', 'importe neto', 'neto'],
  taxTotalLabel: ['iva', 'total iva', String.raw`cuota (?:de )?iva`, 'cuota', 'impuestos'],
  totalsHeaderWord: ['base imponible', 'iva', 'total', 'cuota'],
  currencyLabel: ['moneda', 'divisa'],
  tipLabel: ['propina'],
};
