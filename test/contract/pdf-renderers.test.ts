import { missingPrograms } from '../../services/converter/rendering/missing-programs.js';
import { createPdf2picRenderer } from '../../services/converter/rendering/pdf2pic-renderer.js';
import { createPdfiumRenderer } from '../../services/converter/rendering/pdfium/pdfium-renderer.js';
import { pdfRendererContract } from './pdf-renderer.contract.js';

pdfRendererContract('PDFium (WebAssembly, in a worker thread)', (timeoutMs) => createPdfiumRenderer({ timeoutMs }));

// pdf2pic needs GraphicsMagick and Ghostscript from the machine; a machine without them (as npm leaves it) skips it.
pdfRendererContract(
  'pdf2pic (GraphicsMagick and Ghostscript)',
  (timeoutMs) => createPdf2picRenderer({ timeoutMs }),
  async () => {
    const missing = await missingPrograms(['gm', 'gs']);
    return missing.length === 0 ? null : `${missing.join(' and ')} not on PATH (apt packages graphicsmagick, ghostscript)`;
  },
);
