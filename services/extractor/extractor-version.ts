import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

// Code, and the data its rules load (the confidence calibration's calibration.json).
const CODE_FILE = /\.(ts|js|json)$/;
const NOT_CODE = /\.(test|ocr\.test)\.(ts|js)$|\.d\.ts$/;

/** The code files under a directory, by path relative to it, in a stable order. */
const codeFiles = async (directory: string): Promise<string[]> => {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && CODE_FILE.test(entry.name) && !NOT_CODE.test(entry.name))
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
};

/** The nearest package.json above a directory: the repository's, also from dist/. */
const packageVersion = async (from: string): Promise<string> => {
  for (let directory = from; ; directory = path.dirname(directory)) {
    const candidate = path.join(directory, 'package.json');
    if (existsSync(candidate)) return (JSON.parse(await readFile(candidate, 'utf8')) as { version: string }).version;
    if (path.dirname(directory) === directory) throw new Error(`no package.json above ${from}`);
  }
};

/**
 * What identifies the code that reads a document: the package version and a hash over the source of
 * the extraction rules (every code and rule data file of the extractor, by path and content), e.g. `0.1.0+3f2a9c1b4d5e`.
 * Computed once at start from the files as they run (TypeScript under tsx, JavaScript from dist/), so
 * a change to any rule gives a new version even when package.json was not bumped.
 */
export const extractorVersion = async (extractorDirectory = import.meta.dirname): Promise<string> => {
  const hash = createHash('sha256');
  for (const file of await codeFiles(extractorDirectory)) {
    hash
      .update(file)
      .update('\0')
      .update(await readFile(path.join(extractorDirectory, file)))
      .update('\0');
  }
  return `${await packageVersion(extractorDirectory)}+${hash.digest('hex').slice(0, 12)}`;
};
