import { useApp } from '../context.js';
import { html } from '../html.js';

export const StatusBadge = ({ status }) => {
  const { t } = useApp();
  return html`<span class=${`badge status-${status}`}>${t(`status.${status}`)}</span>`;
};
