import type { Span } from '../values/finding.js';

/** The type size of a span: the median height of its words, so that one word box a speck of dust enlarged does not count; null without word boxes. */
export const typeSizeOf = (span: Span): number | null => {
  const heights = span.line.words.filter((word) => word.start < span.end && span.start < word.end).map((word) => word.box[3] - word.box[1]);
  return heights.length === 0 ? null : heights.sort((a, b) => a - b)[Math.floor((heights.length - 1) / 2)]!;
};
