/**
 * Puts the ICDAR 2019 SROIE receipts (626 scanned till receipts with their task-3 key fields) where
 * `npm run bench:accuracy -- --corpus sroie` reads them, outside the repository: the data is the
 * competition's (research use) and is not committed.
 *
 *   npm run bench:fetch-sroie -- [<dir>] [--from <git repository or URL>]
 *
 * <dir> defaults to KONTOR_SROIE_DIR or bench/accuracy/.sroie (git-ignored); it receives img/NNN.jpg,
 * key/NNN.json and box/NNN.csv (the annotators' transcription, for `bench:sroie-transcribed`) from the
 * data/ folder of github.com/zzzDavid/ICDAR-2019-SROIE (corrected annotations, code MIT). --from takes a local clone or bare mirror of it instead of cloning from GitHub.
 */
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { unpackGitFolders } from './fetch-from-git.js';
import { SROIE_DIRECTORY } from './sroie-corpus.js';

const { values: options, positionals } = parseArgs({ options: { from: { type: 'string' } }, allowPositionals: true });
const target = resolve(positionals[0] ?? SROIE_DIRECTORY);

await unpackGitFolders({
  upstream: 'https://github.com/zzzDavid/ICDAR-2019-SROIE',
  ...(options.from ? { from: options.from } : {}),
  folders: ['data/img', 'data/key', 'data/box'],
  target,
  stripComponents: 1,
});
const images = (await readdir(join(target, 'img'))).filter((file) => file.endsWith('.jpg')).length;
const keys = (await readdir(join(target, 'key'))).filter((file) => file.endsWith('.json')).length;
console.log(`${images} receipts and ${keys} keys in ${target}${positionals[0] ? `; set KONTOR_SROIE_DIR=${target}` : ''}`);
