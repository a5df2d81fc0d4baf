/**
 * The middle value of `values`, the upper of the two middle ones for an even count (always a value that
 * occurs: a glyph width, a word height), 0 for none.
 */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
