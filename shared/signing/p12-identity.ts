/** A PKCS#12 file (certificate and private key) and the passphrase that opens it. */
export interface SigningIdentity {
  p12: Buffer;
  passphrase: string;
}
