import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { CORPORA_DIR } from '../../harness/corpora.js';
import path from 'node:path';
import type { Element } from '@xmldom/xmldom';
import type { Address } from '../../contracts/events/extracted-data.js';
import { findEmbeddedInvoiceXml } from '../../services/extractor/einvoice/embedded-invoice-xml.js';
import { readEInvoice, type EInvoiceReading } from '../../services/extractor/einvoice/read-e-invoice.js';
import { parseXml, xmlQuery } from '../../services/extractor/einvoice/xml-query.js';

/*
 * Every e-invoice of the shared corpora against its derived ground truth (../shared/corpora/README.md).
 * The ground truth was made by machine; where it disagrees with the document, the document wins, and
 * the disagreement is listed in GROUND_TRUTH_EXCEPTIONS with the reason.
 */

const CORPORA = CORPORA_DIR;

interface TruthParty {
  company_name: string | null;
  contact_person_name: string | null;
  street: string | null;
  postal_code: string | null;
  city_name: string | null;
  country_code: string | null;
  vat_id: string | null;
  company_id: string | null;
}

interface Truth {
  xml_file: string;
  error?: string;
  number: string | null;
  invoice_date: string | null;
  delivery_date: string | null;
  order_number: string | null;
  reference: string | null;
  currency: string | null;
  amount_details: {
    gross: number | null;
    net: number | null;
    tax: number | null;
    partial_amounts: Array<{ tax_rate: number | null; net: number | null; tax: number | null }>;
  };
  bank_accounts: Array<{ iban: string | null; bic: string | null }>;
  payment_conditions: Array<{ date: string | null }>;
  sender_address: TruthParty | null;
  receiver_address: TruthParty | null;
  items: Array<{ title: string | null; quantity: number | null; unit: string | null; tax_rate: number | null; amount_net: number | null }>;
}

/*
 * Every compared field must be right (or the ground truth shown wrong) except company_id, which is
 * measured only: the ground truth takes the global party id (GLN) when there is no legal registration id
 * and keeps the tax number apart, where the reading, having no tax number field, falls back to the tax
 * number (scheme FC).
 */
const MEASURED_ONLY = ['sender_address.company_id', 'receiver_address.company_id'];
const isAsserted = (field: string): boolean => !MEASURED_ONLY.includes(field);

interface Disagreement {
  field: string;
  groundTruth: unknown;
  reading: EInvoiceReading;
  /** The XPath location the reading took a field's value from. */
  evidencePath(field: string): string;
  /** The trimmed texts an XPath (cac:, cbc: for UBL) selects in the document. */
  textsAt(expression: string): string[];
}

interface GroundTruthException {
  reason: string;
  /** Whether the document shows the reading right and the ground truth wrong in this disagreement. */
  excuses(disagreement: Disagreement): boolean;
}

const UBL_PARTY: Record<string, string> = {
  sender_address: 'cac:AccountingSupplierParty/cac:Party',
  receiver_address: 'cac:AccountingCustomerParty/cac:Party',
};
const partyOf = (field: string): string | undefined => UBL_PARTY[field.split('.')[0]!];

