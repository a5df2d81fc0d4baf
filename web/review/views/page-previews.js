import { useApp } from '../context.js';
import { belongsTogether, boxesOnPage } from '../fields.js';
import { html } from '../html.js';
import { ApiImage } from './api-image.js';

const percent = (fraction) => `${(fraction * 100).toFixed(3)}%`;

/**
 * Each page's preview with a box over every value read from it. Boxes are fractions of the page
 * (left, top, right, bottom), so they sit right at any display size. The field table carries the
 * same information for screen readers; the boxes are for the eye.
 */
export const PagePreviews = ({ previews, evidence, active, setActive, labelOf }) => {
  const { t } = useApp();
  return html`
    <section class="pages" aria-labelledby="pages-title">
      <h2 id="pages-title">${t('pages')}</h2>
      ${previews.map((file, index) => {
        const pageNumber = index + 1;
        return html` <figure class="page" key=${file.url} data-page=${pageNumber}>
          <div class="page-canvas">
            <${ApiImage} file=${file} alt=${t('pageImage', { number: pageNumber })} className="page-image" />
            <div class="boxes" aria-hidden="true">
              ${boxesOnPage(evidence, pageNumber).map(
                ({ keys, box: [left, top, right, bottom] }) =>
                  html` <div
                    key=${keys[0]}
                    data-fields=${keys.join(' ')}
                    title=${keys.map(labelOf).join('\n')}
                    class=${`box${keys.some((key) => belongsTogether(key, active)) ? ' active' : ''}`}
                    style=${{ left: percent(left), top: percent(top), width: percent(right - left), height: percent(bottom - top) }}
                    onMouseEnter=${() => setActive(keys)}
                    onMouseLeave=${() => setActive([])}
                  ></div>`,
              )}
            </div>
          </div>
          <figcaption>${t('pageImage', { number: pageNumber })}</figcaption>
        </figure>`;
      })}
    </section>
  `;
};
