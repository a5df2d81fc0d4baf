import { tally, type FieldComparison, type Outcome, type Tally } from './compare-fields.js';
import { TARGETS, type Corpus, type Target } from './bench-sample.js';
import { isSlipField } from './judged-fields.js';

/** One document's run: how long, how many pages, and every field that was not right. */
export interface DocumentResult {
  name: string;
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

  add(document: Omit<DocumentResult, 'problems'>, comparisons: FieldComparison[]): void {
    tally(comparisons, this.counts);
    this.documents.push({ ...document, problems: comparisons.filter((comparison) => comparison.outcome !== 'right') });
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
  counts.reduce((total, next) => ({ right: total.right + next.right, wrong: total.wrong + next.wrong, missing: total.missing + next.missing, extra: total.extra + next.extra }), zero());

/** right / (right + wrong + missing): extras are not in it; null when nothing was expected. */
export const accuracy = ({ right, wrong, missing }: Counts): number | null => (right + wrong + missing === 0 ? null : right / (right + wrong + missing));

/** The corpus's fields held to its own target, and the payment-slip fields, held to 100 %. */
export const totalsOf = (result: CorpusResult): { fields: Counts; slips: Counts } => ({
  fields: sum(Object.entries(result.fields).flatMap(([field, counts]) => (isSlipField(field) ? [] : [counts]))),
  slips: sum(Object.entries(result.fields).flatMap(([field, counts]) => (isSlipField(field) ? [counts] : []))),
});

const percent = (value: number | null, digits = 1): string => (value === null ? '–' : `${(100 * value).toFixed(digits)} %`);
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!;
};
const verdict = (value: number | null, target: number): string => (value === null ? '' : value >= target ? 'met' : 'short');

/** Per corpus: documents, pages, time, the field accuracy against its target, and the payment slips against 100 %. */
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
      `${(median(result.documents.map((document) => document.milliseconds)) / 1000).toFixed(1)} s`,
      `${percent(fieldAccuracy)} (${percent(target, 0)}: ${verdict(fieldAccuracy, target)})`,
      String(fields.right),
      String(fields.wrong),
      String(fields.missing),
      String(fields.extra),
      slipAccuracy === null ? '–' : `${percent(slipAccuracy)} of ${slips.right + slips.wrong + slips.missing} (${verdict(slipAccuracy, 1)})`,
    ];
  });
  return [
    '| corpus | documents | pages | median time per document | field accuracy (target) | right | wrong | missing | extra | QR-bill/ESR fields (target 100 %) |',
    '|---|---:|---:|---:|---|---:|---:|---:|---:|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
};

/** Per field and corpus: accuracy, with how many values were wrong (w) and missing (m), and extras (x). */
export const fieldTable = (results: CorpusResult[]): string => {
  const fields = [...new Set(results.flatMap((result) => Object.keys(result.fields)))].sort();
  const cell = (counts: Counts | undefined): string => {
    if (!counts) return '';
    const value = accuracy(counts);
    const details = [counts.wrong && `${counts.wrong}w`, counts.missing && `${counts.missing}m`, counts.extra && `${counts.extra}x`].filter(Boolean).join(' ');
    return `${value === null ? '–' : (100 * value).toFixed(1)}${details ? ` ${details}` : ''}`;
  };
  return [
    `| field | ${results.map((result) => result.name).join(' | ')} |`,
    `|---|${results.map(() => '---:').join('|')}|`,
    ...fields.map((field) => `| ${field} | ${results.map((result) => cell(result.fields[field])).join(' | ')} |`),
  ].join('\n');
};
