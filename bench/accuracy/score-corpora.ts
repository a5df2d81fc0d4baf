/**
 * Accuracy of the text extraction on real documents with ground truth (../shared/corpora, read-only):
 * invoice2data's compare set and the visible pages of the ZUGFeRD corpus's hybrid PDFs (their embedded
 * XML is the truth; the extractor reads only the PDF's text layer here). Prints per field how often the
 * value was right, wrong, missing or extra, per corpus.
 *
 *   npx tsx bench/accuracy/score-corpora.ts [--verbose] [--only <part of a file name>] [--ocr]
 */
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { ExtractedData } from '../../contracts/events/extracted-data.js';
import type { RecognizedWord } from '../../contracts/events/page-words.js';
import { toPageFractions } from '../../shared/files/page-words-blob.js';
import { extractFields } from '../../services/extractor/fields/extract-fields.js';
import { isUsableTextLayer, readPdfTextLayers } from '../../services/extractor/recognition/pdf-text-layer.js';
import { createTesseractRecognizer, type OcrEngine } from '../../services/extractor/recognition/tesseract-recognizer.js';
import { createLogger } from '../../shared/logging/logger.js';
import { compareFields, formatTally, partialAmountsKey, tally, type ExpectedFields, type FieldComparison, type Tally } from './compare-fields.js';

const run = promisify(execFile);
const CORPORA = process.env.CORPORA_DIR ?? join(import.meta.dirname, '../../../shared/corpora');
const MAX_PAGES = 20;

interface Sample {
  name: string;
  pdf: string;
  expected: ExpectedFields;
}

type Json = Record<string, unknown>;
const defined = (entries: Record<string, unknown>): ExpectedFields =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined)) as ExpectedFields;
const str = (value: unknown): string | null | undefined => (value === undefined ? undefined : value === null ? null : String(value));

/** invoice2data's field names (the issuer is its "partner") mapped to ours; unmapped fields are not judged. */
const fromInvoice2data = (truth: Json): ExpectedFields => {
  const lines = ((truth.lines as Json[] | undefined) ?? []).filter((line) => typeof line.name === 'string' && line.price_subtotal !== undefined);
  const items = Object.assign(
    {},
    ...lines.map((line, index) => ({
      [`accounting_document.items.${index}.title`]: str(line.name),
      [`accounting_document.items.${index}.quantity`]: str(line.qty),
      [`accounting_document.items.${index}.amount_total`]: str(line.price_subtotal),
      [`accounting_document.items.${index}.amount_unit`]: str(line.price_unit),
      [`accounting_document.items.${index}.tax_rate`]: str(line.line_tax_percent ?? line.taxpercent),
    })),
  ) as Json;
  return defined({
    'accounting_document.number': str(truth.invoice_number)?.replace(/^#/, ''),
    'accounting_document.invoice_date': str(truth.date),
    'accounting_document.delivery_date': str(truth.date_end),
    'accounting_document.order_number': str(truth.order_id),
    'accounting_document.currency': str(truth.currency),
    'accounting_document.amount_total': str(truth.amount),
    'accounting_document.amount_details.net_amount_total': str(truth.amount_untaxed),
    'accounting_document.amount_details.tax_amount_total': str(truth.amount_tax),
    'accounting_document.bank_accounts.iban': str(truth.iban),
    'accounting_document.bank_accounts.bic': str(truth.bic),
    'accounting_document.payment_conditions.due_date': str(truth.date_due),
    'accounting_document.reference': str(truth.payment_reference),
    'sender_address.company_name': str(truth.partner_name),
    'sender_address.street_and_number': str(truth.partner_street),
    'sender_address.postal_code': str(truth.partner_zip),
    'sender_address.city_name': str(truth.partner_city),
    'sender_address.country_code': str(truth.country_code)?.toUpperCase(),
    'sender_address.vat_id': str(truth.vat ?? truth.static_vat),
    'accounting_document.items.count': lines.length > 0 ? String(lines.length) : undefined,
    ...items,
  });
};

const invoice2data = async (): Promise<Sample[]> => {
  const directory = join(CORPORA, 'invoice2data/tests/compare');
  const files = (await readdir(directory)).filter((file) => file.endsWith('.pdf')).sort();
  return Promise.all(
    files.map(async (file) => {
      const [truth] = JSON.parse(await readFile(join(directory, file.replace(/\.pdf$/, '.json')), 'utf8')) as Json[];
      return { name: file, pdf: join(directory, file), expected: fromInvoice2data(truth!) };
    }),
  );
};

const CREDIT_NOTE_CODES = ['381', '396', '532'];

/**
 * The party's name as the page prints it: some XML names carry the salutation ("Herrn\nMax Mustermann")
 * or ids ("GLN 4333741000005\nLief-Nr: 549910\nMUSTERLIEFERANT GMBH") on lines of their own.
 */
const printedName = (name: unknown): string | null | undefined => {
  const lines = str(name)
    ?.split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^(?:herrn?|frau)$/i.test(line) && !/^GLN\b|-Nr\b/i.test(line));
  return lines === undefined ? str(name) : lines.join(' ') || null;
};

