import type { ExtractedData } from '../../../contracts/events/extracted-data.js';
import type { FieldFeatures } from '../../../services/extractor/index.js';
import { flattenExtracted, type FieldComparison } from '../compare-fields.js';

/** One value the extractor gave, what calibration knew of it, and whether the truth says it is right. */
export interface Observation {
  /** The corpus it came from: the split between tuning and held-out sources goes by this name. */
  source: string;
  sample: string;
  /** Its evidence path. */
  field: string;
  features: FieldFeatures;
  right: boolean;
}

const ITEM_FIELD = /^accounting_document\.items\.\d+\.(.+)$/;

/**
 * The evidence paths a judged field's value was given under. Judged fields are flattened (street and
 * number as one, every IBAN as one list, items renumbered to the truth's), evidence is kept per value:
 * items are found back by the value judged, the first not yet taken.
 */
const evidencePathsOf = (comparison: FieldComparison, data: ExtractedData, takenItems: Set<string>): string[] => {
  const paths = Object.keys(data.evidence);
  const under = (prefix: string) => paths.filter((path) => path === prefix || path.startsWith(`${prefix}.`));
  const { field } = comparison;
  const item = ITEM_FIELD.exec(field);
  if (item) {
    const name = item[1]!;
    const flat = flattenExtracted(data);
    const index = data.accountingDocument.items.findIndex((_, at) => {
      const key = `accounting_document.items.${at}.${name}`;
      return !takenItems.has(key) && flat[key] === comparison.actual;
    });
    if (index < 0) return [];
    const key = `accounting_document.items.${index}.${name}`;
    takenItems.add(key);
    return paths.includes(key) ? [key] : under(`accounting_document.items.${index}`).slice(0, 1);
  }
  if (field === 'accounting_document.items.count' || field.endsWith('bank_accounts.bic')) return [];
  if (field === 'accounting_document.bank_accounts.iban')
    return under('accounting_document.bank_accounts').filter((path) => !path.endsWith('.bic'));
  if (field.startsWith('accounting_document.payment_conditions.')) {
    const conditions = data.accountingDocument.payment_conditions;
    const wanted = field.endsWith('due_date')
      ? conditions.map((condition) => condition.percentage === null)
      : conditions.map((condition) => condition.percentage !== null);
    return wanted.flatMap((taken, index) => (taken ? under(`accounting_document.payment_conditions.${index}`) : []));
  }
  const party = /^(sender|receiver)_address\.street_and_number$/.exec(field);
  if (party) return [...under(`${party[1]}_address.street`), ...under(`${party[1]}_address.house_number`)];
  const slip = /^accounting_document\.(esr?)\./.exec(field);
  if (slip) return under(`accounting_document.${slip[1]}`);
  return under(field);
};

/**
 * The observations of one document: every evidence path a judged value was given under, right when
 * every judgement of it was (a value the truth says the document lacks counts as not right).
 */
export const observationsOf = (
  source: string,
  sample: string,
  data: ExtractedData,
  features: Readonly<Record<string, FieldFeatures>>,
  comparisons: readonly FieldComparison[],
): Observation[] => {
  const rightness = new Map<string, boolean>();
  const takenItems = new Set<string>();
  for (const comparison of comparisons) {
    if (comparison.outcome === 'missing') continue;
    for (const path of evidencePathsOf(comparison, data, takenItems))
      rightness.set(path, (rightness.get(path) ?? true) && comparison.outcome === 'right');
  }
  return [...rightness].flatMap(([field, right]) => {
    const known = features[field];
    return known ? [{ source, sample, field, features: known, right }] : [];
  });
};
