/**
 * Countries as documents of the region print them: names in English, German, French and Italian,
 * postal prefixes (CH-8001, D-10115) and the two-letter prefixes of VAT ids, each to ISO 3166 alpha-2.
 */
const COUNTRY_NAMES: Record<string, string[]> = {
  CH: ['switzerland', 'schweiz', 'suisse', 'svizzera', 'confoederatio helvetica'],
  LI: ['liechtenstein'],
  DE: ['germany', 'deutschland', 'allemagne', 'germania', 'bundesrepublik deutschland'],
  AT: ['austria', 'österreich', 'oesterreich', 'autriche'],
  FR: ['france', 'frankreich', 'francia'],
  IT: ['italy', 'italien', 'italie', 'italia'],
  LU: ['luxembourg', 'luxemburg', 'lussemburgo'],
  BE: ['belgium', 'belgien', 'belgique', 'belgio', 'belgië'],
  NL: ['netherlands', 'the netherlands', 'niederlande', 'pays-bas', 'paesi bassi', 'nederland', 'holland'],
  ES: ['spain', 'spanien', 'espagne', 'spagna', 'españa'],
  PT: ['portugal', 'portogallo'],
  GB: ['united kingdom', 'great britain', 'england', 'grossbritannien', 'großbritannien', 'royaume-uni', 'regno unito', 'uk'],
  IE: ['ireland', 'irland', 'irlande', 'irlanda'],
  DK: ['denmark', 'dänemark', 'danemark', 'danimarca'],
  SE: ['sweden', 'schweden', 'suède', 'svezia'],
  NO: ['norway', 'norwegen', 'norvège', 'norvegia'],
  FI: ['finland', 'finnland', 'finlande', 'finlandia'],
  PL: ['poland', 'polen', 'pologne', 'polonia', 'polska'],
  CZ: ['czech republic', 'czechia', 'tschechien', 'république tchèque', 'repubblica ceca'],
  HU: ['hungary', 'ungarn', 'hongrie', 'ungheria'],
  US: ['united states', 'united states of america', 'usa', 'u.s.a.', 'vereinigte staaten', 'états-unis', 'stati uniti'],
  CA: ['canada', 'kanada'],
  HK: ['hong kong', 'hongkong'],
  CN: ['china', 'chine', 'cina'],
  IN: ['india', 'indien', 'inde'],
  JP: ['japan', 'japon', 'giappone'],
};

const KNOWN_CODES = new Set(Object.keys(COUNTRY_NAMES));
const byName = new Map(Object.entries(COUNTRY_NAMES).flatMap(([code, names]) => names.map((name) => [name, code] as const)));

/** The ISO code of a line that is only a country name ("Deutschland", "Suisse"), or null. */
export const countryFromName = (text: string): string | null => byName.get(text.trim().replace(/[.,;]$/, '').toLowerCase()) ?? null;

// Letter prefixes of postal codes (CH-8001, D-10115, F-75008, I-20121, A-1010, FL-9490), as on
// cross-border mail; two-letter ISO codes are read as themselves.
const POSTAL_PREFIXES: Record<string, string> = { D: 'DE', A: 'AT', F: 'FR', I: 'IT', L: 'LU', B: 'BE', FL: 'LI', NL: 'NL', E: 'ES', P: 'PT' };

export const countryFromPostalPrefix = (prefix: string): string | null => {
  const upper = prefix.toUpperCase();
  return POSTAL_PREFIXES[upper] ?? (/^[A-Z]{2}$/.test(upper) && KNOWN_CODES.has(upper) ? upper : null);
};

/** A VAT id's country: its prefix, except Greece's EL and Swiss CHE. */
export const countryFromVatId = (vatId: string): string | null => {
  if (vatId.startsWith('CHE')) return 'CH';
  if (vatId.startsWith('EL')) return 'GR';
  if (vatId.startsWith('ATU')) return 'AT';
  const prefix = vatId.slice(0, 2);
  return /^[A-Z]{2}$/.test(prefix) ? prefix : null;
};