/** Each one was decided by reading the XML of the disagreeing documents, and each checks the XML again. */
const GROUND_TRUTH_EXCEPTIONS: GroundTruthException[] = [
  {
    reason:
      'The document gives no delivery date but the invoicing period (CII BillingSpecifiedPeriod, UBL InvoicePeriod); ' +
      'the ground truth then has none, the reading takes the end of the period as the delivery date.',
    excuses: ({ field, groundTruth, evidencePath }) =>
      field === 'delivery_date' &&
      groundTruth === null &&
      /(ram:BillingSpecifiedPeriod\/ram:EndDateTime\/udt:DateTimeString|cac:InvoicePeriod\/cbc:EndDate)$/.test(evidencePath(field)),
  },
  {
    reason: 'The delivery "date" is a month (format 610, "201412"); the ground truth copied the digits, which are no date.',
    excuses: ({ field, groundTruth, reading }) =>
      field === 'delivery_date' && /^\d{6}$/.test(String(groundTruth)) && reading.accountingDocument.delivery_date === null,
  },
  {
    reason:
      'UBL: the ground truth took the CompanyID of the first PartyTaxScheme, here a tax number (scheme FC or unnamed); ' +
      'the VAT id is the one whose TaxScheme is VAT, or there is none.',
    excuses: ({ field, groundTruth, textsAt }) =>
      field.endsWith('.vat_id') &&
      textsAt(`${partyOf(field)}/cac:PartyTaxScheme[not(cac:TaxScheme/cbc:ID='VAT')]/cbc:CompanyID`).includes(String(groundTruth)),
  },
  {
    reason:
      'UBL: the ground truth took the trading name (BT-28, cac:PartyName) where for CII it takes the legal name ' +
      '(BT-27); the reading takes the legal name (cac:PartyLegalEntity/cbc:RegistrationName) in both syntaxes.',
    excuses: ({ field, groundTruth, reading, textsAt }) => {
      if (!field.endsWith('.company_name')) return false;
      const address = field.startsWith('sender') ? reading.senderAddress : reading.receiverAddress;
      return (
        textsAt(`${partyOf(field)}/cac:PartyName/cbc:Name`).includes(String(groundTruth)) &&
        textsAt(`${partyOf(field)}/cac:PartyLegalEntity/cbc:RegistrationName`).includes(String(address?.company_name))
      );
    },
  },
  {
    reason:
      'The first address line is a person ("Hans Muster", "Alexandre Payet"), the street with its house number ' +
      'the next line; the ground truth took the first line.',
    excuses: ({ field, groundTruth, evidencePath }) =>
      field.endsWith('.street') && !/\d/.test(String(groundTruth)) && /ram:Line(Two|Three)$/.test(evidencePath(field)),
  },
  {
    reason:
      'An account given by a proprietary id only (CII ProprietaryID, an account number of another kind than an IBAN) ' +
      'is listed by the ground truth without IBAN; a bank account here is an IBAN, so it is left out.',
    excuses: ({ field, groundTruth, reading }) => {
      if (field !== 'bank_accounts') return false;
      const truth = groundTruth as Array<{ iban: string | null; bic: string | null }>;
      const withIban = truth.filter((account) => account.iban !== null);
      const accounts = reading.accountingDocument.bank_accounts;
      return (
        withIban.length < truth.length &&
        withIban.length === accounts.length &&
        withIban.every((account, index) => same(account, accounts[index]))
      );
    },
  },
];

/** Ground truth lines of files that are no e-invoice this service reads, and why. */
const NOT_E_INVOICES: Record<string, string> = {
  '_embedded_xml/ZUGFeRDv1/correct/Mustangproject/MustangGnuaccountingBeispielRE-20140519_499/ZUGFeRD-invoice.xml':
    'a pre-release ZUGFeRD draft (rsm:Invoice in urn:un:unece:uncefact:data:standard:CBFBUY:5); the ground truth calls it UBL but read nothing',
  '_embedded_xml/ZUGFeRDv1/correct/Mustangproject/MustangGnuaccountingBeispielRE-20140522_501/ZUGFeRD-invoice.xml':
    'a pre-release ZUGFeRD draft (rsm:Invoice in urn:un:unece:uncefact:data:standard:CBFBUY:5); the ground truth calls it UBL but read nothing',
};

// Decimal strings and the ground truth's floats compare as numbers; absent is null on both sides.
const amount = (value: string | number | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));
// IBANs and VAT ids compare in their electronic form, without the spaces some documents print.
const electronic = (value: string | null | undefined): string | null => value?.replace(/\s+/g, '') ?? null;

const streetLine = (truthStreet: string | null, address: Address | null): [unknown, unknown] => {
  // A post office box line is no street: its box number is compared with post_office_box.
  const box = /^(?:Postfach|P\.?\s?O\.?\s?Box)\s+(?<box>.+)$/i.exec(truthStreet ?? '')?.groups?.box;
  if (box !== undefined) return [box, address?.post_office_box ?? null];
  // The ground truth keeps the street line whole; the reading splits it into street and house number,
  // which must give the line back in one order or the other, spaces and commas aside.
  const squeezed = (line: string): string => line.replace(/[\s,]/g, '');
  const joined = address?.house_number
    ? [`${address.street} ${address.house_number}`, `${address.house_number} ${address.street}`]
    : [address?.street ?? null];
  const rejoins = joined.some((line) => line !== null && truthStreet !== null && squeezed(line) === squeezed(truthStreet));
  return [truthStreet, rejoins ? truthStreet : joined[0]];
};

const partyFields = (prefix: string, truth: TruthParty | null, address: Address | null): Array<[string, unknown, unknown]> => [
  [`${prefix}.company_name`, truth?.company_name ?? null, address?.company_name ?? null],
  [`${prefix}.contact_person_name`, truth?.contact_person_name ?? null, address?.contact_person_name ?? null],
  [`${prefix}.street`, ...streetLine(truth?.street ?? null, address)],
  [`${prefix}.postal_code`, truth?.postal_code ?? null, address?.postal_code ?? null],
  [`${prefix}.city_name`, truth?.city_name ?? null, address?.city_name ?? null],
  [`${prefix}.country_code`, truth?.country_code ?? null, address?.country_code ?? null],
  [`${prefix}.vat_id`, electronic(truth?.vat_id), address?.vat_id ?? null],
  [`${prefix}.company_id`, truth?.company_id ?? null, address?.company_id ?? null],
];

