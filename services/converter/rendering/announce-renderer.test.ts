import { expect } from 'chai';
import { createLogger } from '../../../shared/logging/logger.js';
import { announceRenderer } from './announce-renderer.js';
import type { PdfRenderer } from './pdf-renderer.js';

const rendererLacking = (missing: string[]): PdfRenderer => ({
  name: 'pdf2pic',
  missing: async () => missing,
  open: () => Promise.reject(new Error('not used')),
  stop: async () => {},
});

const linesLogged = async (renderer: PdfRenderer) => {
  const lines: Array<{ level: string; msg: string; missing?: string[] }> = [];
  await announceRenderer(renderer, createLogger('converter-test', 'info', { write: (line: string) => lines.push(JSON.parse(line)) }));
  return lines;
};

describe('converter: saying at start-up what renders PDF pages', () => {
  it('given a renderer that has all it needs, then one info line names it', async () => {
    const lines = await linesLogged(rendererLacking([]));

    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ level: 'info', msg: 'converter renders PDF pages with pdf2pic' });
  });

  it('given a renderer whose programs are not on PATH, then one error line says which, and how to do without them', async () => {
    const lines = await linesLogged(rendererLacking(['gm (apt package graphicsmagick)', 'gs (apt package ghostscript)']));

    expect(lines).to.have.length(1);
    expect(lines[0]!.level).to.equal('error');
    expect(lines[0]!.missing).to.deep.equal(['gm (apt package graphicsmagick)', 'gs (apt package ghostscript)']);
    expect(lines[0]!.msg).to.equal(
      'converter cannot render PDF pages: CONVERT_PDF_RENDERER=pdf2pic needs gm (apt package graphicsmagick), gs (apt package ghostscript), ' +
        'not found on this machine; install it or set CONVERT_PDF_RENDERER=pdfium (installed by npm); until then every PDF fails with conversion_failed',
    );
  });
});
