import { expect } from 'chai';
import type { DocumentReadModel } from '../../shared/ports/document-read-model.js';
import { parseDocumentQuery } from '../../services/query/parse-document-query.js';
import type { DocumentView } from '../../shared/read-model/document-view.js';
import { OTHER_TENANT, TENANT, documentViewFixtures, makeDocumentView } from './document-view-fixtures.js';

export interface OpenedReadModel {
  model: DocumentReadModel;
  /** Closes the model and removes whatever opening it created. */
  cleanup(): Promise<void>;
}

interface FilterCase {
  spec: string;
  filter: Record<string, string>;
  ids: string[];
}

const ALL_IDS = ['doc-01', 'doc-02', 'doc-03', 'doc-04', 'doc-05', 'doc-06', 'doc-07', 'doc-08', 'doc-09', 'doc-10'];
const allBut = (...excluded: string[]) => ALL_IDS.filter((id) => !excluded.includes(id));

const documentAttributeCases: FilterCase[] = [
  { spec: 'equals on a keyword is exact', filter: { current_status: 'done' }, ids: allBut('doc-03', 'doc-05', 'doc-09') },
  { spec: 'equals matches by id', filter: { id: 'doc-04' }, ids: ['doc-04'] },
  { spec: 'not excludes the value', filter: { current_status_not: 'done' }, ids: ['doc-03', 'doc-05', 'doc-09'] },
  {
    spec: 'not also matches null',
    filter: { document_type_not: 'invoice' },
    ids: ['doc-01', 'doc-03', 'doc-04', 'doc-05', 'doc-07', 'doc-10'],
  },
  { spec: 'blank=true matches null', filter: { document_type_blank: 'true' }, ids: ['doc-03', 'doc-05'] },
  { spec: 'blank=false matches values', filter: { document_type_blank: 'false' }, ids: allBut('doc-03', 'doc-05') },
  {
    spec: 'contains is a case-insensitive substring',
    filter: { document_type_contains: 'VOICE' },
    ids: ['doc-02', 'doc-06', 'doc-08', 'doc-09'],
  },
  { spec: 'fuzzy reads "_" as a space', filter: { document_type_fuzzy: 'credit note' }, ids: ['doc-07'] },
  { spec: 'equals on a list means "contains that code"', filter: { error_codes: 'download_failed' }, ids: ['doc-04', 'doc-05'] },
  { spec: 'not on a list means "lacks that code"', filter: { error_codes_not: 'download_failed' }, ids: allBut('doc-04', 'doc-05') },
  { spec: 'blank=true on a list matches the empty list', filter: { error_codes_blank: 'true' }, ids: allBut('doc-02', 'doc-04', 'doc-05') },
  { spec: 'blank=0 is blank=false', filter: { error_codes_blank: '0' }, ids: ['doc-02', 'doc-04', 'doc-05'] },
  { spec: 'equals on a boolean', filter: { extract_line_items: 'true' }, ids: ['doc-01', 'doc-03', 'doc-06'] },
  { spec: 'not on a boolean', filter: { extract_line_items_not: 'true' }, ids: allBut('doc-01', 'doc-03', 'doc-06') },
  {
    spec: 'equals with a date matches that whole UTC day, its last millisecond included',
    filter: { created_at: '2026-03-01' },
    ids: ['doc-01', 'doc-02'],
  },
  { spec: 'equals with a timestamp matches that instant', filter: { created_at: '2026-03-02T10:00:00.000Z' }, ids: ['doc-04'] },
  { spec: 'a timestamp with an offset is the same instant in UTC', filter: { created_at: '2026-03-02T11:00:00+01:00' }, ids: ['doc-04'] },
  {
    spec: 'gte with a date starts at the beginning of that day',
    filter: { created_at_gte: '2026-03-02' },
    ids: allBut('doc-01', 'doc-02'),
  },
  { spec: 'gt with a date starts after the end of that day', filter: { created_at_gt: '2026-03-01' }, ids: allBut('doc-01', 'doc-02') },
  { spec: 'lt with a date ends before that day', filter: { created_at_lt: '2026-03-02' }, ids: ['doc-01', 'doc-02'] },
  { spec: 'lte with a date ends with that day', filter: { created_at_lte: '2026-03-02' }, ids: ['doc-01', 'doc-02', 'doc-03', 'doc-04'] },
  { spec: 'lt with a timestamp is strict', filter: { created_at_lt: '2026-03-01T23:59:59.999Z' }, ids: ['doc-01'] },
  {
    spec: 'range of dates includes both whole days',
    filter: { created_at_range: '2026-03-02..2026-03-03' },
    ids: ['doc-03', 'doc-04', 'doc-05'],
  },
];

