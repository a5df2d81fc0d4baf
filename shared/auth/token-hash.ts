import { createHash, randomBytes } from 'node:crypto';

/** Tokens are 256 random bits, so a plain SHA-256 is a safe verifier: nothing to brute-force. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export const mintToken = (): string => `kt_${randomBytes(32).toString('base64url')}`;

export const TENANT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
