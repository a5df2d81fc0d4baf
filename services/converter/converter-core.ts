import type { BlobRef, DocumentErrorCode, StoredFile } from '../../contracts/events/common.js';
import type { ConvertedPage, EventData } from '../../contracts/events/document-events.js';
import { sourcesResolved, storedFiles } from '../../shared/document/document-queries.js';
import type { StepEvent } from '../../shared/document/document-decider.js';
import type { DocumentState } from '../../shared/document/document-state.js';
import { pageImageFormat, scaledCopyFormat } from './rendering/output-formats.js';

/** One page of a stored file, already in the blob store. */
export interface RenderedPage {
  /** 1-based page number inside its file. */
  sourcePage: number;
  /** The raster at OCR resolution; null for a PDF page with a usable text layer. */
  image: BlobRef | null;
  /** A PDF page with a usable text layer that paints nothing else (see `ConvertedPage.showsOnlyText`). */
  showsOnlyText: boolean;
  preview: BlobRef;
  widthPx: number;
  heightPx: number;
}

/** What rendering one stored file came to; an e-invoice XML renders to no pages and no thumbnail. */
export type SourceRendering =
  | { sourceIndex: number; outcome: 'rendered'; pages: RenderedPage[]; thumbnail: BlobRef | null }
  | { sourceIndex: number; outcome: 'failed'; code: DocumentErrorCode; detail: string };

type ConversionFailure = EventData<'DocumentConverted'>['failures'][number];

/** The stored files in source order, which is the order their pages are numbered in. */
export const filesToConvert = (state: DocumentState) => storedFiles(state).sort((a, b) => a.index - b.index);

/** Every source is stored or failed, at least one file is stored, and nothing is converted yet. */
export const isConversionDue = (state: DocumentState): boolean =>
  state.conversion === null && sourcesResolved(state) && storedFiles(state).length > 0;

const storedAs = (blob: BlobRef, fileName: string, mimeType: string): StoredFile => ({ blob, fileName, mimeType });

/**
 * Numbers the pages of every stored file 1..N across the document in source order. A file whose pages
 * would take the document past `maxPages` contributes none and fails with `too_many_pages`; the
 * document's thumbnail is that of page 1.
 */
export const decideConversion = (state: DocumentState, renderings: SourceRendering[], maxPages: number): StepEvent[] => {
  if (!isConversionDue(state)) return [];
  const pages: ConvertedPage[] = [];
  const failures: ConversionFailure[] = [];
  let thumbnail: StoredFile | null = null;

  for (const { index } of filesToConvert(state)) {
    const rendering = renderings.find((candidate) => candidate.sourceIndex === index);
    if (!rendering) throw new Error(`converter: stored source ${index} was not rendered`);
    if (rendering.outcome === 'failed') {
      failures.push({ sourceIndex: index, code: rendering.code, detail: rendering.detail });
      continue;
    }
    if (pages.length + rendering.pages.length > maxPages) {
      failures.push({
        sourceIndex: index,
        code: 'too_many_pages',
        detail: `its ${rendering.pages.length} pages would take the document past the limit of ${maxPages} pages`,
      });
      continue;
    }
    if (pages.length === 0 && rendering.thumbnail) {
      thumbnail = storedAs(rendering.thumbnail, `thumbnail.${scaledCopyFormat.extension}`, scaledCopyFormat.mimeType);
    }
    for (const page of rendering.pages) {
      const pageNumber = pages.length + 1;
      pages.push({
        pageNumber,
        sourceIndex: index,
        sourcePage: page.sourcePage,
        image: page.image && storedAs(page.image, `page-${pageNumber}.${pageImageFormat.extension}`, pageImageFormat.mimeType),
        preview: storedAs(page.preview, `preview-${pageNumber}.${scaledCopyFormat.extension}`, scaledCopyFormat.mimeType),
        widthPx: page.widthPx,
        heightPx: page.heightPx,
        showsOnlyText: page.showsOnlyText,
      });
    }
  }
  return [{ type: 'DocumentConverted', data: { pages, thumbnail, failures } }];
};
