import path from 'node:path';

/**
 * The shared corpora with ground truth live beside the repository (`../shared/corpora`), read-only.
 * KONTOR_CORPORA points elsewhere when a checkout sits somewhere else.
 */
export const CORPORA_DIR = process.env.KONTOR_CORPORA ?? path.resolve(import.meta.dirname, '../../shared/corpora');

export const corpusPath = (relative: string): string => path.join(CORPORA_DIR, relative);
