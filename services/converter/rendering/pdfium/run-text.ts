/** A glyph of a text run as placed on the page, and what the content put between it and the glyph before it. */
export interface PlacedGlyph {
  character: string;
  left: number;
  right: number;
  /**
   * 'printed' when the content has a whitespace character before the glyph, 'generated' when PDFium marks a word
   * gap there the content leaves unspaced, null when nothing stands between this glyph and the one before it.
   */
  spaceBefore: 'printed' | 'generated' | null;
}

/** Glyphs on one baseline in one font size, left to right. */
export interface GlyphRun {
  glyphs: readonly PlacedGlyph[];
  size: number;
}

/** A gap of more than this part of the font size between two glyphs is a space (the way pdf.js reads a kerned line). */
export const SPACE_GAP = 0.102;
/** A gap below this part of the font size is how glyphs touch or kern; above it, a line spaces its letters. */
const LETTER_SPACING_FROM = 0.03;
/** A line spaces its letters when at least this many of its gaps between letters are wider than a kerning. */
const LETTER_SPACED_GAPS = 2;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The gap before each glyph, from the right end of the glyphs before it (a glyph drawn over its neighbour opens none). */
const gapsOf = (glyphs: readonly PlacedGlyph[]): number[] => {
  let right = -Infinity;
  return glyphs.map((glyph) => {
    const gap = glyph.left - right;
    right = Math.max(right, glyph.right);
    return gap;
  });
};

/**
 * The text of a run of glyphs: where its word gaps are. A whitespace character of the content is always one.
 * Otherwise a gap of more than SPACE_GAP of the font size is one, measured above the run's letter spacing: a line
 * set with its letters spaced out (placed glyph by glyph, a little wider than the font's widths, and wider still
 * after some letters) leaves gaps between letters that reach a tenth of the size, while its words stand a quarter of
 * the size apart. The spacing is the median of the gaps between letters wider than a kerning and narrower than a
 * space, once the run has a few of them; a run of glyphs set close has none and reads as before. A word gap PDFium
 * marks inside a run stands unless that spacing explains it.
 */
export const runText = ({ glyphs, size }: GlyphRun): string => {
  const gaps = gapsOf(glyphs);
  const spaced = gaps.filter(
    (gap, index) => index > 0 && glyphs[index]!.spaceBefore === null && gap > LETTER_SPACING_FROM * size && gap <= SPACE_GAP * size,
  );
  const spacing = spaced.length >= LETTER_SPACED_GAPS ? median(spaced) : 0;
  let text = '';
  glyphs.forEach((glyph, index) => {
    if (index > 0) {
      const wordGap = gaps[index]! > SPACE_GAP * size + spacing;
      if (glyph.spaceBefore === 'printed' || wordGap || (glyph.spaceBefore === 'generated' && spacing === 0)) text += ' ';
    }
    text += glyph.character;
  });
  return text;
};
