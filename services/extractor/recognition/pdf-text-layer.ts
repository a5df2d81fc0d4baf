import { AnnotationMode, getDocument, Util } from '../../../shared/files/pdfjs.js';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { layoutText, type PlacedText } from './layout-text.js';
import { isUsableTextLayer } from '../../../shared/files/usable-text-layer.js';
import { imageRegions, type PageRegion } from './pdf-image-regions.js';

const isTextItem = (item: object): item is TextItem => 'str' in item;

/** Items placed in the upright page's coordinates; text running other than left to right is left out. */
const placedItems = (items: object[], viewportTransform: number[]): PlacedText[] =>
  items.filter(isTextItem).flatMap((item) => {
    const [a, b, , , x, y] = Util.transform(viewportTransform, item.transform) as number[];
    const size = Math.hypot(a!, b!);
    if (size === 0 || Math.abs(b!) > size / 10 || a! < 0) return [];
    return [{ text: item.str, left: x!, right: x! + item.width, top: y! - size, bottom: y! }];
  });

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
 * The usable text layer (see `isUsableTextLayer`) of each requested page (1-based) of a PDF. Pages the
 * file does not have and pages without usable text (scans, pictures of text) are left out of the map,
 * and their pictures are not looked for: finding them decodes every picture, a whole-page scan
 * included. A file pdf.js cannot read throws.
 */
export const readPdfTextLayers = async (pdf: Uint8Array, pageNumbers: readonly number[]): Promise<Map<number, TextLayer>> => {
  // pdf.js takes ownership of (detaches) the buffer it is given, so it gets a copy.
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false, disableFontFace: true }).promise;
  try {
    const layers = new Map<number, TextLayer>();
    for (const pageNumber of new Set(pageNumbers)) {
      if (pageNumber < 1 || pageNumber > document.numPages) continue;
      const page = await document.getPage(pageNumber);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const pieces = placedItems(content.items, viewport.transform).filter((piece) => piece.text.trim() !== '');
      const text = layoutText(pieces);
      if (isUsableTextLayer(text)) {
        // Annotations are left out, as from the text: both read the page's own content.
        const operators = await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
        layers.set(pageNumber, {
          text,
          pieces,
          imageRegions: imageRegions(operators, viewport.transform, viewport.width, viewport.height),
          width: viewport.width,
          height: viewport.height,
        });
      }
      page.cleanup();
    }
    return layers;
  } finally {
    await document.destroy();
  }
};
