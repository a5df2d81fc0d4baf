import shipped from './calibration.json' with { type: 'json' };
import { CalibrationModel, inputVector, MODEL_INPUT_NAMES } from './calibration-model.js';
import type { FieldFeatures } from './field-features.js';
import { fieldGroupOf } from './field-paths.js';

/** The calibration fitted by `npm run bench:calibrate`, checked once when the extractor loads. */
export const SHIPPED_CALIBRATION: CalibrationModel = CalibrationModel.parse(shipped);

/**
 * Only machine data a validator or the printed text confirms is certain; any other value stays within
 * 1 % of either end, however sure its model is, so a confidence of 1 always means "confirmed".
 */
const CERTAIN = 1;
const MOST = 0.99;
const LEAST = 0.01;

const isConfirmedMachineData = (features: FieldFeatures) =>
  (features.source === 'xml' || features.source === 'qr') &&
  (features.validation === 1 || features.agreement === 1) &&
  features.validation !== -1;

/**
 * The probability that a field's value is right, from its features: 1 for XML or QR data a validator or
 * the printed text confirms, else the logistic model of the field's group (calibration.json).
 */
export const calibratedConfidence = (fieldKey: string, features: FieldFeatures, model: CalibrationModel = SHIPPED_CALIBRATION): number => {
  if (isConfirmedMachineData(features)) return CERTAIN;
  const { coefficients } = model.groups[fieldGroupOf(fieldKey)];
  const inputs = inputVector(features);
  const logOdds = MODEL_INPUT_NAMES.reduce((sum, name, index) => sum + coefficients[name] * inputs[index]!, coefficients.intercept);
  return Math.min(MOST, Math.max(LEAST, 1 / (1 + Math.exp(-logOdds))));
};
