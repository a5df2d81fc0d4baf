import { decryptPayload, isEncryptedPayload } from '../adapters/encrypted-event-store.js';
import { checkManifestSignature } from './archive-signature.js';
import { blobHashOf, blobsReferencedBy, readDocumentArchive } from './document-archive.js';
import { verifyChain, type ChainReport } from './hash-chain.js';

export interface ArchiveVerdict {
  valid: boolean;
  /** Each thing that is wrong, said so a person can act on it. */
  problems: string[];
  chain: ChainReport;
  signer: { subject: string; selfSigned: boolean } | null;
}

/**
 * Checks an exported archive offline, with no server: the signature over the manifest, the chain of
 * its events against the head hash the manifest seals, and every blob against its hash and the
 * manifest's list. Says exactly what is wrong: a changed payload, a removed event, a swapped blob.
 */
export const verifyDocumentArchive = async (bytes: Buffer): Promise<ArchiveVerdict> => {
  const archive = await readDocumentArchive(bytes);
  const problems: string[] = [];
  const { manifest } = archive;

  let signer: ArchiveVerdict['signer'] = null;
  if (!archive.signature) problems.push('the archive carries no signature');
  else {
    const check = checkManifestSignature(archive.manifestBytes, archive.signature);
    signer = { subject: check.signer, selfSigned: check.selfSigned };
    if (!check.valid) problems.push('the signature does not match the manifest: the manifest was changed after export');
  }

  const chain = verifyChain(archive.events);
  for (const found of chain.breaks)
    problems.push(`event at revision ${found.revision}: ${found.reason.replaceAll('_', ' ')} (${found.detail})`);
  if (archive.events.length !== manifest.events) {
    problems.push(`the manifest lists ${manifest.events} events, the archive holds ${archive.events.length}: events were removed or added`);
  }
  if (chain.headHash !== manifest.headHash)
    problems.push('the events do not end on the head hash the manifest seals: an event was changed, removed or added');

  const readable = archive.events.map((event) => {
    if (!archive.key || !isEncryptedPayload(event.data)) return event;
    try {
      return { ...event, data: decryptPayload(event.data, archive.key, event.streamName, event.type) };
    } catch {
      problems.push(`event at revision ${event.revision}: its payload does not open with the archive's key`);
      return event;
    }
  });

  const listed = new Map(manifest.blobs.map((blob) => [blob.hash, blob.size]));
  for (const [name, blobBytes] of archive.blobs) {
    if (blobHashOf(blobBytes) !== name) problems.push(`blob ${name}: its bytes do not have that hash (the file was swapped or changed)`);
    else if (!listed.has(name)) problems.push(`blob ${name}: not listed in the manifest`);
  }
  for (const hash of listed.keys())
    if (!archive.blobs.has(hash)) problems.push(`blob ${hash}: listed in the manifest but missing from the archive`);
  for (const hash of blobsReferencedBy(readable)) {
    if (!listed.has(hash)) problems.push(`blob ${hash}: referenced by an event but not exported (it was unavailable at export)`);
  }
  return { valid: problems.length === 0, problems, chain, signer };
};
