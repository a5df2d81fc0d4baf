import { z } from 'zod';

const fraction = z.number().min(0).max(1);

/**
 * A recognized word and its box as fractions of the page's width and height (left, top, right,
 * bottom; y grows downwards), so boxes fit the page whatever its resolution or PDF size.
 */
export const RecognizedWord = z.object({
  text: z.string().min(1),
  box: z.tuple([fraction, fraction, fraction, fraction]),
  /** OCR confidence 0..1; null for words read from a PDF's text layer. */
  confidence: fraction.nullable(),
});
export type RecognizedWord = z.infer<typeof RecognizedWord>;

/** The content of a page's words blob (referenced by TextRecognized v2). */
export const PageWords = z.object({ words: z.array(RecognizedWord) });
export type PageWords = z.infer<typeof PageWords>;
