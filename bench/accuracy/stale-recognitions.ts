import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PositionedDocumentEvent } from '../../shared/document/document-decider.js';
import { openLocalBlobStore } from '../../shared/adapters/embedded/local-blob-store.js';
import { loadPageWords } from '../../shared/files/page-words-blob.js';
import { decodePageRaster, type PageRaster } from '../../shared/imaging/page-raster.js';
import { filledAreas, type OcrWord } from '../../services/extractor/index.js';
import { filledShareOfDark, MAX_FILL_SHARE } from '../../services/converter/index.js';
import type { StoredFile } from '../../contracts/events/common.js';

/**
 * The pages of a recognition cache (see `recognition-cache.ts`) that the filled-area changes read differently:
 * an OCR'd page where `filledAreas` finds a bar with type no word covers (the recognizer now reads it), or
 * whose filled areas are much of its dark (the scan preparation's `stretchContrast` now judges its ink by
 * the strokes; the cached page is the old preparation's, so half the preparation's share is the mark, to be safe).
 */
const FILLED_SHARE_MARK = MAX_FILL_SHARE / 2;

type Recorded = PositionedDocumentEvent & { data: Record<string, unknown> };

const ocrPages = (events: readonly Recorded[]) => {
  const converted = events.find((event) => event.type === 'DocumentConverted')?.data as
    { pages: { pageNumber: number; image: StoredFile }[] } | undefined;
  const recognized = events.find((event) => event.type === 'TextRecognized')?.data as
    { pages: { pageNumber: number; method: string; words?: StoredFile | null }[] } | undefined;
  return (recognized?.pages ?? []).flatMap((page) => {
    const image = converted?.pages.find((convertedPage) => convertedPage.pageNumber === page.pageNumber)?.image;
    return page.method === 'ocr' && image && page.words ? [{ image, words: page.words }] : [];
  });
};

const inPixels =
  (raster: PageRaster) =>
  (word: { text: string; box: number[]; confidence: number | null }): OcrWord => ({
    text: word.text,
    left: word.box[0]! * raster.widthPx,
    top: word.box[1]! * raster.heightPx,
    right: word.box[2]! * raster.widthPx,
    bottom: word.box[3]! * raster.heightPx,
    confidence: word.confidence ?? 1,
  });

/** Why the cached document would be recognized differently now, or null. */
const staleBecause = async (documentDirectory: string): Promise<string | null> => {
  const events = JSON.parse(await readFile(join(documentDirectory, 'events.json'), 'utf8')) as Recorded[];
  const blobs = await openLocalBlobStore(join(documentDirectory, 'blobs'));
  for (const page of ocrPages(events)) {
    const png = await blobs.get(page.image.blob.hash);
    if (!png) continue;
    const raster = await decodePageRaster(png);
    const words = (await loadPageWords(blobs, page.words)).map(inPixels(raster));
    if (filledAreas(raster, words).length > 0) return 'a bar with type unread';
    if (raster.channels === 3 && filledShareOfDark({ ...raster, channels: 3, sourcePage: 1 }) > FILLED_SHARE_MARK) return 'filled areas';
  }
  return null;
};

/**
 * Drops from a recognition cache the documents the filled-area changes would read differently, so the
 * next accuracy run with `--recognition-cache <dir>` recognizes only those again. Run on a copy of a cache.
 *
 *     npx tsx bench/accuracy/stale-recognitions.ts <cache dir> [--dry-run]
 */
const [directory, ...options] = process.argv.slice(2);
if (!directory) throw new Error('usage: stale-recognitions.ts <cache dir> [--dry-run]');
const dryRun = options.includes('--dry-run');
const entries = (await readdir(directory, { withFileTypes: true })).filter((entry) => entry.isDirectory());
let dropped = 0;
for (const entry of entries) {
  const at = join(directory, entry.name);
  const reason = await staleBecause(at).catch(() => null);
  if (reason === null) continue;
  const source = (JSON.parse(await readFile(join(at, 'events.json'), 'utf8')) as Recorded[]).find(
    (event) => event.type === 'SourceFileStored',
  )?.data as { file: { fileName: string } } | undefined;
  console.log(`${entry.name} ${source?.file.fileName ?? ''}: ${reason}`);
  if (!dryRun) await rm(at, { recursive: true, force: true });
  dropped++;
}
console.log(`${dropped} of ${entries.length} documents ${dryRun ? 'would be' : ''} dropped from ${directory}`);
