import {
  FIELD_GROUPS,
  fieldGroupOf,
  inputVector,
  MODEL_INPUT_NAMES,
  MODEL_INPUTS,
  type CalibrationModel,
  type Coefficients,
} from '../../../services/extractor/index.js';
import type { Observation } from './observations.js';

interface Row {
  inputs: number[];
  right: boolean;
  /** How many values' worth of log loss it carries (1 unless the sources are balanced). */
  weight?: number;
}

interface FitOptions {
  /** What the weights are pulled towards: the readers' scores for the pooled model, the pooled model for a group's. */
  prior: Coefficients;
  /** How hard (in observations' worth of log loss): a group with few values stays near the pooled model. */
  strength: number;
}

const SWEEPS = 200;
/** A Newton step on one weight is held to this size: with few wrong values the loss is flat far out. */
const MAX_STEP = 2;

const asVector = (coefficients: Coefficients) => [coefficients.intercept, ...MODEL_INPUT_NAMES.map((name) => coefficients[name])];
const SIGNS = [0, ...MODEL_INPUT_NAMES.map((name) => MODEL_INPUTS[name].sign)];

/**
 * Logistic regression by cyclic coordinate descent (a Newton step per weight), with an L2 pull towards
 * the prior and each weight kept to its sign (MODEL_INPUTS): the loss is convex and the constraints are
 * per weight, so clipping each step keeps it exact.
 */
export const fitLogistic = (rows: readonly Row[], { prior, strength }: FitOptions): Coefficients => {
  const centre = asVector(prior);
  const weights = [...centre];
  const column = (row: Row, index: number) => (index === 0 ? 1 : row.inputs[index - 1]!);
  const margins = rows.map((row) => weights.reduce((sum, weight, index) => sum + weight * column(row, index), 0));
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    let largest = 0;
    for (let index = 0; index < weights.length; index++) {
      let gradient = strength * (weights[index]! - centre[index]!);
      let curvature = strength + 1e-9;
      rows.forEach((row, at) => {
        const x = column(row, index);
        if (x === 0) return;
        const p = 1 / (1 + Math.exp(-margins[at]!));
        const weight = row.weight ?? 1;
        gradient += weight * (p - (row.right ? 1 : 0)) * x;
        curvature += weight * p * (1 - p) * x * x;
      });
      let next = weights[index]! - Math.max(-MAX_STEP, Math.min(MAX_STEP, gradient / curvature));
      if (SIGNS[index]! * next < 0) next = 0;
      const change = next - weights[index]!;
      if (change === 0) continue;
      weights[index] = next;
      rows.forEach((row, at) => (margins[at]! += change * column(row, index)));
      largest = Math.max(largest, Math.abs(change));
    }
    if (largest < 1e-6) break;
  }
  return Object.fromEntries([
    ['intercept', round(weights[0]!)],
    ...MODEL_INPUT_NAMES.map((name, index) => [name, round(weights[index + 1]!)]),
  ]) as Coefficients;
};

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Before any data, the readers' hand-set scores are taken for probabilities (confidence = reader score).
 * The generated corpus has few wrong values (a misread value is mostly left out, not kept), so without
 * this pull a fit would call every value certain.
 */
const READER_SCORES = Object.fromEntries([
  ['intercept', 0],
  ...MODEL_INPUT_NAMES.map((name) => [name, name === 'readerScoreLogit' ? 1 : 0]),
]) as Coefficients;

/** The pooled model's pull towards the readers' scores is worth this many values; a group's towards the pooled model, this many. */
const POOLED_STRENGTH = 20;
const GROUP_STRENGTH = 30;

export const CALIBRATION_METHOD =
  'Logistic regression per field group on the reader score (log-odds), the OCR confidence of the value’s words and of its line, validator and ' +
  'source-agreement outcomes and the source kind; each group shrunk towards a model pooled over all groups, which is shrunk towards ' +
  'the readers’ own scores; weights held to the sign that makes the confidence monotone in what should raise it. XML and QR values ' +
  'a validator or the printed text confirms are 1. Each tuning source weighs the same in the fit, however many values it has.';

/**
 * Each tuning source carries the same weight in the fit, whatever its number of values: the generated
 * corpora give thousands of values a template reads right, a set of real receipts a hundred and fifty, and
 * counted by values the easy corpus would decide how far OCR text can be trusted.
 */
const sourceWeights = (observations: readonly Observation[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const { source } of observations) counts.set(source, (counts.get(source) ?? 0) + 1);
  const share = observations.length / counts.size;
  return new Map([...counts].map(([source, count]) => [source, share / count]));
};

/** The calibration fitted on the tuning observations: a pooled model, then one per field group pulled towards it. */
export const fitCalibration = (observations: readonly Observation[], fitted: CalibrationModel['fitted']): CalibrationModel => {
  const weights = sourceWeights(observations);
  const rows = observations.map((observation) => ({
    group: fieldGroupOf(observation.field),
    inputs: inputVector(observation.features),
    right: observation.right,
    weight: weights.get(observation.source)!,
  }));
  const pooled = fitLogistic(rows, { prior: READER_SCORES, strength: POOLED_STRENGTH });
  const groups = Object.fromEntries(
    FIELD_GROUPS.map((group) => {
      const own = rows.filter((row) => row.group === group);
      return [
        group,
        {
          observations: own.length,
          right: own.filter((row) => row.right).length,
          coefficients: own.length === 0 ? pooled : fitLogistic(own, { prior: pooled, strength: GROUP_STRENGTH }),
        },
      ];
    }),
  ) as CalibrationModel['groups'];
  return { method: CALIBRATION_METHOD, fitted, groups };
};
