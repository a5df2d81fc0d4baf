/**
 * The converter's public entry point: what the embedded process runs, and the steps the benchmarks time
 * one by one (rendering, page preparation, previews, the enhanced and signed PDF). Everything else in
 * services/converter is its inside.
 */
export { ConverterConfig } from './converter-config.js';
export { PdfRendererConfig } from './rendering/pdf-renderer-config.js';
export { createConverter } from './converter-service.js';
export { decideConversion, filesToConvert, type SourceRendering } from './converter-core.js';
export { renderSource } from './render-source.js';
export { buildEnhancedPdf, type EnhancedPdfPage } from './enhanced-pdf/build-enhanced-pdf.js';
export { createPdfSigner } from './signing/pdf-signer.js';
export { createPdfRenderer } from './rendering/create-pdf-renderer.js';
export { warmUpRenderer } from './rendering/warm-up-renderer.js';
export { createPdf2picRenderer } from './rendering/pdf2pic-renderer.js';
export { createPdfiumRenderer } from './rendering/pdfium/pdfium-renderer.js';
export type { PdfPageContent, PdfRegion, PdfRenderer, PdfTextRun, RenderedPdfPage } from './rendering/pdf-renderer.js';
export { showsOnlyText } from './rendering/pdf-renderer.js';
export {
  pageImagesOf,
  sourcePdfPageIn,
  sourcePdfPagesOf,
  withSourcePdfPage,
  type PageImages,
  type PageToDraw,
  type SourcePdfPage,
  type SourcePdfPages,
} from './rendering/page-images.js';
export { missingPrograms } from './rendering/missing-programs.js';
export { encodePagePng, RASTER_CHANNELS, type RenderLimits, type SourcePageRaster } from './rendering/source-page-raster.js';
export { renderImagePages } from './rendering/image-pages.js';
export { renderPdfPages } from './rendering/pdf-pages.js';
export { prepareImagePage, preparePdfPage, renderPages } from './rendering/render-pages.js';
export { scaledCopy } from './rendering/scaled-copy.js';
export { filledShareOfDark, MAX_FILL_SHARE } from './rendering/stretch-contrast.js';
export { pixelsAt, POINTS_PER_INCH } from './rendering/region-pixels.js';
