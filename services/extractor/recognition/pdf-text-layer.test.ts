import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { isUsableTextLayer, readPdfTextLayers } from './pdf-text-layer.js';
import { corpusPath } from '../../../test/support/corpora.js';

const CORPUS = corpusPath('invoice2data/tests/compare');

/** A one-page PDF with Helvetica text at the given positions (points from the bottom left). */
const pdfWithText = (texts: { x: number; y: number; text: string }[]): Buffer => {
  const content = texts.map(({ x, y, text }) => `BT /F1 10 Tf ${x} ${y} Td (${text}) Tj ET`).join('\n');
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
    const layers = await readPdfTextLayers(pdfWithText([{ x: 72, y: 700, text: 'Seite 1' }]), [1, 2, 0]);

    expect([...layers.keys()]).to.deep.equal([1]);
  });

  it('throws for a file pdf.js cannot read', async () => {
    let failure: unknown = null;
    await readPdfTextLayers(Buffer.from('not a pdf at all'), [1]).catch((error: unknown) => (failure = error));

    expect(failure).to.be.instanceOf(Error);
  });

  it('trusts a text layer only with real text: not a stray page number, not unmapped glyphs', () => {
    expect(isUsableTextLayer('')).to.equal(false);
    expect(isUsableTextLayer('Seite 1 von 2')).to.equal(false);
    expect(isUsableTextLayer('\uFFFD'.repeat(30) + ' Rechnung')).to.equal(false);
    expect(isUsableTextLayer('Rechnung Nr. 4711 vom 12.03.2026')).to.equal(true);
  });
});
