/**
 * The extractor's public entry point: what the embedded process runs, and the steps the accuracy and
 * converter benchmarks run in process (recognizing pages, reading the accounting data).
 */
export { ExtractorConfig } from './extractor-config.js';
export { createExtractor } from './extractor-service.js';
export { decideRecognition } from './extractor-core.js';
export { readAccountingData } from './read-accounting-data.js';
export { recognizePages } from './recognition/recognize-pages.js';
export { createTesseractRecognizer } from './recognition/tesseract-recognizer.js';
