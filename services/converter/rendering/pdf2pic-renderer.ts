import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromBuffer } from 'pdf2pic';
import { hasVisibleAnnotations, paintsGraphics } from '../../../shared/files/pdf-page-paints.js';
import { AnnotationMode, getDocument, OPS, type PDFDocumentProxy } from '../../../shared/files/pdfjs.js';
import sharp from 'sharp';
import { missingPrograms } from './missing-programs.js';
import { RASTER_CHANNELS } from './source-page-raster.js';
import type { OpenPdf, PdfPageSize, PdfRenderer, RenderedPdfPage, RenderedPdfRegion } from './pdf-renderer.js';
import { pdfJsPageContent } from './pdfjs-page-content.js';
import { regionPixels, type PixelRect } from './region-pixels.js';
import { RenderingFailure, unreadable } from './rendering-failure.js';

interface PdfPageOptions {
  dpi: number;
  timeoutMs: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * pdf2pic drives GraphicsMagick, which drives Ghostscript, and neither has a time limit. So pdf2pic is
 * given a `gm` that runs under coreutils `timeout`: when a page takes too long, the whole process group
 * (gm and its Ghostscript) is killed, and a file crafted to hang the renderer costs one timeout.
 */
const timedGraphicsMagick = new Map<number, Promise<string>>();
const graphicsMagickWithin = (timeoutMs: number): Promise<string> => {
  let directory = timedGraphicsMagick.get(timeoutMs);
  if (!directory) {
    directory = (async () => {
      const created = await mkdtemp(join(tmpdir(), 'kontor-gm-'));
      await writeFile(join(created, 'gm'), `#!/bin/sh\nexec timeout -s KILL ${(timeoutMs / 1000).toFixed(3)} gm "$@"\n`);
      await chmod(join(created, 'gm'), 0o755);
      return `${created}/`;
    })();
    timedGraphicsMagick.set(timeoutMs, directory);
  }
  return directory;
};

/** When Ghostscript cannot render a page it prints why to the stream the image would have gone to. */
const complaintOf = (output: Buffer | undefined) => output?.toString('latin1').trim().split('\n')[0]?.slice(0, 200) || 'no output';

/**
 * One page of a PDF rendered by pdf2pic at `dpi`, as raw RGB pixels. No width or height is given:
 * pdf2pic's default would squeeze every page to 768x512.
 */
const renderPdfPage = async (pdf: Buffer, pageNumber: number, options: PdfPageOptions): Promise<RenderedPdfPage> => {
  const convert = fromBuffer(pdf, { density: options.dpi, units: 'PixelsPerInch', format: 'png', width: undefined, height: undefined });
  convert.setGMClass(await graphicsMagickWithin(options.timeoutMs));
  const started = performance.now();
  const output = await convert(pageNumber, { responseType: 'buffer' }).then(
    (response) => response.buffer,
    (error: unknown) => {
      if (error instanceof Error && /ENOENT|Could not execute/.test(error.message)) {
        throw new Error('GraphicsMagick (gm) or Ghostscript (gs) is not installed', { cause: error });
      }
      return undefined;
    },
  );
  if (!output?.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    const elapsed = performance.now() - started;
    const detail =
      elapsed >= options.timeoutMs
        ? `rendering page ${pageNumber} of the PDF took longer than ${options.timeoutMs} ms`
        : `page ${pageNumber} of the PDF could not be rendered: ${complaintOf(output)}`;
    throw new RenderingFailure('conversion_failed', detail);
  }
  const { data, info } = await sharp(output, { limitInputPixels: false })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw new RenderingFailure('conversion_failed', `page ${pageNumber} of the PDF rendered to an unreadable image`, error);
    });
  if (info.channels !== RASTER_CHANNELS)
    throw new RenderingFailure('conversion_failed', `page ${pageNumber} rendered with ${info.channels} channels`);
  return { pixels: data, widthPx: info.width, heightPx: info.height };
};

/**
 * The pixels of `area` cut out of a whole page: Ghostscript draws pages whole. Its raster may be a pixel
 * smaller than the size pdf.js gives the page, so the area is clipped to what was drawn.
 */
