import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { distance as editDistance } from 'fastest-levenshtein';
import type { ExtractedData } from '../../contracts/events/extracted-data.js';
import type { BenchSample, Corpus } from './bench-sample.js';
import type { ExpectedFields, FieldComparison } from './compare-fields.js';
import { compareAllFields } from './judged-fields.js';

/**
 * Nine invoice templates of another author, 100 invoices each, filled from Odoo's demo data and rendered
 * as 200-dpi page images (github.com/mouadhamri/invoice_dataset, published with a paper on invoice
 * extraction; no licence is stated, so the data is read at benchmark time from a directory outside the
 * repository: `npm run bench:fetch-odoo-models -- <dir>`, KONTOR_ODOO_MODELS_DIR, default
 * bench/accuracy/.odoo-models). No rule of Kontor was written from them: a generator nobody here wrote.
 *
 * Each invoice has its values (`xml/`) and the words of its page labelled with the field they belong to
 * (`annotations/`, the dataset's own OCR). A value is judged only where the page prints it: its label occurs
 * on the page, and for amounts, the printed number under that label is the value (so a template that prints
 * a line's gross where the values hold its net is not judged on it). Two quirks of the values are handled:
 * `total_amount` repeats the tax amount in every file, so the gross judged is net + tax; and the "supplier"
 * is Odoo's partner, printed as the addressee on some templates and as the issuer on others, so it and its
 * address are judged on whichever party, sender or receiver, carries its name (else its postal code).
 *
 * Split: within each template, the files in name order alternate, the first held out, the second tuning, and so on;
 * samples are listed template by template in turn, so `--limit 18` reads two of each.
 */

export const ODOO_MODELS_DIRECTORY = process.env.KONTOR_ODOO_MODELS_DIR ?? join(import.meta.dirname, '.odoo-models');
export const ODOO_MODELS = 9;

export interface OdooLine {
  description: string;
  quantity: string;
  uom: string;
  price: string;
  tax: string;
  subTotal: string;
}

export interface OdooInvoice {
  supplier: string;
  invoiceNumber: string;
  poNumber: string;
  invoiceDate: string;
  dueDate: string;
  currency: string;
  address: string;
  totalUntaxed: string;
  taxAmount: string;
  lines: OdooLine[];
}

/** A word of the page as the dataset's annotation gives it, with the field it belongs to (`O` for none). */
export interface LabelledWord {
  top: number;
  text: string;
  label: string;
}

const childText = (parent: Element, name: string): string => parent.getElementsByTagName(name)[0]?.textContent?.trim() ?? '';

export const parseOdooInvoice = (xml: string): OdooInvoice => {
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
  const lines = Array.from(root.getElementsByTagName('line')).map((line) => ({
    description: childText(line, 'description'),
    quantity: childText(line, 'quantity'),
    uom: childText(line, 'uom'),
    price: childText(line, 'price'),
    tax: childText(line, 'tax'),
    subTotal: childText(line, 'sub_total'),
  }));
  return {
    supplier: childText(root, 'supplier'),
    invoiceNumber: childText(root, 'invoice_number'),
    poNumber: childText(root, 'po_number'),
    invoiceDate: childText(root, 'invoice_date'),
    dueDate: childText(root, 'invoice_date_due'),
    currency: childText(root, 'currency_id'),
    address: childText(root, 'address'),
    totalUntaxed: childText(root, 'total_untaxed'),
    taxAmount: childText(root, 'tax_amount'),
    lines,
  };
};

const ANNOTATION_ROW = /^(\d+),(\d+),(\d+),(\d+),("(?:[^"]|"")*"|[^,]*),(.+)$/;

export const parseAnnotations = (csv: string): LabelledWord[] =>
  csv
    .split(/\r?\n/)
    .slice(1)
    .flatMap((row) => {
      const match = ANNOTATION_ROW.exec(row.trim());
      if (!match) return [];
      const text = match[5]!.startsWith('"') ? match[5]!.slice(1, -1).replace(/""/g, '"') : match[5]!;
      return [{ top: Number(match[2]), text, label: match[6]!.trim() }];
    });

/** The values' dates as ISO: 2015-02-02, 20150202 and the month-first 02/28/2015 all occur. */
export const odooDate = (value: string): string | null => {
  const iso = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const monthFirst = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return monthFirst ? `${monthFirst[3]}-${monthFirst[1]}-${monthFirst[2]}` : null;
};

/** "TVA 5,5%" → 5.5; null for a line without tax. */
export const taxRateOf = (tax: string): number | null => {
  const rate = /(\d+(?:[.,]\d+)?)\s*%/.exec(tax);
  return rate ? Number(rate[1]!.replace(',', '.')) : null;
};

/** Words whose tops lie this close (pixels) are on one printed line. */
const SAME_LINE_PX = 10;

