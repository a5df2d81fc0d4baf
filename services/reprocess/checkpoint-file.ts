import { appendFile, readFile } from 'node:fs/promises';
import type { ReprocessJournal } from './bulk-reprocess.js';

/**
 * The bulk run's checkpoint: one line per step, `requested <id>` and `done <id>`, appended as it
 * happens, so a run killed at any point resumes without asking for a document twice.
 */
export const openCheckpointFile = async (file: string): Promise<ReprocessJournal> => {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const requested = new Set<string>();
  const done = new Set<string>();
  for (const line of text.split('\n')) {
    const [step, documentId] = line.trim().split(/\s+/);
    if (!documentId) continue;
    if (step === 'requested') requested.add(documentId);
    if (step === 'done') done.add(documentId);
  }
  const record = async (step: 'requested' | 'done', documentId: string, into: Set<string>) => {
    await appendFile(file, `${step} ${documentId}\n`);
    into.add(documentId);
  };
  return {
    requested,
    done,
    markRequested: (documentId) => record('requested', documentId, requested),
    markDone: (documentId) => record('done', documentId, done),
  };
};
