import { useState } from 'preact/hooks';
import { createApi } from '../api.js';
import { useApp } from '../context.js';
import { html } from '../html.js';

/** Checks the token with one small documented read before keeping it. */
export const SignIn = ({ onSignedIn }) => {
  const { t } = useApp();
  const [tenant, setTenant] = useState('');
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const session = { tenant: tenant.trim(), token: token.trim() };
    try {
      await createApi(session).listDocuments('page[size]=1');
      onSignedIn(session);
    } catch (error) {
      setProblem(error.status === 401 || error.status === 403 ? t('signInFailed') : error.message);
      setBusy(false);
    }
  };

  return html`
    <section class="card sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">${t('signIn')}</h1>
      <p>${t('signInIntro')}</p>
      <form onSubmit=${submit}>
        <label for="tenant">${t('tenant')}</label>
        <input
          id="tenant"
          name="tenant"
          required
          autocomplete="username"
          value=${tenant}
          onInput=${(event) => setTenant(event.currentTarget.value)}
        />
        <label for="token">${t('token')}</label>
        <input
          id="token"
          name="token"
          type="password"
          required
          autocomplete="current-password"
          value=${token}
          onInput=${(event) => setToken(event.currentTarget.value)}
        />
        ${problem && html`<p class="error" role="alert">${problem}</p>`}
        <button type="submit" disabled=${busy}>${t('signIn')}</button>
      </form>
    </section>
  `;
};
