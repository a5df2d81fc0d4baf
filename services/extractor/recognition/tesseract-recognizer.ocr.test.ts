import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import sharp from 'sharp';
import { createLogger } from '../../../shared/logging/logger.js';
import type { OcrEngine } from './ocr-engine.js';
import { createTesseractRecognizer, languageDataFile } from './tesseract-recognizer.js';
import { OcrPageBudgetSpent } from './ocr-page-budget.js';
import { corpusPath } from '../../../harness/corpora.js';

const CORPUS = corpusPath('invoice2data/tests/compare');

/** Page 1 of a corpus PDF as the converter rasters it: a PNG at 300 dpi. */
const renderPage = async (pdf: string, directory: string): Promise<Buffer> => {
  await promisify(execFile)('pdftoppm', [
    '-r',
    '300',
    '-png',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    join(CORPUS, pdf),
    join(directory, 'page'),
  ]);
  return readFile(join(directory, 'page.png'));
};

const textImage = (lines: string[]): Promise<Buffer> => {
  const text = lines.map((line, index) => `<text x="60" y="${100 + index * 80}" font-family="sans-serif" font-size="40">${line}</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="${120 + lines.length * 80}"><rect width="100%" height="100%" fill="white"/>${text.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};

describe('extractor: OCR with tesseract.js', function () {
  this.timeout(120_000);

  let directory: string;
  let ocr: OcrEngine;

  /** A recognizer of the four languages, without a second reader, working in `work` of the test's directory. */
  const recognizer = (work: string, given: { workers?: number; pageBudgetMs?: number } = {}) =>
    createTesseractRecognizer({
      languages: ['eng', 'deu', 'fra', 'ita'],
      workers: given.workers ?? 1,
      workDir: join(directory, work),
      logger: createLogger('ocr-test', 'silent'),
      lineReader: null,
      pageBudgetMs: given.pageBudgetMs ?? 120_000,
    });

  before(async () => {
    directory = await mkdtemp(join(tmpdir(), 'kontor-ocr-test-'));
    ocr = recognizer('work');
  });

  after(async () => {
    await ocr.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('reads a rendered invoice page, laid out in lines and columns, with its mean word confidence', async () => {
    const image = await renderPage('NetpresseInvoice.pdf', directory);

    const started = performance.now();
    const { text, confidence } = await ocr.recognize(image);
    console.log(
      `      OCR of one A4 page at 300 dpi: ${Math.round(performance.now() - started)} ms (first page includes starting the worker)`,
    );

    expect(text).to.match(/Facture n° 2022089083/);
    expect(text).to.match(/Total TTC : {2,}56,02 €/);
    expect(text).to.include('BREDFRPP');
    expect(confidence).to.be.within(0.8, 1);
  });

  it('given two workers, when a full page is recognized, then its words come back in page coordinates where one worker reads them (read in parts at once on a machine of two cores or more)', async () => {
    const image = await renderPage('NetpresseInvoice.pdf', directory);
    const twoWorkers = recognizer('work-two', { workers: 2 });
    try {
      const [whole, inParts] = [await ocr.recognize(image), await twoWorkers.recognize(image)];

      expect(inParts.text).to.match(/Total TTC : {2,}56,02 €/);
      expect(inParts.text).to.include('BREDFRPP');
      const boxOf = (result: typeof whole, text: string) => result.words.find((word) => word.text === text);
      for (const text of ['2022089083', '56,02', 'BREDFRPP', 'NETPRESSE']) {
        const [one, two] = [boxOf(whole, text), boxOf(inParts, text)];
        expect(two, text).to.not.equal(undefined);
        expect(Math.abs(two!.top - one!.top) + Math.abs(two!.left - one!.left), text).to.be.below(6);
      }
      expect(inParts.confidence).to.be.within(0.8, 1);
    } finally {
      await twoWorkers.stop();
    }
  });

  it('given a page whose large letter-spaced title the layout analysis reads as scattered letters, when it is recognized, then the title comes back whole', async () => {
    // Read with the rest of this page, "INVOICE" in large capitals comes back as "| N V | E".
    const image = await readFile(join(CORPUS, 'SammyMaystoneLinesTest.png'));

    const { text, words } = await ocr.recognize(image);

    expect(words.filter((word) => word.top < 200 && word.left > 1200).map((word) => word.text)).to.have.members([
      'INVOICE',
      '#',
      'invoice_number_1',
    ]);
    expect(text).to.match(/ INVOICE\n/);
  });

  it('given a ruled totals box whose first row the page’s reading loses to its rules, when the page is recognized, then that row comes back', async () => {
    const cell = (x: number, y: number, text: string, anchor = 'start') =>
      `<text x="${x}" y="${y}" text-anchor="${anchor}" font-family="serif" font-size="36">${text}</text>`;
    const rows = [
      ['Warenwert netto', '5 486,64'],
      ['MwSt. 20%', '1 097,33'],
      ['Rechnungsbetrag EUR', '6 583,97'],
    ];
    const page =
      ['Donau GmbH', 'Neubaugasse 23', '4020 Linz'].map((line, index) => cell(150, 200 + index * 50, line)).join('') +
      cell(150, 900, 'Beratungsleistung 20% 2 503,68') +
      '<g stroke="black" stroke-width="4" fill="none"><rect x="1330" y="1100" width="1000" height="240"/>' +
      '<line x1="1330" y1="1180" x2="2330" y2="1180"/><line x1="1330" y1="1260" x2="2330" y2="1260"/><line x1="1980" y1="1100" x2="1980" y2="1340"/></g>' +
      rows.map(([label, amount], index) => cell(1350, 1155 + index * 80, label!) + cell(2310, 1155 + index * 80, amount!, 'end')).join('');
    const image = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="2480" height="1600"><rect width="100%" height="100%" fill="white"/>${page}</svg>`,
      ),
    )
      .png()
      .toBuffer();

    const { text } = await ocr.recognize(image);

    expect(text).to.match(/Warenwert netto[^\n]*486,64/);
    expect(text).to.match(/Rechnungsbetrag EUR[^\n]*6 583,97/);
  });

  it('given a picture asked to be read in one pass, when it is recognized, then its words come back from the one reading, where doubtful words are not looked at again', async () => {
    const image = await readFile(join(CORPUS, 'SammyMaystoneLinesTest.png'));

    const { words } = await ocr.recognize(image, { onePass: true });

    // The large letter-spaced title a second look reads whole stays as the one pass read it.
    expect(words.filter((word) => word.top < 200 && word.left > 1200).map((word) => word.text)).to.not.include('INVOICE');
    expect(words.map((word) => word.text)).to.include('invoice_number_1');
  });

  it('reads English, German, French and Italian words with the same worker', async () => {
    const image = await textImage([
      'Invoice Date 12.03.2026',
      'Rechnungsdatum Gesamtbetrag',
      'Facture Montant total',
      'Fattura Totale documento',
    ]);

    const { text } = await ocr.recognize(image);

    for (const word of ['Invoice', '12.03.2026', 'Rechnungsdatum', 'Gesamtbetrag', 'Facture', 'Montant', 'Fattura', 'Totale'])
      expect(text).to.include(word);
  });

  it('given a recognition asked for German only, when it is read, then a worker of that language reads it, and stopping removes both language directories', async () => {
    const { text } = await ocr.recognize(await textImage(['Rechnungsbetrag: 1081.00 CHF, zahlbar bis Ende März']), { languages: ['deu'] });

    expect(text).to.include('Rechnungsbetrag: 1081.00 CHF, zahlbar bis Ende März');
    expect(await readdir(join(directory, 'work'))).to.have.length(2);
    await ocr.stop();
    expect(await readdir(join(directory, 'work'))).to.deep.equal([]);
  });

  it('gives empty text and zero confidence for a blank page', async () => {
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();

    expect(await ocr.recognize(blank)).to.deep.equal({ text: '', confidence: 0, words: [] });
  });

  it('removes its language directory on stop and starts again when needed', async () => {
    await ocr.stop();
    expect(await readdir(join(directory, 'work'))).to.deep.equal([]);

    const { text } = await ocr.recognize(await textImage(['Total CHF 1081.00']));

    expect(text).to.include('Total CHF 1081.00');
  });

  it('given a page that takes longer than the OCR time a page may take, when it is recognized, then it fails with ocr_failed and the next page is read by a worker started in place of the one ended', async () => {
    const page = await renderPage('NetpresseInvoice.pdf', directory);
    const { width, height } = await sharp(page).metadata();
    // Three pages tall, read in one piece by one worker: many times the small page's reading below.
    const tall = await sharp({ create: { width: width!, height: height! * 3, channels: 3, background: '#ffffff' } })
      .composite([0, 1, 2].map((index) => ({ input: page, left: 0, top: index * height! })))
      .png()
      .toBuffer();
    const budgeted = recognizer('work-budget', { pageBudgetMs: 3000 });
    try {
      await budgeted.recognize(await textImage(['warm']));

      const failure = await budgeted.recognize(tall).catch((error: unknown) => error);
      const { text } = await budgeted.recognize(await textImage(['Total CHF 1081.00']));

      expect(failure).to.be.instanceOf(OcrPageBudgetSpent).and.include({ code: 'ocr_failed', retriable: false });
      expect(text).to.include('Total CHF 1081.00');
    } finally {
      await budgeted.stop();
    }
  });

  it('finds installed language data only', () => {
    expect(languageDataFile('deu')).to.match(/@tesseract\.js-data\/deu\/4\.0\.0_best_int\/deu\.traineddata\.gz$/);
    expect(languageDataFile('klingon')).to.equal(null);
  });
});