const addressOf = (prefix: string, address: Json | null | undefined): ExpectedFields => {
  if (!address) return {};
  // The truth's company_id is mostly a GLN, which no page labels as a company id: not judged.
  return defined({
    [`${prefix}.company_name`]: printedName(address.company_name),
    [`${prefix}.contact_person_name`]: str(address.contact_person_name),
    [`${prefix}.street_and_number`]: str(address.street),
    [`${prefix}.postal_code`]: str(address.postal_code),
    [`${prefix}.city_name`]: str(address.city_name),
    [`${prefix}.country_code`]: str(address.country_code),
    [`${prefix}.vat_id`]: str(address.vat_id),
  });
};

/** Payment terms are free text in these e-invoices: the net due date and cash discounts are read from it. */
const paymentTermsOf = (conditions: Json[]): ExpectedFields => {
  const description = conditions.map((condition) => String(condition.description ?? '')).join(' ');
  const dated = conditions.find((condition) => condition.date)?.date;
  const netDate = /netto bis (\d{2})\.(\d{2})\.(\d{4})/.exec(description);
  const discounts = [...description.matchAll(/(\d+(?:,\d+)?) ?% Skonto innerhalb (\d+) Tagen/g)].map(
    (match) => `${Number(match[1]!.replace(',', '.'))}%/${match[2]}`,
  );
  return defined({
    'accounting_document.payment_conditions.due_date': str(dated) ?? (netDate ? `${netDate[3]}-${netDate[2]}-${netDate[1]}` : undefined),
    'accounting_document.payment_conditions.discount': discounts.length > 0 ? discounts.join(',') : undefined,
  });
};

const fromZugferd = (truth: Json): ExpectedFields => {
  const details = (truth.amount_details as Json | null) ?? {};
  const parts = (details.partial_amounts as Json[] | undefined) ?? [];
  const items = (truth.items as Json[] | undefined) ?? [];
  const accounts = (truth.bank_accounts as Json[] | undefined) ?? [];
  const code = str(truth.document_type_code);
  return defined({
    document_type: code ? (CREDIT_NOTE_CODES.includes(code) ? 'credit_note' : 'invoice') : undefined,
    'accounting_document.number': str(truth.number),
    'accounting_document.invoice_date': str(truth.invoice_date),
    'accounting_document.delivery_date': str(truth.delivery_date),
    'accounting_document.order_number': str(truth.order_number),
    'accounting_document.reference': str(truth.reference),
    'accounting_document.currency': str(truth.currency),
    'accounting_document.amount_total': str(details.gross),
    'accounting_document.amount_details.gross_amount_total': str(details.gross),
    'accounting_document.amount_details.net_amount_total': str(details.net),
    'accounting_document.amount_details.tax_amount_total': str(details.tax),
    'accounting_document.amount_details.partial_amounts': partialAmountsKey(
      parts.map((part) => ({ rate: part.tax_rate as number, net: part.net as number, tax: part.tax as number })),
    ),
    'accounting_document.bank_accounts.iban': accounts.length > 0 ? accounts.map((account) => String(account.iban)).sort().join(',') : undefined,
    ...paymentTermsOf((truth.payment_conditions as Json[] | undefined) ?? []),
    ...addressOf('sender_address', truth.sender_address as Json | null),
    ...addressOf('receiver_address', truth.receiver_address as Json | null),
    'accounting_document.items.count': items.length > 0 ? String(items.length) : undefined,
    ...Object.assign(
      {},
      ...items.map((item, index) => ({
        [`accounting_document.items.${index}.title`]: str(item.title),
        [`accounting_document.items.${index}.quantity`]: str(item.quantity),
        [`accounting_document.items.${index}.unit`]: str(item.unit),
        [`accounting_document.items.${index}.tax_rate`]: str(item.tax_rate),
        [`accounting_document.items.${index}.amount_total`]: str(item.amount_net),
      })),
    ),
  });
};

