import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { createPdfiumRenderer } from '../../converter/index.js';
import { textLayerOf } from './pdf-text-layer.js';
import { corpusPath } from '../../../harness/corpora.js';
import { pdfWithPictures, pictureOfText } from '../../../test/support/pdf-with-pictures.js';
import { pdfWithText } from '../../../test/support/pdf-with-content.js';

const CORPUS = corpusPath('invoice2data/tests/compare');

describe('extractor: PDF text layers, laid out from what the renderer reads of a page', function () {
  this.timeout(30_000);
  const renderer = createPdfiumRenderer({ timeoutMs: 30_000 });
  after(() => renderer.stop());

  const layersOf = async (pdf: Buffer | Uint8Array) => {
    const opened = await renderer.open(Buffer.from(pdf));
    try {
      const layers = [];
      for (const [index, size] of opened.pages.entries()) layers.push(textLayerOf(await opened.content(index + 1), size));
      return layers;
    } finally {
      await opened.close();
    }
  };

  it('lays out each page of a born-digital PDF with labels and values on their printed lines', async () => {
    const layers = await layersOf(await readFile(`${CORPUS}/QualityHosting.pdf`));

    expect(layers).to.have.length(2);
    const page = layers[0]!.text;
    expect(page).to.match(/^ *Rechnungsnr\. {2,}30064443 {2,}Kundennr\. {2,}47774$/m);
    expect(page).to.match(/^ *Rechnungsdatum {2,}7\. Mai 2014$/m);
    expect(page).to.include('IBAN DE30507500940000048567');
    expect(page, 'words the file sets apart without a space character').to.include(
      'QualityHosting AG - Uferweg 40-42 - D-63571 Gelnhausen',
    );
    expect(layers[1]).to.not.equal(null);
  });

  it('puts text printed side by side on one line, in columns, and text below on the next', async () => {
    const pdf = pdfWithText([
      { x: 72, y: 700, text: 'Invoice Date:' },
      { x: 300, y: 700, text: 'Due Date:' },
      { x: 72, y: 686, text: '12.03.2026' },
      { x: 300, y: 686, text: '11.04.2026' },
    ]);

    const [labels, values] = (await layersOf(pdf))[0]!.text.split('\n');

    expect(labels).to.match(/^ *Invoice Date: {2,}Due Date:$/);
    expect(values).to.match(/^ *12\.03\.2026 {2,}11\.04\.2026$/);
    expect(labels!.indexOf('Due')).to.equal(values!.indexOf('11.04'));
  });

  it('keeps the pictures of a page with text, in the same coordinates as its text', async () => {
    const pdf = await pdfWithPictures({
      texts: [{ x: 72, y: 760, text: 'Rechnung Nr. 4711 vom 12.03.2026' }],
      pictures: [{ x: 72, y: 72, width: 300, height: 60, png: await pictureOfText('Musterfirma GmbH') }],
    });

    const layer = (await layersOf(pdf))[0]!;

    expect(layer.imageRegions).to.have.length(1);
    expect(layer.imageRegions[0]!.top).to.be.closeTo(710, 1);
    expect(layer.pieces[0]!.bottom, 'the text near the top is near the top here too').to.be.closeTo(842 - 760, 1);
    expect(layer).to.include({ width: 595, height: 842 });
  });

  it('has no layer for a page without usable text (a scan with a page number)', async () => {
    const pdf = await pdfWithPictures({
      texts: [{ x: 500, y: 20, text: 'Seite 1' }],
      pictures: [{ x: 0, y: 0, width: 595, height: 842, png: await pictureOfText('Rechnung Nr. 4711') }],
    });

    expect(await layersOf(pdf)).to.deep.equal([null]);
  });
});
