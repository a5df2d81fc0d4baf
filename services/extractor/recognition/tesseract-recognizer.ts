import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';
import type { Logger } from '../../../shared/logging/logger.js';
import { decodePageRaster, rasterImage, type PageRaster } from '../../../shared/imaging/page-raster.js';
import { withPngDensity } from '../../../shared/imaging/png-density.js';
import { liftRedStampsOverPrint } from './red-stamps.js';
import { dropSpecks } from './drop-specks.js';
import { readFilledAreas } from './read-filled-areas.js';
import { readPageInParts } from './read-page-in-parts.js';
import { readUnreadInk, readWithLayoutFirst } from './read-unread-ink.js';
import { BODY_TYPE, LARGE_TYPE } from './unread-ink.js';
import { rereadDoubtfulRegions } from './reread-doubtful-regions.js';
import { pageLines, readLinesAhead, rereadLines, type PageLines } from './reread-lines.js';
import { ocrDictionary } from './ocr-dictionary.js';
import type { LineReader } from './line-reader.js';
import { layoutText } from './layout-text.js';
import type { OcrEngine, OcrWord } from './ocr-engine.js';
import { correctMisreads } from './ocr-misreads.js';
import { createOcrWorkerUsage } from './ocr-worker-usage.js';
import { createOcrPageBudget } from './ocr-page-budget.js';
import { startTimedWorkerPool, type TimedWorkerPool } from './timed-worker-pool.js';

export interface TesseractOptions {
  /** Tesseract language codes, all recognized at once, e.g. `['eng', 'deu']`. */
  languages: readonly string[];
  workers: number;
  /** Where the worker's language directory is made; it is removed again on stop. */
  workDir: string;
  logger: Logger;
  /** A second engine that reads each line of a scanned page again (see `rereadLines`); none, the first engine's words stand. */
  lineReader: LineReader | null;
  /** The OCR time one page may take (see `createOcrPageBudget`). */
  pageBudgetMs: number;
}

const require = createRequire(import.meta.url);

/** Tesseract parameters set for one recognition: tesseract.js passes its options' other keys on to Tesseract, and restores them after it. */
type TesseractParameters = Partial<Tesseract.RecognizeOptions> & { tessedit_pageseg_mode?: Tesseract.PSM };
/** Tesseract's library default, which the pages have always been read with: the image is one block of text. */
const ONE_BLOCK: TesseractParameters = {};
/** Page layout analysis, as the Tesseract command line reads: blocks, columns and a ruled box's cells found apart. */
const WITH_LAYOUT: TesseractParameters = { tessedit_pageseg_mode: Tesseract.PSM.AUTO };

/**
 * The installed (npm) language model for a code: integer-quantized "best" LSTM data, the variant
 * tesseract.js itself picks for the LSTM engine. Null when no @tesseract.js-data package has it.
 */
export const languageDataFile = (code: string): string | null => {
  try {
    return join(dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), '4.0.0_best_int', `${code}.traineddata.gz`);
  } catch {
    return null;
  }
};

/** tesseract.js reads every language from one directory; the packages keep one each, so link them together. */
export const linkLanguageData = async (languages: readonly string[], workDir: string): Promise<string> => {
  await mkdir(workDir, { recursive: true });
  const directory = await mkdtemp(join(workDir, 'tessdata-'));
  for (const code of languages) {
    const file = languageDataFile(code);
    if (!file) throw new Error(`no language data installed for OCR language "${code}"`);
    await symlink(file, join(directory, `${code}.traineddata.gz`));
  }
  return directory;
};

const placedWords = (page: Tesseract.Page): OcrWord[] =>
  (page.blocks ?? [])
    .flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words)))
    .filter((word) => word.text.trim() !== '')
    .map((word) => ({
      text: correctMisreads(word.text),
      left: word.bbox.x0,
      right: word.bbox.x1,
      top: word.bbox.y0,
      bottom: word.bbox.y1,
      confidence: Math.min(1, Math.max(0, word.confidence / 100)),
    }));

const meanConfidence = (words: readonly OcrWord[]): number =>
  words.length === 0 ? 0 : words.reduce((sum, word) => sum + word.confidence, 0) / words.length;

/**
 * A scanned page as OCR reads it: decoded once for every pass, and seen through a red filter where a stamp lies
 * over its print (see `liftRedStampsOverPrint`), encoded again only then.
 */
const withoutRedStamps = async (image: Buffer): Promise<{ page: Buffer; raster: () => Promise<PageRaster> }> => {
  const decoded = await decodePageRaster(image);
  const lifted = liftRedStampsOverPrint(decoded);
  if (lifted === null) return { page: image, raster: () => Promise.resolve(decoded) };
  const png = await rasterImage(lifted).png().toBuffer();
  return { page: lifted.dpi ? withPngDensity(png, lifted.dpi) : png, raster: () => Promise.resolve(lifted) };
};

interface Pool {
  workers: TimedWorkerPool<Tesseract.Worker>;
  languageDirectory: string;
  /** How many of its workers read at once without sharing a core. */
  readers: number;
}

