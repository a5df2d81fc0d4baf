import { isValidIBAN } from 'ibantools';
import { checkVAT, countries } from 'jsvat';
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { getDocument } from '../../shared/files/pdfjs.js';
import type { BenchSample, Corpus, SourceFile } from './bench-sample.js';
import type { ExpectedFields } from './compare-fields.js';
import { zugferdHybrids } from './shared-corpora.js';

/**
 * ZUGFeRD/Factur-X hybrids read the way the service reads any other PDF: the embedded XML taken out, so
 * that only the printed page speaks, and judged against that XML's values. Real invoices from many
 * producers' software, none of them written for Kontor and none of them read while writing the text
 * rules (the XML always won there): a born-digital source of layouts the house generators never made.
 *
 * The XML may hold more than the page prints (a GLN, a buyer reference, a country code the page leaves
 * to the address); a truth value is judged only when the page's text prints it, in one of the forms
 * invoices print it, and a truth of "none" is not judged (the XML's silence says nothing of the page).
 */

/** The PDF without its attachments: the names tree's embedded files, the catalog's associated files and file annotations. */
export const withoutAttachments = async (pdf: Buffer): Promise<Buffer> => {
  const document = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false });
  document.catalog.delete(PDFName.of('AF'));
  document.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.delete(PDFName.of('EmbeddedFiles'));
  for (const page of document.getPages()) {
    const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annotations) continue;
    const kept = annotations
      .asArray()
      .filter(
        (annotation) =>
          (annotation instanceof PDFDict ? annotation : document.context.lookup(annotation, PDFDict))
            .get(PDFName.of('Subtype'))
            ?.toString() !== '/FileAttachment',
      );
    page.node.set(PDFName.of('Annots'), document.context.obj(kept));
  }
  return Buffer.from(await document.save());
};

