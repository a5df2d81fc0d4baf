import { centreIsInside, type Box } from './box-area.js';
import type { OcrWord } from './ocr-engine.js';

/** A rectangle of the page image in pixels. */
export type Region = Box;

/** Words read with less confidence than this are doubtful. */
const DOUBTFUL_BELOW = 0.6;
/** Doubtful words within this many typical word heights of each other are read again together. */
const CLUSTER_REACH = 1;
/** Around a cluster, the region read again takes in this many word heights of context, up and down and sideways. */
const MARGIN_HEIGHTS = 1;
/** Reading a page again region by region costs time: at most this many regions a page. */
const MAX_REGIONS = 12;

/** The median height of the words: the page's type size in pixels. */
export const typicalWordHeight = (words: readonly OcrWord[]): number =>
  words.map((word) => word.bottom - word.top).sort((a, b) => a - b)[Math.floor(words.length / 2)] ?? 0;

export const isDoubtful = (word: OcrWord): boolean => word.confidence < DOUBTFUL_BELOW;

const contains = (region: Region, word: OcrWord) => centreIsInside(word, region);
export const grow = (region: Region, by: number): Region => ({
  left: region.left - by,
  top: region.top - by,
  right: region.right + by,
  bottom: region.bottom + by,
});
const meets = (a: Region, b: Region) => a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom;
export const union = (a: Region, b: Region): Region => ({
  left: Math.min(a.left, b.left),
  top: Math.min(a.top, b.top),
  right: Math.max(a.right, b.right),
  bottom: Math.max(a.bottom, b.bottom),
});

/** Characters read, as the weight of a word's confidence: a long word misread counts more than a stray mark. */
const weightOf = (word: OcrWord) => Math.max(1, word.text.replace(/\s/g, '').length);
export const meanConfidence = (words: readonly OcrWord[]): number => {
  const weight = words.reduce((sum, word) => sum + weightOf(word), 0);
  return weight === 0 ? 0 : words.reduce((sum, word) => sum + word.confidence * weightOf(word), 0) / weight;
};

/**
 * Where a page was read badly: its doubtful words grouped with the doubtful words near them, each group's
 * box. Tesseract's page layout analysis sometimes takes a block beside another block of offset lines (a
 * window address next to the invoice's meta data) for one block, and reads its lines as nonsense with low
 * confidence; read on its own, the same block comes out right.
 */
export const doubtfulRegions = (words: readonly OcrWord[]): Region[] => {
  const wordHeight = typicalWordHeight(words);
  const reach = CLUSTER_REACH * wordHeight;
  const clusters: Region[] = [];
  for (const word of words.filter((candidate) => isDoubtful(candidate) && /[\p{L}\d]/u.test(candidate.text))) {
    let region: Region = { left: word.left, top: word.top, right: word.right, bottom: word.bottom };
    // A word may join clusters that were apart until it came: merge them all.
    for (let index = clusters.length - 1; index >= 0; index--) {
      if (meets(grow(clusters[index]!, reach), region)) region = union(region, clusters.splice(index, 1)[0]!);
    }
    clusters.push(region);
  }
  const regions = clusters
    .map((cluster) => ({
      cluster,
      doubt: words.filter((word) => contains(cluster, word)).reduce((sum, word) => sum + (1 - word.confidence) * weightOf(word), 0),
    }))
    .sort((a, b) => b.doubt - a.doubt)
    .slice(0, MAX_REGIONS)
    .map(({ cluster }) => wholeWords(grow(cluster, MARGIN_HEIGHTS * wordHeight), words));
  // Regions read again must not overlap: a word read in two of them would come back twice.
  const apart: Region[] = [];
  for (const region of regions) {
    let merged = region;
    for (let index = apart.length - 1; index >= 0; index--) {
      if (meets(apart[index]!, merged)) {
        merged = wholeWords(union(merged, apart.splice(index, 1)[0]!), words);
        index = apart.length;
      }
    }
    apart.push(merged);
  }
  return apart;
};

/** The region grown until it cuts no word: every word it touches lies wholly inside it. */
const wholeWords = (region: Region, words: readonly OcrWord[]): Region => {
  let grown = region;
  for (let changed = true; changed;) {
    changed = false;
    for (const word of words) {
      const box = { left: word.left, top: word.top, right: word.right, bottom: word.bottom };
      if (meets(grown, box) && (box.left < grown.left || box.top < grown.top || box.right > grown.right || box.bottom > grown.bottom)) {
        grown = union(grown, box);
        changed = true;
      }
    }
  }
  return grown;
};

/**
 * The page's words with a region's words replaced by those of reading the region again, when that
 * reading is more confident: the words whose centre lies in the region (it cuts no word, see
 * `doubtfulRegions`), from one reading or the other. `reread` is in page coordinates.
 */
export const mergeReread = (words: readonly OcrWord[], region: Region, reread: readonly OcrWord[]): OcrWord[] => {
  const before = words.filter((word) => contains(region, word));
  const after = reread.filter((word) => contains(region, word));
  if (after.length === 0 || meanConfidence(after) <= meanConfidence(before)) return [...words];
  return [...words.filter((word) => !contains(region, word)), ...after];
};
