/**
 * Puts softmatic's scanned German till receipts (github.com/softmatic/vision-data, 2D/Receipts, CC-BY-4.0:
 * each file named for its merchant, date, number of items and total) where `npm run bench:accuracy -- --corpus
 * softmatic-receipts` reads them, outside the repository.
 *
 *   npm run bench:fetch-softmatic-receipts -- [<dir>] [--from <git repository or URL>]
 *
 * <dir> defaults to KONTOR_SOFTMATIC_RECEIPTS_DIR or bench/accuracy/.softmatic-receipts (git-ignored); it
 * receives A/, B/ and C/ with the receipt images (the Textract block files beside them are left out: they are
 * another engine's reading, not truth). --from takes a local clone or bare mirror instead of cloning from GitHub.
 */
import { readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { unpackGitFolders } from './fetch-from-git.js';
import { SOFTMATIC_FOLDERS, SOFTMATIC_RECEIPTS_DIRECTORY, softmaticTruthOf } from './softmatic-receipts-corpus.js';

const { values: options, positionals } = parseArgs({ options: { from: { type: 'string' } }, allowPositionals: true });
const target = resolve(positionals[0] ?? SOFTMATIC_RECEIPTS_DIRECTORY);

await unpackGitFolders({
  upstream: 'https://github.com/softmatic/vision-data',
  ...(options.from ? { from: options.from } : {}),
  folders: ['2D/Receipts'],
  target,
  stripComponents: 2,
});
let receipts = 0;
for (const folder of SOFTMATIC_FOLDERS) {
  for (const file of await readdir(join(target, folder))) {
    if (file.endsWith('_blocks.json')) await rm(join(target, folder, file));
    else if (softmaticTruthOf(file)) receipts++;
  }
}
console.log(`${receipts} receipts in ${target}${positionals[0] ? `; set KONTOR_SOFTMATIC_RECEIPTS_DIR=${target}` : ''}`);
