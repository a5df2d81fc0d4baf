import { useEffect, useState } from 'preact/hooks';
import { useApp } from '../context.js';
import { formatDateTime } from '../format.js';
import { has } from '../i18n.js';
import { html } from '../html.js';

/** Event types are compared without case and separators: `DataExtracted` and `data_extracted` are one. */
const eventKey = (type) =>
  `event.${String(type)
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase()}`;

const actorName = (actor) => {
  if (!actor) return null;
  if (typeof actor === 'string') return actor;
  return actor.name ?? actor.token_id ?? actor.id ?? actor.kind ?? actor.type ?? null;
};

const shown = (value) => (value === null || value === undefined ? '—' : typeof value === 'object' ? '…' : String(value));

/** What a correction (`FieldsCorrected`) changed and why: each field path with its old and new value. */
const correctionDetails = (payload, labelOf) => {
  const corrections = Array.isArray(payload?.corrections) ? payload.corrections : [];
  return {
    reason: typeof payload?.reason === 'string' ? payload.reason : null,
    changes: corrections.map((change) => `${labelOf(change.path)}: ${shown(change.oldValue)} → ${shown(change.newValue)}`),
  };
};

export const Timeline = ({ id, version, labelOf }) => {
  const { api, t, language } = useApp();
  const [events, setEvents] = useState(null);
  const [unavailable, setUnavailable] = useState(false);
  const [problem, setProblem] = useState(null);

  useEffect(() => {
    let current = true;
    api.listEvents(id).then(
      (all) => current && setEvents(all),
      (error) => {
        if (!current) return;
        if (error.status === 404 || error.status === 405) setUnavailable(true);
        else setProblem(error.message);
      },
    );
    return () => {
      current = false;
    };
  }, [id, version]);

  return html`
    <section class="card" aria-labelledby="history-title">
      <h2 id="history-title">${t('history')}</h2>
      ${unavailable && html`<p class="muted">${t('historyUnavailable')}</p>`}
      ${problem && html`<p class="error" role="alert">${problem}</p>`} ${events && events.length === 0 && html`<p>${t('noHistory')}</p>`}
      ${
        events &&
        events.length > 0 &&
        html`<ol class="timeline">
          ${events.map(({ id: eventId, attributes }) => {
            const key = eventKey(attributes.type);
            const actor = actorName(attributes.actor);
            const { reason, changes } = correctionDetails(attributes.payload, labelOf);
            return html`<li key=${eventId} data-event-type=${attributes.type}>
              <strong>${has(language, key) ? t(key) : attributes.type}</strong>
              <span class="muted"
                >${' · '}<time datetime=${attributes.recorded_at}>${formatDateTime(language, attributes.recorded_at)}</time>
                ${' · '}${t('revision', { revision: attributes.revision })}${actor ? ` · ${t('by', { actor })}` : ''}</span
              >
              ${
                changes.length > 0 &&
                html`<ul class="changes">
                  ${changes.map((change) => html`<li>${change}</li>`)}
                </ul>`
              }
              ${reason && html`<blockquote>${reason}</blockquote>`}
            </li>`;
          })}
        </ol>`
      }
    </section>
  `;
};