/** [field, ground truth, reading] for every compared field, both sides in the ground truth's shape. */
const compare = (truth: Truth, reading: EInvoiceReading | null): Array<[string, unknown, unknown]> => {
  const data = reading?.accountingDocument;
  const details = data?.amount_details;
  const dueDates = truth.payment_conditions.flatMap((condition) => (condition.date ? [condition.date] : []));
  const conditionDates = new Set(data?.payment_conditions.map((condition) => condition.date));
  return [
    ['number', truth.number, data?.number ?? null],
    ['invoice_date', truth.invoice_date, data?.invoice_date ?? null],
    ['delivery_date', truth.delivery_date, data?.delivery_date ?? null],
    ['order_number', truth.order_number, data?.order_number ?? null],
    ['currency', truth.currency, data?.currency ?? null],
    ['reference', truth.reference, data?.reference ?? null],
    ['amount_total', truth.amount_details.gross, amount(data?.amount_total)],
    ['gross_amount_total', truth.amount_details.gross, amount(details?.gross_amount_total)],
    ['net_amount_total', truth.amount_details.net, amount(details?.net_amount_total)],
    ['tax_amount_total', truth.amount_details.tax, amount(details?.tax_amount_total)],
    [
      'partial_amounts',
      truth.amount_details.partial_amounts.map(({ tax_rate, net, tax }) => ({ tax_rate, net, tax })),
      (details?.partial_amounts ?? []).map((part) => ({
        tax_rate: amount(part.tax_rate),
        net: amount(part.net_amount),
        tax: amount(part.tax_amount),
      })),
    ],
    ['bank_accounts', truth.bank_accounts.map(({ iban, bic }) => ({ iban: electronic(iban), bic })), data?.bank_accounts ?? []],
    // The ground truth keeps payment terms as free text; its due dates must be among the conditions.
    ['payment_conditions.due_dates', dueDates, dueDates.filter((date) => conditionDates.has(date))],
    ...partyFields('sender_address', truth.sender_address, reading?.senderAddress ?? null),
    ...partyFields('receiver_address', truth.receiver_address, reading?.receiverAddress ?? null),
    [
      'items',
      // Lines with nothing in them are the notes between items, which are no items.
      truth.items.filter((item) => Object.values(item).some((value) => value !== null)),
      (data?.items ?? []).map((item) => ({
        title: item.title,
        quantity: amount(item.quantity),
        unit: item.unit,
        tax_rate: amount(item.tax_rate),
        amount_net: amount(item.amount_total),
      })),
    ],
  ];
};