const accountingDocumentCases: FilterCase[] = [
  { spec: 'equals on a decimal', filter: { 'accounting_document.amount_total': '50.5' }, ids: ['doc-02'] },
  {
    spec: 'not on a number also matches missing records',
    filter: { 'accounting_document.amount_total_not': '119' },
    ids: allBut('doc-01'),
  },
  {
    spec: 'blank on a number matches null and missing records',
    filter: { 'accounting_document.amount_total_blank': 'true' },
    ids: ['doc-03', 'doc-05', 'doc-09', 'doc-10'],
  },
  { spec: 'gt is strict', filter: { 'accounting_document.amount_total_gt': '119' }, ids: ['doc-04', 'doc-08'] },
  {
    spec: 'gte includes the bound',
    filter: { 'accounting_document.amount_total_gte': '99.99' },
    ids: ['doc-01', 'doc-04', 'doc-06', 'doc-08'],
  },
  { spec: 'lt compares negative numbers', filter: { 'accounting_document.amount_total_lt': '0' }, ids: ['doc-07'] },
  { spec: 'lte includes the bound', filter: { 'accounting_document.amount_total_lte': '50.5' }, ids: ['doc-02', 'doc-07'] },
  {
    spec: 'range includes both ends',
    filter: { 'accounting_document.amount_total_range': '50.5..119' },
    ids: ['doc-01', 'doc-02', 'doc-06'],
  },
  {
    spec: 'comparisons never match null',
    filter: { 'accounting_document.amount_total_lt': '100000' },
    ids: ['doc-01', 'doc-02', 'doc-04', 'doc-06', 'doc-07', 'doc-08'],
  },
  { spec: 'equals on a date', filter: { 'accounting_document.invoice_date': '2026-03-05' }, ids: ['doc-04'] },
  { spec: 'lt on a date', filter: { 'accounting_document.invoice_date_lt': '2026-03-01' }, ids: ['doc-01'] },
  {
    spec: 'range on a date includes both ends',
    filter: { 'accounting_document.invoice_date_range': '2026-03-01..2026-03-15' },
    ids: ['doc-02', 'doc-04', 'doc-08', 'doc-10'],
  },
  { spec: 'blank on a date', filter: { 'accounting_document.invoice_date_blank': 'true' }, ids: ['doc-03', 'doc-05', 'doc-07', 'doc-09'] },
  { spec: 'equals on a keyword', filter: { 'accounting_document.currency': 'EUR' }, ids: ['doc-01', 'doc-04', 'doc-07', 'doc-08'] },
  { spec: 'not on a keyword', filter: { 'accounting_document.currency_not': 'EUR' }, ids: allBut('doc-01', 'doc-04', 'doc-07', 'doc-08') },
  { spec: 'equals on a boolean', filter: { 'accounting_document.including_tax': 'false' }, ids: ['doc-04'] },
  {
    spec: 'not on a boolean also matches null',
    filter: { 'accounting_document.including_tax_not': 'true' },
    ids: ['doc-03', 'doc-04', 'doc-05', 'doc-09', 'doc-10'],
  },
  { spec: 'equals on text is case-sensitive', filter: { 'accounting_document.invoice_number': 'inv-1001' }, ids: [] },
  { spec: 'equals on text', filter: { 'accounting_document.invoice_number': 'INV-1001' }, ids: ['doc-01'] },
  {
    spec: 'contains on text ignores case',
    filter: { 'accounting_document.invoice_number_contains': 'inv' },
    ids: ['doc-01', 'doc-02', 'doc-06', 'doc-08'],
  },
  {
    spec: 'contains with punctuation is literal',
    filter: { 'accounting_document.number_contains': 'r-2026' },
    ids: ['doc-01', 'doc-02', 'doc-08'],
  },
  { spec: 'fuzzy ignores diacritics, case and word order', filter: { 'accounting_document.text_fuzzy': 'EINKAUF fur' }, ids: ['doc-01'] },
];

