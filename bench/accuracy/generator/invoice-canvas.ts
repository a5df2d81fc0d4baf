import type { DocumentContent } from './document-content.js';
import type { InvoiceLayout } from './layout.js';
import { PageWriter } from './page-writer.js';
import { generateAddressStyle, printedValues, type AddressStyle, type PrintedValues } from './printed-values.js';
import type { SeededRandom } from './seeded-random.js';
import { VOCABULARY, type Vocabulary } from './vocabulary.js';

/** A4 in millimetres: text between the margins, the footer below `bodyBottom`. */
export const PAGE = { width: 210, height: 297, left: 22, right: 190, footerTop: 272, bodyBottom: 262 };
const MM_PER_POINT = 25.4 / 72;

/** Everything the parts of an invoice are drawn with: the document, its layout, words and writing conventions. */
export interface InvoiceCanvas {
  content: DocumentContent;
  layout: InvoiceLayout;
  random: SeededRandom;
  writer: PageWriter;
  words: Vocabulary;
  print: PrintedValues;
  addressStyle: AddressStyle;
  size: number;
  small: number;
  lineHeight: number;
  /** After labels, or nothing: "Invoice No.: 17" or "Invoice No. 17". */
  colon: string;
}

export const createInvoiceCanvas = async (
  content: DocumentContent,
  layout: InvoiceLayout,
  random: SeededRandom,
): Promise<InvoiceCanvas> => ({
  content,
  layout,
  random,
  writer: await PageWriter.create(layout.font, PAGE.width, PAGE.height),
  words: VOCABULARY[content.profile.language],
  print: printedValues(content.profile),
  addressStyle: generateAddressStyle(random),
  size: layout.bodySize,
  small: layout.bodySize - 1.5,
  lineHeight: layout.bodySize * MM_PER_POINT * 1.45,
  colon: random.chance(0.7) ? ':' : '',
});

export const pointsToMm = (points: number): number => points * MM_PER_POINT;
