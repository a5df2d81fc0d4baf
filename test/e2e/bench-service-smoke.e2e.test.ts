import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** The figures of issue 19's table, each of which the benchmark must print a measured row for. */
const FIGURES = [
  'born-digital 1-page PDF',
  'scanned page (300 dpi)',
  'creates/s, tiny PDFs',
  'then one document from another',
  'first documents done',
  'peak RSS while processing',
  'embedded start-up to ready',
  'list p99',
];

const installed = (command: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe('e2e: the service benchmark, as a smoke run', function () {
  this.timeout(1_200_000);
  let work: string;

  before(async function () {
    // Its baselines are the CLIs the targets are measured against; .ci/run installs them with apt.
    const missing = ['pdftotext', 'pdftoppm', 'tesseract'].filter((command) => !installed(command));
    if (missing.length > 0) {
      console.log(`    skipped: the benchmark's baselines need ${missing.join(', ')} (apt: poppler-utils, tesseract-ocr)`);
      this.skip();
    }
    work = await mkdtemp(path.join(tmpdir(), 'kontor-bench-smoke-'));
  });

  after(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('given a fresh work directory, when `npm run bench:service -- --smoke` runs, then it prints a measured row for every target', async () => {
    const { stdout } = await run('npm', ['run', 'bench:service', '--', '--smoke', '--work', work], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    const rows = stdout.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| figure') && !line.startsWith('|---'));
    for (const figure of FIGURES) {
      const row = rows.find((line) => line.includes(figure));
      expect(row, `a row for "${figure}" in:\n${stdout}`).to.be.a('string');
      const [, , measured, , met] = row!.split(' | ');
      expect(measured, row).to.match(/\d/);
      expect(measured, row).not.to.match(/NaN|undefined/);
      expect(met?.replace(/\s*\|$/, ''), row).to.be.oneOf(['yes', 'no']);
    }
  });
});
