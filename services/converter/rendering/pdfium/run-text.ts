import { median } from '../../../../shared/numbers/median.js';

/** A glyph of a text run as placed on the page, and what the content put between it and the glyph before it. */
export interface PlacedGlyph {
  character: string;
  left: number;
  right: number;
  /** Tells the page's fonts apart (any key, the same for every glyph of one font). */
  font: number;
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
/** A glyph's box reaches over the next one inside words when it does so this often on the page. */
const OVERHANG_SAMPLES = 2;
/** A font spaces its letters on the page when at least this share of its gaps between letters are wider than a kerning. */
const LETTER_SPACED_SHARE = 0.1;

/** The gap before each glyph, from the right end of the glyphs before it (a glyph drawn over its neighbour opens none). */
const gapsOf = (glyphs: readonly PlacedGlyph[]): number[] => {
  let right = -Infinity;
  return glyphs.map((glyph) => {
    const gap = glyph.left - right;
    right = Math.max(right, glyph.right);
    return gap;
  });
};

/** The gaps between letters (no space marked before the glyph, at most a space wide), as parts of the font size. */
const letterGaps = ({ glyphs, size }: GlyphRun, gaps: number[]): { glyph: PlacedGlyph; gap: number }[] =>
  glyphs
    .map((glyph, index) => ({ glyph: glyphs[index - 1]!, gap: gaps[index]! / size, marked: glyph.spaceBefore !== null, index }))
    .filter(({ index, marked, gap }) => index > 0 && !marked && gap <= SPACE_GAP);

const isLetterSpacing = (gap: number) => gap > LETTER_SPACING_FROM;

const glyphKey = (glyph: PlacedGlyph) => `${glyph.font}:${glyph.character}`;

/**
 * The texts of a page's runs of glyphs: where their word gaps are. A whitespace character of the content is always
 * one. Otherwise a gap of more than SPACE_GAP of the font size is one, measured above the letter spacing: a line set
 * with its letters spaced out (placed glyph by glyph, a little wider than the font's widths, and wider still after
 * some letters) leaves gaps between letters that reach a tenth of the size, while its words stand a quarter of the
 * size apart. The spacing is the median of the gaps between letters wider than a kerning and narrower than a space:
 * of the run, once it has a few of them, else of the font of the glyph before the gap on the whole page, when a tenth
 * of that font's gaps between letters are such (a short run, "(Art)", has too few gaps to tell). Less the reach of a
 * glyph whose box stands over the next one inside words ("f" of such a font, -0.1 of the size): after it, a word gap
 * measures that much narrower. Glyphs set close have no spacing and read as before. A word gap PDFium marks
 * inside a run stands unless that spacing explains it.
 */
export const runTexts = (runs: readonly GlyphRun[]): string[] => {
  const gaps = runs.map(({ glyphs }) => gapsOf(glyphs));
  const byFont = new Map<number, number[]>();
  const byGlyph = new Map<string, number[]>();
  // Appended in place: a page's gaps of one font are thousands, and a copy of the list for each was quadratic.
  const append = <K>(lists: Map<K, number[]>, key: K, gap: number) => {
    const list = lists.get(key);
    if (list) list.push(gap);
    else lists.set(key, [gap]);
  };
  runs.forEach((run, index) => {
    for (const { glyph, gap } of letterGaps(run, gaps[index]!)) {
      append(byFont, glyph.font, gap);
      append(byGlyph, glyphKey(glyph), gap);
    }
  });
  // How far a glyph's box reaches over the next glyph inside words ("f"): when it does so wherever the page sets it
  // close to the next glyph, at least twice. A kerning draws only some pairs closer ("VA", not "V."): no overhang.
  const overhang = (glyph: PlacedGlyph) => {
    const after = (byGlyph.get(glyphKey(glyph)) ?? []).filter((gap) => !isLetterSpacing(gap));
    const reaches = after.length >= OVERHANG_SAMPLES && after.every((gap) => gap < -LETTER_SPACING_FROM);
    return reaches ? Math.max(-SPACE_GAP, median(after)) : 0;
  };
  const fontSpacing = new Map(
    [...byFont].map(([font, fontGaps]) => {
      const spaced = fontGaps.filter(isLetterSpacing);
      const letterSpaced = spaced.length >= LETTER_SPACED_GAPS && spaced.length >= LETTER_SPACED_SHARE * fontGaps.length;
      return [font, letterSpaced ? median(spaced) : 0];
    }),
  );
  return runs.map((run, runIndex) => {
    const { glyphs, size } = run;
    const runGaps = gaps[runIndex]!;
    const spaced = letterGaps(run, runGaps)
      .map(({ gap }) => gap)
      .filter(isLetterSpacing);
    const runSpacing = spaced.length >= LETTER_SPACED_GAPS ? median(spaced) : 0;
    let text = '';
    glyphs.forEach((glyph, index) => {
      if (index > 0) {
        const before = glyphs[index - 1]!;
        const letterSpacing = runSpacing || (fontSpacing.get(before.font) ?? 0);
        const spacing = letterSpacing === 0 ? 0 : (letterSpacing + overhang(before)) * size;
        const wordGap = runGaps[index]! > SPACE_GAP * size + spacing;
        if (glyph.spaceBefore === 'printed' || wordGap || (glyph.spaceBefore === 'generated' && letterSpacing === 0)) text += ' ';
      }
      text += glyph.character;
    });
    return text;
  });
};
