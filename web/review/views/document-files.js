import { useApp } from '../context.js';
import { html } from '../html.js';

/** Files need the token, so a click fetches the file and opens it from an object URL. */
const FileLink = ({ file, label }) => {
  const { api } = useApp();
  const open = async (event) => {
    event.preventDefault();
    const url = await api.fileUrl(file.url);
    const link = Object.assign(document.createElement('a'), { href: url, target: '_blank', rel: 'noopener' });
    link.click();
  };
  return html`<li><a href=${file.url} onClick=${open} data-file=${file.file_name}>${label}</a></li>`;
};

export const DocumentFiles = ({ attributes }) => {
  const { t } = useApp();
  return html`
    <section class="card" aria-labelledby="files-title">
      <h2 id="files-title">${t('downloads')}</h2>
      <ul class="files">
        ${(attributes.enhanced_pdf ?? []).map((file) => html`<${FileLink} file=${file} label=${t('enhancedPdf')} />`)}
        ${attributes.signed_pdf && html`<${FileLink} file=${attributes.signed_pdf} label=${t('signedPdf')} />`}
        ${attributes.source_files.map((file) => html`<${FileLink} file=${file} label=${t('sourceFile', { name: file.file_name })} />`)}
      </ul>
    </section>
  `;
};
