/**
 * `npx tsx bench/accuracy/hybrids-by-source.ts <results.json>`: an accuracy run's e-invoice hybrids by source
 * repository, per split: documents, all fields and header fields (items aside) right / wrong / missing / extra, rounded down
 * as the run's table is.
 * Aggregate only: the held-out half is judged, so no document's problems are printed. Reads the hybrids' truths
 * from KONTOR_EINVOICE_HYBRIDS_DIR, as the run did.
 */
import { readFile } from 'node:fs/promises';
import { FETCHED_HYBRIDS_CORPORA, hybridCountsByRepository } from './fetched-hybrids-corpus.js';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: hybrids-by-source.ts <results.json>');
const results = JSON.parse(await readFile(file, 'utf8')) as {
  corpora: { name: string; documents: Parameters<typeof hybridCountsByRepository>[0] }[];
};
const figure = ({ right, wrong, missing, extra }: Record<'right' | 'wrong' | 'missing' | 'extra', number>) =>
  `${(Math.floor((1000 * right) / Math.max(right + wrong + missing, 1) + 1e-9) / 10).toFixed(1)} % (${right}/${wrong}/${missing}/${extra})`;

for (const corpus of FETCHED_HYBRIDS_CORPORA) {
  const run = results.corpora.find(({ name }) => name === corpus.name);
  if (!run) continue;
  const judged = new Map((await corpus.load()).map((sample) => [sample.name, Object.keys(sample.expected).length]));
  const tallies = hybridCountsByRepository(run.documents, (name) => {
    if (!judged.has(name)) throw new Error(`${name}: not in ${corpus.name} as fetched here`);
    return judged.get(name)!;
  });
  for (const [repository, tally] of tallies) {
    console.log(
      `${corpus.name} ${repository} (${tally.documents} documents): fields ${figure(tally.fields)}, header fields ${figure(tally.header)}`,
    );
  }
}
