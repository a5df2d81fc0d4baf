import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { expect } from 'chai';
import { missingPrograms } from './missing-programs.js';

describe('converter: programs missing from PATH', () => {
  let directory: string;
  before(async () => {
    directory = await mkdtemp(join(tmpdir(), 'kontor-path-'));
    await writeFile(join(directory, 'gm'), '#!/bin/sh\n', { mode: 0o755 });
    await mkdir(join(directory, 'bin'));
    await symlink(process.execPath, join(directory, 'bin', 'node'));
    await writeFile(join(directory, 'gs'), 'not executable', { mode: 0o644 });
  });
  after(() => rm(directory, { recursive: true, force: true }));

  it('names those no PATH directory holds as an executable, in the order asked', async () => {
    const path = [join(directory, 'bin'), directory].join(delimiter);

    expect(await missingPrograms(['gs', 'node', 'gm', 'pdftoppm'], path)).to.deep.equal(['gs', 'pdftoppm']);
  });

  it('finds everything missing on an empty PATH', async () => {
    expect(await missingPrograms(['node'], '')).to.deep.equal(['node']);
  });
});
