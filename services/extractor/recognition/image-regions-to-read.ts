import { areaOf, centreIsInside, sharedArea } from './box-area.js';
import type { PlacedText } from './layout-text.js';
import type { PageRegion } from './pdf-text-layer.js';
import type { TextLayer } from './pdf-text-layer.js';

/** Smaller images cannot hold a line of readable text (a 10 pt line of a few words), only logos, icons, rules. */
const MIN_HEIGHT_POINTS = 10;
const MIN_WIDTH_POINTS = 40;
/** More text-layer characters than this inside an image: it is a background or a scan under its own text. */
const MAX_COVERED_CHARACTERS = 5;
/** OCR costs about a second a region: at most this many a page, the largest first. */
const MAX_REGIONS = 8;
/** A region mostly inside one already taken (the same image painted twice, a picture on a picture) adds nothing. */
const MAX_SHARED_AREA = 0.8;

const coveredCharacters = (region: PageRegion, pieces: readonly PlacedText[]) =>
  pieces.filter((piece) => centreIsInside(piece, region)).reduce((sum, piece) => sum + piece.text.replace(/\s/g, '').length, 0);

/**
 * The images of a text-layer page worth reading with OCR, largest first: big enough for a line of text
 * and not already covered by text of the layer.
 */
export const imageRegionsToRead = ({ imageRegions, pieces }: Pick<TextLayer, 'imageRegions' | 'pieces'>): PageRegion[] => {
  const candidates = imageRegions
    .filter((region) => region.right - region.left >= MIN_WIDTH_POINTS && region.bottom - region.top >= MIN_HEIGHT_POINTS)
    .filter((region) => coveredCharacters(region, pieces) <= MAX_COVERED_CHARACTERS)
    .sort((a, b) => areaOf(b) - areaOf(a));
  const chosen: PageRegion[] = [];
  for (const region of candidates) {
    if (chosen.length === MAX_REGIONS) break;
    if (chosen.some((taken) => sharedArea(taken, region) > MAX_SHARED_AREA * areaOf(region))) continue;
    chosen.push(region);
  }
  return chosen;
};
