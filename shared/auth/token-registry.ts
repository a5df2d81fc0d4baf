import { hashToken } from './token-hash.js';
import { readTokenFile, tokenFileModifiedAt } from './token-file.js';

export interface TokenRegistry {
  /** The tenant a bearer token belongs to, or null for an unknown token. */
  tenantOf(token: string): Promise<string | null>;
}

/** Parses `AUTH_TOKENS="tenantA=tokenA,tenantB=tokenB"` into token hash -> tenant. */
export const parseAuthTokens = (value: string): Map<string, string> => {
  const byHash = new Map<string, string>();
  for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    const separator = entry.indexOf('=');
    byHash.set(hashToken(entry.slice(separator + 1)), entry.slice(0, separator));
  }
  return byHash;
};

/**
 * Tokens from the environment plus those minted into the token file. The file is re-read when it
 * changes, so `npm run tokens -- create` works without a restart.
 */
export const createTokenRegistry = (options: { authTokens: string; tokenFile: string | null }): TokenRegistry => {
  const fromEnvironment = parseAuthTokens(options.authTokens);
  let fromFile = new Map<string, string>();
  let loadedVersion = -1;

  const refresh = async () => {
    if (!options.tokenFile) return;
    const version = await tokenFileModifiedAt(options.tokenFile);
    if (version === loadedVersion) return;
    const records = await readTokenFile(options.tokenFile);
    fromFile = new Map(records.map((record) => [record.hash, record.tenant]));
    loadedVersion = version;
  };

  return {
    async tenantOf(token) {
      const hash = hashToken(token);
      const known = fromEnvironment.get(hash);
      if (known) return known;
      await refresh();
      return fromFile.get(hash) ?? null;
    },
  };
};