const regionOf = async (page: RenderedPdfPage, area: PixelRect): Promise<RenderedPdfRegion> => {
  const leftPx = Math.min(area.leftPx, page.widthPx - 1);
  const topPx = Math.min(area.topPx, page.heightPx - 1);
  const widthPx = Math.min(area.widthPx, page.widthPx - leftPx);
  const heightPx = Math.min(area.heightPx, page.heightPx - topPx);
  const pixels = await sharp(page.pixels, { raw: { width: page.widthPx, height: page.heightPx, channels: RASTER_CHANNELS } })
    .extract({ left: leftPx, top: topPx, width: widthPx, height: heightPx })
    .raw()
    .toBuffer();
  return { pixels, widthPx, heightPx, leftPx, topPx };
};

/** pdf.js reads the file's structure (pages, sizes, text); Ghostscript only draws. */
const openWithPdfJs = async (bytes: Buffer): Promise<PDFDocumentProxy> => {
  // pdf.js may take over the array it is given, so it gets a copy.
  const loading = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 });
  try {
    return await loading.promise;
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new RenderingFailure('conversion_failed', 'the PDF is password-protected', error);
    }
    throw unreadable('not a readable PDF', error);
  }
};

/**
 * Whether a page paints only text, by its operator list: no picture, drawn path or shading in it, and,
 * as PDFium judges, no form XObject either (pdf.js inlines a form's operators, so its marker tells one).
 */
const paintsOnlyText = async (pdf: PDFDocumentProxy, pageNumber: number): Promise<boolean> => {
  const page = await pdf.getPage(pageNumber);
  const operators = await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
  return !paintsGraphics(operators) && !operators.fnArray.includes(OPS.paintFormXObjectBegin) && !(await hasVisibleAnnotations(page));
};

/** The programs pdf2pic runs, and where Debian has them. */
const PROGRAMS = { gm: 'graphicsmagick', gs: 'ghostscript', timeout: 'coreutils' };

/**
 * PDF pages rendered by pdf2pic (GraphicsMagick running Ghostscript), for an image that has them
 * installed (`CONVERT_PDF_RENDERER=pdf2pic`); pages, sizes, text and pictures come from pdf.js.
 */
export const createPdf2picRenderer = ({ timeoutMs }: { timeoutMs: number }): PdfRenderer => ({
  name: 'pdf2pic',
  missing: async () =>
    (await missingPrograms(Object.keys(PROGRAMS))).map(
      (program) => `${program} (apt package ${PROGRAMS[program as keyof typeof PROGRAMS]})`,
    ),
  async open(bytes: Buffer): Promise<OpenPdf> {
    const pdf = await openWithPdfJs(bytes);
    try {
      const pages: PdfPageSize[] = [];
      for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
        const { width, height } = (await pdf.getPage(pageNumber)).getViewport({ scale: 1 });
        pages.push({ widthPt: width, heightPt: height });
      }
      return {
        pages,
        async text(pageNumber) {
          const { items } = await (await pdf.getPage(pageNumber)).getTextContent();
          return items.map((item) => ('str' in item ? item.str : '')).join(' ');
        },
        content: async (pageNumber) => pdfJsPageContent(await pdf.getPage(pageNumber)),
        // Ghostscript draws; where pdf.js's operators draw is not worked out here: a page that paints anything may paint anywhere.
        async drawings(pageNumber) {
          const { widthPt, heightPt } = pages[pageNumber - 1]!;
          return (await paintsOnlyText(pdf, pageNumber)) ? [] : [{ left: 0, top: 0, right: widthPt, bottom: heightPt }];
        },
        render: (pageNumber, dpi) => renderPdfPage(bytes, pageNumber, { dpi, timeoutMs }),
        async renderRegion(pageNumber, dpi, region) {
          const area = regionPixels(pages[pageNumber - 1]!, dpi, region);
          return regionOf(await renderPdfPage(bytes, pageNumber, { dpi, timeoutMs }), area);
        },
        close: () => pdf.destroy(),
      };
    } catch (error) {
      await pdf.destroy();
      throw unreadable('not a readable PDF', error);
    }
  },
  stop: async () => {},
});
