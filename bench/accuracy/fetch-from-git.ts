import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

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
 * The git directory of a public repository's HEAD handed to `use`: a local clone or mirror read in place, otherwise a
 * shallow, blob-less clone made in a scratch directory and removed afterwards.
 */
const withGitDirectory = async <T>(upstream: string, from: string | undefined, use: (gitDirectory: string) => T): Promise<T> => {
  if (from && existsSync(from)) return use(gitDirectoryOf(resolve(from)));
  const scratch = await mkdtemp(join(tmpdir(), 'kontor-bench-data-'));
  try {
    const source = from ?? upstream;
    console.log(`cloning ${source} …`);
    execFileSync('git', ['clone', '--depth', '1', '--filter=blob:none', '--no-checkout', source, join(scratch, 'repo')], {
      stdio: 'inherit',
    });
    return use(join(scratch, 'repo', '.git'));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
};

/**
 * Folders of a public repository's HEAD unpacked into `target`, for benchmark data read from outside this
 * repository (its licence does not let it be committed here).
 */
export const unpackGitFolders = async ({ upstream, from, folders, target, stripComponents }: GitFolders): Promise<void> => {
  await mkdir(target, { recursive: true });
  await withGitDirectory(upstream, from, (gitDirectory) => {
    const archive = execFileSync('git', ['--git-dir', gitDirectory, 'archive', '--format=tar', 'HEAD', ...folders], {
      maxBuffer: 1024 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', `--strip-components=${stripComponents}`, '-C', target], { input: archive });
  });
};

/**
 * Single files of a public repository's HEAD written under `target` at their paths: one object read each, so a
 * mirror that lacks other blobs of the tree still gives them (an archive of the tree would fail on those).
 */
export const copyGitFiles = async ({
  upstream,
  from,
  files,
  target,
}: Omit<GitFolders, 'folders' | 'stripComponents'> & { files: readonly string[] }): Promise<void> =>
  withGitDirectory(upstream, from, async (gitDirectory) => {
    for (const file of files) {
      await mkdir(dirname(join(target, file)), { recursive: true });
      await writeFile(
        join(target, file),
        execFileSync('git', ['--git-dir', gitDirectory, 'show', `HEAD:${file}`], { maxBuffer: 256 * 1024 * 1024 }),
      );
    }
  });
