/**
 * `npm run build:malaysian-post-towns` writes services/extractor/fields/values/malaysian-post-towns.json: Malaysia's
 * post towns with their postcodes (the malaysia-postcodes package, ISC licence: Pos Malaysia's towns and codes, a
 * town under each state it lies in). A till receipt prints its postcode and town together, so the town names the
 * codes it may have and the code the towns it may name: the extractor reads a town OCR misread a letter or two off
 * through its postcode ("43300 SERI K-M3ANGAN" → "SERI KEMBANGAN").
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { format, resolveConfig } from 'prettier';

interface State {
  name: string;
  city: { name: string; postcode: string[] }[];
}

const TARGET = new URL('../../services/extractor/fields/values/malaysian-post-towns.json', import.meta.url);

const { allPostcodes } = createRequire(import.meta.url)('malaysia-postcodes') as { allPostcodes: State[] };
const codesByTown: Record<string, string[]> = {};
for (const town of allPostcodes.flatMap((state) => state.city))
  codesByTown[town.name] = [...new Set([...(codesByTown[town.name] ?? []), ...town.postcode])].sort();
const sorted = Object.fromEntries(Object.entries(codesByTown).sort(([a], [b]) => a.localeCompare(b)));
await writeFile(TARGET, await format(JSON.stringify(sorted), { ...(await resolveConfig(TARGET)), parser: 'json' }));
console.log(`${Object.keys(sorted).length} towns, ${Object.values(sorted).flat().length} postcodes written to ${TARGET.pathname}`);
