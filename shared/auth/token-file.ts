import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { hashToken, mintToken } from './token-hash.js';

const TokenRecord = z.object({ id: z.string(), tenant: z.string(), hash: z.string(), created_at: z.string() });
const TokenFileContent = z.object({ tokens: z.array(TokenRecord) });
export type TokenRecord = z.infer<typeof TokenRecord>;

/** Minted tokens, stored as hashes only, in `<data dir>/tokens.json`. */
export const tokenFilePath = (dataDir: string): string => path.join(dataDir, 'tokens.json');

export const readTokenFile = async (file: string): Promise<TokenRecord[]> => {
  try {
    return TokenFileContent.parse(JSON.parse(await readFile(file, 'utf8'))).tokens;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new Error(`token file ${file} is unreadable: ${(error as Error).message}`, { cause: error });
  }
};

const writeTokenFile = async (file: string, tokens: TokenRecord[]): Promise<void> => {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ tokens }, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
};

export const createToken = async (file: string, tenant: string): Promise<{ token: string; record: TokenRecord }> => {
  const token = mintToken();
  const record = { id: randomUUID(), tenant, hash: hashToken(token), created_at: new Date().toISOString() };
  await writeTokenFile(file, [...(await readTokenFile(file)), record]);
  return { token, record };
};

export const revokeToken = async (file: string, id: string): Promise<boolean> => {
  const tokens = await readTokenFile(file);
  const remaining = tokens.filter((record) => record.id !== id);
  if (remaining.length === tokens.length) return false;
  await writeTokenFile(file, remaining);
  return true;
};

export const tokenFileModifiedAt = async (file: string): Promise<number> => {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return 0;
  }
};