/**
 * OCR with tesseract.js: a small pool of long-lived workers, started on first use, reading language
 * data from the installed packages only (never the network) and caching nothing. A scanned page with a red stamp
 * across its print is read through a red filter (see `liftRedStampsOverPrint`). A page's doubtful
 * regions are read a second time on their own (see `rereadDoubtfulRegions`; with layout analysis too where
 * a ruled table's rows ran together), and so is large type its
 * layout analysis lost (see `readUnreadInk`, `LARGE_TYPE`), type on grey or coloured bars (see
 * `readFilledAreas`) and, last, lines of body type the page's reading lost, such as a ruled box's rows
 * (`BODY_TYPE`, read with page layout analysis first); words OCR is known to misread are corrected (see `correctMisreads`).
 * A large page is read in parts at once, one per worker and core (see `readPageInParts`), so one page's
 * recognition takes about its share of the machine rather than one core's time for all of it.
 * A recognition asked for fewer languages than all (see `OcrOptions`) runs on one worker of its own for
 * those languages, started on first use and kept: Tesseract reads every loaded language on every word.
 * A page has a bounded OCR time (see `createOcrPageBudget`): the worker of a page that runs past it is ended and
 * another started in its place, so one runaway page holds no worker from the pages after it.
 */
export const createTesseractRecognizer = (options: TesseractOptions): OcrEngine => {
  const allLanguages = options.languages.join('+');
  const pools = new Map<string, Promise<Pool>>();
  const usage = createOcrWorkerUsage(options.workers);

  const startPool = async (languages: readonly string[], size: number): Promise<Pool> => {
    const languageDirectory = await linkLanguageData(languages, options.workDir);
    try {
      const workers = await startTimedWorkerPool({
        size,
        create: () =>
          Tesseract.createWorker([...languages], Tesseract.OEM.LSTM_ONLY, {
            langPath: languageDirectory,
            cacheMethod: 'none',
            gzip: true,
            // Without a handler tesseract.js throws worker errors from an event callback, killing the process.
            errorHandler: (error: unknown) => options.logger.warn({ err: error }, 'tesseract worker reported an error'),
          }),
        terminate: (worker) => worker.terminate(),
        replacementFailed: (error) =>
          options.logger.error({ err: error, languages }, 'an OCR worker ended for its time failed to start again'),
      });
      options.logger.info({ workers: size, languages }, 'OCR workers started');
      if (languages.join('+') === allLanguages) usage.started();
      return { workers, languageDirectory, readers: Math.min(size, availableParallelism()) };
    } catch (error) {
      await rm(languageDirectory, { recursive: true, force: true });
      throw error;
    }
  };

  const running = (languages: readonly string[]): Promise<Pool> => {
    const key = languages.join('+');
    if (!pools.has(key)) {
      const workers = key === allLanguages ? options.workers : 1;
      pools.set(
        key,
        startPool(languages, workers).catch((error: unknown) => {
          pools.delete(key);
          throw error;
        }),
      );
    }
    return pools.get(key)!;
  };

  const isWord = ocrDictionary(options.languages);
  /** The words after the second reader's look; should it fail, the first engine's words stand. */
  const readAgainByLine = async (lines: PageLines | null, words: OcrWord[]): Promise<OcrWord[]> => {
    if (!lines) return words;
    try {
      return await rereadLines(lines, words, isWord);
    } catch (error) {
      options.logger.warn({ err: error }, 'second reading of the lines failed, the page keeps its first reading');
      return words;
    }
  };

  const languagesFor = (asked: readonly string[] | undefined): readonly string[] => {
    const known = options.languages.filter((code) => asked?.includes(code));
    return known.length === 0 ? options.languages : known;
  };

  return {
    async recognize(image, { languages, onePass = false } = {}) {
      const { workers, readers } = await running(languagesFor(languages));
      const budget = createOcrPageBudget(options.pageBudgetMs);
      const recognizeWords = async (png: Buffer, parameters: TesseractParameters = ONE_BLOCK) =>
        placedWords(
          (await usage.measure(() => budget.timed(workers, (worker) => worker.recognize(png, parameters, { text: false, blocks: true }))))
            .data,
        );
      const read = async (png: Buffer) => dropSpecks(await recognizeWords(png));
      const readWithLayout = async (png: Buffer) => dropSpecks(await recognizeWords(png, WITH_LAYOUT));
      if (onePass) {
        const words = await read(image);
        return { text: layoutText(words), confidence: meanConfidence(words), words };
      }
      const { page, raster } = await withoutRedStamps(image);
      const lines = options.lineReader && pageLines(await raster(), options.lineReader, (read) => budget.whileLeft(read));
      // The second reader reads ahead the lines of each band read (on the core the band's worker leaves) and then of the
      // first reading, while the passes below run: those of them that stay as they were are not read again.
      const aheadOf = (words: readonly OcrWord[]) => lines && readLinesAhead(lines, words);
      const firstReading = await budget.passes(
        dropSpecks(await readPageInParts(page, raster, readers, recognizeWords, (part) => aheadOf(dropSpecks(part)))),
        (words) => rereadDoubtfulRegions(raster, words, read, readWithLayout),
      );
      aheadOf(firstReading);
      const passed = await budget.passes(
        firstReading,
        (words) => readUnreadInk(raster, words, read, LARGE_TYPE),
        (words) => readFilledAreas(raster, words, read),
        (words) => readUnreadInk(raster, words, readWithLayoutFirst(readWithLayout, read), BODY_TYPE),
      );
      if (budget.isSpent())
        options.logger.warn({ budget_ms: options.pageBudgetMs }, 'OCR time of the page spent, it keeps the words read so far');
      const words = await readAgainByLine(lines, passed);
      return { text: layoutText(words), confidence: meanConfidence(words), words };
    },
    async stop() {
      const stopping = [...pools.entries()];
      pools.clear();
      for (const [key, starting] of stopping) {
        const pool = await starting.catch(() => null);
        if (!pool) continue;
        if (key === allLanguages) usage.stopped();
        await pool.workers.terminate();
        await rm(pool.languageDirectory, { recursive: true, force: true });
      }
      await options.lineReader?.stop();
    },
  };
};
