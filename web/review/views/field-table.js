import { useApp } from '../context.js';
import { belongsTogether, describeSource, LOW_CONFIDENCE } from '../fields.js';
import { formatPercent } from '../format.js';
import { html } from '../html.js';

const machineValue = (value) =>
  value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** One value: hovering or focusing it lights its box on the page. */
const FieldRow = ({ row, evidence, active, setActive, labelOf }) => {
  const { t, language } = useApp();
  const entry = evidence[row.key];
  const low = entry && entry.confidence < LOW_CONFIDENCE;
  const corrected = entry?.source.kind === 'manual';
  const show = () => setActive([row.key]);
  const hide = () => setActive([]);
  return html`
    <tr
      tabindex="0"
      data-field=${row.key}
      class=${`${belongsTogether(row.key, active) ? 'active' : ''}${low ? ' low' : ''}`}
      onMouseEnter=${show}
      onMouseLeave=${hide}
      onFocus=${show}
      onBlur=${hide}
    >
      <th scope="row">${labelOf(row.key)}</th>
      <td>${row.value}</td>
      <td class="number">
        ${entry ? formatPercent(language, entry.confidence) : t('noEvidence')}
        ${low && html` <span class="badge low-confidence" title=${t('lowConfidenceHint')}>${t('lowConfidence')}</span>`}
        ${corrected && html` <span class="badge corrected" title=${t('machineRead', { value: machineValue(entry.source.machine_value) })}>${t('corrected')}</span>`}
      </td>
      <td title=${entry?.source.kind === 'xml' && entry.source.path ? entry.source.path : undefined}>
        ${entry ? describeSource(t, entry.source, labelOf) : ''}
      </td>
    </tr>
  `;
};

export const FieldTable = ({ title, id, rows, evidence, active, setActive, labelOf }) => {
  const { t } = useApp();
  if (rows.length === 0) return null;
  return html`
    <section aria-labelledby=${id}>
      <h3 id=${id}>${title}</h3>
      <table class="fields">
        <thead>
          <tr>
            <th scope="col">${t('field')}</th>
            <th scope="col">${t('value')}</th>
            <th scope="col">${t('confidence')}</th>
            <th scope="col">${t('source')}</th>
          </tr>
        </thead>
        <tbody>
          ${rows.map((row) => html`<${FieldRow} key=${row.key} row=${row} evidence=${evidence} active=${active} setActive=${setActive} labelOf=${labelOf} />`)}
        </tbody>
      </table>
    </section>
  `;
};