const zugferd = async (): Promise<Sample[]> => {
  const directory = join(CORPORA, 'zugferd');
  const rows = (await readFile(join(directory, '_ground_truth_embedded.jsonl'), 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Json);
  const samples = new Map<string, Sample>();
  for (const row of rows) {
    const xmlFile = String(row.xml_file);
    // Files under fail/ carry deliberate errors in their XML: no truth to score against.
    if (row.error || row.number === undefined || xmlFile.includes('/fail/')) continue;
    const pdf = xmlFile.replace(/^_embedded_xml\//, '').replace(/\/[^/]+$/, '.pdf');
    if (!samples.has(pdf)) samples.set(pdf, { name: pdf, pdf: join(directory, pdf), expected: fromZugferd(row) });
  }
  return [...samples.values()].sort((a, b) => a.name.localeCompare(b.name));
};

const FULL_EXTRACTION = { documentType: null, extractionProcess: 'full-extraction', extractLineItems: true } as const;

interface PageRead {
  pageNumber: number;
  text: string;
  confidence: number | null;
  words: RecognizedWord[];
}

/** The PDF's text layer with its word boxes, as recognition reads a born-digital PDF. */
const textLayerPages = async (pdf: string): Promise<PageRead[]> => {
  const layers = await readPdfTextLayers(await readFile(pdf), Array.from({ length: MAX_PAGES }, (_, index) => index + 1));
  return [...layers.entries()]
    .filter(([, layer]) => isUsableTextLayer(layer.text))
    .map(([pageNumber, layer]) => ({
      pageNumber,
      text: layer.text,
      confidence: null,
      words: layer.pieces.map((piece) => ({ text: piece.text, box: toPageFractions(piece, layer.width, layer.height), confidence: null })),
    }));
};

/** Each page rendered at OCR resolution (poppler's pdftoppm) and OCR'd, as recognition reads a scan. */
const ocrPages = async (pdf: string, ocr: OcrEngine): Promise<PageRead[]> => {
  const pages: PageRead[] = [];
  for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
    const image = await run('pdftoppm', ['-r', '300', '-png', '-f', String(pageNumber), '-l', String(pageNumber), pdf], { encoding: 'buffer', maxBuffer: 1 << 28 })
      .then(({ stdout }) => stdout)
      .catch(() => null);
    if (!image || image.length === 0) break;
    const { width = 1, height = 1 } = await sharp(image).metadata();
    const read = await ocr.recognize(image);
    pages.push({
      pageNumber,
      text: read.text,
      confidence: read.confidence,
      words: read.words.map((word) => ({ text: word.text, box: toPageFractions(word, width, height), confidence: word.confidence })),
    });
  }
  return pages;
};

const extract = async (pdf: string, ocr: OcrEngine | null): Promise<ExtractedData> => {
  const pages = ocr ? await ocrPages(pdf, ocr) : await textLayerPages(pdf);
  return extractFields({ pages, words: new Map(pages.map((page) => [page.pageNumber, page.words])), requested: FULL_EXTRACTION });
};

const describe = (comparison: FieldComparison) =>
  `  ${comparison.outcome.padEnd(7)} ${comparison.field}: expected ${JSON.stringify(comparison.expected)}, got ${JSON.stringify(comparison.actual)}`;

interface Options {
  verbose: boolean;
  only: string | null;
  ocr: OcrEngine | null;
}

const score = async (corpus: string, samples: Sample[], options: Options): Promise<Tally> => {
  const counts: Tally = new Map();
  for (const sample of samples) {
    let comparisons: FieldComparison[];
    try {
      // What the DataExtracted event would refuse is a bug, whatever the accuracy.
      const extracted = ExtractedData.parse(await extract(sample.pdf, options.ocr));
      comparisons = compareFields(sample.expected, extracted);
    } catch (error) {
      console.log(`${corpus}: ${sample.name}: extraction failed: ${String(error)}`);
      continue;
    }
    tally(comparisons, counts);
    const problems = comparisons.filter((comparison) => comparison.outcome !== 'right');
    if (options.verbose && problems.length > 0) console.log(`${corpus}: ${basename(sample.name)}\n${problems.map(describe).join('\n')}`);
  }
  return counts;
};

const main = async () => {
  const args = process.argv.slice(2);
  const onlyIndex = args.indexOf('--only');
  // --ocr reads rendered pages with OCR instead of the text layer: the path scans take (slow: seconds a page).
  const ocr = args.includes('--ocr')
    ? createTesseractRecognizer({ languages: ['eng', 'deu', 'fra', 'ita'], workers: 1, workDir: join(tmpdir(), 'kontor-bench-ocr'), logger: createLogger('bench', 'silent') })
    : null;
  const options: Options = { verbose: args.includes('--verbose'), only: onlyIndex >= 0 ? (args[onlyIndex + 1] ?? null) : null, ocr };
  try {
    for (const [corpus, load] of [
      ['invoice2data', invoice2data],
      ['zugferd', zugferd],
    ] as const) {
      const samples = (await load()).filter((sample) => !options.only || sample.name.includes(options.only));
      const counts = await score(corpus, samples, options);
      console.log(`\n${corpus} (${samples.length} documents${ocr ? ', OCR' : ''})\n${formatTally(counts)}\n`);
    }
  } finally {
    await ocr?.stop();
  }
};

await main();
