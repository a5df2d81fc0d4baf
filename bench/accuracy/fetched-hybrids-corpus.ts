import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { extractScoredFields, findEmbeddedInvoiceXml, readEInvoice } from '../../services/extractor/index.js';
import type { BenchSample, Corpus } from './bench-sample.js';
import { flattenExtracted, type ExpectedFields } from './compare-fields.js';
import { printedSample } from './printed-einvoice-corpus.js';

/**
 * ZUGFeRD/Factur-X hybrids from the test suites, documentation and examples of eleven e-invoice libraries, none of them in
 * ../shared/corpora: invoices made by other software, read from the page with their XML taken out, as
 * `zugferd-printed` reads the shared corpus's, in a tuning and a held-out half (below).
 *
 * The first thirty (twenty-fourth session): Mustang's and its users' invoices, FNFE's French examples as FacturXDotNet
 * ships them, horstoeko's PHP library and akretion's Python one. Files whose first page prints the very text of a
 * shared corpus PDF are left out, as are files without an invoice XML and suites' copies of one invoice in other
 * profiles (only FacturXDotNet's EN 16931 folder is taken).
 *
 * Twenty-three more (twenty-fifth session), every one judged at its first reading: FeRD's ZUGFeRD 2.4 / Factur-X 1.0.08 examples as
 * LandrixSoftware's Delphi library ships them (the XML shown by FeRD's visualisation stylesheet; only the invoices
 * new to those examples: an invoice that the shared corpus or an existing source already holds, by its XML's number,
 * seller and total, is left out in every profile and layout, as are the invoices the Mustang files above already
 * print, and of two copies of one invoice only one is taken), the PDF that tulo.eInvoiceCreatorZUGFeRD renders of
 * FeRD's collective invoice, Securibox's French hotel invoice, five invoices that factur-x-kit lays out itself in
 * German and English (one copy per invoice; its translations and profile copies of the same invoice left out) and
 * obwyse's demo invoice it tests against. Left out after reading: placeholder dates (tulo's README invoice, dated
 * 01.01.0001), pages that print no invoice (Tiime's fixtures: a sample page with FNFE's XML attached), copies of
 * files already here (easybill's and Securibox's FNFE and Kraxi copies; FNFE's 2026 re-issue of its examples, the
 * tuning half's invoices), files no longer in their repository's newest commit and files of a repository that states no
 * licence (iText's ZUGFeRD book examples).
 *
 * Three more (twenty-seventh session), each one producer's only invoice and judged at its first reading: a French
 * test corpus's valid witness invoice laid out with ReportLab (facturx-cas-limites' `OK-001`; its 31 defect cases are
 * the same invoice, altered on purpose, and are left out), a Go library's own layout of a French physician's
 * VAT-exempt invoice (facturx-go) and a validation layer's example, its XML written by drafthorse (trustrender).
 * Left out after reading: files of repositories that state no licence (codinux's eInvoicing, bba-git's Factur-X
 * test, 4D's Write Pro sample), pages that print another invoice than their XML (fbonnafous31's eInvoicing uploads,
 * like Tiime's), copies of invoices already held (konik's and OCA/edi's ZUGFeRD 1.0 and FNFE examples, the REST
 * converter's Mustang files, klst's Kraxi invoice, iText's FeRD invoice, factur-x.js's FeRD examples) and a
 * source-available licence that restricts use (facturx-engine, FSL-1.1).
 *
 * The repositories' licences (Apache-2.0: Mustang, ZUGFeRD-for-Delphi, tulo; MIT: FacturXDotNet, horstoeko,
 * Securibox, factur-x-kit, facturx-cas-limites, facturx-go, trustrender; BSD: akretion) would allow committing the
 * files; they are fetched instead
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
  {
    repository: 'LandrixSoftware/ZUGFeRD-for-Delphi',
    files: [
      '3. EN16931/EN16931_Kleinunternehmer_ohne_USt_ID/EN16931_Kleinunternehmer_ohneUStId_fx.pdf',
      '3. EN16931/EN16931_Photovoltaik/EN16931_Photovoltaik_fx.pdf',
      '3. EN16931/EN16931_Physiotherapeut/EN16931_Physiotherapeut_fx.pdf',
      '3. EN16931/EN16931_steuerbefreite Auslandslieferung/EN16931_steuerbefreite_Auslandslieferung_fx.pdf',
      ...[
        'Extended_einfach_Bau_Schlussrechnung_mit_Steuer_Zusammenstellung_fx.pdf',
        'Extended_einfach_Bau__1_Abschlagsrechnung_fx.pdf',
        'Extended_einfach_Bau__2_Abschlagsrechnung_fx.pdf',
      ].map((file) => `4. EXTENDED/Bau Teil- & Schlussrechnungen mit Steuerzusammenstellung/${file}`),
      '4. EXTENDED/EXTENDED_Projektabschlussrechnung/EXTENDED_Projektabschlussrechnung_fx.pdf',
      '4. EXTENDED/Herkunftsland Zolltarif-Nr_HS_UNSPSC_TST_eClass_STQ/Herkunftsland_Zolltarif-Nummer__HS___UNSPSC__TST___eCl_ss__STQ_fx.pdf',
      '4. EXTENDED/Maschinen Serial-Nr/ZF_Extended_Maschinen-Serial_NR__BT-X-307_fx.pdf',
      '4. EXTENDED/Sammel_Rechnung_3 Bestellungen/ZF_Extended__Sammelrechnung_3_Bestellungen_fx.pdf',
      '4. EXTENDED/SubInvoiceLines Fallschutzset Bsp 5/Extended_Fallschutz-Set_SubInvoiceLine_Bsp5_fx.pdf',
      '4. EXTENDED/SubInvoiceLines Hardware Bsp 2/Extended_SubInvoiceLines_Hardware_Bsp2_fx.pdf',
      '4. EXTENDED/Subinvoiceline Kaffee Bundle Set Bsp 4/Extended___SubInvoiceLines_Kaffee_Bundle_Set_Bsp4___fx.pdf',
      '4. EXTENDED/steuerfreie Innergemeinschaftliche Lieferung/ZF_Extended_steuerfreie_Innergemeinschaftliche_Lieferung_fx.pdf',
    ].map((file) => `documentation/zugferd24-facturx1008/de/Beispiele/${file}`),
  },
  {
    repository: 'TuloSharp/tulo.eInvoiceCreatorZUGFeRD',
    files: ['Tests/tulo.CreateZugferdPdfA3Tests/Examples/ZF_Extended__Sammelrechnung_3_Bestellungen_generated_pdfa3.pdf'],
  },
  { repository: 'Securibox/facturx', files: ['Securibox.FacturX.Tests/Invoices/Custom/2023-6013_facture_facturx_en16931.pdf'] },
  {
    repository: 'ahelmberger/factur-x-kit',
    files: [
      'test/pdfs/ZFdemo_2p1_en16931_67b499beca63e.pdf',
      'test/pdfs/createdPDFs/PDF_DESIGN_DE.pdf',
      'test/pdfs/createdPDFs/PDF_DESIGN_DE_Kleinunternehmer.pdf',
      'test/pdfs/createdPDFs/PDF_DESIGN_EN_MultiPage.pdf',
      'test/profiles/pdf/createdPDFs/FacturX_BASICWL_Test.pdf',
      'test/profiles/pdf/createdPDFs/FacturX_Comfort_Test.pdf',
    ],
  },
  { repository: 'VALENTINDML/facturx-cas-limites', files: ['cas/OK-001/facture.pdf'] },
  { repository: 'audrenbdb/facturx', files: ['facture-test.pdf'] },
  { repository: 'verityengine/trustrender', files: ['examples/invoice_facturx.pdf'] },
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
 * Tuning and held-out halves by the software that made the PDF. Tuned on: FNFE's French examples (as FacturXDotNet ships
 * them) from the twenty-fourth session; FeRD's 2.4 examples (as ZUGFeRD-for-Delphi ships them, one stylesheet) and
 * factur-x-kit's own layouts from the twenty-fifth, after their first reading was judged (69.7 % and 64.2 % of fields)
 * and before any rule was written from them. Judged: Mustang's, horstoeko's, akretion's, Securibox's and tulo's, and
 * the twenty-seventh session's three (one invoice each: none has enough files to tune on).
 */
