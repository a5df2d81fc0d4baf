/**
 * Puts the ICDAR 2019 SROIE receipts (626 scanned till receipts with their task-3 key fields) where
 * `npm run bench:accuracy -- --corpus sroie` reads them, outside the repository: the data is the
 * competition's (research use) and is not committed.
 *
 *   npm run bench:fetch-sroie -- [<dir>] [--from <git repository or URL>]
 *
 * <dir> defaults to KONTOR_SROIE_DIR or bench/accuracy/.sroie (git-ignored); it receives img/NNN.jpg and
 * key/NNN.json from the data/ folder of github.com/zzzDavid/ICDAR-2019-SROIE (corrected annotations,
 * code MIT). --from takes a local clone or bare mirror of it instead of cloning from GitHub.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SROIE_DIRECTORY } from './sroie-corpus.js';

const UPSTREAM = 'https://github.com/zzzDavid/ICDAR-2019-SROIE';

const { values: options, positionals } = parseArgs({ options: { from: { type: 'string' } }, allowPositionals: true });
const target = resolve(positionals[0] ?? SROIE_DIRECTORY);

const gitDirectoryOf = (repository: string): string =>
  existsSync(join(repository, 'HEAD')) && existsSync(join(repository, 'objects')) ? repository : join(repository, '.git');

let scratch: string | null = null;
let gitDirectory: string;
if (options.from && existsSync(options.from)) {
  gitDirectory = gitDirectoryOf(resolve(options.from));
} else {
  scratch = await mkdtemp(join(tmpdir(), 'kontor-sroie-'));
  const source = options.from ?? UPSTREAM;
  console.log(`cloning ${source} …`);
  execFileSync('git', ['clone', '--depth', '1', '--filter=blob:none', '--no-checkout', source, join(scratch, 'repo')], {
    stdio: 'inherit',
  });
  gitDirectory = join(scratch, 'repo', '.git');
}

try {
  await mkdir(target, { recursive: true });
  const archive = execFileSync('git', ['--git-dir', gitDirectory, 'archive', '--format=tar', 'HEAD', 'data/img', 'data/key'], {
    maxBuffer: 1024 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '--strip-components=1', '-C', target], { input: archive });
  const images = (await readdir(join(target, 'img'))).filter((file) => file.endsWith('.jpg')).length;
  const keys = (await readdir(join(target, 'key'))).filter((file) => file.endsWith('.json')).length;
  console.log(`${images} receipts and ${keys} keys in ${target}${positionals[0] ? `; set KONTOR_SROIE_DIR=${target}` : ''}`);
} finally {
  if (scratch) await rm(scratch, { recursive: true, force: true });
}
