import { tally, type FieldComparison, type Outcome, type Tally } from './compare-fields.js';
import { TARGETS, type Corpus, type Target } from './bench-sample.js';
import { isSlipField } from './judged-fields.js';

/** One document's run: how long, how many pages, and every field that was not right. */
export interface DocumentResult {
  name: string;
  tags: Record<string, string>;
  /** Over the fields other than line items and payment slips: what the document says as a whole. */
  headerCounts: Counts;
  milliseconds: number;
  pages: number;
  ocrPages: number;
  /** Why the document yielded no data at all, when it did not. */
  error: string | null;
  conversionFailures: string[];
  problems: FieldComparison[];
}

export type Counts = Record<Outcome, number>;

export interface CorpusResult {
  name: string;
  description: string;
  target: Target;
  documents: DocumentResult[];
  /** Per field, items folded (`accounting_document.items.*.title`). */
  fields: Record<string, Counts>;
  wallSeconds: number;
}

const zero = (): Counts => ({ right: 0, wrong: 0, missing: 0, extra: 0 });

/** Collects the comparisons of one corpus as its documents finish. */
export class CorpusTally {
  private readonly counts: Tally = new Map();
  readonly documents: DocumentResult[] = [];

  add(document: Omit<DocumentResult, 'problems' | 'headerCounts'>, comparisons: FieldComparison[]): void {
    tally(comparisons, this.counts);
    const headerCounts = zero();
    for (const { field, outcome } of comparisons)
      if (!isSlipField(field) && !field.startsWith('accounting_document.items.')) headerCounts[outcome]++;
    this.documents.push({ ...document, headerCounts, problems: comparisons.filter((comparison) => comparison.outcome !== 'right') });
  }

  result(corpus: Corpus, wallSeconds: number): CorpusResult {
    return {
      name: corpus.name,
      description: corpus.description,
      target: corpus.target,
      documents: [...this.documents].sort((a, b) => a.name.localeCompare(b.name)),
      fields: Object.fromEntries([...this.counts.entries()].sort(([a], [b]) => a.localeCompare(b))),
      wallSeconds,
    };
  }
}

const sum = (counts: Counts[]): Counts =>
  counts.reduce(
    (total, next) => ({
      right: total.right + next.right,
      wrong: total.wrong + next.wrong,
      missing: total.missing + next.missing,
      extra: total.extra + next.extra,
    }),
    zero(),
  );

/** right / (right + wrong + missing): extras are not in it; null when nothing was expected. */
export const accuracy = ({ right, wrong, missing }: Counts): number | null =>
  right + wrong + missing === 0 ? null : right / (right + wrong + missing);

/** The corpus's fields held to its own target, and the payment-slip fields, held to 100 %. */
export const totalsOf = (result: CorpusResult): { fields: Counts; slips: Counts } => ({
  fields: sum(Object.entries(result.fields).flatMap(([field, counts]) => (isSlipField(field) ? [] : [counts]))),
  slips: sum(Object.entries(result.fields).flatMap(([field, counts]) => (isSlipField(field) ? [counts] : []))),
});

/** Rounded down, so only a perfect score shows 100. */
const down = (value: number): string => (Math.floor(1000 * value + 1e-9) / 10).toFixed(1);
const percent = (value: number | null): string => (value === null ? '–' : `${down(value)} %`);
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!;
};
const verdict = (value: number | null, target: number): string => (value === null ? '' : value >= target ? 'met' : 'short');

/** Per corpus: documents, pages, time (wall time includes making generated files not cached yet), the field accuracy against its target, and the payment slips against 100 %. */
export const corpusTable = (results: CorpusResult[]): string => {
  const rows = results.map((result) => {
    const { fields, slips } = totalsOf(result);
    const target = TARGETS[result.target];
    const pages = result.documents.reduce((total, document) => total + document.pages, 0);
    const failed = result.documents.filter((document) => document.error !== null).length;
    const fieldAccuracy = accuracy(fields);
    const slipAccuracy = accuracy(slips);
    return [
      `${result.name}`,
      `${result.documents.length}${failed > 0 ? ` (${failed} failed)` : ''}`,
      String(pages),
      `${(result.wallSeconds / 60).toFixed(1)} min`,
      `${(median(result.documents.map((document) => document.milliseconds)) / 1000).toFixed(1)} s`,
      `${percent(fieldAccuracy)} (${Math.round(100 * target)} %: ${verdict(fieldAccuracy, target)})`,
      String(fields.right),
      String(fields.wrong),
      String(fields.missing),
      String(fields.extra),
      slipAccuracy === null
        ? '–'
        : `${percent(slipAccuracy)} of ${slips.right + slips.wrong + slips.missing} (${verdict(slipAccuracy, 1)})`,
    ];
  });
  return [
    '| corpus | documents | pages | wall time | median time per document | field accuracy (target) | right | wrong | missing | extra | QR-bill/ESR fields (target 100 %) |',
    '|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
};

/** Per field and corpus: accuracy, with how many values were wrong (w) and missing (m), and extras (x). */
export const fieldTable = (results: CorpusResult[]): string => {
  const fields = [...new Set(results.flatMap((result) => Object.keys(result.fields)))].sort();
  const cell = (counts: Counts | undefined): string => {
    if (!counts) return '';
    const value = accuracy(counts);
    const details = [counts.wrong && `${counts.wrong}w`, counts.missing && `${counts.missing}m`, counts.extra && `${counts.extra}x`]
      .filter(Boolean)
      .join(' ');
    return `${value === null ? '–' : down(value)}${details ? ` ${details}` : ''}`;
  };
  return [
    `| field | ${results.map((result) => result.name).join(' | ')} |`,
    `|---|${results.map(() => '---:').join('|')}|`,
    ...fields.map((field) => `| ${field} | ${results.map((result) => cell(result.fields[field])).join(' | ')} |`),
  ].join('\n');
};

/**
 * Accuracy without line items (which have their rows in the field table and would drown the rest) by
 * kind of document (`language: de`, `receiver: window-left`), in the corpora whose documents say their kind.
 */
export const tagTable = (results: CorpusResult[]): string | null => {
  const tagged = results.filter((result) => result.documents.some((document) => Object.keys(document.tags).length > 0));
  if (tagged.length === 0) return null;
  const tags = [
    ...new Set(
      tagged.flatMap((result) =>
        result.documents.flatMap((document) => Object.entries(document.tags).map(([tag, value]) => `${tag}: ${value}`)),
      ),
    ),
  ].sort();
  const cell = (result: CorpusResult, tag: string): string => {
    const documents = result.documents.filter((document) =>
      Object.entries(document.tags).some(([name, value]) => `${name}: ${value}` === tag),
    );
    const value = accuracy(sum(documents.map((document) => document.headerCounts)));
    return documents.length === 0 ? '' : `${value === null ? '–' : down(value)} (${documents.length})`;
  };
  return [
    `| kind of document | ${tagged.map((result) => result.name).join(' | ')} |`,
    `|---|${tagged.map(() => '---:').join('|')}|`,
    ...tags.map((tag) => `| ${tag} | ${tagged.map((result) => cell(result, tag)).join(' | ')} |`),
  ].join('\n');
};