const senderAddressCases: FilterCase[] = [
  { spec: 'equals on text', filter: { 'sender_address.company_name': 'Müller GmbH' }, ids: ['doc-01', 'doc-07'] },
  { spec: 'contains keeps diacritics', filter: { 'sender_address.company_name_contains': 'MÜLLER' }, ids: ['doc-01', 'doc-07'] },
  {
    spec: 'fuzzy "müller" also finds Mueller and Muller',
    filter: { 'sender_address.company_name_fuzzy': 'müller' },
    ids: ['doc-01', 'doc-02', 'doc-07', 'doc-10'],
  },
  {
    spec: 'fuzzy "mueller" also finds Müller and Muller',
    filter: { 'sender_address.company_name_fuzzy': 'mueller' },
    ids: ['doc-01', 'doc-02', 'doc-07', 'doc-10'],
  },
  {
    spec: 'fuzzy "muller" also finds Müller and Mueller',
    filter: { 'sender_address.company_name_fuzzy': 'Muller' },
    ids: ['doc-01', 'doc-02', 'doc-07', 'doc-10'],
  },
  {
    spec: 'fuzzy matches ß and ss alike',
    filter: { 'sender_address.street_fuzzy': 'strasse' },
    ids: ['doc-01', 'doc-02', 'doc-04', 'doc-07'],
  },
  {
    spec: 'fuzzy needs every token, in any order, ignoring punctuation',
    filter: { 'sender_address.company_name_fuzzy': 'partner & strasse' },
    ids: ['doc-04'],
  },
  { spec: 'fuzzy strips accents', filter: { 'sender_address.company_name_fuzzy': 'cafe creme' }, ids: ['doc-08'] },
  { spec: 'fuzzy mixes long and short tokens', filter: { 'sender_address.company_name_fuzzy': 'mull ag' }, ids: ['doc-02'] },
  {
    spec: 'fuzzy takes tokens shorter than three characters',
    filter: { 'sender_address.company_name_fuzzy': 'gm' },
    ids: ['doc-01', 'doc-07'],
  },
  { spec: 'fuzzy finds tokens inside words', filter: { 'sender_address.company_name_fuzzy': 'ller mbh' }, ids: ['doc-01', 'doc-07'] },
  { spec: 'fuzzy does not match a token across words', filter: { 'sender_address.company_name_fuzzy': 'llergmbh' }, ids: [] },
  { spec: 'fuzzy tokens are substrings', filter: { 'sender_address.city_name_fuzzy': 'münch' }, ids: ['doc-01', 'doc-07'] },
  { spec: 'equals on the country keyword', filter: { 'sender_address.country_code': 'DE' }, ids: ['doc-01', 'doc-07', 'doc-10'] },
  {
    spec: 'not on the country keyword also matches missing addresses',
    filter: { 'sender_address.country_code_not': 'DE' },
    ids: allBut('doc-01', 'doc-07', 'doc-10'),
  },
  {
    spec: 'blank matches empty strings, null and missing addresses',
    filter: { 'sender_address.contact_person_name_blank': 'true' },
    ids: ['doc-02', 'doc-03', 'doc-05', 'doc-06', 'doc-09'],
  },
  {
    spec: 'receiver address fields filter too',
    filter: { 'receiver_address.company_name': 'Kontor Test GmbH' },
    ids: ['doc-01', 'doc-02'],
  },
];

const customFieldCases: FilterCase[] = [
  {
    spec: 'a numeric value matches the number 4711 and the text "4711" alike',
    filter: { 'custom_fields.cost_center': '4711' },
    ids: ['doc-01', 'doc-04'],
  },
  { spec: 'gt with a number compares numerically', filter: { 'custom_fields.cost_center_gt': '1000' }, ids: ['doc-01', 'doc-06'] },
  { spec: 'range with numbers', filter: { 'custom_fields.cost_center_range': '800..5000' }, ids: ['doc-01', 'doc-02'] },
  {
    spec: 'blank matches null and missing keys',
    filter: { 'custom_fields.cost_center_blank': 'true' },
    ids: ['doc-03', 'doc-05', 'doc-07', 'doc-08', 'doc-09', 'doc-10'],
  },
  { spec: 'blank matches empty strings', filter: { 'custom_fields.note_blank': 'false' }, ids: ['doc-08'] },
  { spec: 'a text value is exact', filter: { 'custom_fields.project': 'Apollo' }, ids: ['doc-01', 'doc-08'] },
  { spec: 'not with text also matches missing keys', filter: { 'custom_fields.project_not': 'Apollo' }, ids: allBut('doc-01', 'doc-08') },
  { spec: 'contains ignores case', filter: { 'custom_fields.project_contains': 'APOLLO' }, ids: ['doc-01', 'doc-02', 'doc-08'] },
  { spec: 'fuzzy', filter: { 'custom_fields.note_fuzzy': 'rush' }, ids: ['doc-08'] },
  { spec: 'a date value compares dates', filter: { 'custom_fields.due_date_lt': '2026-04-01' }, ids: ['doc-01'] },
];

