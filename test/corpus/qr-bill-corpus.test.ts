import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { corpusPath } from '../../harness/corpora.js';
import { encodePagePng } from '../../services/converter/rendering/source-page-raster.js';
import { renderPages } from '../../services/converter/rendering/render-pages.js';
import { decodeQrCodes } from '../../services/extractor/swiss-payments/decode-qr-codes.js';
import { parseSwissQrPayload } from '../../services/extractor/swiss-payments/parse-swiss-qr-payload.js';
import { toEsFields } from '../../services/extractor/swiss-payments/qr-bill-fields.js';
import type { QrAddress, SwissQrBill } from '../../services/extractor/swiss-payments/swiss-qr-bill.js';
import { testPdfRenderer } from '../support/pdf-renderer.js';

/**
 * Every file of the QR-bill corpus (../shared/corpora/qrbill) through what the pipeline does: the converter's
 * page images at 300 dpi, then every QR code on each page, against `_qr_payloads.jsonl`. SVGs, not a type
 * clients may send, are rasterized at 300 dpi and must carry the bill of their PDF or PNG namesake.
 */

const QRBILL = corpusPath('qrbill');
const LIMITS = { maxPages: 20, maxPixels: 100_000_000, dpi: 300 };
const MIME_TYPES: Record<string, string> = { '.pdf': 'application/pdf', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };
const MM_PER_INCH = 25.4;

interface TruthCode {
  page_image: string;
  raw_payload: string;
  parsed: Record<string, string | null>;
}

const truth = new Map<string, TruthCode[]>(
  readFileSync(path.join(QRBILL, '_qr_payloads.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { file: string; codes: TruthCode[] })
    .map(({ file, codes }) => [file, codes]),
);

const filesUnder = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(directory, entry.name)) : [path.relative(QRBILL, path.join(directory, entry.name))],
  );

const svgFiles = filesUnder(QRBILL).filter((file) => file.endsWith('.svg'));

/** librsvg sizes an SVG given in mm oddly under sharp's density; pixel sizes make it render at 300 dpi. */
const svgAt300Dpi = (svg: string): Promise<Buffer> => {
  const pixels = (mm: string) => String(Math.round((Number(mm) / MM_PER_INCH) * LIMITS.dpi));
  const sized = svg.replace(
    /<svg width="([\d.]+)mm" height="([\d.]+)mm"/,
    (_, width: string, height: string) => `<svg width="${pixels(width)}" height="${pixels(height)}"`,
  );
  return sharp(Buffer.from(sized)).flatten({ background: '#ffffff' }).png().toBuffer();
};

const pageImagesOf = async (file: string): Promise<Buffer[]> => {
  const bytes = readFileSync(path.join(QRBILL, file));
  if (file.endsWith('.svg')) return [await svgAt300Dpi(bytes.toString('utf8'))];
  const pages: Buffer[] = [];
  for await (const raster of renderPages(bytes, MIME_TYPES[path.extname(file)]!, LIMITS, testPdfRenderer))
    pages.push(await encodePagePng(raster));
  return pages;
};

interface CodeOnPage {
  page: number;
  payload: string;
}

const byPageAndPayload = (a: CodeOnPage, b: CodeOnPage) => a.page - b.page || a.payload.localeCompare(b.payload);

const qrBillsOn = async (file: string): Promise<CodeOnPage[]> => {
  const found: CodeOnPage[] = [];
  for (const [index, page] of (await pageImagesOf(file)).entries()) {
    for (const payload of await decodeQrCodes(page)) if (payload.startsWith('SPC')) found.push({ page: index + 1, payload });
  }
  return found.sort(byPageAndPayload);
};

const expectedOn = (codes: TruthCode[]): CodeOnPage[] =>
  codes.map((code) => ({ page: Number(/\d+/.exec(code.page_image)?.[0] ?? 1), payload: code.raw_payload })).sort(byPageAndPayload);

const validBill = (payload: string): SwissQrBill => {
  const result = parseSwissQrPayload(payload);
  if (!result.valid) expect.fail(`a corpus payload was refused: ${result.reason}`);
  return result.bill;
};

/** The bill's address back in the corpus's element order, empty elements as empty strings. */
const addressElements = (address: QrAddress | null): (string | null)[] => {
  if (!address) return ['', '', '', '', '', '', ''];
  return address.type === 'structured'
    ? ['S', address.name, address.street, address.houseNumber, address.postalCode, address.town, address.country]
    : ['K', address.name, address.line1, address.line2, '', '', address.country];
};

const ADDRESS_SUFFIXES = ['adr_type', 'name', 'street_or_line1', 'house_no_or_line2', 'postal_code', 'town', 'country'];

/** The corpus's split of a payload, in our terms: what must agree with our reading of the same payload. */
const truthFields = (parsed: Record<string, string | null>) => {
  const address = (prefix: string) => ADDRESS_SUFFIXES.map((suffix) => parsed[`${prefix}_${suffix}`] || null);
  return {
    account: parsed.account,
    creditor: address('cr'),
    ultimateCreditor: address('ucr'),
    ultimateDebtor: address('ud'),
    amount: parsed.amount || null,
    currency: parsed.currency,
    referenceType: parsed.reference_type,
    reference: parsed.reference || null,
    unstructuredMessage: parsed.unstructured_message || null,
    billInformation: parsed.bill_information || null,
    alternativeSchemes: [parsed.alt_scheme_1, parsed.alt_scheme_2].filter(Boolean),
  };
};

const ourFields = (bill: SwissQrBill) => {
  const address = (value: QrAddress | null) => addressElements(value).map((element) => element || null);
  return {
    account: bill.account,
    creditor: address(bill.creditor),
    ultimateCreditor: address(bill.ultimateCreditor),
    ultimateDebtor: address(bill.ultimateDebtor),
    amount: bill.amount,
    currency: bill.currency,
    referenceType: bill.referenceType,
    reference: bill.reference,
    unstructuredMessage: bill.unstructuredMessage,
    billInformation: bill.billInformation,
    alternativeSchemes: bill.alternativeSchemes,
  };
};

describe('swiss payments: every file of the QR-bill corpus', function () {
  // Rendering a PDF page at 300 dpi takes a second or two; a page without a bill tries every decoder.
  this.timeout(120_000);

  for (const [file, codes] of truth) {
    it(`${file}: ${codes.length === 0 ? 'no bill' : `${codes.length} bill(s), every field`}`, async () => {
      expect(await qrBillsOn(file)).to.deep.equal(expectedOn(codes));
      for (const code of codes) {
        const bill = validBill(code.raw_payload);
        expect(ourFields(bill)).to.deep.equal(truthFields(code.parsed));
        expect(toEsFields(bill).es).to.deep.include({
          es_amount: code.parsed.amount || null,
          es_iban: code.parsed.account,
          es_purpose: code.parsed.unstructured_message || null,
        });
      }
    });
  }

  for (const file of svgFiles) {
    const namesake = [...truth.keys()].find((known) => known.replace(/\.(pdf|png)$/, '') === file.replace(/\.svg$/, ''));
    it(`${file}: ${namesake ? `the bill of ${path.basename(namesake)}` : 'one valid bill'}`, async () => {
      const found = await qrBillsOn(file);
      if (namesake) expect(found.map((code) => code.payload)).to.deep.equal(truth.get(namesake)!.map((code) => code.raw_payload));
      else expect(found).to.have.length(1);
      for (const { payload } of found) validBill(payload);
    });
  }
});
