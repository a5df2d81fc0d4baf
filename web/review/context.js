import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** What every view needs: the API of the signed-in tenant, the translator and the language. */
export const AppContext = createContext(null);

export const useApp = () => useContext(AppContext);
