import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * A one-page PDF with a line of text: enough for a PDF renderer or text-layer reader to load what it loads on
 * first use (a start-up's warm-up, see `warmUpRenderer` and `warmUpEInvoiceReader`).
 */
export const samplePdf = async (): Promise<Buffer> => {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  page.drawText('Kontor warm-up 2026-01-01 CHF 1.00', { x: 72, y: 760, size: 12, font: await document.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await document.save());
};
