import { expect } from 'chai';
import { createLogger } from '../../../shared/logging/logger.js';
import { createPdfRenderer } from './create-pdf-renderer.js';
import type { PdfRenderer } from './pdf-renderer.js';
import { warmUpRenderer } from './warm-up-renderer.js';

const warnings = async (renderer: PdfRenderer) => {
  const lines: Array<{ level: string; msg: string }> = [];
  await warmUpRenderer(renderer, createLogger('converter-test', 'info', { write: (line: string) => lines.push(JSON.parse(line)) }));
  return lines.filter((line) => line.level === 'warn');
};

describe('converter: warming up the PDF renderer at start-up', () => {
  it('given PDFium, when warmed up, then a sample page was read and drawn, the file is closed, and nothing is logged', async () => {
    const pdfium = createPdfRenderer('pdfium', 30_000);
    const calls: string[] = [];
    const watched: PdfRenderer = {
      ...pdfium,
      open: async (bytes) => {
        const pdf = await pdfium.open(bytes);
        calls.push(`open ${pdf.pages.length} page`);
        return {
          ...pdf,
          text: async (page) => (calls.push(`text "${(await pdf.text(page)).trim()}"`), ''),
          content: async (page) => {
            const content = await pdf.content(page);
            calls.push(`content "${content.textRuns.map((run) => run.text).join(' ')}"`);
            return content;
          },
          render: async (page, dpi) => (calls.push(`render at ${dpi} dpi`), pdf.render(page, dpi)),
          close: async () => (calls.push('close'), pdf.close()),
        };
      },
    };
    try {
      expect(await warnings(watched)).to.deep.equal([]);
    } finally {
      await pdfium.stop();
    }
    expect(calls).to.deep.equal([
      'open 1 page',
      'text "Kontor warm-up 2026-01-01 CHF 1.00"',
      'content "Kontor warm-up 2026-01-01 CHF 1.00"',
      'render at 36 dpi',
      'close',
    ]);
  });

  it('given a renderer that cannot open files, then the start goes on, with one warning', async () => {
    const failing: PdfRenderer = {
      name: 'pdf2pic',
      missing: async () => [],
      open: () => Promise.reject(new Error('gm not found')),
      stop: async () => {},
    };

    const logged = await warnings(failing);

    expect(logged).to.have.length(1);
    expect(logged[0]!.msg).to.equal('could not warm up the PDF renderer; the first document will');
  });
});
