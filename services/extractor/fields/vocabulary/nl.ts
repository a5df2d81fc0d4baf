import { type Vocabulary } from './concepts.js';

/** Dutch words of the labels and terms the readers look for, as regex sources (see `labelPattern`). */
export const nl: Vocabulary = {
  receiverLabel: ['factuuradres', 'factuur aan'],
  deliveryAddressLabel: ['afleveradres', 'leveradres'],
  amountColumn: ['bedrag', 'totaal'],
  unitPriceColumn: ['prijs', 'stukprijs'],
  taxRateColumn: ['btw ?%?'],
  quantityColumn: ['hoeveelheid', 'aantal'],
  descriptionColumn: ['omschrijving', 'artikelomschrijving'],
  totalLabel: ['totaal'],
  amountDueLabel: ['te betalen'],
  amountLabel: ['bedrag'],
  notTheTotal: ['btw'],
  documentNumberLabel: [String.raw`factuur ?(?:nummer|nr\.?)`],
  documentTitleWord: ['factuur'],
  invoiceTitle: ['factuur'],
  issueDateLabel: ['factuur ?datum'],
  otherDateWord: ['vervaldatum'],
  itemTotalsWord: ['(?:sub)?totaal', 'btw', '(?:ex|in)clusief', 'te betalen'],
  dueDateLabel: ['vervaldatum'],
  taxWord: ['btw'],
};
