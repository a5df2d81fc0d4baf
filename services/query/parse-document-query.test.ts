import { expect } from 'chai';
import { AppError, ValidationErrors } from '../../shared/errors/app-error.js';
import { parseDocumentQuery } from './parse-document-query.js';
import type { Condition } from '../../shared/read-model/query.js';

const conditionsOf = (filter: Record<string, unknown>): Condition[] => parseDocumentQuery({ filter }).query.filter.all;
const conditionOf = (key: string, value: string): Condition | undefined => conditionsOf({ [key]: value })[0];
const valueOf = (key: string, value: string): unknown => conditionOf(key, value)?.value;

const failureOf = (params: Record<string, unknown>): AppError => {
  try {
    parseDocumentQuery(params);
  } catch (error) {
    expect(error).to.be.instanceOf(AppError);
    return error as AppError;
  }
  throw new Error(`expected ${JSON.stringify(params)} to be rejected`);
};

const expectRejected = (params: Record<string, unknown>, code: string, parameter: string, detail?: RegExp) => {
  const error = failureOf(params);
  expect(error).to.not.be.instanceOf(ValidationErrors);
  expect(error).to.include({ status: 400, code });
  expect(error.source).to.deep.equal({ parameter });
  if (detail) expect(error.detail).to.match(detail);
};

