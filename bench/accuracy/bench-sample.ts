import type { ExtractedData } from '../../contracts/events/extracted-data.js';
import type { ExpectedFields, FieldComparison } from './compare-fields.js';

/** A file as a client sends it. */
export interface SourceFile {
  name: string;
  bytes: Buffer;
  mimeType: string;
}

/** One document of a corpus: its files (made or read when needed) and what should be read from them. */
export interface BenchSample {
  name: string;
  files(): Promise<SourceFile[]>;
  expected: ExpectedFields;
  /** Judges the reading itself, for a truth that is not in the extracted data's shape (SROIE's key fields). */
  compare?(data: ExtractedData): FieldComparison[];
  /** What kind of document it is (`language: de`, `receiver: window-left`), to see where accuracy is lost. */
  tags?: Record<string, string>;
}

/** What a corpus is held to: born-digital 98 %, scans and photos 92 %, QR-bills and e-invoices 100 %. */
export type Target = 'born-digital' | 'scanned-or-photographed' | 'machine-readable';

export const TARGETS: Record<Target, number> = { 'born-digital': 0.98, 'scanned-or-photographed': 0.92, 'machine-readable': 1 };

export interface Corpus {
  name: string;
  description: string;
  target: Target;
  load(): Promise<BenchSample[]>;
}

export const MIME_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  xml: 'application/xml',
};

export const mimeTypeOf = (fileName: string): string | undefined => MIME_TYPES[fileName.split('.').at(-1)!.toLowerCase()];
