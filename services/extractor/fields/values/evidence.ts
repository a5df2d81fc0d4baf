import type { FieldEvidence } from '../../../../contracts/events/extracted-data.js';
import type { Finding } from './finding.js';

const rounded = (confidence: number) => Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100;

/** Where and how surely a field was read from the page. */
export const textEvidence = (found: Pick<Finding<unknown>, 'confidence' | 'page' | 'box'>): FieldEvidence => ({
  confidence: rounded(found.confidence),
  source: { kind: 'text', page: found.page, box: found.box },
});

/** A field computed from other fields (named by their paths) rather than read. */
export const derivedEvidence = (from: string[], confidence: number): FieldEvidence => ({
  confidence: rounded(confidence),
  source: { kind: 'derived', from },
});
