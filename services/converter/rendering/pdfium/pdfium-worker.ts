/**
 * The worker thread PDFium runs in: its WebAssembly blocks while it draws a page, so the service's
 * event loop stays free, and a page that takes too long can be stopped by ending the thread.
 */
import { parentPort } from 'node:worker_threads';
import { loadPdfium, pdfiumDocuments, PdfiumRefused } from './pdfium-documents.js';
import type { PdfiumReply, PdfiumRequest, PdfiumResult } from './pdfium-protocol.js';

const port = parentPort!;
const documents = pdfiumDocuments(await loadPdfium());

const handle = (request: PdfiumRequest): PdfiumResult => {
  switch (request.op) {
    case 'open':
      return { op: 'open', ...documents.open(request.pdf) };
    case 'text':
      return { op: 'text', text: documents.text(request.document, request.pageNumber) };
    case 'content':
      return { op: 'content', content: documents.content(request.document, request.pageNumber) };
    case 'drawings':
      return { op: 'drawings', drawings: documents.drawings(request.document, request.pageNumber) };
    case 'render': {
      const rgb = documents.render(request.document, request.pageNumber, request.area);
      return { op: 'render', rgb: rgb.buffer as ArrayBuffer, widthPx: request.area.widthPx, heightPx: request.area.heightPx };
    }
    case 'close':
      documents.close(request.document);
      return { op: 'close' };
  }
};

port.on('message', (request: PdfiumRequest) => {
  let reply: PdfiumReply;
  try {
    reply = { id: request.id, result: handle(request) };
  } catch (error) {
    reply =
      error instanceof PdfiumRefused
        ? { id: request.id, refusal: error.refusal }
        : { id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(reply, 'result' in reply && reply.result.op === 'render' ? [reply.result.rgb] : []);
});
