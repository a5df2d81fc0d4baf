import { expect } from 'chai';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { BlobRef } from '../../contracts/events/common.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import { createMemoryBlobStore } from '../../test/support/memory-blob-store.js';
import { testPdfRenderer } from '../../test/support/pdf-renderer.js';
import { ConverterConfig } from './converter-config.js';
import type { RenderedPage } from './converter-core.js';
import type { OpenPdf, PdfRenderer } from './rendering/pdf-renderer.js';
import { renderSource } from './render-source.js';

const config = ConverterConfig.parse({});

/** A one-page PDF `widthPt` × `heightPt` with lines of Helvetica (unless `text` is false) and, as asked, a rule under them. */
const textPdf = async ({ widthPt = 595, heightPt = 842, rule = false, text = true } = {}): Promise<Buffer> => {
  const document = await PDFDocument.create();
  const page = document.addPage([widthPt, heightPt]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  if (text) {
    ['Muster AG, 8001 Zürich', 'Rechnung Nr. 2026-17', 'Total CHF 108.10'].forEach((line, index) =>
      page.drawText(line, { x: 10, y: heightPt - 40 - index * 20, size: 10, font }),
    );
  }
  if (rule) page.drawLine({ start: { x: 10, y: heightPt - 100 }, end: { x: widthPt - 10, y: heightPt - 100 } });
  return Buffer.from(await document.save());
};

/** The renderer under test, noting the width of every page it draws. */
const notingRenderer = (drawnWidths: number[]): PdfRenderer => ({
  ...testPdfRenderer,
  async open(pdf) {
    const opened = await testPdfRenderer.open(pdf);
    return {
      ...opened,
      async render(pageNumber, dpi) {
        const page = await opened.render(pageNumber, dpi);
        drawnWidths.push(page.widthPx);
        return page;
      },
    } satisfies OpenPdf;
  },
});

describe('converter: rendering a stored file', function () {
  this.timeout(30_000);
  let blobs: BlobStore;
  let drawnWidths: number[];

  beforeEach(() => {
    blobs = createMemoryBlobStore();
    drawnWidths = [];
  });

  const rendered = async (pdf: Buffer, settings = config) => {
    const rendering = await renderSource(
      { index: 0, bytes: pdf, mimeType: 'application/pdf' },
      10,
      blobs,
      settings,
      notingRenderer(drawnWidths),
    );
    if (rendering.outcome !== 'rendered') throw new Error(`expected pages, got ${rendering.detail}`);
    return rendering;
  };
  const sizeOf = async (ref: BlobRef) => sharp((await blobs.get(ref.hash))!).metadata();

  it('given a PDF page of text alone, then no raster is made: its preview is drawn at its own width, its thumbnail scaled from it', async () => {
    const { pages, thumbnail } = await rendered(await textPdf());

    const [page] = pages as [RenderedPage];
    expect(page).to.deep.include({ sourcePage: 1, image: null, widthPx: 2479, heightPx: 3508, showsOnlyText: true });
    expect(drawnWidths).to.deep.equal([config.PREVIEW_WIDTH_PX]);
    expect(await sizeOf(page.preview)).to.deep.include({ format: 'jpeg', width: 1000, height: 1415 });
    expect(await sizeOf(thumbnail!)).to.deep.include({ format: 'jpeg', width: 200, height: 283 });
  });

  it('given a thumbnail configured wider than the preview, then it is drawn at its own width', async () => {
    const { thumbnail } = await rendered(await textPdf(), { ...config, PREVIEW_WIDTH_PX: 300, THUMBNAIL_WIDTH_PX: 400 });

    expect(drawnWidths).to.deep.equal([300, 400]);
    expect(await sizeOf(thumbnail!)).to.deep.include({ format: 'jpeg', width: 400 });
  });

  it('given a narrow page of text alone (a receipt), then its preview is no wider than the page at OCR resolution', async () => {
    const { pages } = await rendered(await textPdf({ widthPt: 144, heightPt: 600 }));

    expect(pages[0]).to.deep.include({ image: null, widthPx: 600, heightPx: 2500 });
    expect(await sizeOf(pages[0]!.preview)).to.deep.include({ width: 600 });
  });

  it('given a PDF page with a text layer that also draws a rule, then no raster is made either, and the page says it paints more than text', async () => {
    const { pages, thumbnail } = await rendered(await textPdf({ rule: true }));

    expect(pages[0]).to.deep.include({ image: null, widthPx: 2479, heightPx: 3508, showsOnlyText: false });
    expect(drawnWidths).to.deep.equal([config.PREVIEW_WIDTH_PX]);
    expect(await sizeOf(thumbnail!)).to.deep.include({ format: 'jpeg', width: 200 });
  });

  it('given a PDF page without a text layer (a scan), then it is rendered at OCR resolution and stored as PNG, with previews scaled from it', async () => {
    const { pages, thumbnail } = await rendered(await textPdf({ text: false, rule: true }));

    expect(drawnWidths).to.deep.equal([2479]);
    expect(pages[0]!.showsOnlyText).to.equal(false);
    expect(await sizeOf(pages[0]!.image!)).to.deep.include({ format: 'png', width: 2479, height: 3508 });
    expect(await sizeOf(pages[0]!.preview)).to.deep.include({ format: 'jpeg', width: 1000 });
    expect(await sizeOf(thumbnail!)).to.deep.include({ format: 'jpeg', width: 200 });
  });

  it('given an image, then its raster is stored as before', async () => {
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#f0f0f0' } })
      .png()
      .toBuffer();

    const rendering = await renderSource({ index: 0, bytes: png, mimeType: 'image/png' }, 10, blobs, config, testPdfRenderer);

    expect(rendering.outcome === 'rendered' && (await sizeOf(rendering.pages[0]!.image!))).to.deep.include({ width: 1600, height: 1200 });
  });
});
