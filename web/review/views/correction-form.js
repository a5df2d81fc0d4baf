import { useEffect, useState } from 'preact/hooks';
import { useApp } from '../context.js';
import { html } from '../html.js';

/** The accounting document's values a reviewer corrects most; each input maps to one attribute. */
const EDITABLE = [
  { name: 'invoice_number', input: 'text' },
  { name: 'number', input: 'text' },
  { name: 'invoice_date', input: 'date' },
  { name: 'delivery_date', input: 'date' },
  { name: 'order_number', input: 'text' },
  { name: 'amount_total', input: 'number' },
  { name: 'currency', input: 'text', pattern: '[A-Z]{3}' },
  { name: 'reference', input: 'text' },
  { name: 'payment_method', input: 'text' },
];

const asInput = (value) => (value === null || value === undefined ? '' : String(value));

/** The attribute as the API shows it: numbers as numbers, an emptied field as null. */
const asAttribute = (field, raw) => {
  const value = raw.trim();
  if (value === '') return null;
  return field.input === 'number' ? Number(value) : value;
};

/** `onSaved(message)` reloads the document and shows the message: `saved`, or `staleDocument` after a 412. */
export const CorrectionForm = ({ id, record, etag, notice, onSaved }) => {
  const { api, t } = useApp();
  const initial = Object.fromEntries(EDITABLE.map((field) => [field.name, asInput(record[field.name])]));
  const [draft, setDraft] = useState(initial);
  const [reason, setReason] = useState('');
  const [reviewer, setReviewer] = useState('');
  const [outcome, setOutcome] = useState(null);
  // What happened to the last save outlives the reload it causes (the form is rebuilt from the new read).
  useEffect(() => notice && setOutcome({ kind: notice.message === 'saved' ? 'saved' : 'error', message: notice.message }), [notice]);
  const [busy, setBusy] = useState(false);

  const submit = async (event) => {
    event.preventDefault();
    const changed = Object.fromEntries(
      EDITABLE.filter((field) => draft[field.name] !== initial[field.name]).map((field) => [
        field.name,
        asAttribute(field, draft[field.name]),
      ]),
    );
    if (Object.keys(changed).length === 0) return setOutcome({ kind: 'error', message: 'nothingChanged' });
    if (!reason.trim()) return setOutcome({ kind: 'error', message: 'reasonRequired' });
    setBusy(true);
    try {
      await api.correctAccountingDocument(
        id,
        changed,
        { reason: reason.trim(), ...(reviewer.trim() ? { reviewer: reviewer.trim() } : {}) },
        etag,
      );
      onSaved('saved');
    } catch (error) {
      if (error.status === 412) onSaved('staleDocument');
      else if (error.status === 404 || error.status === 405) setOutcome({ kind: 'unavailable', message: 'correctionUnavailable' });
      else setOutcome({ kind: 'error', message: 'correctionFailed', params: { reason: error.message } });
    } finally {
      setBusy(false);
    }
  };

  if (outcome?.kind === 'unavailable')
    return html`<section class="card" aria-labelledby="correction-title">
      <h2 id="correction-title">${t('correction')}</h2>
      <p class="muted">${t(outcome.message)}</p>
    </section>`;
  return html`
    <section class="card" aria-labelledby="correction-title">
      <h2 id="correction-title">${t('correction')}</h2>
      <p class="muted" id="correction-intro">${t('correctionIntro')}</p>
      <form class="correction" onSubmit=${submit} aria-describedby="correction-intro">
        <div class="filter-grid">
          ${EDITABLE.map(
            (field) =>
              html`<div class="field" key=${field.name}>
                <label for=${`correct-${field.name}`}>${t(`field.${field.name}`)}</label>
                <input
                  id=${`correct-${field.name}`}
                  name=${field.name}
                  type=${field.input}
                  value=${draft[field.name]}
                  step=${field.input === 'number' ? 'any' : undefined}
                  pattern=${field.pattern}
                  onInput=${(event) => setDraft({ ...draft, [field.name]: event.currentTarget.value })}
                />
              </div>`,
          )}
        </div>
        <div class="field">
          <label for="correct-reason">${t('reason')}</label>
          <textarea
            id="correct-reason"
            name="reason"
            rows="2"
            required
            value=${reason}
            onInput=${(event) => setReason(event.currentTarget.value)}
          ></textarea>
        </div>
        <div class="field">
          <label for="correct-reviewer">${t('reviewer')}</label>
          <input
            id="correct-reviewer"
            name="reviewer"
            autocomplete="name"
            value=${reviewer}
            onInput=${(event) => setReviewer(event.currentTarget.value)}
          />
        </div>
        <div aria-live="polite">
          ${outcome && html`<p class=${outcome.kind === 'saved' ? 'success' : 'error'} role=${outcome.kind === 'saved' ? 'status' : 'alert'}>${t(outcome.message, outcome.params)}</p>`}
        </div>
        <button type="submit" disabled=${busy}>${t('saveCorrection')}</button>
      </form>
    </section>
  `;
};
