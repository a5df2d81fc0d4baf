import { calibratedConfidence, type CalibrationModel } from '../../../services/extractor/index.js';
import type { Observation } from './observations.js';

/** Confidence buckets [from, to); the last one holds 1. */
export const BUCKETS: readonly [number, number][] = [
  [0, 0.5],
  [0.5, 0.7],
  [0.7, 0.9],
  [0.9, 0.97],
  [0.97, 1],
];

/** The share of values at or above it that must be right (issue 13): ≥ 97 % at confidence ≥ 0.9. */
export const HIGH_CONFIDENCE = 0.9;
export const HIGH_CONFIDENCE_TARGET = 0.97;

export interface Reliability {
  source: string;
  buckets: { count: number; right: number }[];
  high: { count: number; right: number };
  /** Mean |confidence − rightness| weighted by bucket size (expected calibration error). */
  calibrationError: number;
}

const inBucket = (confidence: number, [from, to]: [number, number]) =>
  confidence >= from && (confidence < to || (to === 1 && confidence <= 1));

/** How often values were right per confidence bucket, the confidence being the model's as the service shows it (two decimals). */
export const reliabilityOf = (source: string, observations: readonly Observation[], model: CalibrationModel): Reliability => {
  const scored = observations.map((observation) => ({
    confidence: Math.round(calibratedConfidence(observation.field, observation.features, model) * 100) / 100,
    right: observation.right,
  }));
  const tally = (values: typeof scored) => ({ count: values.length, right: values.filter((value) => value.right).length });
  const buckets = BUCKETS.map((bucket) => scored.filter((value) => inBucket(value.confidence, bucket)));
  const calibrationError =
    scored.length === 0
      ? 0
      : buckets.reduce((sum, values) => {
          if (values.length === 0) return sum;
          const meanConfidence = values.reduce((total, value) => total + value.confidence, 0) / values.length;
          return sum + values.length * Math.abs(meanConfidence - tally(values).right / values.length);
        }, 0) / scored.length;
  return {
    source,
    buckets: buckets.map(tally),
    high: tally(scored.filter((value) => value.confidence >= HIGH_CONFIDENCE)),
    calibrationError,
  };
};

const share = ({ count, right }: { count: number; right: number }) =>
  count === 0 ? '–' : `${((100 * right) / count).toFixed(1)} % of ${count}`;

/** A Markdown table: a row per source, a column per bucket (share right of how many), then the share right at ≥ 0.9. */
export const reliabilityTable = (rows: readonly (Reliability & { role: string })[]): string =>
  [
    `| source | role | ${BUCKETS.map(([from, to]) => `${from}–${to}`).join(' | ')} | ≥ ${HIGH_CONFIDENCE} (target ≥ ${HIGH_CONFIDENCE_TARGET * 100} %) | ECE |`,
    `|---|---|${BUCKETS.map(() => '---:').join('|')}|---|---:|`,
    ...rows.map(
      (row) =>
        `| ${row.source} | ${row.role} | ${row.buckets.map(share).join(' | ')} | ${share(row.high)}${
          row.high.count === 0 ? '' : row.high.right / row.high.count >= HIGH_CONFIDENCE_TARGET ? ' (met)' : ' (not met)'
        } | ${row.calibrationError.toFixed(3)} |`,
    ),
  ].join('\n');
