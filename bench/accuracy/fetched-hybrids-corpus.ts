import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { extractScoredFields, findEmbeddedInvoiceXml, readEInvoice } from '../../services/extractor/index.js';
import type { BenchSample, Corpus } from './bench-sample.js';
import { flattenExtracted, type ExpectedFields } from './compare-fields.js';
import { printedSample } from './printed-einvoice-corpus.js';

/**
 * ZUGFeRD/Factur-X hybrids from the test suites of four e-invoice libraries, none of them in ../shared/corpora:
 * invoices made by other software (Mustang's and its users', FNFE's French examples as FacturXDotNet ships them,
 * horstoeko's PHP library, akretion's Python one), read from the page with their XML taken out, as
 * `zugferd-printed` reads the shared corpus's, in a tuning and a held-out half (below). Files whose first page
 * prints the very text of a shared corpus PDF are left out, as are files without an invoice XML and suites' copies of
 * one invoice in other profiles (only FacturXDotNet's EN 16931 folder is taken).
 *
 * The repositories' licences (Apache-2.0, BSD, MIT, MIT) would allow committing the files; they are fetched instead
 * (`npm run bench:fetch-einvoice-hybrids`), like the other outside sources, into KONTOR_EINVOICE_HYBRIDS_DIR
 * (default bench/accuracy/.einvoice-hybrids, git-ignored).
 */
export const HYBRID_SOURCES: readonly { repository: string; files: readonly string[] }[] = [
  {
    repository: 'ZUGFeRD/mustangproject',
    files: [
      'library/src/test/resources/EN16931_1_Teilrechnung.pdf',
      'library/src/test/resources/EN16931_Einfach.pdf',
      'library/src/test/resources/EXTENDED_Fremdwaehrung_wdis_fx-pdfa4.pdf',
      'library/src/test/resources/MustangBeispiel20221026.pdf',
      'library/src/test/resources/ZTESTZUGFERD_1_INVDSS_012015738820PDF-1.pdf',
      'library/src/test/resources/zugferd_invoice.pdf',
      'validator/src/test/resources/103767-Invoice-2026-03-24-1.pdf',
      'validator/src/test/resources/Facture_F20180027.pdf',
      'validator/src/test/resources/validAvoir_FR_type380_BASICWL.pdf',
      'validator/src/test/resources/validV2PDF.pdf',
      'validator/src/test/resources/validXRechnung.pdf',
    ],
  },
  { repository: 'akretion/factur-x', files: ['tests/fixtures/pdf/invoice_EN16931.pdf'] },
  {
    repository: 'FacturX-NET/FacturXDotNet',
    files: [
      ...['23', '24', '25', '26', '27', '28', '29', '30', '31'].map(
        (number) =>
          `src/Tests.FacturXDotNet/TestFiles/FacturX/3.EN16931/Facture_F202200${number}-LE_FOURNISSEUR-POUR-LE_CLIENT_EN_16931.pdf`,
      ),
      ...['2023020_AFF', '2023025_F'].map(
        (number) => `src/Tests.FacturXDotNet/TestFiles/FacturX/3.EN16931/Facture_UC1_${number}-LE_FOURNISSEUR-POUR-L'ACHETEUR_EN_16931.pdf`,
      ),
    ],
  },
  {
    repository: 'horstoeko/zugferd',
    files: [
      'tests/assets/pdf_fx_extended_1.pdf',
      'tests/assets/pdf_fx_minimum_1.pdf',
      'tests/assets/pdf_zf_en16931_1.pdf',
      'tests/assets/pdf_zf_en16931_2.pdf',
      'tests/assets/pdf_zf_en16931_3.pdf',
      'tests/assets/pdf_zf_extended_1.pdf',
      'tests/assets/pdf_zf_xrechnung_1.pdf',
    ],
  },
];

export const HYBRIDS_DIRECTORY = process.env.KONTOR_EINVOICE_HYBRIDS_DIR ?? join(import.meta.dirname, '.einvoice-hybrids');