/**
 * The numbers printed under a label, one per printed line: the line's words joined ("€24" "816,00" is
 * 24816.00; grouping spaces and currency signs dropped, the comma a decimal mark).
 */
export const printedNumbers = (words: readonly LabelledWord[], label: string): number[] => {
  const labelled = words.filter((word) => word.label === label).sort((a, b) => a.top - b.top);
  const lines: LabelledWord[][] = [];
  for (const word of labelled) {
    const line = lines.at(-1);
    if (line && word.top - line[0]!.top <= SAME_LINE_PX) line.push(word);
    else lines.push([word]);
  }
  return lines.flatMap((line) => {
    const digits = line
      .map((word) => word.text)
      .join('')
      .replace(/[^\d,.]/g, '')
      .replace(/\.(?=\d{3}(\D|$))/g, '')
      .replace(',', '.');
    return digits === '' || Number.isNaN(Number(digits)) ? [] : [Number(digits)];
  });
};

const amount = (value: number) => Number(value.toFixed(2));
const isPrinted = (value: number, printed: readonly number[]) => printed.some((number) => Math.abs(number - value) < 0.005);

export interface OdooAddress {
  street: string;
  postalCode: string;
  city: string;
}

/** "3575  Buena Vista Avenue  Eugene COR 97401 États Unis": street, then town, state, ZIP code and country. */
export const odooAddress = (address: string): OdooAddress | null => {
  const [street, rest] = address.split(/\s{2,}/);
  const town = rest ? /^(.+?)\s+[A-Z]{2,3}\s+(\d{5})\b/.exec(rest) : null;
  return street && town ? { street: street.trim(), postalCode: town[2]!, city: town[1]!.trim() } : null;
};

const alphanumerics = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * The annotation's words are the dataset's own OCR ("FAQ2/2015/020059" for FA02/2015/020059): a code is printed
 * when they spell it but for two characters. A template that prints another number than the values hold is not judged.
 */
const MAX_ANNOTATION_MISREADS = 2;
export const sameCode = (printed: string, value: string): boolean =>
  editDistance(alphanumerics(printed), alphanumerics(value)) <= MAX_ANNOTATION_MISREADS;

/** A date is printed when the page's date has its digits, in whatever order and form ("2015-30-01", "30/01/2015"). */
export const sameDate = (printed: string, iso: string): boolean => {
  const digits = (text: string) => [...text.replace(/\D/g, '')].sort().join('');
  return digits(printed) === digits(iso);
};

/** The fields of the accounting document and its items the page prints, as the benchmark's truth. */
export const expectedOdooFields = (invoice: OdooInvoice, words: readonly LabelledWord[]): ExpectedFields => {
  const labels = new Set(words.map((word) => word.label));
  const expected: ExpectedFields = {};
  const judge = (field: string, label: string, value: string | number | null) => {
    if (labels.has(label) && value !== null && value !== '') expected[field] = value;
  };
  const judgePrinted = (field: string, label: string, value: string | null, same: (printed: string, value: string) => boolean) => {
    const printed = words
      .filter((word) => word.label === label)
      .map((word) => word.text)
      .join(' ');
    if (value && printed !== '' && same(printed, value)) expected[field] = value;
  };
  judgePrinted('accounting_document.number', 'NUMBER', invoice.invoiceNumber, sameCode);
  judgePrinted('accounting_document.order_number', 'PO_NUMBER', invoice.poNumber, sameCode);
  judgePrinted('accounting_document.invoice_date', 'INVOICE_DATE', odooDate(invoice.invoiceDate), sameDate);
  judgePrinted('accounting_document.payment_conditions.due_date', 'INVOICE_DUE_DATE', odooDate(invoice.dueDate), sameDate);
  if (invoice.currency !== '' && words.some((word) => /€|EUR/.test(word.text))) expected['accounting_document.currency'] = invoice.currency;
  const net = amount(Number(invoice.totalUntaxed));
  const tax = amount(Number(invoice.taxAmount));
  const totals: [string, string, number][] = [
    ['accounting_document.amount_details.net_amount_total', 'TOTAL_UNTAXED', net],
    ['accounting_document.amount_details.tax_amount_total', 'TAX_AMOUNT', tax],
    ['accounting_document.amount_details.gross_amount_total', 'TOTAL_AMOUNT', amount(net + tax)],
  ];
  for (const [field, label, value] of totals) if (isPrinted(value, printedNumbers(words, label))) expected[field] = value;
  const columns: [keyof OdooLine, string, string][] = [
    ['quantity', 'LINE/QUANTITY', 'quantity'],
    ['price', 'LINE/PRICE', 'amount_unit'],
    ['subTotal', 'LINE/SUB_TOTAL', 'amount_total'],
  ];
  const printedColumns = columns.filter(([key, label]) => {
    const printed = printedNumbers(words, label);
    return invoice.lines.length > 0 && invoice.lines.every((line) => isPrinted(Number(line[key]), printed));
  });
  invoice.lines.forEach((line, index) => {
    const prefix = `accounting_document.items.${index}`;
    judge(`${prefix}.title`, 'LINE/DESCRIPTION', line.description);
    judge(`${prefix}.unit`, 'LINE/UOM', line.uom);
    judge(`${prefix}.tax_rate`, 'LINE/TAX', taxRateOf(line.tax));
    for (const [key, , field] of printedColumns) expected[`${prefix}.${field}`] = amount(Number(line[key]));
  });
  return expected;
};

