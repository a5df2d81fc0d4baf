/**
 * Puts the nine invoice templates of github.com/mouadhamri/invoice_dataset (900 page images with their values
 * and labelled words) where `npm run bench:accuracy -- --corpus odoo-models` reads them, outside the
 * repository: the dataset states no licence, so it is not committed.
 *
 *   npm run bench:fetch-odoo-models -- [<dir>] [--from <git repository or URL>]
 *
 * <dir> defaults to KONTOR_ODOO_MODELS_DIR or bench/accuracy/.odoo-models (git-ignored); it receives
 * invoice_dataset_model_<n>/{images,xml,annotations}. --from takes a local clone or bare mirror instead of
 * cloning from GitHub.
 */
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { unpackGitFolders } from './fetch-from-git.js';
import { ODOO_MODELS, ODOO_MODELS_DIRECTORY } from './odoo-models-corpus.js';

const { values: options, positionals } = parseArgs({ options: { from: { type: 'string' } }, allowPositionals: true });
const target = resolve(positionals[0] ?? ODOO_MODELS_DIRECTORY);
const folders = Array.from({ length: ODOO_MODELS }, (_, index) => `invoice_dataset_model_${index + 1}`);

await unpackGitFolders({
  upstream: 'https://github.com/mouadhamri/invoice_dataset',
  ...(options.from ? { from: options.from } : {}),
  folders,
  target,
  stripComponents: 0,
});
const images = await Promise.all(folders.map(async (folder) => (await readdir(join(target, folder, 'images'))).length));
console.log(
  `${images.reduce((sum, count) => sum + count, 0)} invoices of ${folders.length} templates in ${target}${positionals[0] ? `; set KONTOR_ODOO_MODELS_DIR=${target}` : ''}`,
);
