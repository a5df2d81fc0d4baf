import {
  beginText,
  concatTransformationMatrix,
  popGraphicsState,
  pushGraphicsState,
  endText,
  setCharacterSqueeze,
  setFontAndSize,
  setTextMatrix,
  setTextRenderingMode,
  showText,
  TextRenderingMode,
  type PDFFont,
  type PDFName,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';
import type { RecognizedWord } from '../../../contracts/events/page-words.js';

/** The standard font encodes Windows-1252 only; other letters lose their accents, or become '?'. */
const encodableText = (text: string, characters: ReadonlySet<number>): string =>
  [...text]
    .map((char) => {
      if (characters.has(char.codePointAt(0)!)) return char;
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return [...base].every((part) => characters.has(part.codePointAt(0)!)) ? base : '?';
    })
    .join('');

/**
 * The page as it is shown, which word boxes are fractions of: its width and height, and the matrix from
 * that upright view (origin bottom left) to the page's own space (its crop box, turned by its rotation).
 */
export interface PageView {
  width: number;
  height: number;
  matrix: [number, number, number, number, number, number];
}

/** The view of a page as a viewer shows it: its crop box, turned by the page's rotation. */
const viewOf = (page: PDFPage): PageView => {
  const { x, y, width, height } = page.getCropBox();
  switch (((page.getRotation().angle % 360) + 360) % 360) {
    case 90:
      return { width: height, height: width, matrix: [0, 1, -1, 0, x + width, y] };
    case 180:
      return { width, height, matrix: [-1, 0, 0, -1, x + width, y + height] };
    case 270:
      return { width: height, height: width, matrix: [0, -1, 1, 0, x, y + height] };
    default:
      return { width, height, matrix: [1, 0, 0, 1, x, y] };
  }
};

const wordOperators = (
  word: RecognizedWord,
  font: PDFFont,
  fontName: PDFName,
  characters: ReadonlySet<number>,
  view: PageView,
): PDFOperator[] => {
  const { width: pageWidth, height: pageHeight } = view;
  const [left, top, right, bottom] = word.box;
  const [width, height] = [(right - left) * pageWidth, (bottom - top) * pageHeight];
  const text = encodableText(word.text, characters);
  if (width <= 0 || height <= 0 || text.trim() === '') return [];
  // Sized so the font's ascent and descent fill the box, then squeezed or stretched to its width.
  const size = height / font.heightAtSize(1);
  const naturalWidth = font.widthOfTextAtSize(text, size);
  if (naturalWidth <= 0) return [];
  const descent = size * (font.heightAtSize(1) - font.heightAtSize(1, { descender: false }));
  const baseline = pageHeight * (1 - bottom) + descent;
  return [
    setFontAndSize(fontName, size),
    setCharacterSqueeze((width / naturalWidth) * 100),
    setTextMatrix(1, 0, 0, 1, left * pageWidth, baseline),
    showText(font.encodeText(text)),
  ];
};

/**
 * Writes each word at its box (fractions of the page as shown, y downwards) in invisible text: nothing
 * shows, but viewers can search and select it and text extraction reads it, in the words' order.
 */
export const drawInvisibleWords = (page: PDFPage, font: PDFFont, words: readonly RecognizedWord[]): void => {
  if (words.length === 0) return;
  const view = viewOf(page);
  const fontName = page.node.newFontDictionary(font.name, font.ref);
  const characters = new Set(font.getCharacterSet());
  const shown = words.flatMap((word) => wordOperators(word, font, fontName, characters, view));
  if (shown.length === 0) return;
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(...view.matrix),
    beginText(),
    setTextRenderingMode(TextRenderingMode.Invisible),
    ...shown,
    endText(),
    popGraphicsState(),
  );
};
