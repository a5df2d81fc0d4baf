import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromBuffer } from 'pdf2pic';
import sharp from 'sharp';
import { RASTER_CHANNELS } from './page-raster.js';
import { RenderingFailure } from './rendering-failure.js';

export interface RenderedPdfPage {
  pixels: Buffer;
  widthPx: number;
  heightPx: number;
}

export interface PdfPageOptions {
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
 * pdf2pic's default would squeeze every page to 768x512. The page's size was checked against the
 * pixel limit (with pdf.js) before it is rendered.
 */
export const renderPdfPage = async (pdf: Buffer, pageNumber: number, options: PdfPageOptions): Promise<RenderedPdfPage> => {
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
        ? `page ${pageNumber} of the PDF took longer than ${options.timeoutMs} ms to render`
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
  if (info.channels !== RASTER_CHANNELS) throw new RenderingFailure('conversion_failed', `page ${pageNumber} rendered with ${info.channels} channels`);
  return { pixels: data, widthPx: info.width, heightPx: info.height };
};