type PartyPrefix = 'sender_address' | 'receiver_address';

const letters = (value: string | null | undefined) => (value ?? '').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The party read as the invoice's "supplier": the one carrying its name, else its postal code, else the receiver. */
export const partyOf = (invoice: OdooInvoice, address: OdooAddress | null, data: ExtractedData): PartyPrefix => {
  const parties: [PartyPrefix, ExtractedData['senderAddress']][] = [
    ['sender_address', data.senderAddress],
    ['receiver_address', data.receiverAddress],
  ];
  const named = parties.find(([, party]) => letters(party?.company_name) === letters(invoice.supplier));
  const placed = parties.find(([, party]) => address !== null && party?.postal_code === address.postalCode);
  return (named ?? placed ?? parties[1]!)[0];
};

/** The supplier's name and address, judged on the party that carries them (see the corpus's note). */
export const compareOdooParty = (invoice: OdooInvoice, words: readonly LabelledWord[], data: ExtractedData): FieldComparison[] => {
  const labels = new Set(words.map((word) => word.label));
  const address = odooAddress(invoice.address);
  const prefix = partyOf(invoice, address, data);
  const expected: ExpectedFields = {};
  if (labels.has('SUPPLIER') && invoice.supplier !== '') expected[`${prefix}.company_name`] = invoice.supplier;
  if (address && words.some((word) => word.label === 'ADDRESS' && word.text.includes(address.postalCode))) {
    expected[`${prefix}.street_and_number`] = address.street;
    expected[`${prefix}.postal_code`] = address.postalCode;
    expected[`${prefix}.city_name`] = address.city;
  }
  return compareAllFields(expected, data);
};

export type OdooSplit = 'tuning' | 'held-out';

const modelDirectory = (model: number) => join(ODOO_MODELS_DIRECTORY, `invoice_dataset_model_${model}`);

const loadSplit = (split: OdooSplit) => async (): Promise<BenchSample[]> => {
  if (!existsSync(modelDirectory(1))) {
    console.error(
      `odoo-models-${split}: skipped, no invoices at ${ODOO_MODELS_DIRECTORY} (fill it with \`npm run bench:fetch-odoo-models -- <dir>\` and set KONTOR_ODOO_MODELS_DIR)`,
    );
    return [];
  }
  const perModel = await Promise.all(
    Array.from({ length: ODOO_MODELS }, async (_, index) => {
      const model = index + 1;
      const images = (await readdir(join(modelDirectory(model), 'images'))).filter((file) => file.endsWith('.jpg')).sort();
      return images.filter((_, position) => (position % 2 === 1 ? 'tuning' : 'held-out') === split).map((image) => ({ model, image }));
    }),
  );
  const longest = Math.max(...perModel.map((files) => files.length));
  const interleaved = Array.from({ length: longest }, (_, position) => perModel.flatMap((files) => files[position] ?? []));
  return Promise.all(
    interleaved.flat().map(async ({ model, image }): Promise<BenchSample> => {
      const directory = modelDirectory(model);
      const stem = image.replace(/\.jpg$/, '');
      const invoice = parseOdooInvoice(await readFile(join(directory, 'xml', `${stem}.xml`), 'utf8'));
      const words = parseAnnotations(await readFile(join(directory, 'annotations', `${stem}.tsv`), 'utf8'));
      const expected = expectedOdooFields(invoice, words);
      return {
        name: `model_${model}/${image}`,
        tags: { model: String(model) },
        expected,
        compare: (data) => [...compareAllFields(expected, data), ...compareOdooParty(invoice, words, data)],
        files: async () => [{ name: image, bytes: await readFile(join(directory, 'images', image)), mimeType: 'image/jpeg' }],
      };
    }),
  );
};

export const ODOO_MODELS_CORPORA: Corpus[] = (['tuning', 'held-out'] as const).map((split) => ({
  name: `odoo-models-${split}`,
  description: `nine invoice templates of another author filled from Odoo's demo data, 200-dpi images, ${split === 'tuning' ? 'every second file per template (tuning half)' : 'the other files (held-out half)'}`,
  target: 'scanned-or-photographed',
  load: loadSplit(split),
}));