interface Comparison {
  file: string;
  field: string;
  groundTruth: unknown;
  actual: unknown;
  /** The exception that shows the ground truth wrong where it disagrees with the reading. */
  excusedBy: GroundTruthException | undefined;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const ublQuery = xmlQuery({
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
});

const comparisons = (truth: Truth, xml: Buffer | null): Comparison[] => {
  const reading = xml === null ? null : readEInvoice(xml);
  // Only disagreements look at the XML a second time.
  let root: Element | null | undefined;
  const textsAt = (expression: string): string[] => {
    root ??= xml === null ? null : (parseXml(xml)?.documentElement ?? null);
    return root ? ublQuery.texts(expression, root).map((found) => found.value) : [];
  };
  return compare(truth, reading).map(([field, groundTruth, actual]) => {
    const disagreement: Disagreement | null =
      reading && !same(groundTruth, actual)
        ? { field, groundTruth, reading, evidencePath: (key) => evidencePath(reading, key), textsAt }
        : null;
    const excusedBy = disagreement ? GROUND_TRUTH_EXCEPTIONS.find((exception) => exception.excuses(disagreement)) : undefined;
    return { file: truth.xml_file, field, groundTruth, actual, excusedBy };
  });
};

const evidencePath = (reading: EInvoiceReading, field: string): string => {
  const source = reading.evidence[field.includes('.') ? field : `accounting_document.${field}`]?.source;
  return source?.kind === 'xml' ? source.path : '';
};

const isRight = (comparison: Comparison): boolean => comparison.excusedBy !== undefined || same(comparison.groundTruth, comparison.actual);

const accuracyTable = (results: Comparison[]): string => {
  const fields = [...new Set(results.map((result) => result.field))];
  return fields
    .map((field) => {
      const ofField = results.filter((result) => result.field === field);
      const right = ofField.filter(isRight).length;
      const excused = ofField.filter((result) => result.excusedBy).length;
      const percent = ((100 * right) / ofField.length).toFixed(1);
      return (
        `${isAsserted(field) ? '*' : ' '} ${field.padEnd(36)} ${`${right}/${ofField.length}`.padStart(7)} ${percent.padStart(6)} %` +
        (excused > 0 ? `  (${excused} where the ground truth is wrong)` : '')
      );
    })
    .join('\n');
};

const misses = (results: Comparison[]): string[] =>
  results
    .filter((result) => isAsserted(result.field) && !isRight(result))
    .map(
      (result) => `${result.file} ${result.field}: expected ${JSON.stringify(result.groundTruth)}, read ${JSON.stringify(result.actual)}`,
    );

const loadTruth = (file: string): Truth[] =>
  readFileSync(path.join(CORPORA, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Truth);

interface CorpusRun {
  results: Comparison[];
  /** Lines not compared, with the reason. */
  skipped: string[];
  /** Lines of files that are no e-invoice, with whether anything was read from them (nothing must be). */
  rejected: Array<{ file: string; read: boolean }>;
}

type Source = (truth: Truth) => Promise<{ xml: Buffer | null } | { skip: string }>;

const run = async (truthFile: string, source: Source): Promise<CorpusRun> => {
  const outcome: CorpusRun = { results: [], skipped: [], rejected: [] };
  for (const truth of loadTruth(truthFile)) {
    const found = await source(truth);
    if ('skip' in found) outcome.skipped.push(found.skip);
    else if (truth.error !== undefined || NOT_E_INVOICES[truth.xml_file] !== undefined)
      outcome.rejected.push({ file: truth.xml_file, read: found.xml !== null && readEInvoice(found.xml) !== null });
    else outcome.results.push(...comparisons(truth, found.xml));
  }
  return outcome;
};

const standalone =
  (folder: string): Source =>
  async (truth) => {
    const file = path.join(CORPORA, folder, truth.xml_file);
    return existsSync(file) ? { xml: readFileSync(file) } : { skip: 'no such file in the corpus' };
  };

// `_embedded_xml/<pdf path without .pdf>/<attachment name>`
const embedded: Source = async (truth) => {
  const pdf = path.join(CORPORA, 'zugferd', `${path.dirname(truth.xml_file.replace(/^_embedded_xml\//, ''))}.pdf`);
  if (!existsSync(pdf)) return { skip: 'no PDF in the corpus (upstream fail/ folders were left out)' };
  if (truth.error !== undefined) return { skip: "an attachment beside the invoice, which the PDF's other line covers" };
  return { xml: await findEmbeddedInvoiceXml(readFileSync(pdf)) };
};

const CORPUS_RUNS: Array<{ truthFile: string; source: Source }> = [
  { truthFile: 'zugferd/_ground_truth_embedded.jsonl', source: embedded },
  { truthFile: 'zugferd/_ground_truth_xml.jsonl', source: standalone('zugferd') },
  { truthFile: 'xrechnung/_ground_truth.jsonl', source: standalone('xrechnung') },
];

const countBy = (values: string[]): string =>
  [...new Set(values)].map((value) => `${values.filter((other) => other === value).length} ${value}`).join('; ');

describe('e-invoices of the shared corpora against their ground truth', function () {
  this.timeout(120_000);
  const runs = new Map<string, CorpusRun>();

  before(async function () {
    if (!existsSync(CORPORA)) this.skip();
    for (const { truthFile, source } of CORPUS_RUNS) runs.set(truthFile, await run(truthFile, source));
  });

  for (const { truthFile } of CORPUS_RUNS) {
    describe(truthFile, () => {
      it('is read right on every asserted field (* below)', () => {
        const outcome = runs.get(truthFile)!;
        const documents = new Set(outcome.results.map((result) => result.file)).size;
        console.log(
          `\n    ${truthFile}: ${documents} documents compared, ${outcome.rejected.length} no e-invoice` +
            (outcome.skipped.length > 0 ? `, not compared: ${countBy(outcome.skipped)}` : '') +
            `\n${accuracyTable(outcome.results).replace(/^/gm, '    ')}`,
        );
        const missed = misses(outcome.results);
        expect(missed.length, `misses:\n${missed.join('\n')}\n`).to.equal(0);
      });

      it('reads nothing from XML that is no e-invoice', () => {
        expect(runs.get(truthFile)!.rejected.filter((entry) => entry.read)).to.deep.equal([]);
      });
    });
  }

  it('needs every ground truth exception it lists', () => {
    const excused = [...runs.values()].flatMap((outcome) => outcome.results.map((result) => result.excusedBy));
    console.log(
      GROUND_TRUTH_EXCEPTIONS.map((exception) => `    ${excused.filter((used) => used === exception).length} × ${exception.reason}`).join(
        '\n',
      ),
    );
    expect(GROUND_TRUTH_EXCEPTIONS.filter((exception) => !excused.includes(exception))).to.deep.equal([]);
  });
});
