/**
 * pdf.js for Node, the one way the project loads it. Its legacy build (the build for Node) installs
 * core-js polyfills as it loads, and some replace built-ins Node has natively and every part of the
 * service uses: JSON.parse, JSON.stringify and Array.prototype.push become JavaScript functions several
 * times slower, for the whole process (about a tenth of a born-digital document's CPU time went there).
 * So the built-ins Node had are put back once both halves of pdf.js, its API and the worker it runs in
 * this thread, have loaded; what the polyfills add that Node 20 lacks (Promise.withResolvers,
 * Uint8Array.prototype.toHex, …) stays, pdf.js needs it.
 */
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';

const BUILT_INS: object[] = [
  JSON,
  Math,
  Reflect,
  Object,
  Object.prototype,
  Function.prototype,
  Array,
  Array.prototype,
  String,
  String.prototype,
  Number,
  Number.prototype,
  Promise,
  Promise.prototype,
  Map.prototype,
  Set.prototype,
  RegExp.prototype,
  ArrayBuffer.prototype,
  Uint8Array,
  Uint8Array.prototype,
  Object.getPrototypeOf(Uint8Array.prototype) as object,
];

const isNative = (value: unknown) => typeof value !== 'function' || Function.prototype.toString.call(value).includes('[native code]');

const descriptorsOf = (target: object) =>
  new Map(Reflect.ownKeys(target).map((key) => [key, Object.getOwnPropertyDescriptor(target, key)!] as const));

const before = BUILT_INS.map((target) => ({ target, descriptors: descriptorsOf(target) }));
if (!isNative(JSON.stringify) || !isNative(Array.prototype.push)) {
  throw new Error('pdf.js was loaded before shared/files/pdfjs.ts: import pdf.js through this module only');
}

const pdfjs: typeof PdfJs = await import('pdfjs-dist/legacy/build/pdf.mjs');
// Given the worker module, pdf.js runs it in this thread without importing it later, when it would polyfill again.
// (A name in a constant: the package declares no types for the worker.)
const WORKER_MODULE = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = (await import(WORKER_MODULE)) as unknown;

for (const { target, descriptors } of before) {
  for (const [key, descriptor] of descriptors) {
    const now = Object.getOwnPropertyDescriptor(target, key);
    if (!Object.is(now?.value, descriptor.value) && isNative(descriptor.value)) Object.defineProperty(target, key, descriptor);
  }
}

export const { AnnotationMode, AnnotationType, getDocument, OPS, Util } = pdfjs;
export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
