import { z } from 'zod';

/** The signing identity of a process that signs (the converter's PDFs, the auditor's exports). */
export const SigningConfig = z.object({
  /** PKCS#12 file (certificate and private key); unset: a self-signed identity in the data directory (embedded only). */
  SIGNING_P12: z.string().min(1).optional(),
  /** Passphrase of SIGNING_P12. */
  SIGNING_PASSPHRASE: z.string().optional(),
});
export type SigningConfig = z.infer<typeof SigningConfig>;
