import { hashToken } from './token-hash.js';
import { readTokenFile, tokenFileModifiedAt } from './token-file.js';

/** Who sent a request: the token's tenant and the token's id (never the secret), for logs and event metadata. */
export interface Principal {
  tenantId: string;
  tokenId: string;
}

export interface TokenRegistry {
  /** The principal a bearer token stands for, or null for an unknown token. */
  principalOf(token: string): Promise<Principal | null>;
}

/** Tokens from the environment have no record; their id is derived from the hash, so it is stable and reveals nothing. */
const environmentTokenId = (hash: string): string => `env-${hash.slice(0, 12)}`;

/** Parses `AUTH_TOKENS="tenantA=tokenA,tenantB=tokenB"` into token hash -> principal. */
const parseAuthTokens = (value: string): Map<string, Principal> => {
  const byHash = new Map<string, Principal>();
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const separator = entry.indexOf('=');
    const hash = hashToken(entry.slice(separator + 1));
    byHash.set(hash, { tenantId: entry.slice(0, separator), tokenId: environmentTokenId(hash) });
  }
  return byHash;
};

/**
 * Tokens from the environment plus those minted into the token file. The file is re-read when it
 * changes, so `npm run tokens -- create` works without a restart.
 */
export const createTokenRegistry = (options: { authTokens: string; tokenFile: string | null }): TokenRegistry => {
  const fromEnvironment = parseAuthTokens(options.authTokens);
  let fromFile = new Map<string, Principal>();
  let loadedVersion = -1;

  const refresh = async () => {
    if (!options.tokenFile) return;
    const version = await tokenFileModifiedAt(options.tokenFile);
    if (version === loadedVersion) return;
    const records = await readTokenFile(options.tokenFile);
    fromFile = new Map(records.map((record) => [record.hash, { tenantId: record.tenant, tokenId: record.id }]));
    loadedVersion = version;
  };

  return {
    async principalOf(token) {
      const hash = hashToken(token);
      const known = fromEnvironment.get(hash);
      if (known) return known;
      await refresh();
      return fromFile.get(hash) ?? null;
    },
  };
};
