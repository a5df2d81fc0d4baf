import type { Language } from '../layout/document-locale.js';
import { isRecognized, type Span } from '../values/finding.js';
import type { DecimalMark } from '../values/parse-number.js';
import { accentLanguagesOf, withAccentsRestored } from '../values/spelling-accents.js';

/**
 * A word of small letters glued to a figure ("Kabelkanal40x60"): OCR dropped the space, as print runs a word into
 * a number only in units and codes of a letter or two ("mm2", "A4"), never after a word of three small letters.
 */
const WORD_GLUED_TO_FIGURE = /(\p{Ll}{3,})(\d)/gu;

/**
 * A paper format glued to the paper's weight ("A480 g", "A480g" for "A4 80 g"): an ISO format (A0–A8) is one
 * digit, and a weight in grams is two or three digits before its g.
 */
const FORMAT_GLUED_TO_WEIGHT = /(?<![\p{L}\d])(A[0-8])(\d{2,3}) ?(g)(?![\p{L}\d])/gu;

/**
 * A litre's l glued to a volume and read as 1 ("0,751" for "0,75 l"): volumes print two decimals, so a third
 * one that is 1 or I closing the word is the unit. Written with the decimal mark of the title's language (see
 * volumeMark): photos read its comma as a point as readily.
 */
const LITRE_GLUED_TO_VOLUME = /(?<![\p{L}\d.,])(\d{1,2})[.,](\d{2})[1I](?![\p{L}\d])/gu;

/**
 * The same with the decimal mark lost too ("Mineraalwater 0751"): a figure after a name that starts with a zero and
 * has no mark is no count or size a name prints; three digits and the l read as 1 make it a volume below a litre.
 */
const LITRE_AND_MARK_LOST = /(?<=\p{L} )0(\d{2})[1I](?![\p{L}\d])/gu;

/**
 * A mark a scan set between a name's last word and the figure after it ("Eau minérale.0,75 l"): no word of five
 * small letters runs into a figure through a point or comma in print.
 */
const MARK_BEFORE_FIGURE = /(?<=\p{Ll}{5})[.,](?=\d)/gu;

/**
 * The decimal mark of a figure in a title: a quantity of goods is written in its language's way ("0,75 l" in German,
 * French, Italian or Dutch, "0.75 l" in English), also where money is written with a point (Switzerland prints
 * "1'024.46" beside "Eau minérale 0,75 l"); without a known language, as the document writes money.
 */
const volumeMark = (decimalMark: DecimalMark, language: Language | null): string =>
  language === 'en' ? '.' : language !== null ? ',' : decimalMark === '.' ? '.' : ',';

/**
 * The paper format A5 closing a product's name read as "AS": OCR's commonest confusion of a digit with a letter
 * (5 and S); names put a format last ("Notebook A5"), and no language of the documents ends one with "AS". A speck after
 * it read as a full stop ("AS.") goes with it.
 */
const FORMAT_FIVE_READ_AS_S = /(?<=\p{L} )AS\.?$/u;

/**
 * A quantity of one read with I or l for its 1, glued to its unit ("AEPFEL IKG", "Zucker lkg"): no word of a name is
 * "IKG" or "lml"; a litre's L is left (Italian "IL").
 */
const ONE_READ_AS_I_BEFORE_UNIT = /(?<=\p{L} )[Il](?=(?:KG|kg|Kg|G|g|ML|ml|CL|cl)(?![\p{L}\d]))/gu;

/**
 * French "à" read without its accent between two words ("siège a gauche", "Poubelle a pédale"): "a" alone is the verb
 * "avoir", which a title (a name of goods or services) does not conjugate.
 */
const GRAVE_A_LOST = /(?<=\p{L}{2} )a(?= \p{L})/gu;

/**
 * An item title recognized by OCR, with the misreads that its structure shows set right, and the accents OCR
 * dropped given back from the spelling dictionary of the document's language ("Broschuren" → "Broschüren").
 */
export const titleAsPrinted = (
  title: string,
  decimalMark: DecimalMark,
  language: Language | null = null,
  capitalsAccented: ReadonlySet<string> = new Set(),
): string =>
  withAccentsRestored(
    title
      .replace(WORD_GLUED_TO_FIGURE, '$1 $2')
      .replace(FORMAT_GLUED_TO_WEIGHT, '$1 $2 $3')
      .replace(MARK_BEFORE_FIGURE, ' ')
      .replace(LITRE_GLUED_TO_VOLUME, (_, units: string, decimals: string) => `${units}${volumeMark(decimalMark, language)}${decimals} l`)
      .replace(LITRE_AND_MARK_LOST, (_, decimals: string) => `0${volumeMark(decimalMark, language)}${decimals} l`)
      .replace(FORMAT_FIVE_READ_AS_S, 'A5')
      .replace(ONE_READ_AS_I_BEFORE_UNIT, '1')
      .replace(GRAVE_A_LOST, language === 'fr' ? 'à' : 'a'),
    accentLanguagesOf(language),
    [],
    capitalsAccented,
  );

// Small letters reaching as high as a capital, and marks or letters reaching below the line (their boxes' tops are the ascenders').
const ASCENDING = /[bdfhkl]/u;
const DESCENDING = /[gjpqy(){}[\]|,;]/u;
// How far above the ascenders of its line an accent over a capital reaches, as a share of their height: a plain capital
// stands level with them (within a tenth on 200-dpi scans), an accent a fifth or a quarter higher.
const ACCENT_ABOVE = 0.15;

/**
 * The words of a title OCR read whose first capital carries an accent it dropped ("Ecrans" printed "Écrans"): the word's
 * box reaches above the boxes of the title's words of small letters with ascenders (b, d, f, h, k, l stand as high as a
 * capital) by an accent's height. French prints capitals with and without accents; the print shows which.
 */
export const capitalsAccentedIn = ({ line, start, end }: Span): Set<string> => {
  const words = line.words
    .filter((word) => word.start < end && start < word.end)
    .map((word) => ({ text: line.text.slice(word.start, word.end), box: word.box }));
  const ascending = words.filter((word) => /^[\p{Ll}'-]+$/u.test(word.text) && ASCENDING.test(word.text) && !DESCENDING.test(word.text));
  if (ascending.length === 0) return new Set();
  const top = Math.min(...ascending.map((word) => word.box[1]));
  const height = Math.max(...ascending.map((word) => word.box[3] - word.box[1]));
  return new Set(
    words.filter((word) => /^\p{Lu}\p{Ll}/u.test(word.text) && top - word.box[1] >= ACCENT_ABOVE * height).map((word) => word.text),
  );
};

/** An item title read at `span`: as it stands where a text layer printed it, as printed where OCR read it. */
export const itemTitleAt = (title: string, span: Span, decimalMark: DecimalMark, language: Language | null): string =>
  isRecognized(span) ? titleAsPrinted(title, decimalMark, language, capitalsAccentedIn(span)) : title;
