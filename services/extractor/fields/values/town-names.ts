import accentedTowns from './accented-towns.json' with { type: 'json' };
import { withoutAccents } from '../layout/labels.js';
import { postalCodeFits } from './countries.js';

const lettersOf = (text: string): string => withoutAccents(text).toLowerCase();
const hasAccents = (text: string): boolean => lettersOf(text) !== text.toLowerCase();

/**
 * GeoNames' towns of the region (1,000 inhabitants or more) whose names carry accents, with the towns spelled
 * with the same letters and none (`npm run build:town-names`), by their letters without accents.
 */
const townsByLetters = new Map<string, { town: string; country: string }[]>();
for (const [country, towns] of Object.entries(accentedTowns as Record<string, string[]>))
  for (const town of towns) {
    const letters = lettersOf(town);
    townsByLetters.set(letters, [...(townsByLetters.get(letters) ?? []), { town, country }]);
  }

/**
 * The town's name with the accents OCR dropped ("Koln" under 50667 → "Köln"; "KOLN" → "KÖLN"), where the name read
 * has none and the towns of those letters under a postal code of their country's shape are one, spelled with
 * accents; else the name as read ("Brugg" stays, a Swiss town beside "Brügg").
 */
export const withTownAccents = (city: string, postalCode: string): string => {
  if (hasAccents(city)) return city;
  const spellings = new Set(
    (townsByLetters.get(lettersOf(city)) ?? []).filter((entry) => postalCodeFits(entry.country, postalCode)).map((entry) => entry.town),
  );
  const [town] = [...spellings];
  if (spellings.size !== 1 || !hasAccents(town!)) return city;
  return city === city.toUpperCase() ? town!.toUpperCase() : town!;
};

/** The post town of each British postcode area with one chief town of one word (London's areas all London's). */
const BRITISH_POST_TOWNS: Record<string, string> = {
  AB: 'Aberdeen',
  B: 'Birmingham',
  BA: 'Bath',
  BD: 'Bradford',
  BH: 'Bournemouth',
  BL: 'Bolton',
  BN: 'Brighton',
  BS: 'Bristol',
  BT: 'Belfast',
  CB: 'Cambridge',
  CF: 'Cardiff',
  CH: 'Chester',
  CM: 'Chelmsford',
  CO: 'Colchester',
  CT: 'Canterbury',
  CV: 'Coventry',
  DD: 'Dundee',
  DE: 'Derby',
  DH: 'Durham',
  E: 'London',
  EC: 'London',
  EH: 'Edinburgh',
  EX: 'Exeter',
  G: 'Glasgow',
  GL: 'Gloucester',
  HU: 'Hull',
  IP: 'Ipswich',
  IV: 'Inverness',
  L: 'Liverpool',
  LE: 'Leicester',
  LN: 'Lincoln',
  LS: 'Leeds',
  M: 'Manchester',
  N: 'London',
  NG: 'Nottingham',
  NR: 'Norwich',
  NW: 'London',
  OX: 'Oxford',
  PL: 'Plymouth',
  PO: 'Portsmouth',
  RG: 'Reading',
  S: 'Sheffield',
  SE: 'London',
  SO: 'Southampton',
  SW: 'London',
  W: 'London',
  WC: 'London',
  YO: 'York',
};

/**
 * A British town OCR cut short ("Edinbur" under EH2 2ER): a name read that is the beginning, four letters or more, of
 * the post town of its postcode's area is that town; else the name as read.
 */
export const withBritishPostTown = (city: string, postalCode: string): string => {
  const area = /^[A-Z]{1,2}/.exec(postalCode)?.[0];
  const town = area ? BRITISH_POST_TOWNS[area] : undefined;
  if (!town || city.length < 4 || city.length >= town.length) return city;
  return town.toLowerCase().startsWith(city.toLowerCase()) ? (city === city.toUpperCase() ? town.toUpperCase() : town) : city;
};
