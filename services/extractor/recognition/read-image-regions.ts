import { overlapsAnyOf } from './box-area.js';
import { decodePageRaster } from '../../../shared/imaging/page-raster.js';
import { croppableImage, croppableRaster, cropRegion, placedOnPage, type CroppablePage } from './crop-page-region.js';
import type { PageRegion } from './pdf-image-regions.js';
import type { TextLayer } from './pdf-text-layer.js';
import type { OcrEngine, OcrOptions, OcrWord } from './ocr-engine.js';

/** White put around a cut-out image, in points: OCR misses text that touches the edge of its image. */
const WHITE_MARGIN_POINTS = 6;
/** An OCR word sharing more than this part of its box with text-layer text is that text read twice. */
const MAX_SHARED_WITH_LAYER = 1 / 3;

/**
 * The page image to cut the regions out of. Cutting from the encoded image decodes its rows down to each
 * region's bottom; once that adds up to more than the page, decoding the page once is cheaper.
 */
const pageToCut = async (image: Buffer, regions: readonly PageRegion[], layer: TextLayer): Promise<CroppablePage> => {
  const rowsDecoded = regions.reduce((sum, region) => sum + region.bottom, 0);
  return rowsDecoded <= layer.height ? croppableImage(image) : croppableRaster(await decodePageRaster(image));
};

/**
 * The words OCR reads in `regions` (images) of a text-layer page, cut out of the page's raster `image`,
 * in the layer's coordinates (points), without those the text layer already has; `ocrOptions` apply to each.
 */
export const readImageRegions = async (
  image: Buffer,
  regions: readonly PageRegion[],
  layer: TextLayer,
  ocr: OcrEngine,
  ocrOptions: OcrOptions,
): Promise<OcrWord[]> => {
  const page = await pageToCut(image, regions, layer);
  const pixelsPerPoint = { x: page.widthPx / layer.width, y: page.heightPx / layer.height };
  const words: OcrWord[] = [];
  for (const region of regions) {
    const inPixels = {
      left: region.left * pixelsPerPoint.x,
      top: region.top * pixelsPerPoint.y,
      right: region.right * pixelsPerPoint.x,
      bottom: region.bottom * pixelsPerPoint.y,
    };
    const crop = await cropRegion(page, inPixels, Math.round(WHITE_MARGIN_POINTS * pixelsPerPoint.y));
    if (crop === null) continue;
    const read = placedOnPage((await ocr.recognize(crop.png, ocrOptions)).words, crop);
    words.push(
      ...read.map((word) => ({
        ...word,
        left: word.left / pixelsPerPoint.x,
        right: word.right / pixelsPerPoint.x,
        top: word.top / pixelsPerPoint.y,
        bottom: word.bottom / pixelsPerPoint.y,
      })),
    );
  }
  return words.filter((word) => !overlapsAnyOf(word, layer.pieces, MAX_SHARED_WITH_LAYER));
};
