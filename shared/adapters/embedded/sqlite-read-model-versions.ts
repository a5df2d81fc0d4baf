import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentReadModel } from '../../ports/document-read-model.js';
import { writeFileAtomically } from './atomic-write-file.js';
import { openSqliteReadModel, openSqliteReadModelForBulkLoad, type SqliteLoadingReadModel } from './sqlite-read-model.js';

const FIRST_VERSION = 'v1';

/**
 * The embedded read models under `DATA_DIR/read-model/`: one directory per version, and `CURRENT` naming
 * the one readers use. A rebuild fills a new version beside the current one; promoting it rewrites
 * `CURRENT` in one rename and removes the others, so a crash leaves either the old or the new one current.
 */
export const sqliteReadModelVersions = (dataDir: string) => {
  const root = path.join(dataDir, 'read-model');
  const pointer = path.join(root, 'CURRENT');
  const versionOf = new WeakMap<DocumentReadModel, string>();

  const current = async (): Promise<string> => {
    try {
      return (await readFile(pointer, 'utf8')).trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return FIRST_VERSION;
      throw error;
    }
  };

  const versioned = <Model extends DocumentReadModel>(readModel: Model, version: string): Model => {
    versionOf.set(readModel, version);
    return readModel;
  };

  return {
    /** The read model readers use: it catches up from its own checkpoint. */
    openCurrent: async (): Promise<DocumentReadModel> => {
      const version = await current();
      return versioned(await openSqliteReadModel(path.join(root, version)), version);
    },
    /** An empty read model of a new version, for a rebuild: loaded in bulk until the replay has caught up. */
    openNext: async (): Promise<SqliteLoadingReadModel> => {
      const version = `v${Date.now()}`;
      return versioned(await openSqliteReadModelForBulkLoad(path.join(root, version)), version);
    },
    /** A directory for a rebuild's scratch files (parts of a replay); promoting any version removes it. */
    scratchDirectory: (): string => path.join(root, `scratch-${Date.now()}`),
    /** Makes a rebuilt read model the current one and removes every other version. */
    async promote(readModel: DocumentReadModel): Promise<void> {
      const version = versionOf.get(readModel);
      if (!version) throw new Error('promote takes a read model these versions opened');
      await mkdir(root, { recursive: true });
      await writeFileAtomically(pointer, `${version}\n`);
      const entries = await readdir(root, { withFileTypes: true });
      await Promise.all(
        entries
          .filter((entry) => entry.isDirectory() && entry.name !== version)
          .map((entry) => rm(path.join(root, entry.name), { recursive: true, force: true })),
      );
    },
  };
};

/** The current embedded read model of a data directory. */
export const openCurrentSqliteReadModel = (dataDir: string): Promise<DocumentReadModel> => sqliteReadModelVersions(dataDir).openCurrent();
