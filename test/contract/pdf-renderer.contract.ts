import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { degrees, PDFDocument, PDFName, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import {
  showsOnlyText,
  type OpenPdf,
  type PdfRegion,
  type PdfRenderer,
  type RenderedPdfPage,
} from '../../services/converter/rendering/pdf-renderer.js';
import { RenderingFailure } from '../../services/converter/rendering/rendering-failure.js';
import { corpusPath } from '../../harness/corpora.js';
import { pdfWithContent } from '../support/pdf-with-content.js';
import { pdfWithPictures, pictureOfText } from '../support/pdf-with-pictures.js';

const TWO_PAGE_A4_PDF = corpusPath('invoice2data/tests/compare/QualityHosting.pdf');
const PASSWORD_PROTECTED_PDF = new URL('../fixtures/password-protected.pdf', import.meta.url);
const A4_POINTS = { widthPt: 595.28, heightPt: 841.89 };
/** A line of text enough for a usable text layer, beside the pictures of a page. */
const LINE = { x: 72, y: 800, text: 'Rechnung Nr. 4711 vom 12.03.2026' };
const LINE_CONTENT = `BT /F1 10 Tf ${LINE.x} ${LINE.y} Td (${LINE.text}) Tj ET`;

/** A one-page A4 PDF: a black square 72 points (one inch) wide, one inch from the top left corner, and a line of text under it. */
const squareAndText = async ({ rotation = 0, text = 'Invoice 2024-001 total 1234.50' } = {}): Promise<Buffer> => {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  page.setRotation(degrees(rotation));
  page.drawRectangle({ x: 72, y: 842 - 144, width: 72, height: 72, color: rgb(0, 0, 0) });
  if (text) page.drawText(text, { x: 72, y: 842 - 200, size: 12, font: await document.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await document.save());
};

/** A one-page A4 PDF with a line of text and, as asked, a picture or an annotation of the given subtype. */
const textAnd = async ({ picture = false, annotation = '' } = {}): Promise<Buffer> => {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  page.drawText('Invoice 2024-001 total 1234.50', { x: 72, y: 700, size: 12, font: await document.embedFont(StandardFonts.Helvetica) });
  if (picture) {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    page.drawImage(await document.embedPng(png), { x: 72, y: 600, width: 72, height: 72 });
  }
  if (annotation) {
    const annot = document.context.obj({ Type: 'Annot', Subtype: annotation, Rect: [72, 600, 272, 700] });
    page.node.set(PDFName.of('Annots'), document.context.obj([document.context.register(annot)]));
  }
  return Buffer.from(await document.save());
};

const pixel = (page: RenderedPdfPage, x: number, y: number) => [
  ...page.pixels.subarray((y * page.widthPx + x) * 3, (y * page.widthPx + x) * 3 + 3),
];

const failureOf = async (work: () => Promise<unknown>): Promise<RenderingFailure> => {
  try {
    await work();
  } catch (error) {
    if (error instanceof RenderingFailure) return error;
    throw error;
  }
  throw new Error('expected a RenderingFailure');
};

/**
 * What every PDF renderer does alike: page sizes as shown, pixels at the asked resolution (RGB on white),
 * the text layer, and refusals as RenderingFailures with `conversion_failed` (never a crash).
 * `create` makes the renderer with a time limit per page.
 */
export const pdfRendererContract = (
  adapterName: string,
  create: (timeoutMs: number) => PdfRenderer,
  skipReason?: () => Promise<string | null>,
) =>
  describe(`PdfRenderer contract: ${adapterName}`, function () {
    this.timeout(60_000);
    let renderer: PdfRenderer;
    const opened: OpenPdf[] = [];
    const open = async (bytes: Buffer) => {
      const pdf = await renderer.open(bytes);
      opened.push(pdf);
      return pdf;
    };

    before(async function () {
      const reason = await skipReason?.();
      if (reason) {
        console.log(`      skipped: ${reason}`);
        this.skip();
      }
      renderer = create(60_000);
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((pdf) => pdf.close()));
    });
    after(async () => {
      await renderer?.stop();
    });

    it('finds nothing missing on this machine', async () => {
      expect(await renderer.missing()).to.deep.equal([]);
    });

    it('gives each page its size in points, in page order', async () => {
      const pdf = await open(await readFile(TWO_PAGE_A4_PDF));

      expect(pdf.pages).to.have.length(2);
      for (const size of pdf.pages) {
        expect(size.widthPt).to.be.closeTo(A4_POINTS.widthPt, 1);
        expect(size.heightPt).to.be.closeTo(A4_POINTS.heightPt, 1);
      }
    });

    it('renders a page at the asked resolution, as RGB on white with the ink where the PDF puts it', async () => {
      const pdf = await open(await squareAndText());

      const page = await pdf.render(1, 150);

      expect(page.widthPx).to.be.closeTo(1240, 1);
      expect(page.heightPx).to.be.closeTo(1754, 1);
      expect(page.pixels.length).to.equal(page.widthPx * page.heightPx * 3);
      // The square spans 150 to 300 pixels from the top left at 150 dpi.
      expect(pixel(page, 225, 225)).to.deep.equal([0, 0, 0]);
      expect(pixel(page, 100, 100)).to.deep.equal([255, 255, 255]);
      expect(pixel(page, 225, 330)).to.deep.equal([255, 255, 255]);
    });

    it('renders part of a page as the same pixels the whole page has there', async () => {
      const pdf = await open(await squareAndText());
      const whole = await pdf.render(1, 150);

      // One inch from the top left corner, the square's left half and the page beside it: 140 to 200 pt across.
      const part = await pdf.renderRegion(1, 150, { left: 60, top: 60, right: 108, bottom: 200 });

      expect([part.leftPx, part.topPx, part.widthPx, part.heightPx]).to.deep.equal([125, 125, 100, 292]);
      expect(part.pixels.length).to.equal(part.widthPx * part.heightPx * 3);
      let differing = 0;
      for (let y = 0; y < part.heightPx; y++) {
        for (let x = 0; x < part.widthPx; x++) {
          const [a, b] = [pixel(part, x, y), pixel(whole, x + part.leftPx, y + part.topPx)];
          if (a.some((value, channel) => Math.abs(value - b[channel]!) > 8)) differing++;
        }
      }
      expect(differing).to.equal(0);
      expect(pixel(part, 100 - 1, 100)).to.deep.equal([0, 0, 0]);
      expect(pixel(part, 5, 5)).to.deep.equal([255, 255, 255]);
    });

    it('renders the same page small for a preview', async () => {
      const pdf = await open(await squareAndText());

      const page = await pdf.render(1, 20);

      expect(page.widthPx).to.be.closeTo(165, 1);
      expect(page.heightPx).to.be.closeTo(234, 1);
      expect(pixel(page, 30, 30)).to.deep.equal([0, 0, 0]);
    });

    it('turns a page by its /Rotate, as a viewer shows it', async () => {
      const pdf = await open(await squareAndText({ rotation: 90 }));

      expect(pdf.pages[0]!.widthPt).to.be.closeTo(842, 1);
      expect(pdf.pages[0]!.heightPt).to.be.closeTo(595, 1);
      const page = await pdf.render(1, 72);
      expect(page.widthPx).to.be.closeTo(842, 1);
      expect(page.heightPx).to.be.closeTo(595, 1);
      // Turned a quarter clockwise, the square near the top left corner lies near the top right.
      expect(pixel(page, page.widthPx - 108, 108)).to.deep.equal([0, 0, 0]);
      expect(pixel(page, 108, 108)).to.deep.equal([255, 255, 255]);
    });

    it('reads the text layer of a page, and none of a page without one', async () => {
      const withText = await open(await squareAndText());
      const withoutText = await open(await squareAndText({ text: '' }));

      expect(await withText.text(1)).to.contain('Invoice 2024-001 total 1234.50');
      expect((await withoutText.text(1)).trim()).to.equal('');
    });

    describe('what a page places: text runs and pictures, as the page is shown (points, y downwards)', () => {
      const rounded = (region: PdfRegion) => ({
        left: Math.round(region.left),
        top: Math.round(region.top),
        right: Math.round(region.right),
        bottom: Math.round(region.bottom),
      });
      const picturesOf = async (pdf: Buffer | Uint8Array) => (await (await open(Buffer.from(pdf))).content(1)).pictures.map(rounded);

      it('given a line of text, then its run has the text, starts where it is set and sits a font size above its baseline', async () => {
        const pdf = await open(
          await pdfWithPictures({
            texts: [
              { x: 72, y: 700, text: 'Invoice Date:', size: 12 },
              { x: 300, y: 700, text: '12.03.2026', size: 12 },
            ],
          }),
        );

        const { textRuns, pictures } = await pdf.content(1);

        expect(textRuns.map((run) => run.text)).to.deep.equal(['Invoice Date:', '12.03.2026']);
        expect(rounded(textRuns[0]!)).to.include({ left: 72, top: 842 - 700 - 12, bottom: 842 - 700 });
        expect(textRuns[0]!.right).to.be.within(140, 150);
        expect(pictures).to.deep.equal([]);
      });

      it('given a word broken at its hyphen over two lines, then the first line’s run ends with the hyphen the page prints', async () => {
        const pdf = await open(
          await pdfWithPictures({
            texts: [
              { x: 72, y: 700, text: 'Beamer-', size: 12 },
              { x: 72, y: 686, text: 'Deckenhalterung', size: 12 },
            ],
          }),
        );

        expect((await pdf.content(1)).textRuns.map((run) => run.text)).to.deep.equal(['Beamer-', 'Deckenhalterung']);
      });

      it('given a page without text, then it has no runs', async () => {
        expect((await (await open(await squareAndText({ text: '' }))).content(1)).textRuns).to.deep.equal([]);
      });

      it('given a page shown turned a quarter clockwise with text upright on it, then the runs and pictures are where they show', async () => {
        const pdf = await pdfWithPictures({
          rotation: 90,
          texts: [{ ...LINE, x: 500, y: 300, rotate: 90 }],
          pictures: [{ x: 72, y: 72, width: 300, height: 60, png: await pictureOfText('Musterfirma') }],
        });

        const { textRuns } = await (await open(pdf)).content(1);

        expect(textRuns.map((run) => run.text)).to.deep.equal([LINE.text]);
        expect(rounded(textRuns[0]!)).to.include({ left: 300, bottom: 500 });
        expect(await picturesOf(pdf)).to.deep.equal([{ left: 72, top: 72, right: 132, bottom: 372 }]);
      });

      it('given a picture of text beside a line of text, then the picture’s box is where it is drawn', async () => {
        const pdf = await pdfWithPictures({
          texts: [LINE],
          pictures: [{ x: 72, y: 72, width: 300, height: 60, png: await pictureOfText('Musterfirma GmbH') }],
        });

        expect(await picturesOf(pdf)).to.deep.equal([{ left: 72, top: 710, right: 372, bottom: 770 }]);
      });

      it('given a picture inside a form XObject drawn at half size, then its box follows the form’s placement', async () => {
        const inner = await pdfWithPictures({
          texts: [LINE],
          pictures: [{ x: 72, y: 72, width: 300, height: 60, png: await pictureOfText('Musterfirma') }],
        });
        const document = await PDFDocument.create();
        const [form] = await document.embedPdf(inner);
        document.addPage([595, 842]).drawPage(form!, { x: 100, y: 50, xScale: 0.5, yScale: 0.5 });

        expect(await picturesOf(await document.save())).to.deep.equal([{ left: 136, top: 726, right: 286, bottom: 756 }]);
      });

      it('given one picture painted at three places, then each place is a picture', async () => {
        const png = await pictureOfText('Musterfirma');
        const pdf = await pdfWithPictures({
          texts: [LINE],
          pictures: [72, 272, 472].map((y) => ({ x: 72, y, width: 300, height: 60, png })),
        });

        expect(await picturesOf(pdf)).to.have.deep.members([
          { left: 72, top: 710, right: 372, bottom: 770 },
          { left: 72, top: 510, right: 372, bottom: 570 },
          { left: 72, top: 310, right: 372, bottom: 370 },
        ]);
      });

      it('given an inline image and an inline stencil mask, then only the image is a picture', async () => {
        const image = 'q 200 0 0 40 72 600 cm BI /W 2 /H 2 /CS /G /BPC 8 ID \x00\xff\xff\x00 EI Q';
        const mask = 'q 200 0 0 40 72 400 cm BI /W 8 /H 2 /IM true ID \xf0\x0f EI Q';

        expect(await picturesOf(pdfWithContent(`${LINE_CONTENT}\n${image}\n${mask}`))).to.deep.equal([
          { left: 72, top: 202, right: 272, bottom: 242 },
        ]);
      });

      it('given a picture reaching past the page’s edge, then its box ends at the edge', async () => {
        const pdf = await pdfWithPictures({
          texts: [LINE],
          pictures: [{ x: 400, y: -20, width: 300, height: 60, png: await pictureOfText('Musterfirma') }],
        });

        expect(await picturesOf(pdf)).to.deep.equal([{ left: 400, top: 802, right: 595, bottom: 842 }]);
      });
    });

    describe('where a page draws anything but its text (points, y downwards)', () => {
      /** Whether some box of the page's drawings holds `region` (to a point). */
      const covered = (drawings: PdfRegion[], region: PdfRegion) =>
        drawings.some(
          (box) =>
            box.left <= region.left + 1 && box.top <= region.top + 1 && box.right >= region.right - 1 && box.bottom >= region.bottom - 1,
        );

      it('given a page of text, or of text and a link, then it draws nothing else: it shows only its text', async () => {
        for (const pdf of [await open(await textAnd()), await open(await textAnd({ annotation: 'Link' }))]) {
          expect(await pdf.drawings(1)).to.deep.equal([]);
          expect(await showsOnlyText(pdf, 1)).to.equal(true);
        }
      });

      it('given a drawn square, a picture or a stamp beside the text, then a box holds each where it is shown', async () => {
        const cases: Array<[Buffer, PdfRegion]> = [
          [await squareAndText(), { left: 72, top: 72, right: 144, bottom: 144 }],
          [await textAnd({ picture: true }), { left: 72, top: 170, right: 144, bottom: 242 }],
          [await textAnd({ annotation: 'Stamp' }), { left: 72, top: 142, right: 272, bottom: 242 }],
        ];
        for (const [bytes, region] of cases) {
          const pdf = await open(bytes);
          const drawings = await pdf.drawings(1);
          expect(covered(drawings, region), JSON.stringify(drawings)).to.equal(true);
          expect(await showsOnlyText(pdf, 1)).to.equal(false);
        }
      });
    });

    it('keeps PDFs open side by side apart, and renders them at once', async () => {
      const [first, second] = await Promise.all([open(await squareAndText({ text: 'first' })), open(await readFile(TWO_PAGE_A4_PDF))]);

      const [one, two] = await Promise.all([first.render(1, 36), second.render(2, 36)]);

      expect(await first.text(1)).to.contain('first');
      expect(await second.text(1)).to.contain('QualityHosting');
      expect([one.widthPx, two.widthPx]).to.deep.equal([298, 298]);
    });

    it('given one file opened twice, when one is closed, then the other still reads and renders it', async () => {
      const bytes = await squareAndText();
      const [first, second] = [await renderer.open(bytes), await renderer.open(bytes)];
      await first.close();
      try {
        expect(await second.text(1)).to.include('Invoice 2024-001');
        expect((await second.render(1, 36)).widthPx).to.equal(298);
      } finally {
        await second.close();
      }
    });

    it('refuses bytes that are no PDF with conversion_failed', async () => {
      const failure = await failureOf(() => open(Buffer.from('%PDF-1.7\nthis is no PDF at all')));

      expect(failure.code).to.equal('conversion_failed');
      expect(failure.message).to.match(/^not a readable PDF/);
    });

    it('refuses an empty file with conversion_failed', async () => {
      const failure = await failureOf(() => open(Buffer.alloc(0)));

      expect(failure.code).to.equal('conversion_failed');
      expect(failure.message).to.match(/^not a readable PDF/);
    });

    it('refuses a PDF that needs a password to open, saying so', async () => {
      const failure = await failureOf(async () => open(await readFile(PASSWORD_PROTECTED_PDF)));

      expect(failure.code).to.equal('conversion_failed');
      expect(failure.message).to.equal('the PDF is password-protected');
    });

    it('fails a file with conversion_failed when a page takes longer than the time limit, and renders the next file', async () => {
      const hurried = create(1);
      try {
        const failure = await failureOf(async () => (await hurried.open(await squareAndText())).render(1, 300));

        expect(failure.code).to.equal('conversion_failed');
        expect(failure.message).to.match(/took longer than 1 ms/);
      } finally {
        await hurried.stop();
      }
      const pdf = await open(await squareAndText());
      expect((await pdf.render(1, 36)).widthPx).to.equal(298);
    });
  });