const TUNING_SOURCES = ['FacturX-NET/FacturXDotNet', 'LandrixSoftware/ZUGFeRD-for-Delphi', 'ahelmberger/factur-x-kit'];
export const fetchedHybridSplitOf = (repository: string): 'tuning' | 'held-out' =>
  TUNING_SOURCES.includes(repository) ? 'tuning' : 'held-out';

export const FETCHED_HYBRIDS_CORPORA: Corpus[] = (['tuning', 'held-out'] as const).map((split) => ({
  name: `einvoice-hybrids-${split}`,
  description: `ZUGFeRD/Factur-X PDFs of e-invoice libraries' test suites, XML taken out, judged on the XML values the page prints (${split === 'tuning' ? "FNFE's examples in FacturXDotNet, FeRD 2.4 (Landrix), factur-x-kit: tuning" : 'Mustang, horstoeko, akretion, tulo, Securibox, facturx-cas-limites, facturx-go, trustrender: held out'})`,
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

type Counts = Record<'right' | 'wrong' | 'missing' | 'extra', number>;
const zero = (): Counts => ({ right: 0, wrong: 0, missing: 0, extra: 0 });

/** The source repository of a hybrid by its sample name (`owner/name/<path>`), or null for a name of no source. */
export const hybridRepositoryOf = (name: string): string | null =>
  HYBRID_SOURCES.find(({ repository }) => name.startsWith(`${repository}/`))?.repository ?? null;

/**
 * An accuracy run's hybrids summed by source repository, so a source's figure can be given without reading any
 * document's problems: documents, their header fields (items aside, the results' `headerCounts`) and all their
 * fields, items included: a document's judged fields (`judgedFieldsOf`, its truth's size) less the problems its
 * run counted wrong or missing, as the run's own totals count them.
 */
export const hybridCountsByRepository = (
  documents: readonly { name: string; headerCounts: Counts; problems: readonly { outcome: string }[] }[],
  judgedFieldsOf: (name: string) => number,
): Map<string, { documents: number; header: Counts; fields: Counts }> => {
  const tallies = new Map<string, { documents: number; header: Counts; fields: Counts }>();
  for (const { name, headerCounts, problems } of documents) {
    const repository = hybridRepositoryOf(name);
    if (!repository) continue;
    const tally = tallies.get(repository) ?? { documents: 0, header: zero(), fields: zero() };
    tally.documents++;
    for (const outcome of ['right', 'wrong', 'missing', 'extra'] as const) tally.header[outcome] += headerCounts[outcome];
    const counted = (outcome: string) => problems.filter((problem) => problem.outcome === outcome).length;
    tally.fields.wrong += counted('wrong');
    tally.fields.missing += counted('missing');
    tally.fields.extra += counted('extra');
    tally.fields.right += judgedFieldsOf(name) - counted('wrong') - counted('missing');
    tallies.set(repository, tally);
  }
  return tallies;
};
