/**
 * The extractor's public entry point: what the embedded process runs, and the steps the accuracy and
 * converter benchmarks run in process (recognizing pages, reading the accounting data, an e-invoice's XML), and the
 * confidence calibration the accuracy benchmark fits.
 */
export { ExtractorConfig } from './extractor-config.js';
export { createExtractor } from './extractor-service.js';
export { decideRecognition } from './extractor-core.js';
export { gatherExtractionInput, readAccountingData } from './read-accounting-data.js';
export { extractScoredFields } from './fields/extract-fields.js';
export { findEmbeddedInvoiceXml } from './einvoice/embedded-invoice-xml.js';
export { readEInvoice } from './einvoice/read-e-invoice.js';
export type { ExtractionInput } from './fields/extraction-input.js';
export { calibratedConfidence, SHIPPED_CALIBRATION } from './fields/scoring/calibrated-confidence.js';
export { CalibrationModel, inputVector, MODEL_INPUT_NAMES, MODEL_INPUTS, type Coefficients } from './fields/scoring/calibration-model.js';
export type { FieldFeatures } from './fields/scoring/field-features.js';
export { FIELD_GROUPS, fieldGroupOf } from './fields/scoring/field-paths.js';
export { recognizePages } from './recognition/recognize-pages.js';
export { createTesseractRecognizer, languageDataFile, linkLanguageData } from './recognition/tesseract-recognizer.js';
export { createSecondReader } from './recognition/second-readers.js';
export { filledAreas } from './recognition/filled-areas.js';
export type { OcrWord } from './recognition/ocr-engine.js';
export { layoutText } from './recognition/layout-text.js';
export { liftRedStampsOverPrint } from './recognition/red-stamps.js';
export { pageLines, rereadLines } from './recognition/reread-lines.js';
export { ocrDictionary } from './recognition/ocr-dictionary.js';
