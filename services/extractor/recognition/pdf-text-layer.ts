import type { PdfPageContent, PdfRegion } from '../../converter/index.js';
import { isUsableTextLayer } from '../../../shared/files/usable-text-layer.js';
import { layoutText, type PlacedText } from './layout-text.js';

/** A rectangle of the upright page in PDF points, y downwards (like the pieces of a text layer). */
export type PageRegion = PdfRegion;

export interface TextLayer {
  /** Laid out like `pdftotext -layout`. */
  text: string;
  /** The text pieces in the upright page's coordinates (PDF points, y downwards). */
  pieces: PlacedText[];
  /** Where images are painted on the page, same coordinates: text in them is not in the layer. */
  imageRegions: PageRegion[];
  width: number;
  height: number;
}

/**
 * A PDF page's text layer laid out, with where its pictures are, when it is usable (see `isUsableTextLayer`);
 * null for a page without usable text (a scan, perhaps with a page number printed on it).
 */
export const textLayerOf = (
  { textRuns, pictures }: PdfPageContent,
  { widthPt, heightPt }: { widthPt: number; heightPt: number },
): TextLayer | null => {
  const text = layoutText(textRuns);
  return isUsableTextLayer(text) ? { text, pieces: textRuns, imageRegions: pictures, width: widthPt, height: heightPt } : null;
};
