import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { PDFDocument } from 'pdf-lib';
import { isUsableTextLayer } from '../../../shared/files/usable-text-layer.js';
import { readPdfTextLayers } from './pdf-text-layer.js';
import type { PageRegion } from './pdf-image-regions.js';
import { corpusPath } from '../../../harness/corpora.js';
import { pdfWithPictures, pictureOfText } from '../../../test/support/pdf-with-pictures.js';
import { pdfWithContent, pdfWithText } from '../../../test/support/pdf-with-content.js';

const CORPUS = corpusPath('invoice2data/tests/compare');

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
});