/** The page text as one string per page, joined: what "printed" is checked against. */
const printedText = async (pdf: Buffer): Promise<string> => {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ' '}` : '')).join(''));
    }
    return pages.join('\n');
  } finally {
    await document.destroy();
  }
};

const MONTHS: Record<string, string[]> = {
  de: ['januar', 'februar', 'märz', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'dezember'],
  en: ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
};

/** Ways an ISO date is printed: numeric day-first, ISO, month-first US, and with the month's name or its first three letters. */
export const printedDates = (iso: string): string[] => {
  const [year, month, day] = iso.split('-');
  const short = year!.slice(2);
  const d = String(Number(day));
  const m = String(Number(month));
  const numeric = ['.', '/', '-'].flatMap((mark) => [
    [day, month, year].join(mark),
    [d, m, year].join(mark),
    [day, month, short].join(mark),
    [month, day, year].join(mark),
  ]);
  const named = Object.values(MONTHS).flatMap((names) => {
    const name = names[Number(month) - 1]!;
    return [name, name.slice(0, 3)].flatMap((word) => [
      `${d}. ${word} ${year}`,
      `${d} ${word} ${year}`,
      `${word} ${d}, ${year}`,
      `${day}-${word}-${year}`,
    ]);
  });
  return [iso, ...numeric, ...named];
};

/** Ways an amount is printed: two decimals (or none for a whole one), with a point or a comma, grouped or not. */
export const printedNumbers = (value: number): string[] => {
  const forms = new Set<string>();
  for (const decimals of Number.isInteger(value) ? [0, 1, 2, 3, 4] : [1, 2, 3, 4]) {
    const fixed = Math.abs(value).toFixed(decimals);
    if (Number(fixed) !== Math.abs(value)) continue;
    const [whole, fraction] = fixed.split('.');
    for (const group of ['', '.', ',', "'", ' ', '\u202f']) {
      const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, group);
      for (const mark of ['.', ',']) {
        if (group === mark) continue;
        forms.add(fraction === undefined ? grouped : `${grouped}${mark}${fraction}`);
      }
    }
  }
  return [...forms];
};

const squeezed = (text: string) => text.toLowerCase().replace(/\s+/g, '');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A figure printed as a figure of its own, not inside a longer one ("10,00" is not in "110,00"). */
const printsFigure = (text: string, forms: readonly string[]) =>
  forms.some((form) => new RegExp(`(?<![\\d.,])${escaped(form)}(?![\\d]|[.,]\\d)`).test(text));

const AMOUNT = /amount|total|quantity|\.net$|\.tax$/;

/** Whether the page prints a truth value of a field, in the forms invoices print such a value. */
export const isPrinted = (field: string, value: string, text: string): boolean => {
  const name = field.split('.').at(-1)!;
  if (field === 'document_type') return true;
  if (field.endsWith('items.count')) return true;
  if (/date$/.test(name)) return printedDates(value).some((form) => squeezed(text).includes(squeezed(form)));
  if (name === 'partial_amounts')
    return value.split(';').every((part) => {
      const [rate, net, tax] = part.split('/').map(Number);
      return (
        printsFigure(text, printedNumbers(rate!)) && printsFigure(text, printedNumbers(net!)) && printsFigure(text, printedNumbers(tax!))
      );
    });
  if (name === 'tax_rate') return new RegExp(`(?<![\\d.,])${Number(value)}(?:[.,]0+)?\\s*%`).test(text);
  if (AMOUNT.test(name)) return printsFigure(text, printedNumbers(Number(value)));
  if (name === 'currency') return text.includes(value) || (value === 'EUR' && text.includes('€'));
  if (['iban', 'vat_id', 'bic'].includes(name)) {
    const letters = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
    return value.split(',').every((id) => letters.includes(id.toUpperCase().replace(/[^A-Z0-9]/g, '')));
  }
  return squeezed(text).includes(squeezed(value));
};

/** Fields never judged on the print: a unit the XML gives as a code and the page as a word, a country the page leaves to the address. */
const UNJUDGED = /\.(unit|country_code)$/;

/**
 * A test file's made-up IBAN or VAT id ("DE123456789"), whose check digits fail: no real invoice prints one, and the
 * service rightly refuses to read one, so it is not judged (checked by ibantools and jsvat, not by the service's code).
 */
const isPlaceholderId = (field: string, value: string): boolean =>
  (field.endsWith('.iban') && value.split(',').some((iban) => !isValidIBAN(iban.replace(/\s/g, '').toUpperCase()))) ||
  (field.endsWith('.vat_id') && !checkVAT(value, countries).isValid);

const SALUTATION_LINE = /^(?:herrn?|frau|mr\.?|mrs\.?|ms\.?|monsieur|madame|mme\.?)$/iu;
const IDENTIFIER_LINE = /^(?:gln|[\p{L}-]*(?:nr|no|nummer|id)\.?)\s*[:.]?\s*\d[\d\s]*$/iu;

/**
 * A party's name without the lines some producers' XML puts before it in the same element: the letter's salutation
 * ("Herrn") or an identifier ("GLN 4333741000005", "Kunden-Nr. : 009420"). Neither is part of the name, and a reader
 * that leaves them out reads the name right.
 */
export const partyNameOf = (value: string): string => {
  const lines = value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const name = lines.filter((line) => !SALUTATION_LINE.test(line) && !IDENTIFIER_LINE.test(line));
  return (name.length > 0 ? name : lines).join('\n');
};

const LEADING_SALUTATION = /^(?:herrn?|frau|mr\.?|mrs\.?|ms\.?|monsieur|madame|mme\.?)\s+(?=\S)/iu;

/**
 * A contact person's name without the salutation some producers' XML puts before it ("Herr Thomas Auftraggeber"): a
 * salutation says how to address the person and is no part of the name, which the service reads without it.
 */
export const contactNameOf = (value: string): string => value.trim().replace(LEADING_SALUTATION, '');

/** The truth cut to what the page prints; an item count only when every item's title is printed. */
export const printedTruth = (expected: ExpectedFields, text: string): ExpectedFields => {
  const judged: ExpectedFields = {};
  for (const [field, truth] of Object.entries(expected)) {
    const value =
      typeof truth !== 'string'
        ? truth
        : field.endsWith('.company_name')
          ? partyNameOf(truth)
          : field.endsWith('.contact_person_name')
            ? contactNameOf(truth)
            : truth;
    if (value === null || UNJUDGED.test(field) || isPlaceholderId(field, String(value))) continue;
    if (isPrinted(field, String(value), text)) judged[field] = value;
  }
  const titles = Object.keys(expected).filter((field) => /^accounting_document\.items\.\d+\.title$/.test(field));
  if (titles.some((field) => !(field in judged))) delete judged['accounting_document.items.count'];
  return judged;
};

export const printedSample = async (hybrid: BenchSample): Promise<BenchSample | null> => {
  const [file] = await hybrid.files();
  const pdf = await withoutAttachments(file!.bytes).catch(() => null);
  if (pdf === null) return null;
  const expected = printedTruth(hybrid.expected, await printedText(pdf));
  const only: SourceFile = { ...file!, bytes: pdf };
  return { name: hybrid.name, expected, files: async () => [only] };
};

/**
 * Tuning and held-out halves by the software that made the PDF (its folder), so that the held-out half's layouts are
 * ones no rule was written from: symtrax, ZUGFeRD v1's samples and PHP's are tuned on; Factur-X's (XML-Rechnung/FX),
 * intarsys', FNFE's and Mustang's are judged. The same invoice content recurs across producers; the layouts do not.
 */
const TUNING_PRODUCERS = ['ZUGFeRDv2/correct/symtrax/', 'ZUGFeRDv1/', 'ZUGFeRDv2/correct/PHP_@gpFacturX/'];
export const printedSplitOf = (name: string): 'tuning' | 'held-out' =>
  TUNING_PRODUCERS.some((producer) => name.startsWith(producer)) ? 'tuning' : 'held-out';

export const ZUGFERD_PRINTED_CORPORA: Corpus[] = (['tuning', 'held-out'] as const).map((split) => ({
  name: `zugferd-printed-${split}`,
  description: `ZUGFeRD/Factur-X hybrids with their XML taken out, judged on the XML values the page prints (${split === 'tuning' ? 'symtrax, ZUGFeRD v1, PHP: tuning' : 'Factur-X, intarsys, FNFE, Mustang: held out'})`,
  target: 'born-digital',
  load: async () =>
    (await Promise.all((await zugferdHybrids()).filter((hybrid) => printedSplitOf(hybrid.name) === split).map(printedSample))).filter(
      (sample) => sample !== null,
    ),
}));
