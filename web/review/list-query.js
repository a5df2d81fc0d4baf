/**
 * The list's state lives in the address (`#/?status=done&page=2`), so a filtered list can be
 * bookmarked and the back button works. Each filter maps to one documented collection parameter.
 */
export const DOCUMENT_TYPES = ['invoice', 'receipt', 'credit_note', 'reminder', 'delivery_note', 'other'];
export const STATUSES = ['processing', 'done', 'failed'];
export const ERROR_CODES = [
  'download_failed',
  'unsupported_file_type',
  'conversion_failed',
  'too_many_pages',
  'ocr_failed',
  'signing_failed',
  'extraction_failed',
  'payment_credentials_unclear',
  'processing_failed',
];
export const SORTS = [
  '-created_at',
  'created_at',
  '-accounting_document.invoice_date',
  'accounting_document.invoice_date',
  '-accounting_document.amount_total',
  'accounting_document.amount_total',
  'sender_address.company_name',
  '-sender_address.company_name',
];
export const PAGE_SIZES = [10, 25, 50, 100];

export const FILTERS = [
  { name: 'status', label: 'status', parameter: 'current_status', input: 'select', options: STATUSES, optionLabel: 'status.' },
  { name: 'type', label: 'type', parameter: 'document_type', input: 'select', options: DOCUMENT_TYPES, optionLabel: 'type.' },
  { name: 'received_from', label: 'receivedFrom', parameter: 'created_at_gte', input: 'date' },
  { name: 'received_to', label: 'receivedTo', parameter: 'created_at_lte', input: 'date' },
  { name: 'invoice_from', label: 'invoiceDateFrom', parameter: 'accounting_document.invoice_date_gte', input: 'date' },
  { name: 'invoice_to', label: 'invoiceDateTo', parameter: 'accounting_document.invoice_date_lte', input: 'date' },
  { name: 'sender', label: 'sender', parameter: 'sender_address.company_name_fuzzy', input: 'text' },
  { name: 'amount_from', label: 'amountFrom', parameter: 'accounting_document.amount_total_gte', input: 'number' },
  { name: 'amount_to', label: 'amountTo', parameter: 'accounting_document.amount_total_lte', input: 'number' },
  { name: 'error', label: 'errorCode', parameter: 'error_codes', input: 'select', options: ERROR_CODES },
  { name: 'text', label: 'fullText', parameter: 'accounting_document.text_fuzzy', input: 'search' },
];

export const readListState = (query) => {
  const params = new URLSearchParams(query);
  const filters = Object.fromEntries(FILTERS.map((filter) => [filter.name, params.get(filter.name) ?? '']));
  const sort = SORTS.includes(params.get('sort')) ? params.get('sort') : SORTS[0];
  const size = PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : 25;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return { filters, sort, size, page };
};

export const listHash = ({ filters, sort, size, page }) => {
  const params = new URLSearchParams();
  for (const filter of FILTERS) if (filters[filter.name]) params.set(filter.name, filters[filter.name]);
  if (sort !== SORTS[0]) params.set('sort', sort);
  if (size !== 25) params.set('size', String(size));
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `#/?${query}` : '#/';
};

/** The collection request of a list state, in the API's parameters. */
export const collectionParameters = ({ filters, sort, size, page }) => {
  const params = new URLSearchParams();
  for (const filter of FILTERS) {
    const value = filters[filter.name]?.trim();
    if (value) params.set(`filter[${filter.parameter}]`, value);
  }
  params.set('sort', sort);
  params.set('page[number]', String(page));
  params.set('page[size]', String(size));
  params.set('include', 'accounting_document,sender_address');
  return params.toString();
};
