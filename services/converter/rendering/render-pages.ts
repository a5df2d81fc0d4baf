import { deskewPage } from './deskew.js';
import { cutOutPaper, findPaper } from './find-paper.js';
import { cutToSheetOnGround } from './sheet-on-ground.js';
import { renderImagePages } from './image-pages.js';
import { clearDust } from './clear-dust.js';
import { despeckle, enlargeSmallText, flattenLighting } from './page-cleanup.js';
import type { SourcePageRaster, RenderLimits } from './source-page-raster.js';
import { isTextLayerPage, renderPdfPages, type PdfPageRaster, type TextLayerPages, type TextLayerPdfPage } from './pdf-pages.js';
import type { PdfRenderer } from './pdf-renderer.js';
import { stretchContrast } from './stretch-contrast.js';
import { RenderingFailure } from './rendering-failure.js';

/** A page of a source file: a raster ready for the extractor, or a PDF page with a usable text layer, drawn only as far as it is shown or read. */
export type SourcePage = SourcePageRaster | TextLayerPdfPage;

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/tiff']);
const XML_TYPES = new Set(['application/xml', 'text/xml']);

/**
 * A rendered PDF page that holds a scan: cut to its sheet where it lies on a darker ground (a receipt scanned
 * on a flatbed, see `cutToSheetOnGround`), levelled, evenly lit, despeckled, faded print stretched to black
 * on white, dust cleared, at the resolution it was rendered at.
 */
const prepareScannedPdfPage = async (page: SourcePageRaster): Promise<SourcePageRaster> =>
  clearDust(await stretchContrast(await despeckle(await flattenLighting(await deskewPage(await cutToSheetOnGround(page))))));

/**
 * A rendered PDF page ready for the extractor: one with a text layer is drawn from its own vectors and
 * read from its text, so it is left as drawn; any other is taken for a scan and prepared for OCR.
 */
export const preparePdfPage = ({ hasTextLayer, ...page }: PdfPageRaster): Promise<SourcePageRaster> =>
  hasTextLayer ? Promise.resolve(page) : prepareScannedPdfPage(page);

/**
 * A scan or a photo: the sheet cut out of what it lies on (a photo's sheet straightened; a scan's receipt cut
 * from the darker ground around it, see `cutToSheetOnGround`), levelled, evenly lit,
 * enlarged when its text is smaller than at the OCR resolution, and faded print stretched to black on
 * white. A scan (no sheet on a background) is despeckled and cleared of dust too; a photo has no dust,
 * and its softer strokes lose more to the median than they gain.
 */
export const prepareImagePage = async (page: SourcePageRaster, limits: RenderLimits): Promise<SourcePageRaster> => {
  const corners = await findPaper(page);
  const sheet = corners ? await cutOutPaper(page, corners) : await cutToSheetOnGround(page);
  const enlarged = await enlargeSmallText(await flattenLighting(await deskewPage(sheet)), limits);
  return corners ? stretchContrast(enlarged) : clearDust(await stretchContrast(await despeckle(enlarged)));
};

const pagesOf = (
  bytes: Buffer,
  type: string,
  limits: RenderLimits,
  renderer: PdfRenderer,
  textLayerPages: TextLayerPages,
): AsyncGenerator<SourcePage> | null => {
  if (type === 'application/pdf') {
    const pdfPages = renderPdfPages(bytes, limits, renderer, textLayerPages);
    return prepared(pdfPages, (page) => (isTextLayerPage(page) ? Promise.resolve(page) : preparePdfPage(page)));
  }
  if (IMAGE_TYPES.has(type)) return prepared(renderImagePages(bytes, limits), (page) => prepareImagePage(page, limits));
  return null;
};

async function* prepared<Page extends SourcePage>(
  pages: AsyncGenerator<Page>,
  prepare: (page: Page) => Promise<SourcePage>,
): AsyncGenerator<SourcePage> {
  for await (const page of pages) yield await prepare(page);
}

/**
 * The pages of one file as upright, deskewed, evenly lit rasters (see `preparePdfPage`, `prepareImagePage`),
 * made one at a time so the caller can store each before the next exists; PDF pages drawn by `renderer`,
 * and, with `textLayerPages` `leave`, those with a usable text layer left undrawn (`TextLayerPdfPage`). Fails with a RenderingFailure when the file cannot become pages. E-invoice XML has
 * no pages and is no failure: the extractor reads the XML itself.
 */
export function renderPages(bytes: Buffer, mimeType: string, limits: RenderLimits, renderer: PdfRenderer): AsyncGenerator<SourcePageRaster>;
export function renderPages(
  bytes: Buffer,
  mimeType: string,
  limits: RenderLimits,
  renderer: PdfRenderer,
  textLayerPages: TextLayerPages,
): AsyncGenerator<SourcePage>;
export async function* renderPages(
  bytes: Buffer,
  mimeType: string,
  limits: RenderLimits,
  renderer: PdfRenderer,
  textLayerPages: TextLayerPages = 'rasterize',
): AsyncGenerator<SourcePage> {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  if (XML_TYPES.has(type)) return;
  const pages = pagesOf(bytes, type, limits, renderer, textLayerPages);
  if (!pages) throw new RenderingFailure('unsupported_file_type', `${mimeType} files cannot be converted to pages`);
  yield* pages;
}
