import type { ExtractedData } from '../../../../contracts/events/extracted-data.js';
import { calibratedConfidence } from './calibrated-confidence.js';
import type { FieldFeatures } from './field-features.js';

const rounded = (confidence: number) => Math.round(confidence * 100) / 100;

/** The data with each field's confidence replaced by its calibrated one (two decimals, as evidence keeps it). */
export const calibrateEvidence = (data: ExtractedData, features: Readonly<Record<string, FieldFeatures>>): ExtractedData => ({
  ...data,
  evidence: Object.fromEntries(
    Object.entries(data.evidence).map(([path, evidence]) => {
      const known = features[path];
      return [path, known ? { ...evidence, confidence: rounded(calibratedConfidence(path, known)) } : evidence];
    }),
  ),
});
