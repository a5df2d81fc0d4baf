import { execFile } from 'node:child_process';
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { corpusPath } from '../../harness/corpora.js';

const run = promisify(execFile);

export interface BenchInputs {
  /** A one-page born-digital invoice (text layer). */
  bornDigitalPdf: string;
  /** The same kind of page scanned: rendered at 300 dpi, grey, JPEG q90. */
  scannedPage: string;
  /** A tiny one-page PDF (a few lines of text), for throughput. */
  tinyPdf: Buffer;
}

const exists = async (file: string) => (await stat(file).catch(() => null)) !== null;

const tinyInvoice = async (): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = ['Muster AG, Bahnhofstrasse 1, 8001 Zürich', 'Rechnung Nr. 2026-17', 'Datum: 12.03.2026', 'Total CHF 108.10'];
  lines.forEach((line, index) => page.drawText(line, { x: 60, y: 760 - index * 24, size: 12, font }));
  return Buffer.from(await pdf.save());
};

/** Makes (once, under `directory`) and returns the files every run submits. */
export const prepareInputs = async (directory: string): Promise<BenchInputs> => {
  await mkdir(directory, { recursive: true });
  const bornDigitalPdf = corpusPath('invoice2data/tests/compare/AmazonWebServices.pdf');
  const scannedPage = path.join(directory, 'netpresse-300dpi.jpg');
  if (!(await exists(scannedPage))) {
    const source = corpusPath('invoice2data/tests/compare/NetpresseInvoice.pdf');
    await run('pdftoppm', [
      '-r',
      '300',
      '-gray',
      '-jpeg',
      '-jpegopt',
      'quality=90',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      source,
      scannedPage.replace(/\.jpg$/, ''),
    ]);
  }
  return { bornDigitalPdf, scannedPage, tinyPdf: await tinyInvoice() };
};

export const readInput = (file: string) => readFile(file);