const combinedCases: FilterCase[] = [
  {
    spec: 'all filters must hold',
    filter: {
      current_status: 'done',
      'accounting_document.currency': 'EUR',
      'accounting_document.amount_total_range': '100..500',
    },
    ids: ['doc-01', 'doc-08'],
  },
  {
    spec: 'filters across records and custom fields combine',
    filter: {
      'sender_address.company_name_fuzzy': 'muller',
      created_at_range: '2026-03-01..2026-03-05',
      'custom_fields.project_blank': 'false',
    },
    ids: ['doc-01', 'doc-02'],
  },
  { spec: 'no match gives an empty result', filter: { current_status: 'done', status: 'pending' }, ids: [] },
];

/** Custom fields hold any JSON; dotted paths address scalars reached through objects, nothing else. */
const NESTED_IDS = ['nest-1', 'nest-2', 'nest-3', 'nest-4', 'nest-5', 'nest-6', 'nest-7'];
const nestedCustomFields: Record<string, Record<string, unknown>> = {
  'nest-1': { nested: { a: 'x', n: 5, tags: ['red', 'blue'] }, order: { customer: { name: 'Müller AG' } } },
  'nest-2': { nested: { a: 'y', n: 12 }, list: [{ a: 'x' }] },
  'nest-3': { nested: [{ a: 'x' }] },
  'nest-4': { nested: { a: { deep: 'x' } } },
  'nest-5': { nested: { a: ['x'] } },
  'nest-6': {},
  'nest-7': { nested: { constructor: 'x', '': { 'dot.key': 'x', $dollar: 1, 'nul\0': [null, { '%2E': -0.5 }] } } },
};
const nestedViews = Object.entries(nestedCustomFields).map(([id, custom_fields], index) =>
  makeDocumentView({ id, position: index + 1, document: { custom_fields, created_at: `2026-05-0${index + 1}T00:00:00.000Z` } }),
);
const nestedCases: FilterCase[] = [
  { spec: 'equals on a nested member', filter: { 'custom_fields.nested.a': 'x' }, ids: ['nest-1'] },
  {
    spec: 'not on a nested member matches wherever it is not that scalar',
    filter: { 'custom_fields.nested.a_not': 'x' },
    ids: NESTED_IDS.filter((id) => id !== 'nest-1'),
  },
  { spec: 'blank=false needs a scalar at the path', filter: { 'custom_fields.nested.a_blank': 'false' }, ids: ['nest-1', 'nest-2'] },
  {
    spec: 'blank=true: arrays on the way and objects or arrays at the end count as missing',
    filter: { 'custom_fields.nested.a_blank': 'true' },
    ids: ['nest-3', 'nest-4', 'nest-5', 'nest-6', 'nest-7'],
  },
  { spec: 'numbers compare numerically at depth', filter: { 'custom_fields.nested.n_gt': '4' }, ids: ['nest-1', 'nest-2'] },
  { spec: 'range at depth', filter: { 'custom_fields.nested.n_range': '0..6' }, ids: ['nest-1'] },
  { spec: 'contains three levels down', filter: { 'custom_fields.order.customer.name_contains': 'MÜLLER' }, ids: ['nest-1'] },
  { spec: 'fuzzy three levels down', filter: { 'custom_fields.order.customer.name_fuzzy': 'mueller' }, ids: ['nest-1'] },
  { spec: 'a path does not step into arrays', filter: { 'custom_fields.list.a': 'x' }, ids: [] },
  { spec: 'a path does not index arrays', filter: { 'custom_fields.list.0.a': 'x' }, ids: [] },
  { spec: 'an array at the end is not matched by its elements', filter: { 'custom_fields.nested.tags': 'red' }, ids: [] },
  { spec: 'a member named like an inherited one is found', filter: { 'custom_fields.nested.constructor': 'x' }, ids: ['nest-7'] },
  { spec: 'inherited members are never found', filter: { 'custom_fields.nested.toString_blank': 'false' }, ids: [] },
];

