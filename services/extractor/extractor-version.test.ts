import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { extractorVersion } from './extractor-version.js';

describe('extractor version', () => {
  it('is the package version and a hash of the extraction rules, stable across starts', async () => {
    const version = await extractorVersion();

    expect(version).to.match(/^\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
    expect(await extractorVersion()).to.equal(version);
  });

  it('given a changed rule or calibration, then the version changes; given a changed test, then it does not', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'kontor-version-'));
    const rules = path.join(root, 'extractor');
    await writeFile(path.join(root, 'package.json'), JSON.stringify({ version: '1.2.3' }));
    await cp(path.join(import.meta.dirname, 'fields'), path.join(rules, 'fields'), { recursive: true });
    const before = await extractorVersion(rules);

    await writeFile(path.join(rules, 'fields', 'amounts.test.ts'), '// changed test');
    const afterTest = await extractorVersion(rules);
    await writeFile(path.join(rules, 'fields', 'amounts.ts'), '// changed rule');
    const afterRule = await extractorVersion(rules);
    await writeFile(path.join(rules, 'fields', 'scoring', 'calibration.json'), '{}');
    const afterCalibration = await extractorVersion(rules);
    await rm(root, { recursive: true, force: true });

    expect(before).to.match(/^1\.2\.3\+/);
    expect(afterTest).to.equal(before);
    expect(afterRule).to.not.equal(before);
    expect(afterCalibration).to.not.equal(afterRule);
  });
});
