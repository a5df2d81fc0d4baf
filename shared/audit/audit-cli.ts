import { readFile, writeFile } from 'node:fs/promises';
import { AdaptersConfig } from '../config/adapters-config.js';
import { parseConfig } from '../config/parse-config.js';
import { createLogger } from '../logging/logger.js';
import { createPortFactory } from '../runtime/port-factory.js';
import { SigningConfig } from '../signing/signing-config.js';
import { loadProcessSigningIdentity } from '../signing/signing-identity.js';
import { exportDocument } from './document-audit.js';
import { verifyDocumentArchive } from './verify-archive.js';

/**
 * `npm run audit -- export <tenant> <document id> [file]`: writes a document's signed archive, reading the
 * stores the environment names (DATA_DIR in the embedded mode, which a running Kontor holds locked: then
 * use GET …/documents/{id}/export).
 * `npm run audit -- verify <archive>`: checks an archive offline and says exactly what is wrong.
 */
const usage = 'usage: npm run audit -- export <tenant> <document id> [archive file] | verify <archive file>';

const exportArchive = async (tenantId: string, documentId: string, file: string): Promise<number> => {
  const config = parseConfig(AdaptersConfig.extend(SigningConfig.shape), process.env);
  const ports = createPortFactory(config, createLogger('audit', 'warn'));
  try {
    const [store, storedLog, keys, blobs] = await Promise.all([ports.store(), ports.storedLog(), ports.keys(), ports.blobs()]);
    const archive = await exportDocument({ store, storedLog, keys, blobs }, await loadProcessSigningIdentity(config), tenantId, documentId);
    await writeFile(file, archive);
    console.error(`Wrote ${file} (${archive.length} bytes).`);
    return 0;
  } finally {
    await ports.close();
  }
};

const verifyArchive = async (file: string): Promise<number> => {
  const verdict = await verifyDocumentArchive(await readFile(file));
  const { chain, signer } = verdict;
  console.log(
    `chain: ${chain.status}, ${chain.events} events${chain.firstChainedRevision ? `, sealed from revision ${chain.firstChainedRevision}` : ''}`,
  );
  if (signer) console.log(`signed by: ${signer.subject}${signer.selfSigned ? ' (self-signed: check the certificate yourself)' : ''}`);
  for (const problem of verdict.problems) console.log(`PROBLEM: ${problem}`);
  console.log(verdict.valid ? 'VALID: the archive is as it was exported.' : 'INVALID: the archive was changed after export.');
  return verdict.valid ? 0 : 1;
};

const main = async ([command, ...args]: string[]): Promise<number> => {
  if (command === 'export' && args.length >= 2) {
    const [tenantId, documentId, file] = args as [string, string, string | undefined];
    return exportArchive(tenantId, documentId, file ?? `kontor-${tenantId}-${documentId}.tar.gz`);
  }
  if (command === 'verify' && args.length === 1) return verifyArchive(args[0]!);
  console.error(usage);
  return 2;
};

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`audit: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
