/**
 * A recognition cache (see `recognition-cache.ts`) with every OCR'd page's lines read again by the second
 * reader (see `rereadLines`): the recognition as the service now does it, without running Tesseract again.
 * The page is seen as the recognizer sees it (through a red filter where a stamp lies over the print); the
 * words are the cached recognition's.
 *
 *   npm run bench:second-reading -- --from <cache> --to <new cache>
 *
 * The reader is the service's (`createSecondReader`: in a thread of its own); the figures a page are its wall time and the process's CPU time (every thread's).
 */
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openLocalBlobStore } from '../../shared/adapters/embedded/local-blob-store.js';
import { loadPageWords, storePageWords, toPageFractions } from '../../shared/files/page-words-blob.js';
import { decodePageRaster } from '../../shared/imaging/page-raster.js';
import {
  createSecondReader,
  layoutText,
  liftRedStampsOverPrint,
  ocrDictionary,
  pageLines,
  rereadLines,
} from '../../services/extractor/index.js';
import type { StoredFile } from '../../contracts/events/common.js';

interface RecognizedPage {
  pageNumber: number;
  method: string;
  text: string;
  confidence: number | null;
  words?: StoredFile | null;
}

const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
if (!values.from || !values.to) throw new Error('usage: npm run bench:second-reading -- --from <cache> --to <new cache>');
const reader = createSecondReader('paddle')!;
const cpuMilliseconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** The dictionaries of the service's OCR languages (`OCR_LANGUAGES`' default). */
const isWord = ocrDictionary(['eng', 'deu', 'fra', 'ita']);
let pages = 0;
let changed = 0;
let milliseconds = 0;
let cpu = 0;
for (const entry of await readdir(values.from)) {
  const eventsFile = join(values.to, entry, 'events.json');
  await cp(join(values.from, entry), join(values.to, entry), { recursive: true });
  const recorded = await readFile(eventsFile, 'utf8').catch(() => null);
  if (recorded === null) continue;
  const events = JSON.parse(recorded) as { type: string; data: { pages: unknown[] } }[];
  const blobs = await openLocalBlobStore(join(values.to, entry, 'blobs'));
  const converted = events.find((event) => event.type === 'DocumentConverted')?.data.pages as {
    pageNumber: number;
    image: StoredFile | null;
  }[];
  const recognized = (events.find((event) => event.type === 'TextRecognized')?.data.pages ?? []) as RecognizedPage[];
  for (const page of recognized) {
    const image = converted.find((each) => each.pageNumber === page.pageNumber)?.image;
    if (page.method !== 'ocr' || !page.words || !image) continue;
    const decoded = await decodePageRaster((await blobs.get(image.blob.hash))!);
    const raster = liftRedStampsOverPrint(decoded) ?? decoded;
    const words = (await loadPageWords(blobs, page.words)).map(({ text, box, confidence }) => ({
      text,
      confidence: confidence ?? 1,
      left: box[0] * raster.widthPx,
      top: box[1] * raster.heightPx,
      right: box[2] * raster.widthPx,
      bottom: box[3] * raster.heightPx,
    }));
    const started = performance.now();
    const cpuBefore = cpuMilliseconds();
    const reread = await rereadLines(pageLines(raster, reader), words, isWord);
    milliseconds += performance.now() - started;
    cpu += cpuMilliseconds() - cpuBefore;
    pages++;
    changed += reread.filter((word, index) => word.text !== words[index]!.text).length;
    const boxed = reread.map((word) => ({
      text: word.text,
      box: toPageFractions(word, raster.widthPx, raster.heightPx),
      confidence: word.confidence,
    }));
    page.words = await storePageWords(blobs, page.pageNumber, boxed);
    page.text = layoutText(reread);
    page.confidence = reread.reduce((sum, word) => sum + word.confidence, 0) / Math.max(1, reread.length);
  }
  await writeFile(eventsFile, JSON.stringify(events));
}
await reader.stop();
const perPage = (total: number) => (total / Math.max(1, pages)).toFixed(0);
const peakRssMb = (process.resourceUsage().maxRSS / 1024).toFixed(0);
console.log(
  `${pages} OCR'd pages read again, ${changed} words changed, ${perPage(milliseconds)} ms a page (CPU ${perPage(cpu)} ms), peak RSS ${peakRssMb} MB`,
);
