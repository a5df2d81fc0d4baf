import { useEffect, useRef, useState } from 'preact/hooks';
import { useApp } from '../context.js';
import { accountingRows, addressRows, fieldNameOf } from '../fields.js';
import { formatDateTime } from '../format.js';
import { has } from '../i18n.js';
import { html } from '../html.js';
import { CorrectionForm } from './correction-form.js';
import { DocumentFiles } from './document-files.js';
import { FieldTable } from './field-table.js';
import { LineItems } from './line-items.js';
import { PagePreviews } from './page-previews.js';
import { StatusBadge } from './status-badge.js';
import { Timeline } from './timeline.js';

const POLL_PROCESSING_MS = 2_000;

const relatedRecord = (body, type) => body.included?.find((record) => record.type === type)?.attributes ?? null;

/** A field key in the reader's words: `sender_address.city_name` -> "Sender: City". */
const fieldLabeler = (t, language) => (key) => {
  const [relationship, ...rest] = key.split('.');
  const name = fieldNameOf(key);
  const label = has(language, `field.${name}`) ? t(`field.${name}`) : name;
  if (relationship === 'sender_address') return `${t('senderAddress')}: ${label}`;
  if (relationship === 'receiver_address') return `${t('receiverAddress')}: ${label}`;
  if (rest[0] === 'items') return `${t('lineItems')} ${Number(rest[1]) + 1}: ${label}`;
  return label;
};

export const DocumentDetail = ({ id }) => {
  const { api, t, language } = useApp();
  const [loaded, setLoaded] = useState(null);
  const [problem, setProblem] = useState(null);
  /** The field keys in focus: hovered or focused in the table, or named by a hovered box. */
  const [active, setActive] = useState([]);
  const [reloads, setReloads] = useState(0);
  const [correctionNotice, setCorrectionNotice] = useState(null);
  const timer = useRef(null);

  useEffect(() => {
    let current = true;
    const load = async () => {
      try {
        const { body, etag } = await api.getDocument(id);
        if (!current) return;
        setLoaded({ body, etag });
        setProblem(null);
        if (body.data.attributes.current_status === 'processing') timer.current = setTimeout(load, POLL_PROCESSING_MS);
      } catch (error) {
        if (current) setProblem(error.status === 404 || error.status === 403 ? t('notFound') : error.message);
      }
    };
    load();
    return () => {
      current = false;
      clearTimeout(timer.current);
    };
  }, [id, reloads]);

  const back = html`<p><a href="#/">← ${t('backToList')}</a></p>`;
  if (problem)
    return html`${back}
      <p class="error" role="alert">${problem}</p>`;
  if (!loaded)
    return html`${back}
      <p aria-live="polite">${t('loading')}</p>`;

  const { body, etag } = loaded;
  const attributes = body.data.attributes;
  const accounting = relatedRecord(body, 'accounting_document');
  const sender = relatedRecord(body, 'sender_address');
  const receiver = relatedRecord(body, 'receiver_address');
  const evidence = accounting?.evidence ?? {};
  const labelOf = fieldLabeler(t, language);
  const reload = () => setReloads((count) => count + 1);
  const saved = (message) => {
    setCorrectionNotice({ message });
    reload();
  };
  const shared = { evidence, active, setActive, labelOf };
  /** The class is read like any field (its evidence, under `document_type`, names where), shown in the reader's words. */
  const typeRow = attributes.document_type ? [{ key: 'document_type', value: t(`type.${attributes.document_type}`) }] : [];
  const title = sender?.company_name || accounting?.invoice_number || t('document');

  return html`
    ${back}
    <div class="detail-head">
      <h1>${title}</h1>
      <${StatusBadge} status=${attributes.current_status} />
      ${attributes.document_type && html`<span class="badge">${t(`type.${attributes.document_type}`)}</span>`}
      <span class="muted">${formatDateTime(language, attributes.created_at)}</span>
    </div>
    ${attributes.current_status === 'processing' && html`<p aria-live="polite" class="muted">${t('stillProcessing')}</p>`}
    ${
      attributes.current_status === 'failed' &&
      html`<p class="error" role="alert">
        ${t('processingFailed')} ${attributes.error_codes.map((code) => html`<code class="error-code">${code}</code> `)}
      </p>`
    }
    <div class=${attributes.previews.length > 0 ? 'detail-layout' : 'detail-layout without-pages'}>
      ${attributes.previews.length > 0 && html`<${PagePreviews} previews=${attributes.previews} ...${shared} />`}
      <div class="detail-side">
        ${
          accounting &&
          html`<section class="card" aria-labelledby="fields-title">
            <h2 id="fields-title">${t('extractedFields')}</h2>
            <${FieldTable}
              id="accounting-title"
              title=${t('accountingData')}
              rows=${[...typeRow, ...accountingRows(accounting, language)]}
              ...${shared}
            />
            ${sender && html`<${FieldTable} id="sender-title" title=${t('senderAddress')} rows=${addressRows('sender_address', sender)} ...${shared} />`}
            ${receiver && html`<${FieldTable} id="receiver-title" title=${t('receiverAddress')} rows=${addressRows('receiver_address', receiver)} ...${shared} />`}
            <${LineItems} record=${accounting} active=${active} setActive=${setActive} />
          </section>`
        }
        ${
          accounting &&
          html`<${CorrectionForm}
            key=${`${accounting.updated_at}-${etag}`}
            id=${id}
            record=${accounting}
            etag=${etag}
            notice=${correctionNotice}
            onSaved=${saved}
          />`
        }
        <${DocumentFiles} attributes=${attributes} />
        <${Timeline} id=${id} version=${`${attributes.updated_at}-${reloads}`} labelOf=${labelOf} />
      </div>
    </div>
  `;
};
