import { isDeepStrictEqual } from 'node:util';
import { emptyAddress, emptyAmountDetails, emptyEs, emptyEsr, type ExtractedData } from '../../contracts/events/extracted-data.js';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The records a reviewer can correct, each addressed like the evidence keys (`sender_address.vat_id`). */
export const CORRECTABLE_RECORDS = ['accounting_document', 'sender_address', 'receiver_address'] as const;
export type CorrectableRecord = (typeof CORRECTABLE_RECORDS)[number];

/** One field as a reviewer set it. The newest correction of a path wins over every machine reading. */
export interface AppliedCorrection {
  path: string;
  value: JsonValue;
  correctedAt: string;
  reviewer: string | null;
  reason: string;
  /** Revision of the FieldsCorrected event that set it. */
  revision: number;
}

export interface FieldChange {
  path: string;
  value: JsonValue;
}

/** The extracted records as one tree, so that a field path is a path in it. */
type FieldTree = Record<CorrectableRecord, unknown>;

/** What an absent object on the way to a corrected leaf starts as: nothing known, never a guess. */
const EMPTY_PARENTS: Record<string, () => unknown> = {
  sender_address: emptyAddress,
  receiver_address: emptyAddress,
  'accounting_document.amount_details': emptyAmountDetails,
  'accounting_document.esr': emptyEsr,
  'accounting_document.es': emptyEs,
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const toTree = (extraction: ExtractedData): FieldTree => ({
  accounting_document: extraction.accountingDocument,
  sender_address: extraction.senderAddress,
  receiver_address: extraction.receiverAddress,
});

/** The value at a field path, or null when the path or one of its parents is absent. */
export const valueAt = (tree: unknown, path: string): JsonValue => {
  let current: unknown = tree;
  for (const segment of path.split('.')) {
    if (!isObject(current) || !(segment in current)) return null;
    current = current[segment];
  }
  return (current ?? null) as JsonValue;
};

/** A copy of the tree with the value set at the path; parents are copied, absent ones start empty. */
const withValueAt = (tree: Record<string, unknown>, segments: string[], value: unknown, parentPath = ''): Record<string, unknown> => {
  const [head, ...rest] = segments as [string, ...string[]];
  if (rest.length === 0) return { ...tree, [head]: value };
  const path = parentPath ? `${parentPath}.${head}` : head;
  const child = tree[head];
  const start = isObject(child) ? child : ((EMPTY_PARENTS[path]?.() ?? {}) as Record<string, unknown>);
  return { ...tree, [head]: withValueAt(start, rest, value, path) };
};

const setValue = (tree: FieldTree, path: string, value: unknown): FieldTree => withValueAt(tree, path.split('.'), value) as FieldTree;

/** Whether `path` is `ancestor` itself or lies beneath it. */
export const isWithin = (path: string, ancestor: string): boolean => path === ancestor || path.startsWith(`${ancestor}.`);

/** The corrections in force after one more: a path corrected again, or beneath it, is superseded. */
export const withCorrection = (current: AppliedCorrection[], next: AppliedCorrection): AppliedCorrection[] => [
  ...current.filter((correction) => !isWithin(correction.path, next.path)),
  next,
];

/** A reading with the reviewer's corrections applied in the order they were made. */
export const correctedExtraction = (extraction: ExtractedData, corrections: AppliedCorrection[]): ExtractedData => {
  if (corrections.length === 0) return extraction;
  const tree = corrections.reduce((current, correction) => setValue(current, correction.path, correction.value), toTree(extraction));
  return {
    ...extraction,
    accountingDocument: tree.accounting_document as ExtractedData['accountingDocument'],
    senderAddress: tree.sender_address as ExtractedData['senderAddress'],
    receiverAddress: tree.receiver_address as ExtractedData['receiverAddress'],
  };
};

/** The changes with the value each replaces, in order; a change to what is shown already is dropped. */
export const changesAgainst = (shown: ExtractedData, changes: FieldChange[]) => {
  let tree = toTree(shown);
  const changed: Array<{ path: string; oldValue: JsonValue; newValue: JsonValue }> = [];
  for (const change of changes) {
    const oldValue = valueAt(tree, change.path);
    if (isDeepStrictEqual(oldValue, change.value)) continue;
    changed.push({ path: change.path, oldValue, newValue: change.value });
    tree = setValue(tree, change.path, change.value);
  }
  return changed;
};
