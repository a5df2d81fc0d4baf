import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import forge from 'node-forge';
import { ConfigError } from '../config/parse-config.js';
import { createSelfSignedP12 } from './self-signed-identity.js';
import type { SigningIdentity } from './p12-identity.js';
import { ensureSigningIdentity, generatedIdentityPaths, loadSigningIdentity } from './signing-identity.js';

const certificateOf = ({ p12, passphrase }: SigningIdentity): forge.pki.Certificate => {
  const store = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), false, passphrase);
  return store.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!]![0]!.cert!;
};

const permissionsOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('converter: the signing identity', function () {
  this.timeout(30_000);
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kontor-identity-'));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('without a configured certificate', () => {
    it('makes a self-signed RSA 2048 certificate for document signing, valid ten years', async () => {
      const certificate = certificateOf(await ensureSigningIdentity(dataDir));

      expect(certificate.subject.getField('CN').value).to.equal('Kontor document signing');
      expect(certificate.isIssuer(certificate)).to.equal(true);
      expect((certificate.publicKey as forge.pki.rsa.PublicKey).n.bitLength()).to.equal(2048);
      expect(certificate.getExtension('keyUsage')).to.include({ critical: true, digitalSignature: true });
      const { notBefore, notAfter } = certificate.validity;
      expect(notAfter.getUTCFullYear() - notBefore.getUTCFullYear()).to.equal(10);
      expect(notBefore.getTime()).to.be.closeTo(Date.now(), 60_000);
    });

    it('keeps it in the data directory, readable by the service alone, and reuses it on the next start', async () => {
      const first = await ensureSigningIdentity(dataDir);

      const second = await ensureSigningIdentity(dataDir);

      expect(second.p12.equals(first.p12)).to.equal(true);
      expect(second.passphrase).to.equal(first.passphrase);
      const paths = generatedIdentityPaths(dataDir);
      expect(await permissionsOf(paths.directory)).to.equal(0o700);
      expect(await permissionsOf(paths.p12)).to.equal(0o600);
      expect(await permissionsOf(paths.passphrase)).to.equal(0o600);
    });

    it('is what loadSigningIdentity gives', async () => {
      const loaded = await loadSigningIdentity({}, dataDir);

      expect(loaded.p12.equals((await ensureSigningIdentity(dataDir)).p12)).to.equal(true);
    });
  });

  describe('with a configured certificate', () => {
    let configured: string;
    let p12: Buffer;

    beforeEach(async () => {
      configured = join(dataDir, 'company.p12');
      p12 = await createSelfSignedP12('company secret');
      await writeFile(configured, p12);
    });

    it('signs with the configured file and passphrase and makes no identity of its own', async () => {
      const loaded = await loadSigningIdentity({ SIGNING_P12: configured, SIGNING_PASSPHRASE: 'company secret' }, dataDir);

      expect(loaded).to.deep.equal({ p12, passphrase: 'company secret' });
      const madeOwn = await stat(generatedIdentityPaths(dataDir).directory).then(
        () => true,
        () => false,
      );
      expect(madeOwn).to.equal(false);
    });

    it('stops the start with a ConfigError naming SIGNING_P12 when the passphrase does not open it', async () => {
      const loading = loadSigningIdentity({ SIGNING_P12: configured, SIGNING_PASSPHRASE: 'wrong' }, dataDir);

      const error = await loading.then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).to.be.instanceOf(ConfigError);
      expect((error as ConfigError).problems[0]).to.match(/^SIGNING_P12: .*company\.p12 is no usable signing identity: /);
    });

    it('stops the start with a ConfigError when the file does not exist', async () => {
      const error = await loadSigningIdentity({ SIGNING_P12: join(dataDir, 'missing.p12') }, dataDir).then(
        () => null,
        (thrown: unknown) => thrown,
      );

      expect(error).to.be.instanceOf(ConfigError);
    });
  });
});
