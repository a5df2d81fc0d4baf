import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface GitFolders {
  /** The repository to clone when `from` names no local clone or mirror. */
  upstream: string;
  /** A local clone or bare mirror, or another URL to clone. */
  from?: string;
  /** The folders taken out of the repository's HEAD. */
  folders: readonly string[];
  target: string;
  /** Leading path components dropped as the folders are unpacked (`tar --strip-components`). */
  stripComponents: number;
}

const gitDirectoryOf = (repository: string): string =>
  existsSync(join(repository, 'HEAD')) && existsSync(join(repository, 'objects')) ? repository : join(repository, '.git');

/**
 * Folders of a public repository's HEAD unpacked into `target`, for benchmark data read from outside this
 * repository (its licence does not let it be committed here). A local clone or mirror is read in place;
 * otherwise a shallow, blob-less clone is made in a scratch directory and removed.
 */
export const unpackGitFolders = async ({ upstream, from, folders, target, stripComponents }: GitFolders): Promise<void> => {
  let scratch: string | null = null;
  let gitDirectory: string;
  if (from && existsSync(from)) {
    gitDirectory = gitDirectoryOf(resolve(from));
  } else {
    scratch = await mkdtemp(join(tmpdir(), 'kontor-bench-data-'));
    const source = from ?? upstream;
    console.log(`cloning ${source} …`);
    execFileSync('git', ['clone', '--depth', '1', '--filter=blob:none', '--no-checkout', source, join(scratch, 'repo')], {
      stdio: 'inherit',
    });
    gitDirectory = join(scratch, 'repo', '.git');
  }
  try {
    await mkdir(target, { recursive: true });
    const archive = execFileSync('git', ['--git-dir', gitDirectory, 'archive', '--format=tar', 'HEAD', ...folders], {
      maxBuffer: 1024 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', `--strip-components=${stripComponents}`, '-C', target], { input: archive });
  } finally {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
};
