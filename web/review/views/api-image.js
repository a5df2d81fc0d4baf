import { useEffect, useState } from 'preact/hooks';
import { useApp } from '../context.js';
import { html } from '../html.js';

/** An image of the API's files, fetched with the token (an <img> cannot send one). */
export const ApiImage = ({ file, alt, className, onLoad }) => {
  const { api } = useApp();
  const [source, setSource] = useState(null);
  useEffect(() => {
    let current = true;
    setSource(null);
    if (file)
      api.fileUrl(file.url).then(
        (url) => current && setSource(url),
        () => {},
      );
    return () => {
      current = false;
    };
  }, [file?.url]);
  if (!source) return html`<span class=${`${className ?? ''} placeholder`} aria-hidden="true"></span>`;
  return html`<img class=${className} src=${source} alt=${alt} onLoad=${onLoad} />`;
};
