import { overlapsAnyOf } from './box-area.js';
import { decodePageRaster, type PageRaster } from '../../../shared/imaging/page-raster.js';
import { POINTS_PER_INCH, RASTER_CHANNELS, type SourcePdfPage } from '../../converter/index.js';
import { croppableImage, croppableRaster, pixelBoxOnPage, type CroppablePage } from './crop-page-region.js';
import type { Region } from './doubtful-regions.js';
import { pictureForOcr, type PictureCrop } from './picture-for-ocr.js';
import type { PageRegion } from './pdf-text-layer.js';
import type { TextLayer } from './pdf-text-layer.js';
import type { OcrEngine, OcrOptions, OcrWord } from './ocr-engine.js';

/** White put around a cut-out image, in points: OCR misses text that touches the edge of its image. */
const WHITE_MARGIN_POINTS = 6;
/** An OCR word sharing more than this part of its box with text-layer text is that text read twice. */
const MAX_SHARED_WITH_LAYER = 1 / 3;

/** Cuts regions of a page (in its layer's points) out as PNGs for OCR, with a white margin of so many pixels. */
export interface RegionCutter {
  /** The pixels of the page the cut-outs are cut from per point of the layer. */
  pixelsPerPoint: { x: number; y: number };
  cut(region: PageRegion, whiteMargin: number): Promise<PictureCrop | null>;
}

/** The part of `page` inside `region` (pixels, clipped to the page) for OCR; null when less than 2 × 2 pixels of it are on the page. */
const pictureOfPage = async (
  page: CroppablePage,
  region: Region,
  pixelsPerPoint: number,
  whiteMargin: number,
): Promise<PictureCrop | null> => {
  const box = pixelBoxOnPage(page, region);
  if (!box) return null;
  const { left, top } = box;
  const { data, info } = await page.read().extract(box).raw().toBuffer({ resolveWithObject: true });
  const raster: PageRaster = {
    pixels: data,
    widthPx: info.width,
    heightPx: info.height,
    channels: info.channels as PageRaster['channels'],
    dpi: page.dpi,
  };
  return pictureForOcr(raster, { left, top }, pixelsPerPoint, whiteMargin);
};

/**
 * Regions cut out of the page's raster `image`. Cutting from the encoded image decodes its rows down to
 * each region's bottom; once that adds up to more than the page, decoding the page once is cheaper.
 */
export const cutterOfImage = async (image: Buffer, regions: readonly PageRegion[], layer: TextLayer): Promise<RegionCutter> => {
  const rowsDecoded = regions.reduce((sum, region) => sum + region.bottom, 0);
  const page = rowsDecoded <= layer.height ? await croppableImage(image) : croppableRaster(await decodePageRaster(image));
  const pixelsPerPoint = { x: page.widthPx / layer.width, y: page.heightPx / layer.height };
  return {
    pixelsPerPoint,
    cut: (region, whiteMargin) =>
      pictureOfPage(
        page,
        {
          left: region.left * pixelsPerPoint.x,
          top: region.top * pixelsPerPoint.y,
          right: region.right * pixelsPerPoint.x,
          bottom: region.bottom * pixelsPerPoint.y,
        },
        pixelsPerPoint.y,
        whiteMargin,
      ),
  };
};

/** Regions of a page converted without a raster, each drawn alone from its PDF at the OCR resolution. */
export const cutterOfSourcePage = (page: SourcePdfPage): RegionCutter => {
  const scale = page.ocrDpi / POINTS_PER_INCH;
  return {
    pixelsPerPoint: { x: scale, y: scale },
    async cut(region, whiteMargin) {
      const drawn = await page.renderRegion(page.ocrDpi, region);
      if (drawn.widthPx < 2 || drawn.heightPx < 2) return null;
      const raster: PageRaster = { ...drawn, channels: RASTER_CHANNELS, dpi: page.ocrDpi };
      return pictureForOcr(raster, { left: drawn.leftPx, top: drawn.topPx }, scale, whiteMargin);
    },
  };
};

/**
 * The words OCR reads in `regions` (images) of a text-layer page, cut out by `cutter`, in the layer's
 * coordinates (points), without those the text layer already has; `ocrOptions` apply to each. Every region is
 * cut out before OCR reads the first, and `drawn` is told then: the renderer is free for other work while OCR runs.
 */
export const readImageRegions = async (
  cutter: RegionCutter,
  regions: readonly PageRegion[],
  layer: TextLayer,
  ocr: OcrEngine,
  ocrOptions: OcrOptions,
  drawn: () => void = () => {},
): Promise<OcrWord[]> => {
  const { pixelsPerPoint } = cutter;
  const crops: PictureCrop[] = [];
  for (const region of regions) {
    const crop = await cutter.cut(region, Math.round(WHITE_MARGIN_POINTS * pixelsPerPoint.y));
    if (crop) crops.push(crop);
  }
  drawn();
  const words: OcrWord[] = [];
  for (const crop of crops) {
    const { words: read } = await ocr.recognize(crop.png, ocrOptions);
    const [x, y] = [
      (px: number) => (crop.left + px / crop.scale) / pixelsPerPoint.x,
      (px: number) => (crop.top + px / crop.scale) / pixelsPerPoint.y,
    ];
    words.push(...read.map((word) => ({ ...word, left: x(word.left), right: x(word.right), top: y(word.top), bottom: y(word.bottom) })));
  }
  return words.filter((word) => !overlapsAnyOf(word, layer.pieces, MAX_SHARED_WITH_LAYER));
};
