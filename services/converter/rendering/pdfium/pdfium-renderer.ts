import { createHash } from 'node:crypto';
import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../../../shared/runtime/module-worker.js';
import type { OpenPdf, PdfPageSize, PdfRenderer, RenderedPdfPage, RenderedPdfRegion } from '../pdf-renderer.js';
import { pixelsAt, regionPixels, type PixelRect } from '../region-pixels.js';
import { RenderingFailure } from '../rendering-failure.js';
import { PDFIUM_WASM, type PdfiumReply, type PdfiumRequest, type PdfiumResult } from './pdfium-protocol.js';

const WORKER_MODULE = new URL(`./pdfium-worker${import.meta.url.slice(import.meta.url.lastIndexOf('.'))}`, import.meta.url);

type Request = PdfiumRequest extends infer R ? (R extends PdfiumRequest ? Omit<R, 'id'> : never) : never;
type ResultOf<Op extends PdfiumResult['op']> = Extract<PdfiumResult, { op: Op }>;

interface Pending {
  resolve: (result: PdfiumResult) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** One worker thread with PDFium loaded; `generation` tells a replaced thread from its successor. */
interface PdfiumThread {
  worker: Worker;
  generation: number;
  pending: Map<number, Pending>;
}

/** A document open in the thread: its number there, its pages' sizes, and the thread that knows it. */
interface OpenedDocument {
  document: number;
  pages: PdfPageSize[];
  generation: number;
}

interface SharedFile {
  users: number;
  opened: Promise<OpenedDocument>;
}

export interface PdfiumRendererOptions {
  /** How long PDFium may take for one request (opening a file, drawing a page) before its thread is ended. */
  timeoutMs: number;
}

/**
 * PDF pages rendered by PDFium (Chrome's PDF engine) compiled to WebAssembly: installed by npm, nothing
 * to install on the machine. PDFium runs in a worker thread, one request at a time; a request that takes
 * longer than `timeoutMs` fails its file with `conversion_failed` and the thread is replaced, so a file
 * crafted to hang the renderer costs one timeout. PDFs open in the replaced thread are opened again in
 * the new one when next used. A file opened again while it is open shares the thread's document until both
 * are closed. The thread does not keep the process alive while nothing is asked of it.
 */
export const createPdfiumRenderer = ({ timeoutMs }: PdfiumRendererOptions): PdfRenderer => {
  let thread: PdfiumThread | null = null;
  let generation = 0;
  let lastId = 0;

  const end = (ended: PdfiumThread, error: Error) => {
    if (thread === ended) thread = null;
    for (const { reject, timer } of ended.pending.values()) {
      clearTimeout(timer);
      reject(error);
    }
    ended.pending.clear();
    void ended.worker.terminate();
  };

  const currentThread = (): PdfiumThread => {
    if (thread) return thread;
    const started: PdfiumThread = { worker: startModuleWorker(WORKER_MODULE), generation: ++generation, pending: new Map() };
    started.worker.unref();
    started.worker.on('message', (reply: PdfiumReply) => {
      const pending = started.pending.get(reply.id);
      if (!pending) return;
      started.pending.delete(reply.id);
      clearTimeout(pending.timer);
      if (started.pending.size === 0) started.worker.unref();
      if ('result' in reply) pending.resolve(reply.result);
      else if ('refusal' in reply) pending.reject(new RenderingFailure('conversion_failed', reply.refusal.detail));
      else pending.reject(new Error(`PDFium worker: ${reply.error}`));
    });
    started.worker.on('error', (error) => end(started, new Error('PDFium worker failed', { cause: error })));
    started.worker.on('exit', (code) => end(started, new Error(`PDFium worker exited with code ${code}`)));
    thread = started;
    return started;
  };

  const ask = <Op extends PdfiumResult['op']>(
    request: Request & { op: Op },
    what: string,
    transfer: ArrayBuffer[] = [],
  ): Promise<ResultOf<Op>> => {
    const asked = currentThread();
    const id = ++lastId;
    return new Promise<PdfiumResult>((resolve, reject) => {
      const timer = setTimeout(
        () => end(asked, new RenderingFailure('conversion_failed', `${what} took longer than ${timeoutMs} ms`)),
        timeoutMs,
      );
      asked.pending.set(id, { resolve, reject, timer });
      asked.worker.ref();
      asked.worker.postMessage({ ...request, id }, transfer);
    }) as Promise<ResultOf<Op>>;
  };

  /**
   * Files open in the thread, by their bytes' hash, with how many callers hold them: a file opened again while
   * it is open (a document's steps read one PDF at once) shares the thread's document, its loaded pages included.
   */
  const files = new Map<string, SharedFile>();

  const openIn = async (pdf: Buffer): Promise<OpenedDocument> => {
    // PDFium takes the copy it is sent; the caller's buffer stays the caller's.
    const copy = new Uint8Array(pdf);
    const opened = await ask({ op: 'open', pdf: copy }, 'opening the PDF', [copy.buffer]);
    return { ...opened, generation: currentThread().generation };
  };

  return {
    name: 'pdfium',
    missing: async () => {
      const wasm = createRequire(import.meta.url).resolve(PDFIUM_WASM);
      return (await access(wasm).then(
        () => true,
        () => false,
      ))
        ? []
        : [`${PDFIUM_WASM} (run npm install)`];
    },

    async open(pdf: Buffer): Promise<OpenPdf> {
      const key = createHash('sha256').update(pdf).digest('base64');
      let file = files.get(key);
      if (!file) {
        file = { users: 0, opened: openIn(pdf) };
        files.set(key, file);
      }
      const shared = file;
      shared.users += 1;
      let closed = false;
      const release = async () => {
        if (closed) return;
        closed = true;
        shared.users -= 1;
        if (shared.users > 0) return;
        if (files.get(key) === shared) files.delete(key);
        const opened = await shared.opened.catch(() => null);
        if (opened && opened.generation === thread?.generation) await ask({ op: 'close', document: opened.document }, 'closing the PDF');
      };
      const { pages } = await shared.opened.catch(async (error: unknown) => {
        await release();
        throw error;
      });
      // A thread replaced after a timeout has forgotten the document: it is opened again where it is asked for.
      const documentNow = async () => {
        const asked = shared.opened;
        const opened = await asked;
        if (opened.generation !== currentThread().generation && shared.opened === asked) shared.opened = openIn(pdf);
        return (await shared.opened).document;
      };
      const pageSize = (pageNumber: number) => {
        const size = pages[pageNumber - 1];
        if (!size) throw new RangeError(`the PDF has no page ${pageNumber}`);
        return size;
      };
      const drawn = async (pageNumber: number, area: PixelRect): Promise<RenderedPdfPage> => {
        const rendered = await ask(
          { op: 'render', document: await documentNow(), pageNumber, area },
          `rendering page ${pageNumber} of the PDF`,
        );
        return { pixels: Buffer.from(rendered.rgb), widthPx: rendered.widthPx, heightPx: rendered.heightPx };
      };
      return {
        pages,
        text: async (pageNumber) =>
          (await ask({ op: 'text', document: await documentNow(), pageNumber }, `reading page ${pageNumber}'s text`)).text,
        content: async (pageNumber) =>
          (await ask({ op: 'content', document: await documentNow(), pageNumber }, `reading what page ${pageNumber} places`)).content,
        drawings: async (pageNumber) =>
          (await ask({ op: 'drawings', document: await documentNow(), pageNumber }, `looking at what page ${pageNumber} draws`)).drawings,
        async render(pageNumber, dpi): Promise<RenderedPdfPage> {
          const size = pageSize(pageNumber);
          const [widthPx, heightPx] = [pixelsAt(size.widthPt, dpi), pixelsAt(size.heightPt, dpi)];
          const area = { pageWidthPx: widthPx, pageHeightPx: heightPx, leftPx: 0, topPx: 0, widthPx, heightPx };
          const { pixels } = await drawn(pageNumber, area);
          return { pixels, widthPx, heightPx };
        },
        async renderRegion(pageNumber, dpi, region): Promise<RenderedPdfRegion> {
          const area = regionPixels(pageSize(pageNumber), dpi, region);
          return { ...(await drawn(pageNumber, area)), leftPx: area.leftPx, topPx: area.topPx };
        },
        close: release,
      };
    },

    async stop() {
      if (thread) end(thread, new Error('the PDF renderer was stopped'));
    },
  };
};