describe('parseDocumentQuery', () => {
  describe('defaults', () => {
    it('without parameters: no filter, newest first, page 1 of 25, nothing included', () => {
      expect(parseDocumentQuery({})).to.deep.equal({
        query: {
          filter: { all: [] },
          sort: [{ path: 'document.created_at', type: 'datetime', direction: 'desc' }],
          page: { number: 1, size: 25 },
        },
        include: [],
      });
    });
  });

  describe('parameter shapes', () => {
    it('reads qs-style nested objects and flat bracketed keys alike', () => {
      const nested = parseDocumentQuery({ filter: { current_status: 'done' }, page: { number: '2', size: '10' } });
      const flat = parseDocumentQuery({ 'filter[current_status]': 'done', 'page[number]': '2', 'page[size]': '10' });
      expect(flat).to.deep.equal(nested);
      expect(nested.query.page).to.deep.equal({ number: 2, size: 10 });
    });

    it('rejects a filter given both nested and flat', () => {
      expectRejected({ filter: { status: 'done' }, 'filter[status]': 'done' }, 'invalid_filter_value', 'filter[status]', /more than once/);
    });

    it('rejects a repeated filter', () => {
      expectRejected({ filter: { status: ['done', 'pending'] } }, 'invalid_filter_value', 'filter[status]', /more than once/);
    });

    it('rejects a filter with nested members', () => {
      expectRejected({ filter: { status: { eq: 'done' } } }, 'invalid_filter_value', 'filter[status]', /single value/);
    });

    it('rejects filter without brackets', () => {
      expectRejected({ filter: 'done' }, 'invalid_filter_value', 'filter');
    });

    it('rejects unknown parameter families, nested or flat', () => {
      expectRejected({ fields: { documents: 'id' } }, 'unknown_parameter', 'fields');
      expectRejected({ 'fields[documents]': 'id' }, 'unknown_parameter', 'fields[documents]');
      expectRejected({ q: 'invoice' }, 'unknown_parameter', 'q');
    });

    it('reports every problem at once', () => {
      const error = failureOf({ filter: { nope: 'x' }, page: { size: '101' }, include: 'items' });
      expect(error).to.be.instanceOf(ValidationErrors);
      expect(error.status).to.equal(400);
      expect((error as ValidationErrors).errors.map((problem) => problem.source?.parameter)).to.deep.equal([
        'filter[nope]',
        'page[size]',
        'include',
      ]);
    });
  });

  describe('filter keys', () => {
    it('equals is the bare field name', () => {
      expect(conditionOf('current_status', 'done')).to.deep.equal({
        path: 'document.current_status',
        type: 'keyword',
        op: 'eq',
        value: 'done',
      });
    });

    it('splits the operator suffix off fields that contain underscores', () => {
      expect(conditionOf('current_status_not', 'done')).to.include({ path: 'document.current_status', op: 'not' });
      expect(conditionOf('sender_address.company_name_contains', 'GmbH')).to.include({
        path: 'sender_address.company_name',
        op: 'contains',
      });
      expect(conditionOf('estimated_time_of_completion_lt', '2026-03-01')).to.include({
        path: 'document.estimated_time_of_completion',
        op: 'lt',
      });
    });

    it('maps the id to the top-level path', () => {
      expect(conditionOf('id', 'doc-1')).to.include({ path: 'id', type: 'keyword' });
    });

    it('maps related record fields to their paths', () => {
      expect(conditionOf('accounting_document.invoice_date_range', '2026-03-01..2026-03-31')).to.deep.equal({
        path: 'accounting_document.invoice_date',
        type: 'date',
        op: 'range',
        value: { from: '2026-03-01', to: '2026-03-31' },
      });
      expect(conditionOf('receiver_address.country_code', 'DE')).to.include({ path: 'receiver_address.country_code', type: 'keyword' });
    });

    it('reads a custom key that ends like an operator as that operator', () => {
      expect(conditionOf('custom_fields.weight_lt', '5')).to.include({ path: 'document.custom_fields.weight', op: 'lt' });
    });

    it('rejects an unknown field', () => {
      expectRejected({ filter: { colour: 'red' } }, 'unknown_filter', 'filter[colour]', /names no filterable field/);
    });

    it('suggests the related record a bare field name belongs to', () => {
      expectRejected(
        { filter: { amount_total_gt: '5' } },
        'unknown_filter',
        'filter[amount_total_gt]',
        /did you mean filter\[accounting_document\.amount_total_gt\]\?/,
      );
    });

    it('addresses a value nested in a custom field by dotted path, operator suffix included', () => {
      expect(conditionOf('custom_fields.order.customer.id_gt', '7')).to.deep.equal({
        path: 'document.custom_fields.order.customer.id',
        type: 'number',
        op: 'gt',
        value: 7,
      });
    });

    it('rejects a custom key outside the allowed form', () => {
      expectRejected({ filter: { 'custom_fields.a..b': '1' } }, 'unknown_filter', 'filter[custom_fields.a..b]', /1 to 64/);
      expectRejected({ filter: { 'custom_fields.a.b c': '1' } }, 'unknown_filter', 'filter[custom_fields.a.b c]', /1 to 64/);
      expectRejected(
        { filter: { [`custom_fields${'.a'.repeat(10)}`]: '1' } },
        'unknown_filter',
        `filter[custom_fields${'.a'.repeat(10)}]`,
        /at most 9 names/,
      );
      expectRejected({ filter: { [`custom_fields.${'k'.repeat(65)}`]: '1' } }, 'unknown_filter', `filter[custom_fields.${'k'.repeat(65)}]`);
    });

    it('rejects a list field nobody can filter (line items are not in the catalog)', () => {
      expectRejected({ filter: { 'accounting_document.items': 'x' } }, 'unknown_filter', 'filter[accounting_document.items]');
    });
  });

  describe('operators by field type', () => {
    it('rejects comparisons on a text field', () => {
      expectRejected(
        { filter: { 'sender_address.company_name_gt': 'M' } },
        'invalid_filter_operator',
        'filter[sender_address.company_name_gt]',
        /does not apply to sender_address\.company_name, a text field/,
      );
    });

    it('rejects contains and fuzzy on a number field', () => {
      expectRejected(
        { filter: { 'accounting_document.amount_total_contains': '5' } },
        'invalid_filter_operator',
        'filter[accounting_document.amount_total_contains]',
      );
      expectRejected(
        { filter: { 'accounting_document.amount_total_fuzzy': '5' } },
        'invalid_filter_operator',
        'filter[accounting_document.amount_total_fuzzy]',
      );
    });

    it('rejects contains on a boolean and on a list', () => {
      expectRejected({ filter: { extract_line_items_contains: 'tr' } }, 'invalid_filter_operator', 'filter[extract_line_items_contains]');
      expectRejected({ filter: { error_codes_contains: 'download' } }, 'invalid_filter_operator', 'filter[error_codes_contains]');
    });

    it('rejects a range on a boolean', () => {
      expectRejected(
        { filter: { 'accounting_document.including_tax_range': 'false..true' } },
        'invalid_filter_operator',
        'filter[accounting_document.including_tax_range]',
      );
    });
  });

  describe('values', () => {
    it('parses decimals to numbers', () => {
      expect(conditionOf('accounting_document.amount_total_gte', '-12.50')).to.deep.equal({
        path: 'accounting_document.amount_total',
        type: 'number',
        op: 'gte',
        value: -12.5,
      });
    });

    for (const bad of ['1e3', '12,5', '.5', '+5', 'abc', '', 'Infinity', '9'.repeat(400)]) {
      it(`rejects the number "${bad.length > 20 ? `${bad.slice(0, 10)}…` : bad}"`, () => {
        expectRejected(
          { filter: { 'accounting_document.amount_total_gt': bad } },
          'invalid_filter_value',
          'filter[accounting_document.amount_total_gt]',
        );
      });
    }

    it('takes true/false for booleans', () => {
      expect(conditionOf('extract_line_items', 'false')).to.include({ type: 'boolean', op: 'eq', value: false });
      expectRejected({ filter: { extract_line_items: '1' } }, 'invalid_filter_value', 'filter[extract_line_items]', /true or false/);
    });

    it('takes true/false and 1/0 for blank', () => {
      expect(conditionOf('document_type_blank', '1')).to.deep.equal({
        path: 'document.document_type',
        type: 'keyword',
        op: 'blank',
        value: true,
      });
      expect(conditionOf('document_type_blank', 'false')).to.include({ value: false });
      expect(conditionOf('document_type_blank', '0')).to.include({ value: false });
      expectRejected({ filter: { document_type_blank: 'yes' } }, 'invalid_filter_value', 'filter[document_type_blank]');
    });

    it('rejects an empty equals value and points to _blank', () => {
      expectRejected({ filter: { status: '' } }, 'invalid_filter_value', 'filter[status]', /filter\[status_blank\]=true/);
    });

    it('rejects an empty contains and a fuzzy search without letters or digits', () => {
      expectRejected(
        { filter: { 'accounting_document.text_contains': '' } },
        'invalid_filter_value',
        'filter[accounting_document.text_contains]',
      );
      expectRejected(
        { filter: { 'accounting_document.text_fuzzy': ' -- ' } },
        'invalid_filter_value',
        'filter[accounting_document.text_fuzzy]',
      );
    });

    it('keeps the fuzzy query as given; the evaluator normalizes it', () => {
      expect(conditionOf('sender_address.company_name_fuzzy', 'Müller')).to.include({ op: 'fuzzy', value: 'Müller' });
    });

    it('rejects dates that are not real calendar days in YYYY-MM-DD', () => {
      for (const bad of ['2026-02-30', '2026-13-01', '01.03.2026', '2026-3-1', '2026-03-01T00:00:00Z']) {
        expectRejected(
          { filter: { 'accounting_document.invoice_date': bad } },
          'invalid_filter_value',
          'filter[accounting_document.invoice_date]',
          /YYYY-MM-DD/,
        );
      }
    });

    it('accepts a leap day', () => {
      expect(conditionOf('accounting_document.invoice_date', '2028-02-29')).to.include({ value: '2028-02-29' });
    });
  });

  describe('datetime fields', () => {
    it('equals with a date means the whole UTC day', () => {
      expect(conditionOf('created_at', '2026-03-01')).to.deep.equal({
        path: 'document.created_at',
        type: 'datetime',
        op: 'range',
        value: { from: '2026-03-01T00:00:00.000Z', to: '2026-03-01T23:59:59.999Z' },
      });
    });

    it('gte and lt with a date bound at the start of the day, lte and gt at its end', () => {
      expect(conditionOf('created_at_gte', '2026-03-01')).to.include({ op: 'gte', value: '2026-03-01T00:00:00.000Z' });
      expect(conditionOf('created_at_lt', '2026-03-01')).to.include({ op: 'lt', value: '2026-03-01T00:00:00.000Z' });
      expect(conditionOf('created_at_lte', '2026-03-01')).to.include({ op: 'lte', value: '2026-03-01T23:59:59.999Z' });
      expect(conditionOf('created_at_gt', '2026-03-01')).to.include({ op: 'gt', value: '2026-03-01T23:59:59.999Z' });
    });

    it('a range of dates runs from the start of the first day to the end of the last', () => {
      expect(valueOf('updated_at_range', '2026-03-01..2026-03-02')).to.deep.equal({
        from: '2026-03-01T00:00:00.000Z',
        to: '2026-03-02T23:59:59.999Z',
      });
    });

    it('normalizes timestamps with a time zone to UTC with milliseconds', () => {
      expect(conditionOf('created_at', '2026-03-01T10:00:00+02:00')).to.include({ op: 'eq', value: '2026-03-01T08:00:00.000Z' });
      expect(valueOf('created_at_range', '2026-03-01T10:00:00Z..2026-03-02')).to.deep.equal({
        from: '2026-03-01T10:00:00.000Z',
        to: '2026-03-02T23:59:59.999Z',
      });
    });

    it('rejects timestamps without a time zone', () => {
      expectRejected({ filter: { created_at_gte: '2026-03-01T10:00:00' } }, 'invalid_filter_value', 'filter[created_at_gte]', /time zone/);
    });

    it('rejects excluding a whole day, which the filter tree cannot express', () => {
      expectRejected({ filter: { created_at_not: '2026-03-01' } }, 'invalid_filter_value', 'filter[created_at_not]', /full timestamp/);
      expect(conditionOf('created_at_not', '2026-03-01T00:00:00Z')).to.include({ op: 'not', value: '2026-03-01T00:00:00.000Z' });
    });
  });

  describe('ranges', () => {
    it('parses numeric ranges, equal ends included', () => {
      expect(valueOf('accounting_document.amount_total_range', '1.5..1.5')).to.deep.equal({ from: 1.5, to: 1.5 });
    });

    for (const bad of ['5', '5..', '..5', '1..2..3', '1...2', 'a..b']) {
      it(`rejects the malformed range "${bad}"`, () => {
        expectRejected(
          { filter: { 'accounting_document.amount_total_range': bad } },
          'invalid_filter_value',
          'filter[accounting_document.amount_total_range]',
        );
      });
    }

    it('rejects a range that starts after it ends', () => {
      expectRejected(
        { filter: { 'accounting_document.amount_total_range': '10..9' } },
        'invalid_filter_value',
        'filter[accounting_document.amount_total_range]',
        /starts after it ends/,
      );
      expectRejected(
        { filter: { 'accounting_document.invoice_date_range': '2026-03-02..2026-03-01' } },
        'invalid_filter_value',
        'filter[accounting_document.invoice_date_range]',
      );
      expectRejected(
        { filter: { created_at_range: '2026-03-01T12:00:00Z..2026-03-01T11:00:00Z' } },
        'invalid_filter_value',
        'filter[created_at_range]',
      );
    });

    it('rejects a bad date in a range', () => {
      expectRejected(
        { filter: { 'accounting_document.invoice_date_range': '2026-03-01..2026-02-30' } },
        'invalid_filter_value',
        'filter[accounting_document.invoice_date_range]',
      );
    });
  });

  describe('custom fields', () => {
    it('a decimal value makes a number condition that also matches the same digits stored as text', () => {
      expect(conditionOf('custom_fields.cost_center', '4711')).to.deep.equal({
        path: 'document.custom_fields.cost_center',
        type: 'number',
        op: 'eq',
        value: [4711, '4711'],
      });
    });

    it('a date value makes a date condition', () => {
      expect(conditionOf('custom_fields.due_gte', '2026-03-01')).to.include({ type: 'date', value: '2026-03-01' });
    });

    it('any other value makes a text condition', () => {
      expect(conditionOf('custom_fields.project', 'Apollo 11')).to.include({ type: 'text', value: 'Apollo 11' });
    });

    it('contains and fuzzy always search text, even for digits', () => {
      expect(conditionOf('custom_fields.cost_center_contains', '47')).to.include({ type: 'text', value: '47' });
    });

    it('a range needs both ends of one kind', () => {
      expect(valueOf('custom_fields.size_range', '1..10')).to.deep.equal({ from: 1, to: 10 });
      expectRejected(
        { filter: { 'custom_fields.size_range': '1..2026-03-01' } },
        'invalid_filter_operator',
        'filter[custom_fields.size_range]',
      );
    });

    it('rejects comparing text', () => {
      expectRejected(
        { filter: { 'custom_fields.project_gt': 'Apollo' } },
        'invalid_filter_operator',
        'filter[custom_fields.project_gt]',
        /needs a decimal number or a date/,
      );
    });
  });

  describe('sort', () => {
    it('reads comma-separated fields, "-" for descending', () => {
      expect(parseDocumentQuery({ sort: 'accounting_document.amount_total,-created_at,custom_fields.rank' }).query.sort).to.deep.equal([
        { path: 'accounting_document.amount_total', type: 'number', direction: 'asc' },
        { path: 'document.created_at', type: 'datetime', direction: 'desc' },
        { path: 'document.custom_fields.rank', type: 'text', direction: 'asc' },
      ]);
    });

    it('rejects an unknown field', () => {
      expectRejected({ sort: '-created_at,colour' }, 'invalid_sort', 'sort', /"colour"/);
    });

    it('rejects an empty field name', () => {
      expectRejected({ sort: 'created_at,' }, 'invalid_sort', 'sort');
      expectRejected({ sort: '' }, 'invalid_sort', 'sort');
    });

    it('rejects sorting by a list', () => {
      expectRejected({ sort: 'error_codes' }, 'invalid_sort', 'sort', /a list/);
    });

    it('rejects a field named twice', () => {
      expectRejected({ sort: 'created_at,-created_at' }, 'invalid_sort', 'sort', /more than once/);
    });

    it('rejects a repeated sort parameter', () => {
      expectRejected({ sort: ['created_at', 'id'] }, 'invalid_sort', 'sort');
    });
  });

  describe('page', () => {
    it('takes page[size] up to 100', () => {
      expect(parseDocumentQuery({ page: { size: '100' } }).query.page).to.deep.equal({ number: 1, size: 100 });
    });

    it('rejects page[size]=101', () => {
      expectRejected({ page: { size: '101' } }, 'invalid_page', 'page[size]', /from 1 to 100/);
    });

    it('rejects page[size]=0', () => {
      expectRejected({ page: { size: '0' } }, 'invalid_page', 'page[size]');
    });

    it('rejects page[number]=0', () => {
      expectRejected({ page: { number: '0' } }, 'invalid_page', 'page[number]', /at least 1/);
    });

    it('rejects page numbers that are not whole numbers', () => {
      for (const bad of ['1.5', '-1', 'two', '', '99999999999999999999']) {
        expectRejected({ page: { number: bad } }, 'invalid_page', 'page[number]');
      }
    });

    it('rejects unknown page members', () => {
      expectRejected({ page: { offset: '10' } }, 'invalid_page', 'page[offset]', /page\[number\] and page\[size\]/);
    });

    it('rejects page without brackets', () => {
      expectRejected({ page: '2' }, 'invalid_page', 'page');
    });
  });

  describe('include', () => {
    it('reads the related records to include, once each', () => {
      expect(parseDocumentQuery({ include: 'sender_address,accounting_document,sender_address' }).include).to.deep.equal([
        'sender_address',
        'accounting_document',
      ]);
    });

    it('an empty include includes nothing', () => {
      expect(parseDocumentQuery({ include: '' }).include).to.deep.equal([]);
    });

    it('rejects unknown names, listing them', () => {
      expectRejected({ include: 'accounting_document,items,files' }, 'invalid_include', 'include', /"items", "files"/);
    });

    it('rejects a repeated include parameter', () => {
      expectRejected({ include: ['sender_address', 'receiver_address'] }, 'invalid_include', 'include');
    });
  });
});
