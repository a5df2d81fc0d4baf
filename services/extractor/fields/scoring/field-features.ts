import type { ExtractedData, FieldEvidence } from '../../../../contracts/events/extracted-data.js';
import type { RecognizedWord } from '../../../../contracts/events/page-words.js';
import type { RecognizedPageText } from '../extraction-input.js';
import { valueAt } from './field-paths.js';
import { validatorVerdict, type Verdict } from './field-validators.js';

/** Where a value came from: a PDF's text layer, OCR, another field, an e-invoice's XML, a QR code. */
export type SourceKind = 'text_layer' | 'ocr' | 'derived' | 'xml' | 'qr';

/** What calibration knows of one field's value, all cheap to tell once the fields are read. */
export interface FieldFeatures {
  source: SourceKind;
  /** The reader's own score, 0..1: how it found the value (label found, which label, competing values) times how legibly. */
  readerScore: number;
  /** Mean OCR confidence of the words the value was read from, 0..1; 1 for text layers and machine data. */
  wordConfidence: number;
  /**
   * The lowest OCR confidence among those words: one misread word in a name or an amount makes the value
   * wrong, however well the others were read, and a mean hides it. 1 for text layers and machine data.
   */
  weakestWordConfidence: number;
  /**
   * How many of those words OCR may have misread: the sum of their doubts (1 − confidence). A long name
   * or title read fairly well has more chances of a slip than one word read as well. 0 for text layers
   * and machine data.
   */
  expectedMisreads: number;
  /**
   * The lowest OCR confidence among the words of the value's line, its label and neighbours included: a label
   * read badly ("SRMUBIOTA" for a subtotal) is a line the reader may have taken for another, and its digits
   * were read in the same smudge. 1 for text layers and machine data.
   */
  lineWeakestConfidence: number;
  /** Check digits, tax arithmetic, item sums, date order: 1 confirm the value, -1 contradict it, 0 do not apply. */
  validation: Verdict;
  /** The printed text read the same value (1), another one (-1), or none (0); for XML and QR values only. */
  agreement: Verdict;
}

export interface FeatureContext {
  pages: readonly RecognizedPageText[];
  words: ReadonlyMap<number, readonly RecognizedWord[]>;
  /** What the text alone showed, before the e-invoice and payment slips were merged in. */
  printed: ExtractedData;
}

type FieldEvidenceBox = Extract<FieldEvidence['source'], { kind: 'text' }>['box'];

const mean = (values: readonly number[]) => (values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length);

/** The page's mean OCR confidence; null for a page read from its text layer. */
const pageConfidenceOf = (context: FeatureContext, page: number): number | null =>
  context.pages.find((candidate) => candidate.pageNumber === page)?.confidence ?? null;

/** The OCR'd words whose centres lie in the box (none on a text layer or without a box). */
const ocrWordsAt = (context: FeatureContext, page: number, box: FieldEvidenceBox): RecognizedWord[] => {
  if (!box) return [];
  const [left, top, right, bottom] = box;
  return (context.words.get(page) ?? []).filter(({ box: [x0, y0, x1, y1], confidence }) => {
    const [x, y] = [(x0 + x1) / 2, (y0 + y1) / 2];
    return confidence !== null && x >= left && x <= right && y >= top && y <= bottom;
  });
};

/** The OCR'd words whose vertical centres lie within the box's top and bottom, across the page's width. */
const ocrWordsOnLinesOf = (context: FeatureContext, page: number, box: FieldEvidenceBox): RecognizedWord[] => {
  if (!box) return [];
  const [, top, , bottom] = box;
  return (context.words.get(page) ?? []).filter(({ box: [, y0, , y1], confidence }) => {
    const y = (y0 + y1) / 2;
    return confidence !== null && y >= top && y <= bottom;
  });
};

interface WordReading {
  mean: number;
  weakest: number;
  expectedMisreads: number;
  lineWeakest: number;
}

const CERTAIN_READING: WordReading = { mean: 1, weakest: 1, expectedMisreads: 0, lineWeakest: 1 };
/** A reading known only by a mean confidence: as one word read with it. */
const readingOfOneWord = (confidence: number): WordReading => ({
  mean: confidence,
  weakest: confidence,
  expectedMisreads: 1 - confidence,
  lineWeakest: confidence,
});

/** The words' OCR confidences where the value was read, else the page's mean; certain on a text layer. */
const wordReadingAt = (context: FeatureContext, page: number, box: FieldEvidenceBox): WordReading => {
  const pageConfidence = pageConfidenceOf(context, page);
  if (pageConfidence === null) return CERTAIN_READING;
  const words = ocrWordsAt(context, page, box);
  if (words.length === 0) return readingOfOneWord(pageConfidence);
  const confidences = words.map((word) => word.confidence!);
  const weakest = Math.min(...confidences);
  return {
    mean: mean(confidences)!,
    weakest,
    expectedMisreads: confidences.reduce((sum, confidence) => sum + (1 - confidence), 0),
    lineWeakest: Math.min(weakest, ...ocrWordsOnLinesOf(context, page, box).map((word) => word.confidence!)),
  };
};

/** The mean OCR confidence of the document's OCR pages; 1 when it has none. */
const documentWordConfidence = (context: FeatureContext) =>
  mean(context.pages.flatMap((page) => (page.confidence === null ? [] : [page.confidence]))) ?? 1;

const comparable = (value: unknown): string =>
  JSON.stringify(value, (_, inner: unknown) => (typeof inner === 'string' ? inner.toUpperCase().replace(/\s+/g, '') : inner));

const agreementAt = (data: ExtractedData, printed: ExtractedData, path: string): Verdict => {
  const read = valueAt(data, path);
  const shown = valueAt(printed, path);
  if (shown === undefined || shown === null || read === undefined || read === null) return 0;
  return comparable(read) === comparable(shown) ? 1 : -1;
};

const sourceOf = (context: FeatureContext, { source }: FieldEvidence): SourceKind => {
  if (source.kind === 'text') return pageConfidenceOf(context, source.page) === null ? 'text_layer' : 'ocr';
  return source.kind;
};

/** What the client stated in its request (a forced document type) is no reading, and not calibrated. */
const isRequested = ({ source }: FieldEvidence) => source.kind === 'derived' && source.from.every((from) => from.startsWith('request.'));

/** The features of every field the data has evidence for, keyed like the evidence (the client's own statements left out). */
export const fieldFeatures = (data: ExtractedData, context: FeatureContext): Record<string, FieldFeatures> =>
  Object.fromEntries(
    Object.entries(data.evidence).flatMap(([path, evidence]) => {
      if (isRequested(evidence)) return [];
      const source = sourceOf(context, evidence);
      const machine = source === 'xml' || source === 'qr';
      const reading = readingOf(context, evidence, source);
      const features: FieldFeatures = {
        source,
        readerScore: evidence.confidence,
        wordConfidence: reading.mean,
        weakestWordConfidence: reading.weakest,
        expectedMisreads: reading.expectedMisreads,
        lineWeakestConfidence: reading.lineWeakest,
        validation: validatorVerdict(data, path),
        agreement: machine ? agreementAt(data, context.printed, path) : 0,
      };
      return [[path, features]];
    }),
  );

/** How the value's words were read: at its box on the page; for a derived value, the document's OCR as a whole. */
const readingOf = (context: FeatureContext, { source }: FieldEvidence, kind: SourceKind): WordReading => {
  if (source.kind === 'text') return wordReadingAt(context, source.page, source.box);
  return kind === 'derived' ? readingOfOneWord(documentWordConfidence(context)) : CERTAIN_READING;
};
