import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { ConverterConfig, PdfRendererConfig } from '../converter/index.js';
import { languageDataFile } from './recognition/tesseract-recognizer.js';
import { SECOND_READERS } from './recognition/second-readers.js';

/** More workers by default would take more memory than a page gains speed from them. */
const DEFAULT_MAX_OCR_WORKERS = 4;

/** The environment variables the extractor reads; composed into each process's config schema. */
export const ExtractorConfig = z.object({
  /** Tesseract languages recognized together, `+`-separated; each needs its @tesseract.js-data package. */
  OCR_LANGUAGES: z
    .string()
    .default('eng+deu+fra+ita')
    .transform((value) => value.split('+').map((code) => code.trim()))
    .refine(
      (codes) => codes.every((code) => /^[a-z_]+$/.test(code) && languageDataFile(code) !== null),
      'must be installed tesseract language codes separated by + (installed: @tesseract.js-data/<code>)',
    ),
  /**
   * OCR workers, each a thread with its own copy of the language models (about 275 MB each for four
   * languages). By default one per core, at most `DEFAULT_MAX_OCR_WORKERS`: a large page is read by all of them at once.
   */
  OCR_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(() => Math.min(availableParallelism(), DEFAULT_MAX_OCR_WORKERS)),
  /**
   * The engine that reads each line of a scanned page a second time, its reading taken word by word where it
   * is surer (PaddleOCR's line network, installed with the package), or `none`: about 2 s of CPU a receipt.
   */
  OCR_SECOND_READER: z.enum(SECOND_READERS).default('paddle'),
  /**
   * The OCR time one page may take, its recognition jobs' time on the workers added up (a 300-dpi A4 scan
   * takes about a tenth): a page past it stops holding a worker; before its first reading is done the
   * document fails with `ocr_failed`, after it the page keeps the words read so far.
   */
  OCR_PAGE_BUDGET_SECONDS: z.coerce.number().positive().max(3600).default(120),
  /** Scratch directory for the OCR workers' language directory. */
  OCR_WORK_DIR: z.string().min(1).default(join(tmpdir(), 'kontor-ocr')),
  /** The converter's PDF renderer: a page converted without a raster is drawn by it when OCR needs its pixels after all. */
  ...PdfRendererConfig.shape,
  /** The converter's resolution: the pages read ahead of the conversion are read at the size it gives them. */
  CONVERT_OCR_DPI: ConverterConfig.shape.CONVERT_OCR_DPI,
});
export type ExtractorConfig = z.infer<typeof ExtractorConfig>;
