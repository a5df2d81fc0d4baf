/**
 * Countries as documents of the region print them: names in English, German, French, Italian and Dutch,
 * postal prefixes (CH-8001, D-10115) and the two-letter prefixes of VAT ids, each to ISO 3166 alpha-2.
 */
const COUNTRY_NAMES: Record<string, string[]> = {
  CH: ['switzerland', 'schweiz', 'suisse', 'svizzera', 'zwitserland', 'confoederatio helvetica'],
  LI: ['liechtenstein'],
  DE: ['germany', 'deutschland', 'allemagne', 'germania', 'duitsland', 'bundesrepublik deutschland'],
  AT: ['austria', 'österreich', 'oesterreich', 'autriche', 'oostenrijk'],
  FR: ['france', 'frankreich', 'francia', 'frankrijk'],
  IT: ['italy', 'italien', 'italie', 'italia', 'italië'],
  LU: ['luxembourg', 'luxemburg', 'lussemburgo'],
  BE: ['belgium', 'belgien', 'belgique', 'belgio', 'belgië'],
  NL: ['netherlands', 'the netherlands', 'niederlande', 'pays-bas', 'paesi bassi', 'nederland', 'holland', 'olanda'],
  ES: ['spain', 'spanien', 'espagne', 'spagna', 'españa', 'spanje'],
  PT: ['portugal', 'portogallo'],
  GB: [
    'united kingdom',
    'great britain',
    'england',
    'grossbritannien',
    'großbritannien',
    'vereinigtes königreich',
    'royaume-uni',
    'grande-bretagne',
    'regno unito',
    'gran bretagna',
    'verenigd koninkrijk',
    'groot-brittannië',
    'uk',
  ],
  IE: ['ireland', 'irland', 'irlande', 'irlanda', 'ierland'],
  DK: ['denmark', 'dänemark', 'danemark', 'danimarca', 'denemarken'],
  SE: ['sweden', 'schweden', 'suède', 'svezia', 'zweden'],
  NO: ['norway', 'norwegen', 'norvège', 'norvegia', 'noorwegen'],
  FI: ['finland', 'finnland', 'finlande', 'finlandia'],
  PL: ['poland', 'polen', 'pologne', 'polonia', 'polska'],
  CZ: ['czech republic', 'czechia', 'tschechien', 'république tchèque', 'repubblica ceca', 'tsjechië'],
  HU: ['hungary', 'ungarn', 'hongrie', 'ungheria', 'hongarije'],
  US: ['united states', 'united states of america', 'usa', 'u.s.a.', 'vereinigte staaten', 'états-unis', 'stati uniti', 'verenigde staten'],
  CA: ['canada', 'kanada'],
  HK: ['hong kong', 'hongkong'],
  CN: ['china', 'chine', 'cina'],
  IN: ['india', 'indien', 'inde'],
  JP: ['japan', 'japon', 'giappone'],
  MY: ['malaysia', 'malaisie', 'malaysien'],
  SG: ['singapore', 'singapur', 'singapour'],
};

/**
 * A country name as looked up: lower case, without accents and diaereses, which OCR drops from capitals
 * ("OSTERREICH", "ITALIE" for ITALIË) and which no two names of the list differ by alone; a hyphen is a space,
 * as names are printed either way ("États Unis", "Pays Bas").
 */
const nameKey = (name: string): string =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[\s-]+/g, ' ');

const KNOWN_CODES = new Set(Object.keys(COUNTRY_NAMES));
const byName = new Map(Object.entries(COUNTRY_NAMES).flatMap(([code, names]) => names.map((name) => [nameKey(name), code] as const)));

/** The ISO code of a line that is only a country name ("Deutschland", "Suisse", "DUITSLAND"), or null. */
export const countryFromName = (text: string): string | null => byName.get(nameKey(text.trim().replace(/[.,;]$/, ''))) ?? null;

