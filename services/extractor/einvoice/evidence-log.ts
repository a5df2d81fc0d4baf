import type { FieldEvidence } from '../../../contracts/events/extracted-data.js';
import { toDecimal } from './decimal.js';
import type { Located } from './xml-query.js';

/** How printed values become field values: money keeps cents, rates and quantities no trailing zeros. */
export const money = (raw: string): string | null => toDecimal(raw, 2);
export const plain = (raw: string): string | null => toDecimal(raw);
export const asText = (raw: string): string => raw;

/** A located value converted, or null; nothing recorded. */
export const read = <T>(found: Located | null, convert: (raw: string) => T | null): T | null => (found ? convert(found.value) : null);

/** Reads located values into typed ones, recording for each value kept the element it came from. */
export class EvidenceLog {
  readonly evidence: Record<string, FieldEvidence> = {};

  point(key: string, path: string): void {
    this.evidence[key] = { confidence: 1, source: { kind: 'xml', path } };
  }

  take<T>(key: string, found: Located | null, convert: (raw: string) => T | null): T | null {
    const value = found ? convert(found.value) : null;
    if (found && value !== null) this.point(key, found.path);
    return value;
  }
}
