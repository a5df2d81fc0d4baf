import type { TextLine } from '../layout/document-text.js';
import { labelPattern } from '../layout/labels.js';
import { termsFor } from '../vocabulary/terms.js';

const COUNT_LABEL = labelPattern(...termsFor('itemCountLabel')).source;

/** "Posten: 19", "ANZAHL ARTIKEL 19", "1 Artikel": the label, the count, and at most specks after it (no amount). */
const COUNT_LINE = new RegExp(
  String.raw`^\s*(?:(?:${COUNT_LABEL})\s*[:.=]?\s*(?<after>\d{1,4})|(?<before>\d{1,4})\s+(?:${COUNT_LABEL}))(?![\d.,])(?!.*\d[.,]\d{2}(?!\d))`,
  'iu',
);

/**
 * The count of articles a till prints under its items ("Posten: 19", "ANZAHL ARTIKEL 19", "1 Artikel"); null for any
 * other line. It is no item and does not end the items above it.
 */
export const itemCountOn = (line: TextLine): number | null => {
  const match = COUNT_LINE.exec(line.text);
  return match?.groups ? Number(match.groups.after ?? match.groups.before) : null;
};

/**
 * "ART/EAN 4002245701618", "1583537": an article's number on a line of its own, perhaps after its label, over or under
 * the item's line; no item, and no end of the items.
 */
export const isArticleNumberLine = (line: TextLine): boolean => /^\s*(?:\p{L}[\p{L}/.-]{1,11}\s*[:.]?\s*)?\d{6,14}\s*$/u.test(line.text);