// Letter prefixes of postal codes (CH-8001, D-10115, F-75008, I-20121, A-1010, FL-9490), as on
// cross-border mail; two-letter ISO codes are read as themselves.
const POSTAL_PREFIXES: Record<string, string> = {
  D: 'DE',
  A: 'AT',
  F: 'FR',
  I: 'IT',
  L: 'LU',
  B: 'BE',
  FL: 'LI',
  NL: 'NL',
  E: 'ES',
  P: 'PT',
};

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

const BRITISH_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/;

// The shape of each country's postal codes, as the postal line prints them.
const POSTAL_FORMATS: Record<string, RegExp> = {
  CH: /^\d{4}$/,
  LI: /^94[89]\d$/,
  AT: /^\d{4}$/,
  BE: /^\d{4}$/,
  LU: /^\d{4}$/,
  DK: /^\d{4}$/,
  NO: /^\d{4}$/,
  HU: /^\d{4}$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
  FI: /^\d{5}$/,
  US: /^\d{5}(?:-\d{4})?$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  GB: BRITISH_POSTCODE,
  IE: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/,
  PT: /^\d{4}-\d{3}$/,
  PL: /^\d{2}-\d{3}$/,
  SE: /^\d{3} ?\d{2}$/,
  CZ: /^\d{3} ?\d{2}$/,
};

/** Whether a postal code has the shape of the country's codes (true for a country whose shape is unknown). */
export const postalCodeFits = (country: string, postalCode: string): boolean => POSTAL_FORMATS[country]?.test(postalCode) ?? true;

// International dialling codes; longer codes first so +423 is Liechtenstein, not +42.
const DIALLING_CODES: [string, string][] = (
  [
    ['423', 'LI'],
    ['352', 'LU'],
    ['353', 'IE'],
    ['351', 'PT'],
    ['420', 'CZ'],
    ['358', 'FI'],
    ['41', 'CH'],
    ['49', 'DE'],
    ['43', 'AT'],
    ['33', 'FR'],
    ['39', 'IT'],
    ['44', 'GB'],
    ['32', 'BE'],
    ['31', 'NL'],
    ['34', 'ES'],
    ['45', 'DK'],
    ['46', 'SE'],
    ['47', 'NO'],
    ['48', 'PL'],
    ['36', 'HU'],
    ['1', 'US'],
  ] as [string, string][]
).sort((a, b) => b[0].length - a[0].length);

/** The country of an international phone number's dialling code ("+41 44 …", "0041 44 …"), or null. */
export const countryFromPhone = (number: string): string | null => {
  const digits = /^(?:\+|00)\s?(\d{1,3})/.exec(number.trim())?.[1];
  if (!digits) return null;
  return DIALLING_CODES.find(([code]) => digits.startsWith(code))?.[1] ?? null;
};

const DOMAINS: Record<string, string> = {
  ch: 'CH',
  li: 'LI',
  de: 'DE',
  at: 'AT',
  fr: 'FR',
  it: 'IT',
  uk: 'GB',
  be: 'BE',
  lu: 'LU',
  nl: 'NL',
  es: 'ES',
  ie: 'IE',
  dk: 'DK',
  se: 'SE',
  pl: 'PL',
};

/** The country of a web or mail address's country top-level domain ("info@muster.ch", "www.muster.co.uk"), or null. */
export const countryFromDomain = (address: string): string | null =>
  DOMAINS[/\.([a-z]{2})$/i.exec(address.trim())?.[1]?.toLowerCase() ?? ''] ?? null;

export interface CountryVote {
  country: string;
  /** How strongly the evidence points there: a VAT id 3, an account 2, a phone number 2, a domain 1. */
  weight: number;
}

/**
 * The country the evidence agrees on among those whose postal codes have the address's shape: at least
 * two points and more than any other such country. Null when unsure.
 */
export const countryByEvidence = (postalCode: string | null, votes: readonly CountryVote[]): string | null => {
  const totals = new Map<string, number>();
  for (const { country, weight } of votes) {
    if (postalCode !== null && !postalCodeFits(country, postalCode)) continue;
    totals.set(country, (totals.get(country) ?? 0) + weight);
  }
  const [first, second] = [...totals].sort((a, b) => b[1] - a[1]);
  if (!first || first[1] < 2 || (second && second[1] === first[1])) return null;
  return first[0];
};
