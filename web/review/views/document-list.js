import { useEffect, useRef, useState } from 'preact/hooks';
import { useApp } from '../context.js';
import { formatAmount, formatDate, formatDateTime } from '../format.js';
import { html } from '../html.js';
import { collectionParameters, FILTERS, listHash, PAGE_SIZES, readListState, SORTS } from '../list-query.js';
import { StatusBadge } from './status-badge.js';
import { ApiImage } from './api-image.js';
import { Upload } from './upload.js';

/** While anything on the page is processing the list asks again often; otherwise now and then. */
const POLL_PROCESSING_MS = 2_000;
const POLL_IDLE_MS = 20_000;

const relatedOf = (body) => {
  const related = new Map();
  for (const record of body.included ?? []) related.set(`${record.type}/${record.id}`, record.attributes);
  return (type, id) => related.get(`${type}/${id}`) ?? null;
};

const FilterInput = ({ filter, value, onChange }) => {
  const { t } = useApp();
  const id = `filter-${filter.name}`;
  const input =
    filter.input === 'select'
      ? html`<select id=${id} value=${value} onChange=${(event) => onChange(event.currentTarget.value)}>
          <option value="">${t('any')}</option>
          ${filter.options.map((option) => html`<option value=${option}>${filter.optionLabel ? t(filter.optionLabel + option) : option}</option>`)}
        </select>`
      : html`<input
          id=${id}
          type=${filter.input}
          value=${value}
          step=${filter.input === 'number' ? 'any' : undefined}
          onInput=${(event) => onChange(event.currentTarget.value)}
        />`;
  return html`<div class="field"><label for=${id}>${t(filter.label)}</label>${input}</div>`;
};

const Filters = ({ state, navigate }) => {
  const { t } = useApp();
  const [draft, setDraft] = useState(state.filters);
  useEffect(() => setDraft(state.filters), [JSON.stringify(state.filters)]);
  const apply = (event) => {
    event.preventDefault();
    navigate({ ...state, filters: draft, page: 1 });
  };
  const reset = () => navigate({ ...state, filters: {}, page: 1 });
  return html`
    <form class="filters card" onSubmit=${apply} aria-labelledby="filters-title">
      <h2 id="filters-title">${t('filters')}</h2>
      <div class="filter-grid">
        ${FILTERS.map(
          (filter) =>
            html`<${FilterInput}
              key=${filter.name}
              filter=${filter}
              value=${draft[filter.name] ?? ''}
              onChange=${(value) => setDraft({ ...draft, [filter.name]: value })}
            />`,
        )}
      </div>
      <div class="actions">
        <button type="submit">${t('apply')}</button>
        <button type="button" class="secondary" onClick=${reset}>${t('reset')}</button>
      </div>
    </form>
  `;
};

const SortableHeader = ({ label, field, state, navigate }) => {
  const direction = state.sort === field ? 'ascending' : state.sort === `-${field}` ? 'descending' : 'none';
  const next = direction === 'descending' ? field : `-${field}`;
  const arrow = { ascending: '▲', descending: '▼', none: '' }[direction];
  return html`<th scope="col" aria-sort=${direction}>
    <button type="button" class="link sort" onClick=${() => navigate({ ...state, sort: SORTS.includes(next) ? next : field, page: 1 })}>
      ${label} <span aria-hidden="true">${arrow}</span>
    </button>
  </th>`;
};

const Row = ({ document, related }) => {
  const { t, language } = useApp();
  const attributes = document.attributes;
  const accounting = related('accounting_document', document.id);
  const sender = related('sender_address', document.id);
  const href = `#/documents/${encodeURIComponent(document.id)}`;
  const title = sender?.company_name || accounting?.invoice_number || accounting?.number || document.id;
  return html`
    <tr data-document-id=${document.id} data-status=${attributes.current_status}>
      <td class="thumb-cell"><${ApiImage} file=${attributes.thumbnail} alt="" className="thumb" /></td>
      <td><a href=${href}>${title}</a></td>
      <td>${accounting?.invoice_number ?? accounting?.number ?? ''}</td>
      <td>${attributes.document_type ? t(`type.${attributes.document_type}`) : ''}</td>
      <td>${formatDate(language, accounting?.invoice_date)}</td>
      <td class="number">${formatAmount(language, accounting?.amount_total, accounting?.currency)}</td>
      <td>${formatDateTime(language, attributes.created_at)}</td>
      <td><${StatusBadge} status=${attributes.current_status} /></td>
      <td>${attributes.error_codes.map((code) => html`<code class="error-code">${code}</code> `)}</td>
    </tr>
  `;
};

