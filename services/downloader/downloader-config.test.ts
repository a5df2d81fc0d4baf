import { expect } from 'chai';
import { DownloaderConfig } from './downloader-config.js';

describe('downloader config', () => {
  it('defaults to 50 MiB, 30 s, 5 redirects and no allowlist', () => {
    expect(DownloaderConfig.parse({})).to.deep.equal({
      DOWNLOAD_MAX_BYTES: 50 * 1024 * 1024,
      DOWNLOAD_TIMEOUT_MS: 30_000,
      DOWNLOAD_MAX_REDIRECTS: 5,
      DOWNLOAD_ALLOWLIST: [],
    });
  });

  it('reads numbers from their environment strings', () => {
    const config = DownloaderConfig.parse({ DOWNLOAD_MAX_BYTES: '1024', DOWNLOAD_TIMEOUT_MS: '500', DOWNLOAD_MAX_REDIRECTS: '0' });

    expect(config).to.include({ DOWNLOAD_MAX_BYTES: 1024, DOWNLOAD_TIMEOUT_MS: 500, DOWNLOAD_MAX_REDIRECTS: 0 });
  });

  it('parses the allowlist into hosts with optional ports, in one spelling', () => {
    const config = DownloaderConfig.parse({ DOWNLOAD_ALLOWLIST: ' Files.Intern.Example , 10.1.2.3:8080,[::1]:9000, 0:0:0:0:0:0:0:2,' });

    expect(config.DOWNLOAD_ALLOWLIST).to.deep.equal([
      { host: 'files.intern.example', port: null },
      { host: '10.1.2.3', port: 8080 },
      { host: '::1', port: 9000 },
      { host: '::2', port: null },
    ]);
  });

  for (const entry of ['http://files.example', 'host:0', 'host:70000', 'host:80x', 'bad_host', '[::1', 'a:b:c:zz']) {
    it(`rejects the allowlist entry "${entry}"`, () => {
      const result = DownloaderConfig.safeParse({ DOWNLOAD_ALLOWLIST: `ok.example,${entry}` });

      expect(result.success).to.equal(false);
      expect(result.error?.issues[0]?.path).to.deep.equal(['DOWNLOAD_ALLOWLIST', 1]);
    });
  }

  it('rejects a size limit that is not a positive whole number', () => {
    expect(DownloaderConfig.safeParse({ DOWNLOAD_MAX_BYTES: '-1' }).success).to.equal(false);
    expect(DownloaderConfig.safeParse({ DOWNLOAD_MAX_BYTES: 'lots' }).success).to.equal(false);
  });
});
