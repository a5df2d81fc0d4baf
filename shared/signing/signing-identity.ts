import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomically } from '../adapters/embedded/atomic-write-file.js';
import { ConfigError } from '../config/parse-config.js';
import type { SigningConfig } from './signing-config.js';
import { createSelfSignedP12 } from './self-signed-identity.js';
import { signingCertificateOf } from './signing-certificate.js';
import type { SigningIdentity } from './p12-identity.js';

const PRIVATE_DIRECTORY = 0o700;
const PRIVATE_FILE = 0o600;

export const generatedIdentityPaths = (dataDir: string) => {
  const directory = join(dataDir, 'signing');
  return { directory, p12: join(directory, 'kontor-signing.p12'), passphrase: join(directory, 'kontor-signing.passphrase') };
};

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

const writePrivately = async (path: string, bytes: Buffer | string) => {
  await writeFileAtomically(path, bytes);
  await chmod(path, PRIVATE_FILE);
};

/**
 * The self-signed signing identity of this data directory, made on first start and reused after.
 * Its key is encrypted with a random passphrase stored beside it (the PDF signer reads encrypted keys
 * only); what protects both is the directory and file mode, readable by the service's user alone.
 * The passphrase is written first, so a crash between the two writes leaves no p12 and the next start
 * makes a fresh pair.
 */
export const ensureSigningIdentity = async (dataDir: string): Promise<SigningIdentity> => {
  const paths = generatedIdentityPaths(dataDir);
  try {
    const p12 = await readFile(paths.p12);
    return { p12, passphrase: await readFile(paths.passphrase, 'utf8') };
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  await mkdir(paths.directory, { recursive: true, mode: PRIVATE_DIRECTORY });
  await chmod(paths.directory, PRIVATE_DIRECTORY);
  const passphrase = randomBytes(32).toString('base64url');
  await writePrivately(paths.passphrase, passphrase);
  const p12 = await createSelfSignedP12(passphrase);
  await writePrivately(paths.p12, p12);
  return { p12, passphrase };
};

/**
 * The identity the converter signs with: the configured PKCS#12 file, or the data directory's
 * self-signed one. Checked here, at start, so a wrong path or passphrase stops the process instead of
 * leaving every document unsigned.
 */
export const loadSigningIdentity = async (config: SigningConfig, dataDir: string): Promise<SigningIdentity> => {
  if (!config.SIGNING_P12) return ensureSigningIdentity(dataDir);
  let identity: SigningIdentity;
  try {
    identity = { p12: await readFile(config.SIGNING_P12), passphrase: config.SIGNING_PASSPHRASE ?? '' };
    signingCertificateOf(identity);
  } catch (error) {
    throw new ConfigError([
      `SIGNING_P12: ${config.SIGNING_P12} is no usable signing identity: ${error instanceof Error ? error.message : String(error)}`,
    ]);
  }
  return identity;
};

/**
 * The identity of a process that signs, as its config says. Replicas must sign with one identity, and
 * pods have no data directory to keep a generated one: the distributed mode needs SIGNING_P12.
 */
export const loadProcessSigningIdentity = async (
  config: SigningConfig & { KONTOR_MODE: string; DATA_DIR: string },
): Promise<SigningIdentity> => {
  if (config.KONTOR_MODE === 'distributed' && !config.SIGNING_P12) {
    throw new ConfigError(['SIGNING_P12: required when KONTOR_MODE=distributed (a mounted PKCS#12 file)']);
  }
  return loadSigningIdentity(config, config.DATA_DIR);
};