export const documentReadModelContract = (adapterName: string, open: () => Promise<OpenedReadModel>): void => {
  describe(`DocumentReadModel contract (${adapterName})`, () => {
    describe('queries over the fixtures', () => {
      let opened: OpenedReadModel;
      before(async () => {
        opened = await open();
        // Stored against id order, so a sort that forgot its id tie-break shows.
        for (const view of documentViewFixtures.toReversed()) await opened.model.upsert(view);
      });
      after(async () => opened.cleanup());

      const find = (params: Record<string, unknown>, tenant = TENANT) => opened.model.find(tenant, parseDocumentQuery(params).query);
      const idsOf = (views: DocumentView[]) => views.map((view) => view.id);

      const filterSuites: Array<[string, FilterCase[]]> = [
        ['filters on document attributes', documentAttributeCases],
        ['filters on accounting_document.*', accountingDocumentCases],
        ['filters on sender_address.* and receiver_address.*', senderAddressCases],
        ['filters on custom_fields.*', customFieldCases],
        ['combined filters', combinedCases],
      ];
      for (const [title, cases] of filterSuites) {
        describe(title, () => {
          for (const { spec, filter, ids } of cases) {
            const parameters = Object.entries(filter)
              .map(([key, value]) => `filter[${key}]=${value}`)
              .join('&');
            it(`${spec}: ${parameters}`, async () => {
              const result = await find({ filter, page: { size: '100' } });
              expect(idsOf(result.items)).to.have.members(ids);
              expect(result.total).to.equal(ids.length);
            });
          }
        });
      }

      describe('sorting', () => {
        const sortedIds = async (sort?: string) => idsOf((await find(sort === undefined ? {} : { sort })).items);

        it('defaults to newest first, breaking ties by id ascending', async () => {
          expect(await sortedIds()).to.deep.equal([
            'doc-10',
            'doc-09',
            'doc-07',
            'doc-08',
            'doc-06',
            'doc-05',
            'doc-04',
            'doc-03',
            'doc-02',
            'doc-01',
          ]);
        });

        it('sorts ascending by a datetime', async () => {
          expect(await sortedIds('created_at')).to.deep.equal(ALL_IDS);
        });

        it('puts null and missing values first when ascending', async () => {
          expect(await sortedIds('accounting_document.amount_total')).to.deep.equal([
            'doc-03',
            'doc-05',
            'doc-09',
            'doc-10',
            'doc-07',
            'doc-02',
            'doc-06',
            'doc-01',
            'doc-08',
            'doc-04',
          ]);
        });

        it('puts null and missing values last when descending, still tie-broken by id ascending', async () => {
          expect(await sortedIds('-accounting_document.amount_total')).to.deep.equal([
            'doc-04',
            'doc-08',
            'doc-01',
            'doc-06',
            'doc-02',
            'doc-07',
            'doc-03',
            'doc-05',
            'doc-09',
            'doc-10',
          ]);
        });

        it('applies later keys to ties of earlier ones', async () => {
          expect(await sortedIds('accounting_document.currency,-created_at')).to.deep.equal([
            'doc-10',
            'doc-09',
            'doc-05',
            'doc-03',
            'doc-02',
            'doc-07',
            'doc-08',
            'doc-04',
            'doc-01',
            'doc-06',
          ]);
        });

        it('orders text by code point, case- and accent-sensitive', async () => {
          expect(await sortedIds('sender_address.company_name')).to.deep.equal([
            'doc-03',
            'doc-05',
            'doc-09',
            'doc-06',
            'doc-08',
            'doc-02',
            'doc-10',
            'doc-01',
            'doc-07',
            'doc-04',
          ]);
        });

        it('orders a custom field missing first, then numbers numerically, then strings', async () => {
          expect(await sortedIds('custom_fields.cost_center')).to.deep.equal([
            'doc-03',
            'doc-05',
            'doc-07',
            'doc-08',
            'doc-09',
            'doc-10',
            'doc-02',
            'doc-01',
            'doc-06',
            'doc-04',
          ]);
        });
      });

      describe('paging', () => {
        it('returns the requested page and the total of all matches', async () => {
          const result = await find({ page: { number: '2', size: '3' } });
          expect(idsOf(result.items)).to.deep.equal(['doc-08', 'doc-06', 'doc-05']);
          expect(result.total).to.equal(10);
        });

        it('returns a short last page', async () => {
          const result = await find({ page: { number: '4', size: '3' } });
          expect(idsOf(result.items)).to.deep.equal(['doc-01']);
          expect(result.total).to.equal(10);
        });

        it('returns no items past the end, with the total still counted', async () => {
          const result = await find({ page: { number: '5', size: '3' } });
          expect(result.items).to.deep.equal([]);
          expect(result.total).to.equal(10);
        });

        it('counts only matching documents', async () => {
          const result = await find({ filter: { current_status: 'done' }, page: { size: '2' } });
          expect(idsOf(result.items)).to.deep.equal(['doc-10', 'doc-07']);
          expect(result.total).to.equal(7);
        });
      });

      describe('tenant isolation', () => {
        it("finds only the tenant's own documents", async () => {
          const result = await find({}, OTHER_TENANT);
          expect(idsOf(result.items)).to.deep.equal(['doc-11', 'doc-01']);
          expect(result.items.every((view) => view.tenant_id === OTHER_TENANT)).to.equal(true);
          expect(result.total).to.equal(2);
        });

        it("never counts another tenant's matches", async () => {
          const result = await find({ filter: { 'sender_address.company_name_fuzzy': 'mueller' } });
          expect(result.total).to.equal(4);
          expect(result.items.every((view) => view.tenant_id === TENANT)).to.equal(true);
        });

        it('finds nothing for a tenant without documents', async () => {
          expect(await find({}, 'initech')).to.deep.equal({ items: [], total: 0 });
        });

        it('gets a document only within its tenant', async () => {
          expect((await opened.model.get(OTHER_TENANT, 'doc-01'))?.document.created_at).to.equal('2026-03-01T09:00:00.000Z');
          expect((await opened.model.get(TENANT, 'doc-01'))?.document.created_at).to.equal('2026-03-01T08:00:00.000Z');
          expect(await opened.model.get(TENANT, 'doc-11')).to.equal(null);
          expect(await opened.model.get('initech', 'doc-01')).to.equal(null);
        });

        it('returns the stored view whole', async () => {
          const fixture = documentViewFixtures.find((view) => view.id === 'doc-01' && view.tenant_id === TENANT);
          expect(await opened.model.get(TENANT, 'doc-01')).to.deep.equal(fixture);
        });
      });
    });

    describe('nested custom fields', () => {
      let opened: OpenedReadModel;
      before(async () => {
        opened = await open();
        for (const view of nestedViews) await opened.model.upsert(view);
      });
      after(async () => opened.cleanup());
      const find = (params: Record<string, unknown>) => opened.model.find(TENANT, parseDocumentQuery(params).query);

      for (const { spec, filter, ids } of nestedCases) {
        const parameters = Object.entries(filter)
          .map(([key, value]) => `filter[${key}]=${value}`)
          .join('&');
        it(`${spec}: ${parameters}`, async () => {
          const result = await find({ filter, page: { size: '100' } });
          expect(result.items.map((view) => view.id)).to.have.members(ids);
          expect(result.total).to.equal(ids.length);
        });
      }

      it('sorts by a nested number, missing first', async () => {
        const result = await find({ sort: 'custom_fields.nested.n,-created_at' });
        expect(result.items.map((view) => view.id)).to.deep.equal(['nest-7', 'nest-6', 'nest-5', 'nest-4', 'nest-3', 'nest-1', 'nest-2']);
      });

      it('gives back any JSON, odd member names included, exactly as stored', async () => {
        for (const view of nestedViews) {
          const stored = await opened.model.get(TENANT, view.id);
          expect(JSON.stringify(stored?.document.custom_fields)).to.equal(JSON.stringify(view.document.custom_fields));
        }
      });
    });

    describe('writes', () => {
      let opened: OpenedReadModel;
      beforeEach(async () => {
        opened = await open();
      });
      afterEach(async () => opened.cleanup());

      const view = (position: number, currentStatus: 'processing' | 'done', tenantId = TENANT) =>
        makeDocumentView({ id: 'doc-x', tenant_id: tenantId, position, document: { current_status: currentStatus } });
      const statusOf = async (tenantId = TENANT) => (await opened.model.get(tenantId, 'doc-x'))?.document.current_status;

      it('stores a new view', async () => {
        expect(await opened.model.upsert(view(5, 'processing'))).to.equal(true);
        expect(await statusOf()).to.equal('processing');
      });

      it('replaces a view with a later position', async () => {
        await opened.model.upsert(view(5, 'processing'));
        expect(await opened.model.upsert(view(6, 'done'))).to.equal(true);
        expect(await statusOf()).to.equal('done');
        const found = await opened.model.find(TENANT, parseDocumentQuery({ filter: { current_status: 'processing' } }).query);
        expect(found.total).to.equal(0);
      });

      it('ignores a view with an earlier position', async () => {
        await opened.model.upsert(view(5, 'done'));
        expect(await opened.model.upsert(view(4, 'processing'))).to.equal(false);
        expect(await statusOf()).to.equal('done');
      });

      it('ignores a view with the same position, so redelivery is harmless', async () => {
        await opened.model.upsert(view(5, 'done'));
        expect(await opened.model.upsert(view(5, 'processing'))).to.equal(false);
        expect(await statusOf()).to.equal('done');
      });

      it('compares positions per tenant', async () => {
        await opened.model.upsert(view(9, 'done'));
        expect(await opened.model.upsert(view(1, 'processing', OTHER_TENANT))).to.equal(true);
        expect(await statusOf(OTHER_TENANT)).to.equal('processing');
        expect(await statusOf()).to.equal('done');
      });

      it('keeps its views apart from the objects callers hold', async () => {
        const written = view(5, 'processing');
        await opened.model.upsert(written);
        written.document.current_status = 'done';
        const read = await opened.model.get(TENANT, 'doc-x');
        if (read) read.document.current_status = 'done';
        expect(await statusOf()).to.equal('processing');
      });

      const byCompany = (company: string) => parseDocumentQuery({ filter: { 'sender_address.company_name_fuzzy': company } }).query;
      const named = (position: number, companyName: string) =>
        makeDocumentView({ id: 'doc-x', position, sender_address: { company_name: companyName } });

      it('finds a renamed sender by its new name only', async () => {
        await opened.model.upsert(named(5, 'Alpha Handel AG'));
        await opened.model.upsert(named(6, 'Beta Handel AG'));
        expect((await opened.model.find(TENANT, byCompany('alpha'))).total).to.equal(0);
        expect((await opened.model.find(TENANT, byCompany('beta handel'))).items.map((found) => found.id)).to.deep.equal(['doc-x']);
      });

      it('counts what was written since the same query was last answered', async () => {
        expect((await opened.model.find(TENANT, byCompany('beta'))).total).to.equal(0);
        expect((await opened.model.find(TENANT, parseDocumentQuery({}).query)).total).to.equal(0);
        await opened.model.upsert(named(5, 'Beta Handel AG'));
        expect((await opened.model.find(TENANT, byCompany('beta'))).total).to.equal(1);
        expect((await opened.model.find(TENANT, parseDocumentQuery({}).query)).total).to.equal(1);
        await opened.model.remove(TENANT, 'doc-x');
        expect(await opened.model.find(TENANT, byCompany('beta'))).to.deep.equal({ items: [], total: 0 });
      });

      it('removes a view from gets, finds and counts, and removing it again is no error', async () => {
        await opened.model.upsert(view(5, 'done'));
        await opened.model.upsert(view(5, 'done', OTHER_TENANT));

        await opened.model.remove(TENANT, 'doc-x');
        await opened.model.remove(TENANT, 'doc-x');

        expect(await statusOf()).to.equal(undefined);
        expect(await opened.model.find(TENANT, parseDocumentQuery({}).query)).to.deep.equal({ items: [], total: 0 });
        expect(await statusOf(OTHER_TENANT), 'the other tenant’s view of the same id').to.equal('done');
      });

      it('starts with checkpoint 0', async () => {
        expect(await opened.model.loadCheckpoint()).to.equal(0);
      });

      it('saves and loads the checkpoint', async () => {
        await opened.model.saveCheckpoint(42);
        expect(await opened.model.loadCheckpoint()).to.equal(42);
        await opened.model.saveCheckpoint(43);
        expect(await opened.model.loadCheckpoint()).to.equal(43);
      });
    });
  });
};
