import { useRef, useState } from 'preact/hooks';
import { useApp } from '../context.js';
import { html } from '../html.js';

const ACCEPTED = 'application/pdf,image/png,image/jpeg,image/tiff,image/webp,image/heic,.xml';

/** The API takes files as data URLs in `base64_files`; it sniffs each file's type from its bytes. */
const dataUrlOf = (file) =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** Several files dropped or chosen together become one document. */
export const Upload = ({ onUploaded }) => {
  const { api, t } = useApp();
  const input = useRef(null);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState(null);
  const [outcome, setOutcome] = useState(null);

  const send = async (files) => {
    if (files.length === 0 || progress !== null) return;
    setOutcome(null);
    setProgress({ count: files.length, fraction: 0 });
    try {
      const base64Files = await Promise.all(files.map(dataUrlOf));
      const created = await api.createDocument({ base64_files: base64Files }, (fraction) => setProgress({ count: files.length, fraction }));
      setOutcome({ kind: 'done', id: created.data.id });
      onUploaded(created.data.id);
    } catch (error) {
      setOutcome({ kind: 'failed', reason: error.message });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (event) => {
    event.preventDefault();
    setDragging(false);
    send([...(event.dataTransfer?.files ?? [])]);
  };
  const onDragOver = (event) => {
    event.preventDefault();
    setDragging(true);
  };

  return html`
    <section class="card upload" aria-labelledby="upload-title">
      <h2 id="upload-title">${t('upload')}</h2>
      <div
        class=${`drop-zone${dragging ? ' dragging' : ''}`}
        data-testid="drop-zone"
        onDragOver=${onDragOver}
        onDragEnter=${onDragOver}
        onDragLeave=${() => setDragging(false)}
        onDrop=${onDrop}
      >
        <p id="upload-hint">${t('uploadHint')}</p>
        <input
          ref=${input}
          id="upload-input"
          type="file"
          multiple
          accept=${ACCEPTED}
          hidden
          onChange=${(event) => send([...event.currentTarget.files])}
        />
        <button type="button" aria-describedby="upload-hint" onClick=${() => input.current.click()} disabled=${progress !== null}>
          ${t('chooseFiles')}
        </button>
      </div>
      <div aria-live="polite">
        ${
          progress &&
          html`<label class="progress"
            >${t('uploading', { count: progress.count })}
            <progress max="1" value=${progress.fraction}>${Math.round(progress.fraction * 100)}%</progress></label
          >`
        }
        ${outcome?.kind === 'done' && html`<p class="success">${t('uploaded')} <a href=${`#/documents/${outcome.id}`}>${t('open')}</a></p>`}
        ${outcome?.kind === 'failed' && html`<p class="error" role="alert">${t('uploadFailed', { reason: outcome.reason })}</p>`}
      </div>
    </section>
  `;
};