export const DocumentList = ({ query }) => {
  const { api, t } = useApp();
  const state = readListState(query);
  const parameters = collectionParameters(state);
  const [result, setResult] = useState(null);
  const [problem, setProblem] = useState(null);
  const [refreshCount, setRefreshCount] = useState(0);
  const timer = useRef(null);

  const navigate = (next) => {
    location.hash = listHash(next);
  };

  useEffect(() => {
    let current = true;
    const load = async () => {
      try {
        const { body } = await api.listDocuments(parameters);
        if (!current) return;
        setResult(body);
        setProblem(null);
        const processing = body.data.some((document) => document.attributes.current_status === 'processing');
        timer.current = setTimeout(load, processing ? POLL_PROCESSING_MS : POLL_IDLE_MS);
      } catch (error) {
        if (current) setProblem(error.message);
      }
    };
    load();
    return () => {
      current = false;
      clearTimeout(timer.current);
    };
  }, [parameters, refreshCount]);

  const related = result ? relatedOf(result) : () => null;
  const totalPages = result?.meta.page.total_pages ?? 1;
  const headers = { state, navigate };
  return html`
    <h1>${t('documents')}</h1>
    <div class="list-layout">
      <div class="side">
        <${Upload} onUploaded=${() => setRefreshCount((count) => count + 1)} />
        <${Filters} state=${state} navigate=${navigate} />
      </div>
      <section class="card list" aria-labelledby="list-title">
        <div class="list-bar">
          <h2 id="list-title" aria-live="polite">
            ${!result ? t('loading') : result.meta.total === 1 ? t('oneDocument') : t('totalDocuments', { total: result.meta.total })}
          </h2>
          <div class="field inline">
            <label for="sort">${t('sortBy')}</label>
            <select id="sort" value=${state.sort} onChange=${(event) => navigate({ ...state, sort: event.currentTarget.value, page: 1 })}>
              ${SORTS.map((sort) => html`<option value=${sort}>${t(`sort.${sort}`)}</option>`)}
            </select>
          </div>
        </div>
        ${problem && html`<p class="error" role="alert">${problem}</p>`}
        ${result && result.data.length === 0 && html`<p>${t('noDocuments')}</p>`}
        ${
          result &&
          result.data.length > 0 &&
          html`<div class="table-scroll">
            <table class="documents">
              <caption class="visually-hidden">
                ${t('documents')}. ${t('liveUpdates')}
              </caption>
              <thead>
                <tr>
                  <th scope="col"><span class="visually-hidden">${t('thumbnail')}</span></th>
                  <${SortableHeader} label=${t('sender')} field="sender_address.company_name" ...${headers} />
                  <th scope="col">${t('number')}</th>
                  <th scope="col">${t('type')}</th>
                  <${SortableHeader} label=${t('invoiceDate')} field="accounting_document.invoice_date" ...${headers} />
                  <${SortableHeader} label=${t('amount')} field="accounting_document.amount_total" ...${headers} />
                  <${SortableHeader} label=${t('received')} field="created_at" ...${headers} />
                  <th scope="col">${t('status')}</th>
                  <th scope="col">${t('errors')}</th>
                </tr>
              </thead>
              <tbody>
                ${result.data.map((document) => html`<${Row} key=${document.id} document=${document} related=${related} />`)}
              </tbody>
            </table>
          </div>`
        }
        <nav class="pager" aria-label=${t('pageOf', { number: state.page, total: totalPages })}>
          <button type="button" class="secondary" disabled=${state.page <= 1} onClick=${() => navigate({ ...state, page: state.page - 1 })}>
            ${t('previous')}
          </button>
          <span>${t('pageOf', { number: state.page, total: totalPages })}</span>
          <button
            type="button"
            class="secondary"
            disabled=${state.page >= totalPages}
            onClick=${() => navigate({ ...state, page: state.page + 1 })}
          >
            ${t('next')}
          </button>
          <label for="page-size">${t('pageSize')}</label>
          <select
            id="page-size"
            value=${state.size}
            onChange=${(event) => navigate({ ...state, size: Number(event.currentTarget.value), page: 1 })}
          >
            ${PAGE_SIZES.map((size) => html`<option value=${size}>${size}</option>`)}
          </select>
        </nav>
      </section>
    </div>
  `;
};
