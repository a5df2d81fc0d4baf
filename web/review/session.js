/**
 * The signed-in tenant and its token live in sessionStorage only: gone when the tab closes,
 * never shared with other tabs, never written to disk by the page.
 */
const KEY = 'kontor.session';

export const loadSession = () => {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    return stored && typeof stored.tenant === 'string' && typeof stored.token === 'string' ? stored : null;
  } catch {
    return null;
  }
};

export const saveSession = (session) => sessionStorage.setItem(KEY, JSON.stringify(session));

export const clearSession = () => sessionStorage.removeItem(KEY);
