import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import { rasterImage } from '../../../shared/imaging/page-raster.js';
import { pixelBoxOnPage } from './crop-page-region.js';
import { grow } from './doubtful-regions.js';
import type { GreyLine, LineReader } from './line-reader.js';
import type { OcrWord } from './ocr-engine.js';
import { charactersByWord, lineSegments, mayTakeSecondReading, secondReadingOf } from './second-reading.js';

/**
 * White space taken around a line cut out for the second reader, in line heights: a little, for the ink past
 * the first engine's boxes; more makes the type smaller in the network's fixed height and it loses narrow
 * letters (tried 0 to 0.25 on SROIE's tuning receipts).
 */
const MARGIN_HEIGHTS = 0.1;

const greyLine = async (raster: PageRaster, box: { left: number; top: number; width: number; height: number }): Promise<GreyLine> => {
  const { data, info } = await rasterImage(raster).extract(box).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height };
};

/**
 * The page's words with each line read a second time by another engine (see `LineReader`), each word taking
 * the second reading where `secondReadingOf` trusts it: two engines' errors differ, and a receipt's faint
 * or dot-matrix type that one misreads the other often reads right. The lines are handed to the reader at once
 * (later lines are cut out while earlier ones are read); each word belongs to one line, so the order the readings
 * come back in changes nothing. `isWord` tells the words of the languages the page was read in.
 */
export const rereadLines = async (
  raster: PageRaster,
  words: readonly OcrWord[],
  reader: LineReader,
  isWord: (letters: string) => boolean,
): Promise<OcrWord[]> => {
  const reread = [...words];
  // A line whose words the first engine read with confidence keeps them whatever the second reader reads: not read again.
  const segments = lineSegments(words).filter((line) => line.words.some((index) => mayTakeSecondReading(words[index]!)));
  await Promise.all(
    segments.map(async (segment) => {
      const margin = MARGIN_HEIGHTS * (segment.box.bottom - segment.box.top);
      const box = pixelBoxOnPage(raster, grow(segment.box, margin));
      if (!box || box.height < 4) return;
      const characters = await reader.read(await greyLine(raster, box));
      charactersByWord(words, segment, characters, box.left).forEach((read, position) => {
        const index = segment.words[position]!;
        reread[index] = secondReadingOf(words[index]!, read, reader.knows, isWord);
      });
    }),
  );
  return reread;
};
