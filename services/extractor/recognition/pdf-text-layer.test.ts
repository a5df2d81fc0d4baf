import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { PDFDocument, PDFName } from 'pdf-lib';
import { isUsableTextLayer } from '../../../shared/files/usable-text-layer.js';
import { readPdfTextLayers } from './pdf-text-layer.js';
import type { PageRegion } from './pdf-image-regions.js';
import { corpusPath } from '../../../harness/corpora.js';
import { pdfWithPictures, pictureOfText } from '../../../test/support/pdf-with-pictures.js';

const CORPUS = corpusPath('invoice2data/tests/compare');

/** A one-page PDF with the given content stream, which may use Helvetica as /F1. */
const pdfWithContent = (content: string): Buffer => {
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Resources<</Font<</F1 5 0 R>>>>/Contents 4 0 R>>',
    `<</Length ${content.length}>>\nstream\n${content}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
};

/** A one-page PDF with Helvetica text at the given positions (points from the bottom left). */
const pdfWithText = (texts: { x: number; y: number; text: string }[]): Buffer =>
  pdfWithContent(texts.map(({ x, y, text }) => `BT /F1 10 Tf ${x} ${y} Td (${text}) Tj ET`).join('\n'));

/** A line of text enough for a usable text layer, so a page with pictures is read as a text-layer page. */
const LINE = { x: 72, y: 800, text: 'Rechnung Nr. 4711 vom 12.03.2026' };
const LINE_CONTENT = `BT /F1 10 Tf ${LINE.x} ${LINE.y} Td (${LINE.text}) Tj ET`;

const imageRegionsOf = async (pdf: Uint8Array): Promise<PageRegion[]> =>
  (await readPdfTextLayers(pdf, [1])).get(1)!.imageRegions.map((region) => ({
    left: Math.round(region.left),
    top: Math.round(region.top),
    right: Math.round(region.right),
    bottom: Math.round(region.bottom),
  }));

describe('extractor: PDF text layers', () => {
  it('lays out each page of a born-digital PDF with labels and values on their printed lines', async () => {
    const layers = await readPdfTextLayers(await readFile(`${CORPUS}/QualityHosting.pdf`), [1, 2]);

    expect([...layers.keys()]).to.deep.equal([1, 2]);
    const page = layers.get(1)!.text;
    expect(page).to.match(/^ *Rechnungsnr\. {2,}30064443 {2,}Kundennr\. {2,}47774$/m);
    expect(page).to.match(/^ *Rechnungsdatum {2,}7\. Mai 2014$/m);
    expect(page).to.include('IBAN DE30507500940000048567');
    expect(isUsableTextLayer(page)).to.equal(true);
  });

  it('puts text printed side by side on one line, in columns, and text below on the next', async () => {
    const pdf = pdfWithText([
      { x: 72, y: 700, text: 'Invoice Date:' },
      { x: 300, y: 700, text: 'Due Date:' },
      { x: 72, y: 686, text: '12.03.2026' },
      { x: 300, y: 686, text: '11.04.2026' },
    ]);

    const text = (await readPdfTextLayers(pdf, [1])).get(1)!.text;

    const [labels, values] = text.split('\n');
    expect(labels).to.match(/^ *Invoice Date: {2,}Due Date:$/);
    expect(values).to.match(/^ *12\.03\.2026 {2,}11\.04\.2026$/);
    expect(labels!.indexOf('Due')).to.equal(values!.indexOf('11.04'));
  });

  it('leaves out pages the file does not have', async () => {
    const layers = await readPdfTextLayers(pdfWithText([LINE]), [1, 2, 0]);

    expect([...layers.keys()]).to.deep.equal([1]);
  });

  it('leaves out a page without usable text (a scan with a page number), pictures and all', async () => {
    const pdf = await pdfWithPictures({
      texts: [{ x: 500, y: 20, text: 'Seite 1' }],
      pictures: [{ x: 0, y: 0, width: 595, height: 842, png: await pictureOfText('Rechnung Nr. 4711') }],
    });

    expect([...(await readPdfTextLayers(pdf, [1])).keys()]).to.deep.equal([]);
  });

  it('throws for a file pdf.js cannot read', async () => {
    let failure: unknown = null;
    await readPdfTextLayers(Buffer.from('not a pdf at all'), [1]).catch((error: unknown) => (failure = error));

    expect(failure).to.be.instanceOf(Error);
  });

  describe('where images are painted', () => {
    it('given a page with text and a picture of text, when its layer is read, then the picture’s box is an image region in the text’s coordinates', async () => {
      const pdf = await pdfWithPictures({
        texts: [{ x: 72, y: 760, text: 'Rechnung Nr. 4711 vom 12.03.2026' }],
        pictures: [{ x: 72, y: 72, width: 300, height: 60, png: await pictureOfText('Musterfirma GmbH') }],
      });

      const layer = (await readPdfTextLayers(pdf, [1])).get(1)!;

      expect(await imageRegionsOf(pdf)).to.deep.equal([{ left: 72, top: 710, right: 372, bottom: 770 }]);
      expect(layer.pieces[0]!.bottom, 'the text near the top is near the top here too').to.be.closeTo(842 - 760, 1);
    });

    it('given a page shown turned a quarter clockwise, when its layer is read, then the image region is where the picture shows upright', async () => {
      const pdf = await pdfWithPictures({
        rotation: 90,
        texts: [{ ...LINE, x: 500, y: 300, rotate: 90 }],
        pictures: [{ x: 72, y: 72, width: 300, height: 60, png: await pictureOfText('Musterfirma') }],
      });

      expect(await imageRegionsOf(pdf)).to.deep.equal([{ left: 72, top: 72, right: 132, bottom: 372 }]);
    });

    it('given a picture inside a form XObject drawn at half size, when the layer is read, then the image region follows the form’s placement', async () => {
      const inner = await pdfWithPictures({
        texts: [LINE],
        pictures: [{ x: 72, y: 72, width: 300, height: 60, png: await pictureOfText('Musterfirma') }],
      });
      const document = await PDFDocument.create();
      const [form] = await document.embedPdf(inner);
      document.addPage([595, 842]).drawPage(form!, { x: 100, y: 50, xScale: 0.5, yScale: 0.5 });

      expect(await imageRegionsOf(await document.save())).to.deep.equal([{ left: 136, top: 726, right: 286, bottom: 756 }]);
    });

    it('given one picture painted at three places, when the layer is read, then each place is an image region', async () => {
      const png = await pictureOfText('Musterfirma');
      const pdf = await pdfWithPictures({
        texts: [LINE],
        pictures: [72, 272, 472].map((y) => ({ x: 72, y, width: 300, height: 60, png })),
      });

      expect(await imageRegionsOf(pdf)).to.have.deep.members([
        { left: 72, top: 710, right: 372, bottom: 770 },
        { left: 72, top: 510, right: 372, bottom: 570 },
        { left: 72, top: 310, right: 372, bottom: 370 },
      ]);
    });

    it('given an inline image and an inline stencil mask, when the layer is read, then only the image is an image region', async () => {
      const image = 'q 200 0 0 40 72 600 cm BI /W 2 /H 2 /CS /G /BPC 8 ID \x00\xff\xff\x00 EI Q';
      const mask = 'q 200 0 0 40 72 400 cm BI /W 8 /H 2 /IM true ID \xf0\x0f EI Q';

      expect(await imageRegionsOf(pdfWithContent(`${LINE_CONTENT}\n${image}\n${mask}`))).to.deep.equal([
        { left: 72, top: 202, right: 272, bottom: 242 },
      ]);
    });

    it('given a picture reaching past the page’s edge, when the layer is read, then its region ends at the edge', async () => {
      const pdf = await pdfWithPictures({
        texts: [LINE],
        pictures: [{ x: 400, y: -20, width: 300, height: 60, png: await pictureOfText('Musterfirma') }],
      });

      expect(await imageRegionsOf(pdf)).to.deep.equal([{ left: 400, top: 802, right: 595, bottom: 842 }]);
    });
  });

  describe('whether a page shows only its text', () => {
    const showsOnlyText = async (pdf: Uint8Array) => (await readPdfTextLayers(pdf, [1])).get(1)!.showsOnlyText;
    const withAnnotation = async (subtype: string) => {
      const document = await PDFDocument.load(pdfWithText([LINE]));
      const page = document.getPage(0);
      const annotation = document.context.obj({ Type: 'Annot', Subtype: subtype, Rect: [72, 600, 272, 700] });
      page.node.set(PDFName.of('Annots'), document.context.obj([document.context.register(annotation)]));
      return document.save();
    };

    it('given a page of text alone, when its layer is read, then it shows only text', async () => {
      expect(await showsOnlyText(pdfWithText([LINE, { x: 72, y: 700, text: 'Total CHF 108.10' }]))).to.equal(true);
    });

    it('given a page of text and a picture, when its layer is read, then it shows more than text', async () => {
      const pdf = await pdfWithPictures({
        texts: [LINE],
        pictures: [{ x: 72, y: 72, width: 100, height: 100, png: await pictureOfText('QR') }],
      });

      expect(await showsOnlyText(pdf)).to.equal(false);
    });

    it('given filled squares, a stroked rule or a stencil mask, when the layer is read, then the page shows more than text', async () => {
      const drawings = ['72 72 10 10 re f', '72 500 m 500 500 l S', 'q 20 0 0 20 72 400 cm BI /W 8 /H 2 /IM true ID \xf0\x0f EI Q'];

      for (const drawing of drawings) expect(await showsOnlyText(pdfWithContent(`${LINE_CONTENT}\n${drawing}`)), drawing).to.equal(false);
    });

    it('given a path that only clips the text, when the layer is read, then the page shows only text', async () => {
      expect(await showsOnlyText(pdfWithContent(`q 0 0 595 842 re W n ${LINE_CONTENT} Q`))).to.equal(true);
    });

    it('given a stamp annotation, when the layer is read, then the page shows more than text; given a link, only text', async () => {
      expect(await showsOnlyText(await withAnnotation('Stamp'))).to.equal(false);
      expect(await showsOnlyText(await withAnnotation('Link'))).to.equal(true);
    });
  });
});
