import { postalCodeFits } from './countries.js';

/**
 * Towns of the region whose names carry accents or umlauts, by country. A scan's OCR drops an accent from small
 * letters ("Koln", "Geneve"); a town's name read without it, under a postal code of the town's country, is the town.
 */
const TOWNS_WITH_ACCENTS: Record<string, string[]> = {
  DE: [
    'Köln',
    'München',
    'Düsseldorf',
    'Nürnberg',
    'Saarbrücken',
    'Würzburg',
    'Lübeck',
    'Osnabrück',
    'Göttingen',
    'Mönchengladbach',
    'Gütersloh',
    'Fürth',
    'Tübingen',
    'Lüneburg',
    'Lörrach',
    'Böblingen',
    'Neumünster',
    'Lüdenscheid',
    'Düren',
    'Mülheim an der Ruhr',
    'Schwäbisch Hall',
    'Schwäbisch Gmünd',
    'Königswinter',
    'Würselen',
    'Bückeburg',
    'Güstrow',
  ],
  AT: ['Sankt Pölten', 'St. Pölten', 'Mödling', 'Vöcklabruck', 'Wörgl', 'Gmünd', 'Güssing', 'Völkermarkt', 'Schärding', 'Götzis'],
  CH: [
    'Zürich',
    'Genève',
    'Neuchâtel',
    'Delémont',
    'Bülach',
    'Dübendorf',
    'Wädenswil',
    'Küsnacht',
    'Küssnacht am Rigi',
    'Düdingen',
    'Münsingen',
    'Männedorf',
    'Köniz',
    'Thônex',
    'Rüti',
    'Gümligen',
    'Schönenwerd',
    'Mönchaltorf',
    'Chêne-Bourg',
    'Chêne-Bougeries',
  ],
  FR: [
    'Besançon',
    'Orléans',
    'Nîmes',
    'Béziers',
    'Angoulême',
    'Saint-Étienne',
    'Périgueux',
    'Mâcon',
    'Fréjus',
    'Sète',
    'Évry',
    'Créteil',
    'Châlons-en-Champagne',
    'Châteauroux',
    'Chambéry',
    'Épinal',
    'Évreux',
    'Mérignac',
    'Vénissieux',
    'Hyères',
    'Montbéliard',
  ],
  BE: ['Liège'],
  IT: ['Forlì', 'Cantù', 'Paternò', 'Santhià'],
};

const key = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const accented = new Map<string, { town: string; country: string }[]>();
for (const [country, towns] of Object.entries(TOWNS_WITH_ACCENTS))
  for (const town of towns.filter((name) => key(name) !== name.toLowerCase()))
    accented.set(key(town), [...(accented.get(key(town)) ?? []), { town, country }]);

/**
 * The town's name with the accents OCR dropped ("Koln" under 50667 → "Köln"; "KOLN" → "KÖLN"), where the name read
 * has none, is one town's of the list, and the postal code has that town's country's shape; else the name as read.
 */
export const withTownAccents = (city: string, postalCode: string): string => {
  if (key(city) !== city.toLowerCase()) return city;
  const towns = accented.get(key(city))?.filter((entry) => postalCodeFits(entry.country, postalCode)) ?? [];
  if (towns.length !== 1) return city;
  const town = towns[0]!.town;
  return city === city.toUpperCase() ? town.toUpperCase() : town;
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
