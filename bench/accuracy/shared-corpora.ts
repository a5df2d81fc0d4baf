import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { corpusPath } from '../../harness/corpora.js';
import { mimeTypeOf, type BenchSample, type Corpus, type SourceFile } from './bench-sample.js';
import { partialAmountsKey, type ExpectedFields } from './compare-fields.js';

/**
 * The real documents of ../shared/corpora that have ground truth, mapped to the judged fields. Fields a
 * truth does not speak about are left out; where it says "none" (null) a value read counts as extra.
 */

type Json = Record<string, unknown>;

const str = (value: unknown): string | null | undefined =>
  value === undefined ? undefined : value === null || value === '' ? null : String(value);
const defined = (entries: Record<string, unknown>): ExpectedFields =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined)) as ExpectedFields;
const jsonLines = async (file: string): Promise<Json[]> =>
  (await readFile(corpusPath(file), 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Json);

const fileSample = (name: string, path: string, expected: ExpectedFields): BenchSample => ({
  name,
  expected,
  files: async (): Promise<SourceFile[]> => [{ name: basename(path), bytes: await readFile(path), mimeType: mimeTypeOf(path)! }],
});

const itemFields = (items: Json[], fields: Record<string, string>): ExpectedFields =>
  Object.assign(
    items.length > 0 ? { 'accounting_document.items.count': String(items.length) } : {},
    ...items.map((item, index) =>
      defined(
        Object.fromEntries(
          Object.entries(fields).map(([ours, theirs]) => [`accounting_document.items.${index}.${ours}`, str(item[theirs])]),
        ),
      ),
    ),
  ) as ExpectedFields;

/** A truth's IBAN or BIC that is none (a template's placeholder: "US1234567890", "bic") is not judged. */
const bankIdOrUnjudged = (value: string | null | undefined, isValid: (id: string) => boolean): string | null | undefined => {
  if (value === null || value === undefined) return value;
  const id = value.replace(/\s/g, '').toUpperCase();
  return isValid(id) ? value : undefined;
};

/** invoice2data's template output (its "partner" is the issuer); fields it has no name for are not judged. */
const fromInvoice2data = (truth: Json): ExpectedFields => {
  const lines = ((truth.lines as Json[] | undefined) ?? []).filter(
    (line) => typeof line.name === 'string' && line.price_subtotal !== undefined,
  );
  return defined({
    'accounting_document.number': str(truth.invoice_number)?.replace(/^#/, ''),
    'accounting_document.invoice_date': str(truth.date),
    'accounting_document.delivery_date': str(truth.date_end),
    'accounting_document.order_number': str(truth.order_id),
    'accounting_document.currency': str(truth.currency),
    'accounting_document.amount_total': str(truth.amount),
    'accounting_document.amount_details.net_amount_total': str(truth.amount_untaxed),
    'accounting_document.amount_details.tax_amount_total': str(truth.amount_tax),
    'accounting_document.bank_accounts.iban': bankIdOrUnjudged(str(truth.iban), isValidIBAN),
    'accounting_document.bank_accounts.bic': bankIdOrUnjudged(str(truth.bic), isValidBIC),
    'accounting_document.payment_conditions.due_date': str(truth.date_due),
    'accounting_document.reference': str(truth.payment_reference),
    'sender_address.company_name': str(truth.partner_name),
    'sender_address.street_and_number': str(truth.partner_street),
    'sender_address.postal_code': str(truth.partner_zip),
    'sender_address.city_name': str(truth.partner_city),
    'sender_address.country_code': str(truth.country_code)?.toUpperCase(),
    'sender_address.vat_id': str(truth.vat ?? truth.static_vat),
    ...itemFields(lines, {
      title: 'name',
      quantity: 'qty',
      amount_total: 'price_subtotal',
      amount_unit: 'price_unit',
      tax_rate: 'line_tax_percent',
    }),
  });
};

/** invoice2data's compare set: PDFs, and the PNG renderings some of them come with (the same truth, read by OCR). */
const invoice2data = (extension: 'pdf' | 'png') => async (): Promise<BenchSample[]> => {
  const directory = corpusPath('invoice2data/tests/compare');
  const files = (await readdir(directory)).filter((file) => file.endsWith(`.${extension}`)).sort();
  return Promise.all(
    files.map(async (file) => {
      const [truth] = JSON.parse(await readFile(join(directory, file.replace(/\.\w+$/, '.json')), 'utf8')) as Json[];
      return fileSample(file, join(directory, file), fromInvoice2data(truth!));
    }),
  );
};

const CREDIT_NOTE_CODES = ['381', '396', '532'];

const POST_OFFICE_BOX = /^(?:Postfach|Case postale|Casella postale|P\.? ?O\.? ?Box)\b/i;

/**
 * The street line of an e-invoice party: a post office box ("Postfach 123456") is judged as the box
 * number, as the e-invoice reader gives it; a line without a digit is not judged (see below).
 */
const streetOf = (prefix: string, street: string | null | undefined): ExpectedFields => {
  if (street === undefined) return {};
  if (street !== null && POST_OFFICE_BOX.test(street))
    return { [`${prefix}.post_office_box`]: street.replace(POST_OFFICE_BOX, '').trim() || null };
  return street === null || /\d/.test(street) ? { [`${prefix}.street_and_number`]: street } : {};
};

/**
 * Where the derived truth is known to misread the XML (see services/extractor/einvoice/corpus.test.ts),
 * the field is not judged: a street "line" without a digit is the person on the first address line, a
 * "VAT id" without a country prefix is a tax number, and UBL names are the trading name (BT-28) where
 * the CII ones are the legal name (BT-27).
 */
const partyOf = (prefix: string, party: Json | null | undefined, ubl: boolean): ExpectedFields =>
  party
    ? defined({
        [`${prefix}.company_name`]: ubl ? undefined : str(party.company_name),
        [`${prefix}.contact_person_name`]: str(party.contact_person_name),
        ...streetOf(prefix, str(party.street)),
        [`${prefix}.postal_code`]: str(party.postal_code),
        [`${prefix}.city_name`]: str(party.city_name),
        [`${prefix}.country_code`]: str(party.country_code),
        [`${prefix}.vat_id`]: party.vat_id === null || /^[A-Z]{2}/.test(String(party.vat_id)) ? str(party.vat_id) : undefined,
      })
    : {};

/** A truth date that is no calendar date ("201412", a month) is not judged. */
const isoDate = (value: unknown): string | null | undefined => {
  const date = str(value);
  return date === null || date === undefined || /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
};

/**
 * An e-invoice's derived truth (ZUGFeRD, Factur-X, XRechnung): the XML's own values. The party's
 * company id is not judged (the truth takes a GLN where the document has no register id), nor payment
 * terms beyond a dated due date (the truth keeps them as free text).
 */
const fromEInvoice = (truth: Json): ExpectedFields => {
  const details = (truth.amount_details as Json | null) ?? {};
  const parts = (details.partial_amounts as Json[] | undefined) ?? [];
  const accounts = (truth.bank_accounts as Json[] | undefined) ?? [];
  const dueDate = ((truth.payment_conditions as Json[] | undefined) ?? []).find((condition) => condition.date)?.date;
  const code = str(truth.document_type_code);
  // Lines with nothing in them are notes between items.
  const items = ((truth.items as Json[] | undefined) ?? []).filter((item) => Object.values(item).some((value) => value !== null));
  return defined({
    document_type: code ? (CREDIT_NOTE_CODES.includes(code) ? 'credit_note' : 'invoice') : undefined,
    'accounting_document.number': str(truth.number),
    'accounting_document.invoice_date': isoDate(truth.invoice_date),
    'accounting_document.delivery_date': isoDate(truth.delivery_date),
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
    'accounting_document.bank_accounts.iban': accounts.some((account) => account.iban)
      ? accounts
          .flatMap((account) => (account.iban ? [String(account.iban).replace(/\s/g, '')] : []))
          .sort()
          .join(',')
      : undefined,
    'accounting_document.payment_conditions.due_date': str(dueDate),
    ...partyOf('sender_address', truth.sender_address as Json | null, String(truth.syntax).startsWith('UBL')),
    ...partyOf('receiver_address', truth.receiver_address as Json | null, String(truth.syntax).startsWith('UBL')),
    ...itemFields(items, { title: 'title', quantity: 'quantity', unit: 'unit', tax_rate: 'tax_rate', amount_total: 'amount_net' }),
  });
};

/** Truth lines that are no e-invoice the service reads (FatturaPA, drafts) or whose file is not in the corpus. */
const usableEInvoiceTruth = (truth: Json): boolean => truth.error === undefined && truth.number !== undefined;

/** ZUGFeRD/Factur-X hybrids: the PDF as sent, judged against its embedded XML. Files under fail/ carry deliberate errors. */
export const zugferdHybrids = async (): Promise<BenchSample[]> => {
  const samples = new Map<string, BenchSample>();
  for (const truth of await jsonLines('zugferd/_ground_truth_embedded.jsonl')) {
    const xmlFile = String(truth.xml_file);
    if (!usableEInvoiceTruth(truth) || xmlFile.includes('/fail/')) continue;
    const pdf = `${dirname(xmlFile.replace(/^_embedded_xml\//, ''))}.pdf`;
    if (!samples.has(pdf) && existsSync(corpusPath(`zugferd/${pdf}`)))
      samples.set(pdf, fileSample(pdf, corpusPath(`zugferd/${pdf}`), fromEInvoice(truth)));
  }
  return [...samples.values()].sort((a, b) => a.name.localeCompare(b.name));
};

const standaloneXml = (folder: string, truthFile: string) => async (): Promise<BenchSample[]> =>
  (await jsonLines(`${folder}/${truthFile}`))
    .filter((truth) => usableEInvoiceTruth(truth) && existsSync(corpusPath(`${folder}/${String(truth.xml_file)}`)))
    .map((truth) => fileSample(String(truth.xml_file), corpusPath(`${folder}/${String(truth.xml_file)}`), fromEInvoice(truth)));

/**
 * A QR-bill's payload as the fields it fills: account, amount, currency, reference, message, creditor
 * (the sender) and debtor (the receiver). A file without a bill must yield no `es`; a file with two
 * bills is judged on its accounts only.
 */
const fromQrPayloads = (codes: Json[]): ExpectedFields => {
  if (codes.length === 0) return { 'accounting_document.es.es_iban': null };
  const bills = codes.map((code) => code.parsed as Record<string, string>);
  if (bills.length > 1)
    return { 'accounting_document.bank_accounts.iban': [...new Set(bills.map((bill) => bill.account!))].sort().join(',') };
  const bill = bills[0]!;
  const structured = bill.cr_adr_type === 'S';
  return defined({
    'accounting_document.es.es_iban': str(bill.account),
    'accounting_document.es.es_amount': str(bill.amount),
    'accounting_document.es.es_purpose': str(bill.unstructured_message),
    'accounting_document.bank_accounts.iban': str(bill.account),
    'accounting_document.currency': str(bill.currency),
    'accounting_document.reference': str(bill.reference),
    'accounting_document.amount_total': str(bill.amount) ?? undefined,
    'sender_address.company_name': str(bill.cr_name),
    ...(POST_OFFICE_BOX.test(bill.cr_street_or_line1 ?? '')
      ? { 'sender_address.post_office_box': str([bill.cr_street_or_line1, bill.cr_house_no_or_line2].filter(Boolean).join(' ')) }
      : {
          'sender_address.street_and_number': structured
            ? str([bill.cr_street_or_line1, bill.cr_house_no_or_line2].filter(Boolean).join(' '))
            : str(bill.cr_street_or_line1),
        }),
    'sender_address.postal_code': structured ? str(bill.cr_postal_code) : undefined,
    'sender_address.city_name': structured ? str(bill.cr_town) : undefined,
    'sender_address.country_code': str(bill.cr_country),
    'receiver_address.company_name': str(bill.ud_name) ?? undefined,
  });
};

const qrBills = async (): Promise<BenchSample[]> =>
  (await jsonLines('qrbill/_qr_payloads.jsonl'))
    .filter((truth) => mimeTypeOf(String(truth.file)) !== undefined)
    .map((truth) => fileSample(String(truth.file), corpusPath(`qrbill/${String(truth.file)}`), fromQrPayloads(truth.codes as Json[])));

export const SHARED_CORPORA: Corpus[] = [
  { name: 'invoice2data', description: 'invoice2data compare set, PDFs', target: 'born-digital', load: invoice2data('pdf') },
  {
    name: 'invoice2data-images',
    description: 'invoice2data compare set, PNG renderings (OCR)',
    target: 'scanned-or-photographed',
    load: invoice2data('png'),
  },
  {
    name: 'zugferd',
    description: 'ZUGFeRD/Factur-X hybrid PDFs against their embedded XML',
    target: 'machine-readable',
    load: zugferdHybrids,
  },
  {
    name: 'zugferd-xml',
    description: 'standalone CII/UBL e-invoices of the ZUGFeRD corpus',
    target: 'machine-readable',
    load: standaloneXml('zugferd', '_ground_truth_xml.jsonl'),
  },
  {
    name: 'xrechnung',
    description: 'XRechnung test suite (UBL and CII)',
    target: 'machine-readable',
    load: standaloneXml('xrechnung', '_ground_truth.jsonl'),
  },
  {
    name: 'qrbill',
    description: 'Swiss QR-bills (PDF and images) against their decoded payloads',
    target: 'machine-readable',
    load: qrBills,
  },
];
