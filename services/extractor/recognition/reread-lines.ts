import pLimit from 'p-limit';
import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import { rasterImage } from '../../../shared/imaging/page-raster.js';
import { pixelBoxOnPage } from './crop-page-region.js';
import { grow } from './doubtful-regions.js';
import type { GreyLine, LineReader, ReadCharacter } from './line-reader.js';
import type { OcrWord } from './ocr-engine.js';
import { charactersByWord, lineSegments, mayTakeSecondReading, secondReadingOf, type LineSegment } from './second-reading.js';

/**
 * White space taken around a line cut out for the second reader, in line heights: a little, for the ink past
 * the first engine's boxes; more makes the type smaller in the network's fixed height and it loses narrow
 * letters (tried 0 to 0.25 on SROIE's tuning receipts).
 */
const MARGIN_HEIGHTS = 0.1;

/**
 * Lines of one page handed to the second reader's thread at once: enough that it never waits for the next,
 * few enough that a page whose OCR time is spent leaves little queued there before the next page's lines.
 */
const LINES_IN_FLIGHT = 4;

/** Pixels of the page a line is cut out of. */
interface PixelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

const greyLine = async (raster: PageRaster, box: PixelBox): Promise<GreyLine> => {
  const { data, info } = await rasterImage(raster).extract(box).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height };
};

/**
 * One page's lines as the second reader reads them: the pixels of each box are read once, however often
 * the box is asked for. A line's reading depends on its pixels alone, so a line read ahead (see
 * `readLinesAhead`) and asked for again with the same box gets the reading reading it again would give.
 */
export interface PageLines {
  raster: PageRaster;
  /** Whether the second reader's alphabet has the character (see `LineReader.knows`). */
  knows: (character: string) => boolean;
  /** The characters the second reader reads in the line cut out of `box`; null when the page's OCR time was spent before it. */
  read(box: PixelBox): Promise<ReadCharacter[] | null>;
}

/** Runs a line's reading while the page has OCR time left, and counts its time (see `OcrPageBudget.whileLeft`). */
export type LineTime = <T>(read: () => Promise<T>) => Promise<T | null>;

const unbounded: LineTime = (read) => read();

export const pageLines = (raster: PageRaster, reader: LineReader, lineTime: LineTime = unbounded): PageLines => {
  const readings = new Map<string, Promise<ReadCharacter[] | null>>();
  const inFlight = pLimit(LINES_IN_FLIGHT);
  return {
    raster,
    knows: (character) => reader.knows(character),
    read(box) {
      const key = `${box.left},${box.top},${box.width},${box.height}`;
      let reading = readings.get(key);
      if (reading === undefined) {
        reading = inFlight(() => lineTime(async () => reader.read(await greyLine(raster, box))));
        readings.set(key, reading);
      }
      return reading;
    },
  };
};

/** The page's lines the second reader reads, with the box each is cut out of. */
const linesToRead = (raster: PageRaster, words: readonly OcrWord[]): { segment: LineSegment; box: PixelBox }[] =>
  lineSegments(words)
    // A line whose words the first engine read with confidence keeps them whatever the second reader reads: not read again.
    .filter((segment) => segment.words.some((index) => mayTakeSecondReading(words[index]!)))
    .flatMap((segment) => {
      const margin = MARGIN_HEIGHTS * (segment.box.bottom - segment.box.top);
      const box = pixelBoxOnPage(raster, grow(segment.box, margin));
      return box && box.height >= 4 ? [{ segment, box }] : [];
    });

/**
 * Starts the second reader on the page's lines as `words` lie now, without waiting for it: while the first
 * engine reads what the page's first reading left over (unread ink, filled bars, lost lines), the second
 * reader reads the lines those passes will leave as they are on a core of its own, and `rereadLines`, asked
 * later with the final words, takes their readings (the same pixels, the same reading). A line whose box a
 * pass changed is read again then. A reading that fails here fails there.
 */
export const readLinesAhead = (lines: PageLines, words: readonly OcrWord[]): void => {
  for (const { box } of linesToRead(lines.raster, words)) lines.read(box).catch(() => {});
};

/**
 * The page's words with each line read a second time by another engine (see `LineReader`), each word taking
 * the second reading where `secondReadingOf` trusts it: two engines' errors differ, and a receipt's faint
 * or dot-matrix type that one misreads the other often reads right. The lines are handed to the reader at once
 * (later lines are cut out while earlier ones are read); each word belongs to one line, so the order the readings
 * come back in changes nothing; a line left unread when the page's OCR time ran out keeps the first engine's words.
 * `isWord` tells the words of the languages the page was read in.
 */
export const rereadLines = async (
  lines: PageLines,
  words: readonly OcrWord[],
  isWord: (letters: string) => boolean,
): Promise<OcrWord[]> => {
  const reread = [...words];
  await Promise.all(
    linesToRead(lines.raster, words).map(async ({ segment, box }) => {
      const characters = await lines.read(box);
      if (characters === null) return;
      charactersByWord(words, segment, characters, box.left).forEach((read, position) => {
        const index = segment.words[position]!;
        reread[index] = secondReadingOf(words[index]!, read, lines.knows, isWord);
      });
    }),
  );
  return reread;
};
