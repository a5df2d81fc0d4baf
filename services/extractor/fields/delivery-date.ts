import type { DocumentText } from './document-text.js';
import { foundAt, type Finding } from './finding.js';
import { findLabels, labelPattern, valueNearLabel, type Read } from './labels.js';
import { findDates } from './parse-date.js';
import type { SlashDateOrder } from './document-locale.js';

const DELIVERY_DATE_LABEL = labelPattern(
  String.raw`liefer-? ?(?:und|bzw\.?|/) ?leistungs-? ?datum`,
  String.raw`liefer-? ?datum`,
  String.raw`leistungs-? ?datum`,
  'liefertag',
  String.raw`liefer-? ?termin`,
  String.raw`leistungs-? ?termin`,
  'datum der (?:lieferung|leistung)',
  'lieferung (?:am|vom)',
  'leistung (?:am|vom)',
  'geliefert am',
  'ausgeliefert am',
  'delivery date',
  'date of delivery',
  'delivered on',
  'delivered',
  'date of supply',
  'supply date',
  'service date',
  'date of service',
  'performed on',
  'shipping date',
  'shipped on',
  'ship date',
  'date de (?:la )?livraison',
  'livré le',
  'livraison le',
  'livraison du',
  'date de (?:la )?prestation',
  'data (?:di |della )?consegna',
  'consegna del',
  'consegnato il',
  'data (?:della )?prestazione',
  'data (?:di )?spedizione',
);

const PERIOD_LABEL = labelPattern(
  String.raw`leistungs-? ?zeitraum`,
  String.raw`liefer-? ?zeitraum`,
  'abrechnungszeitraum',
  'abrechnungsperiode',
  'leistungsperiode',
  'zeitraum',
  'service period',
  'billing period',
  'period',
  'période (?:de (?:facturation|prestation|consommation))?',
  'periodo (?:di (?:fatturazione|competenza|riferimento))?',
);

// "01.05.14-31.05.14": a dash glued between two dates separates them (same length, so positions hold).
const separatePeriod = (text: string) => text.replace(/(?<=\d)-(?=\d{1,2}[./]\d{1,2}[./]\d{2})/g, ' ');

/** The date right after a label, or the end of the period it starts ("01.03.2026 - 31.03.2026", "du … au …"). */
const readDateOrPeriodEnd = (order: SlashDateOrder) => (text: string): Read<string> | null => {
  const dates = findDates(separatePeriod(text), order);
  const [first, second] = dates;
  const skipped = /^[\s:.=-]*(?:(?:vom|von|du|dal|from|le|am|il) )?/i.exec(text)?.[0].length ?? 0;
  if (!first || first.start !== skipped) return null;
  const between = second ? text.slice(first.end, second.start) : '';
  const end = second && /^\s*(?:-|–|bis|au|al|to|until|\/)\s*(?:(?:zum|le|il) )?$/i.test(between) ? second : first;
  return { value: end.iso, start: end.start, end: end.end };
};

/**
 * When the goods or service were delivered: a delivery or service date label, else the end of the
 * service period (the date the supply was complete).
 */
export const findDeliveryDate = (document: DocumentText): Finding<string> | null => {
  const read = readDateOrPeriodEnd(document.dateOrder);
  for (const [pattern, confidence] of [
    [DELIVERY_DATE_LABEL, 0.9],
    [PERIOD_LABEL, 0.75],
  ] as const) {
    for (const match of findLabels(document, pattern)) {
      const found = valueNearLabel(document, match, read);
      if (found) return foundAt(found.value, confidence - (found.below ? 0.1 : 0), [found.span]);
    }
  }
  return null;
};
