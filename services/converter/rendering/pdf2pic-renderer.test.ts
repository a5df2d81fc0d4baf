import { expect } from 'chai';
import { PDFDocument, PDFName } from 'pdf-lib';
import { pdfWithContent, pdfWithText } from '../../../test/support/pdf-with-content.js';
import { pdfWithPictures, pictureOfText } from '../../../test/support/pdf-with-pictures.js';
import { showsOnlyText as paintsOnlyText } from './pdf-renderer.js';
import { createPdf2picRenderer } from './pdf2pic-renderer.js';

/** A line of text enough for a usable text layer. */
const LINE = { x: 72, y: 800, text: 'Rechnung Nr. 4711 vom 12.03.2026' };
const LINE_CONTENT = `BT /F1 10 Tf ${LINE.x} ${LINE.y} Td (${LINE.text}) Tj ET`;

describe('converter: the pdf2pic renderer', () => {
  describe('whether a page shows only its text (pdf.js reads it; Ghostscript is not needed)', () => {
    const renderer = createPdf2picRenderer({ timeoutMs: 30_000 });
    const showsOnlyText = async (pdf: Uint8Array) => {
      const opened = await renderer.open(Buffer.from(pdf));
      try {
        return await paintsOnlyText(opened, 1);
      } finally {
        await opened.close();
      }
    };
    const withAnnotation = async (subtype: string) => {
      const document = await PDFDocument.load(pdfWithText([LINE]));
      const page = document.getPage(0);
      const annotation = document.context.obj({ Type: 'Annot', Subtype: subtype, Rect: [72, 600, 272, 700] });
      page.node.set(PDFName.of('Annots'), document.context.obj([document.context.register(annotation)]));
      return document.save();
    };

    it('given a page of text alone, when it is opened, then it shows only text', async () => {
      expect(await showsOnlyText(pdfWithText([LINE, { x: 72, y: 700, text: 'Total CHF 108.10' }]))).to.equal(true);
    });

    it('given a page of text and a picture, when it is opened, then it shows more than text', async () => {
      const pdf = await pdfWithPictures({
        texts: [LINE],
        pictures: [{ x: 72, y: 72, width: 100, height: 100, png: await pictureOfText('QR') }],
      });

      expect(await showsOnlyText(pdf)).to.equal(false);
    });

    it('given filled squares, a stroked rule or a stencil mask, when it is opened, then the page shows more than text', async () => {
      const drawings = ['72 72 10 10 re f', '72 500 m 500 500 l S', 'q 20 0 0 20 72 400 cm BI /W 8 /H 2 /IM true ID \xf0\x0f EI Q'];

      for (const drawing of drawings) expect(await showsOnlyText(pdfWithContent(`${LINE_CONTENT}\n${drawing}`)), drawing).to.equal(false);
    });

    it('given a path that only clips the text, when it is opened, then the page shows only text', async () => {
      expect(await showsOnlyText(pdfWithContent(`q 0 0 595 842 re W n ${LINE_CONTENT} Q`))).to.equal(true);
    });

    it('given a stamp annotation, when it is opened, then the page shows more than text; given a link, only text', async () => {
      expect(await showsOnlyText(await withAnnotation('Stamp'))).to.equal(false);
      expect(await showsOnlyText(await withAnnotation('Link'))).to.equal(true);
    });
  });
});