/** The folder a source's repository is fetched into: `owner+name`. */
export const repositoryFolder = (repository: string) => repository.replace('/', '+');

// The fields `zugferd-printed` judges of the shared corpus's truth (shared-corpora.ts `fromEInvoice`), by their keys.
const JUDGED_FIELD =
  /^(?:document_type|accounting_document\.(?:number|invoice_date|delivery_date|order_number|reference|currency|amount_total|amount_details\.(?:gross_amount_total|net_amount_total|tax_amount_total|partial_amounts)|bank_accounts\.iban|payment_conditions\.due_date|items\.(?:count|\d+\.(?:title|quantity|unit|tax_rate|amount_total)))|(?:sender|receiver)_address\.(?:company_name|contact_person_name|street_and_number|postal_code|city_name|country_code|vat_id))$/;

/**
 * An XML's values as the truth: the service's own reading of the XML alone (no page text), which reads the shared
 * corpus's e-invoices at 100 % against their independently derived truth. A street without a digit and a VAT id
 * without its country prefix are not judged, as in the shared corpus's truth.
 */
export const truthOfXml = (xml: Buffer): ExpectedFields | null => {
  const reading = readEInvoice(xml);
  if (!reading) return null;
  const { data } = extractScoredFields({
    pages: [],
    words: new Map(),
    requested: { documentType: null, extractionProcess: 'full-extraction', extractLineItems: true },
    eInvoice: reading,
  });
  const truth: ExpectedFields = {};
  for (const [field, value] of Object.entries(flattenExtracted(data))) {
    if (value === null || !JUDGED_FIELD.test(field)) continue;
    if (field.endsWith('.street_and_number') && !/\d/.test(value)) continue;
    if (field.endsWith('.vat_id') && !/^[A-Z]{2}/.test(value)) continue;
    truth[field] = value;
  }
  return truth;
};

const hybridOf = async (repository: string, file: string): Promise<BenchSample | null> => {
  const path = join(HYBRIDS_DIRECTORY, repositoryFolder(repository), file);
  if (!existsSync(path)) return null;
  const bytes = await readFile(path);
  const xml = await findEmbeddedInvoiceXml(bytes);
  const expected = xml && truthOfXml(xml);
  if (!expected) return null;
  const name = `${repository}/${file}`;
  return printedSample({ name, expected, files: async () => [{ name: file.split('/').at(-1)!, bytes, mimeType: 'application/pdf' }] });
};

/**
 * Tuning and held-out halves by the software that made the PDF: FNFE's French examples (as FacturXDotNet ships them)
 * are tuned on from the twenty-fourth session; Mustang's, horstoeko's and akretion's are judged. Read once, all
 * judged, before any rule was written from them.
 */
export const fetchedHybridSplitOf = (repository: string): 'tuning' | 'held-out' =>
  repository === 'FacturX-NET/FacturXDotNet' ? 'tuning' : 'held-out';

export const FETCHED_HYBRIDS_CORPORA: Corpus[] = (['tuning', 'held-out'] as const).map((split) => ({
  name: `einvoice-hybrids-${split}`,
  description: `ZUGFeRD/Factur-X PDFs of e-invoice libraries' test suites, XML taken out, judged on the XML values the page prints (${split === 'tuning' ? "FNFE's examples in FacturXDotNet: tuning" : 'Mustang, horstoeko, akretion: held out'})`,
  target: 'born-digital',
  load: async () => {
    if (!existsSync(HYBRIDS_DIRECTORY)) {
      console.error(
        `einvoice-hybrids-${split}: skipped, no files at ${HYBRIDS_DIRECTORY} (fill it with \`npm run bench:fetch-einvoice-hybrids\` and set KONTOR_EINVOICE_HYBRIDS_DIR)`,
      );
      return [];
    }
    const sources = HYBRID_SOURCES.filter(({ repository }) => fetchedHybridSplitOf(repository) === split);
    const samples = await Promise.all(sources.flatMap(({ repository, files }) => files.map((file) => hybridOf(repository, file))));
    return samples.filter((sample) => sample !== null);
  },
}));
