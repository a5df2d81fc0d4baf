import { render } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { createApi } from './api.js';
import { AppContext } from './context.js';
import { html } from './html.js';
import { initialLanguage, LANGUAGES, rememberLanguage, translator } from './i18n.js';
import { clearSession, loadSession, saveSession } from './session.js';
import { DocumentDetail } from './views/document-detail.js';
import { DocumentList } from './views/document-list.js';
import { SignIn } from './views/sign-in.js';

/** `#/` is the list (its filters in the hash's query), `#/documents/<id>` one document. */
const parseRoute = () => {
  const hash = location.hash.replace(/^#/, '') || '/';
  const [path, query = ''] = hash.split('?');
  const match = /^\/documents\/([^/]+)$/.exec(path);
  return match ? { name: 'document', id: decodeURIComponent(match[1]) } : { name: 'list', query };
};

const LanguageSwitch = ({ language, setLanguage, t }) => html`
  <div class="language" role="group" aria-label=${t('language')}>
    ${LANGUAGES.map(
      (code) =>
        html`<button type="button" class="link" lang=${code} aria-pressed=${code === language} onClick=${() => setLanguage(code)}>
          ${code.toUpperCase()}
        </button>`,
    )}
  </div>
`;

const App = () => {
  const [language, setLanguage] = useState(initialLanguage);
  const [session, setSession] = useState(loadSession);
  const [route, setRoute] = useState(parseRoute);
  const t = useMemo(() => translator(language), [language]);
  const api = useMemo(() => (session ? createApi(session, { onUnauthorized: () => signOut() }) : null), [session]);

  useEffect(() => {
    rememberLanguage(language);
    document.title = t('appTitle');
  }, [language]);
  // A new screen takes the focus, so keyboard and screen reader users start at its top.
  const screen = route.name === 'document' ? route.id : route.name;
  const firstScreen = useRef(true);
  useEffect(() => {
    if (firstScreen.current) firstScreen.current = false;
    else document.getElementById('main')?.focus();
  }, [screen]);
  useEffect(() => {
    const onHashChange = () => setRoute(parseRoute());
    addEventListener('hashchange', onHashChange);
    return () => removeEventListener('hashchange', onHashChange);
  }, []);

  const signIn = (next) => {
    saveSession(next);
    setSession(next);
  };
  const signOut = () => {
    api?.forget();
    clearSession();
    setSession(null);
    location.hash = '#/';
  };

  return html`
    <${AppContext.Provider} value=${{ api, t, language }}>
      <a class="skip" href="#main">${t('skipToContent')}</a>
      <header class="top">
        <a class="brand" href="#/">${t('appTitle')}</a>
        <div class="top-actions">
          ${session && html`<span class="tenant">${t('signedInAs', { tenant: session.tenant })}</span>`}
          <${LanguageSwitch} language=${language} setLanguage=${setLanguage} t=${t} />
          ${session && html`<button type="button" class="secondary" onClick=${signOut}>${t('signOut')}</button>`}
        </div>
      </header>
      <main id="main" tabindex="-1">
        ${
          !api
            ? html`<${SignIn} onSignedIn=${signIn} />`
            : route.name === 'document'
              ? html`<${DocumentDetail} key=${route.id} id=${route.id} />`
              : html`<${DocumentList} query=${route.query} />`
        }
      </main>
    <//>
  `;
};

render(html`<${App} />`, document.getElementById('root'));
