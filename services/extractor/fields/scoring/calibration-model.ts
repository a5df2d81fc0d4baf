import { z } from 'zod';
import type { FieldFeatures } from './field-features.js';
import { FIELD_GROUPS, type FieldGroup } from './field-paths.js';

/**
 * The inputs of the calibration's logistic model, from a field's features: the reader's score on the
 * log-odds scale, the words' OCR confidence (mean, weakest word, summed doubt) and the weakest word of the
 * value's line, each validator and
 * agreement outcome, and the source kind
 * (a text layer is the base). The sign each must have is part of the model: what should raise a
 * confidence may never lower it, and OCR never raises it.
 */
export const MODEL_INPUTS = {
  readerScoreLogit: { sign: 1, of: (f: FieldFeatures) => logit(f.readerScore) },
  wordConfidence: { sign: 1, of: (f: FieldFeatures) => f.wordConfidence },
  weakestWordConfidence: { sign: 1, of: (f: FieldFeatures) => f.weakestWordConfidence },
  expectedMisreads: { sign: -1, of: (f: FieldFeatures) => f.expectedMisreads },
  lineWeakestConfidence: { sign: 1, of: (f: FieldFeatures) => f.lineWeakestConfidence },
  validated: { sign: 1, of: (f: FieldFeatures) => (f.validation === 1 ? 1 : 0) },
  contradicted: { sign: -1, of: (f: FieldFeatures) => (f.validation === -1 ? 1 : 0) },
  agreed: { sign: 1, of: (f: FieldFeatures) => (f.agreement === 1 ? 1 : 0) },
  disagreed: { sign: -1, of: (f: FieldFeatures) => (f.agreement === -1 ? 1 : 0) },
  // A value read by OCR is never surer than the same read from a text layer.
  ocr: { sign: -1, of: (f: FieldFeatures) => (f.source === 'ocr' ? 1 : 0) },
  derived: { sign: 0, of: (f: FieldFeatures) => (f.source === 'derived' ? 1 : 0) },
  xml: { sign: 0, of: (f: FieldFeatures) => (f.source === 'xml' ? 1 : 0) },
  qr: { sign: 0, of: (f: FieldFeatures) => (f.source === 'qr' ? 1 : 0) },
} as const satisfies Record<string, { sign: -1 | 0 | 1; of: (features: FieldFeatures) => number }>;

export type ModelInput = keyof typeof MODEL_INPUTS;
export const MODEL_INPUT_NAMES = Object.keys(MODEL_INPUTS) as ModelInput[];

/** Scores of 0 and 1 would be infinite log-odds: readers' scores are held within 1 % of either end. */
function logit(probability: number): number {
  const p = Math.min(0.99, Math.max(0.01, probability));
  return Math.log(p / (1 - p));
}

/** The model inputs of a field's features, in MODEL_INPUT_NAMES order. */
export const inputVector = (features: FieldFeatures): number[] => MODEL_INPUT_NAMES.map((name) => MODEL_INPUTS[name].of(features));

const Coefficients = z
  .object({ intercept: z.number().finite() })
  .extend(Object.fromEntries(MODEL_INPUT_NAMES.map((name) => [name, z.number().finite()])) as Record<ModelInput, z.ZodNumber>)
  .superRefine((coefficients, context) => {
    for (const name of MODEL_INPUT_NAMES) {
      const sign = MODEL_INPUTS[name].sign;
      if (sign !== 0 && coefficients[name] * sign < 0)
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `must be ${sign > 0 ? '≥' : '≤'} 0: it may only move confidence one way`,
        });
    }
  });
export type Coefficients = z.infer<typeof Coefficients>;

const GroupModel = z.object({
  /** Values of the group the fit saw, and how many of them were right. */
  observations: z.number().int().nonnegative(),
  right: z.number().int().nonnegative(),
  coefficients: Coefficients,
});

/** The calibration as shipped in calibration.json: one logistic model per field group, fitted offline. */
export const CalibrationModel = z.object({
  method: z.string().min(1),
  fitted: z.object({
    at: z.string().min(1),
    command: z.string().min(1),
    tuningSources: z.array(z.string()),
    observations: z.number().int().nonnegative(),
  }),
  groups: z.object(Object.fromEntries(FIELD_GROUPS.map((group) => [group, GroupModel])) as Record<FieldGroup, typeof GroupModel>),
});
export type CalibrationModel = z.infer<typeof CalibrationModel>;
