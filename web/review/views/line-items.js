import { useApp } from '../context.js';
import { belongsTogether, ITEM_COLUMNS } from '../fields.js';
import { html } from '../html.js';

export const LineItems = ({ record, active, setActive }) => {
  const { t, language } = useApp();
  const items = record.items ?? [];
  return html`
    <section aria-labelledby="items-title">
      <h3 id="items-title">${t('lineItems')}</h3>
      ${
        items.length === 0
          ? html`<p>${t('noLineItems')}</p>`
          : html`<div class="table-scroll">
              <table class="items">
                <thead>
                  <tr>
                    ${ITEM_COLUMNS.map((column) => html`<th scope="col" class=${column.numeric ? 'number' : ''}>${t(`field.${column.name}`)}</th>`)}
                  </tr>
                </thead>
                <tbody>
                  ${items.map((item, index) => {
                    const key = `accounting_document.items.${index}`;
                    return html`<tr
                      tabindex="0"
                      data-field=${key}
                      class=${belongsTogether(key, active) ? 'active' : ''}
                      onMouseEnter=${() => setActive([key])}
                      onMouseLeave=${() => setActive([])}
                      onFocus=${() => setActive([key])}
                      onBlur=${() => setActive([])}
                    >
                      ${ITEM_COLUMNS.map((column) => html`<td class=${column.numeric ? 'number' : ''}>${column.format(language, item[column.name], record)}</td>`)}
                    </tr>`;
                  })}
                </tbody>
              </table>
            </div>`
      }
    </section>
  `;
};
