/**
 * Puts the ZUGFeRD/Factur-X test PDFs of eleven e-invoice libraries (fetched-hybrids-corpus.ts names them) where
 * `npm run bench:accuracy -- --corpus einvoice-hybrids-fetched` reads them, outside the repository.
 *
 *   npm run bench:fetch-einvoice-hybrids -- [<dir>] [--mirrors <dir>]
 *
 * <dir> defaults to KONTOR_EINVOICE_HYBRIDS_DIR or bench/accuracy/.einvoice-hybrids (git-ignored); it receives
 * <owner>+<name>/<path> per file. --mirrors names a folder of local clones or bare mirrors, one per repository as
 * `<owner>+<name>/repo` (what the team's fetch tool makes); without it each repository is cloned from GitHub.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { copyGitFiles } from './fetch-from-git.js';
import { HYBRID_SOURCES, HYBRIDS_DIRECTORY, repositoryFolder } from './fetched-hybrids-corpus.js';

const { values: options, positionals } = parseArgs({ options: { mirrors: { type: 'string' } }, allowPositionals: true });
const target = resolve(positionals[0] ?? HYBRIDS_DIRECTORY);

let fetched = 0;
for (const { repository, files } of HYBRID_SOURCES) {
  const folder = repositoryFolder(repository);
  await copyGitFiles({
    upstream: `https://github.com/${repository}`,
    ...(options.mirrors ? { from: join(options.mirrors, folder, 'repo') } : {}),
    files,
    target: join(target, folder),
  });
  fetched += files.filter((file) => existsSync(join(target, folder, file))).length;
}
console.log(
  `${fetched} PDFs of ${HYBRID_SOURCES.length} repositories in ${target}${positionals[0] ? `; set KONTOR_EINVOICE_HYBRIDS_DIR=${target}` : ''}`,
);
