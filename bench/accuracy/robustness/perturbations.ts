import { isDigit, misread } from './misreads.js';
import type { PageWords, Word } from './page-lines.js';
import type { PartyBlock } from './party-block.js';

/**
 * One way OCR or a layout differs from what the rules were tuned on, applied to a party's block: the page
 * words as they would then be read, or null where the block has nothing it applies to. Tried `tries` times
 * per document, the nth try changing another place where there are several.
 */
export interface Perturbation {
  name: string;
  /** The party's fields it changes itself (a misread town is lost anyway): not counted as lost. */
  touches: readonly string[];
  tries: number;
  apply(block: PartyBlock, pages: PageWords, nth: number): PageWords | null;
}

/** The pages with words of one page replaced (by none: not delivered) and words added to it. */
const edited = (pages: PageWords, page: number, replace: ReadonlyMap<Word, Word[]>, added: Word[] = []): PageWords =>
  new Map(
    [...pages].map(([number, words]) => [
      number,
      number === page ? [...words.flatMap((word) => replace.get(word) ?? [word]), ...added] : words,
    ]),
  );

const shifted = (word: Word, dx: number, dy = 0): Word => ({
  ...word,
  box: [word.box[0] + dx, word.box[1] + dy, word.box[2] + dx, word.box[3] + dy],
});
const onPage = (word: Word) => word.box.every((edge) => edge >= 0 && edge <= 1);
const height = (words: readonly Word[]) => Math.max(...words.map((word) => word.box[3] - word.box[1]));
const box = (words: readonly Word[]) => ({
  left: Math.min(...words.map((word) => word.box[0])),
  top: Math.min(...words.map((word) => word.box[1])),
  right: Math.max(...words.map((word) => word.box[2])),
  bottom: Math.max(...words.map((word) => word.box[3])),
});
const mark = (text: string, left: number, top: number, right: number, bottom: number, confidence = 0.3): Word => ({
  text,
  box: [left, top, right, bottom],
  confidence,
});
/** How far under a line (a fraction of the page's height) the text is pushed down when a line is added. */
const PUSHED_DOWN = 0.2;
const removed = (words: readonly Word[]) => new Map(words.map((word) => [word, []]));
/** Marks added only where no word stands: a mark over a line would garble that line, another perturbation. */
const withMarks = (block: PartyBlock, pages: PageWords, marks: Word[]) => {
  const overlaps = (a: Word, b: Word) => a.box[0] < b.box[2] && b.box[0] < a.box[2] && a.box[1] < b.box[3] && b.box[1] < a.box[3];
  const free = marks.every((added) => !pages.get(block.name.page)!.some((word) => overlaps(word, added)));
  return free ? ifOnPage(pages, block.name.page, new Map(), marks) : null;
};
/** Edits that keep every word on the page, else null (the perturbation does not fit this layout). */
const ifOnPage = (pages: PageWords, page: number, replace: ReadonlyMap<Word, Word[]>, added: Word[] = []) =>
  [...replace.values(), added].flat().every(onPage) ? edited(pages, page, replace, added) : null;

/** The nth of the words `fits` accepts, one of its characters misread (among those `only` accepts). */
const misreadWord = (words: readonly Word[], nth: number, fits: (word: Word) => boolean, only?: (character: string) => boolean) => {
  const candidates = words.filter(fits);
  const word = candidates[nth % Math.max(1, candidates.length)];
  const text = word && misread(word.text, Math.floor(nth / candidates.length), only);
  return word && text ? new Map([[word, [{ ...word, text }]]]) : null;
};
const lineMisread = (line: Word[] | null, nth: number, fits: (word: Word) => boolean, only?: (character: string) => boolean) =>
  line && misreadWord(line, nth, fits, only);

const hasDigit = (word: Word) => /\d/.test(word.text);
const isLetters = (word: Word) => /^\p{L}{3,}$/u.test(word.text);

const onNamePage = (block: PartyBlock, pages: PageWords, replace: ReadonlyMap<Word, Word[]> | null, added: Word[] = []) =>
  replace && ifOnPage(pages, block.name.page, replace, added);

export const PERTURBATIONS: readonly Perturbation[] = [
  {
    name: 'a logo mark beside the name ("JA) Aare Sàrl")',
    touches: [],
    tries: 1,
    apply: (block, pages) => {
      const { left, top, bottom } = box(block.name.words);
      return withMarks(block, pages, [mark('JA)', left - 0.045, top, left - 0.015, bottom)]);
    },
  },
  {
    name: 'a logo mark glued to the name ("©Aare")',
    touches: [],
    tries: 1,
    apply: (block, pages) => {
      const first = block.name.words[0]!;
      return onNamePage(block, pages, new Map([[first, [{ ...first, text: `©${first.text}` }]]]));
    },
  },
  {
    name: 'a speck before the name',
    touches: [],
    tries: 1,
    apply: (block, pages) => {
      const { left, top, bottom } = box(block.name.words);
      return withMarks(block, pages, [mark('‘', left - 0.012, top, left - 0.006, bottom, 0.2)]);
    },
  },
  {
    name: 'a logo’s garbage line above the name',
    touches: [],
    tries: 1,
    apply: (block, pages) => {
      const { left, top } = box(block.name.words);
      const line = height(block.name.words);
      return withMarks(block, pages, [
        mark('(@)', left, top - line * 1.5, left + 0.02, top - line * 0.4),
        mark('Sa', left + 0.025, top - line * 1.5, left + 0.045, top - line * 0.4, 0.25),
      ]);
    },
  },
  {
    name: 'the name split over two lines',
    touches: [],
    tries: 1,
    apply: (block, pages) => {
      const words = block.name.words;
      if (words.length < 2 || !block.nameAlone) return null;
      // the last two words go down a line ("Garonne" / "Bois SA"), what stands under the name in any column with them
      const cut = words.length >= 3 ? words.length - 2 : 1;
      const [first, second] = [words.slice(0, cut), words.slice(cut)];
      const down = height(words) * 1.3;
      const { left, right } = box(words);
      const toFirst = block.flushRight ? right - first.at(-1)!.box[2] : 0;
      const toSecond = block.flushRight ? right - second.at(-1)!.box[2] : left - second[0]!.box[0];
      const { bottom } = box(words);
      const below = pages
        .get(block.name.page)!
        .filter((word) => word.box[1] > bottom && word.box[1] < bottom + PUSHED_DOWN && !words.includes(word))
        .map((word): [Word, Word[]] => [word, [shifted(word, 0, Math.min(down, 1 - word.box[3]))]]);
      return onNamePage(
        block,
        pages,
        new Map([
          ...first.map((word): [Word, Word[]] => [word, [shifted(word, toFirst)]]),
          ...second.map((word): [Word, Word[]] => [word, [shifted(word, toSecond, down)]]),
          ...below,
        ]),
      );
    },
  },
  {
    name: 'the block’s lines shifted sideways, alternately 0.75 % of the page right and left',
    touches: [],
    tries: 1,
    apply: (block, pages) =>
      onNamePage(
        block,
        pages,
        new Map(block.lines.flatMap((line, at) => line.map((word): [Word, Word[]] => [word, [shifted(word, at % 2 ? -0.0075 : 0.0075)]]))),
      ),
  },
  {
    name: 'one character of the name misread, every print',
    touches: ['company_name'],
    tries: 3,
    apply: (block, pages, nth) => {
      const at = nth % block.name.words.length;
      const word = block.name.words[at]!;
      const text = misread(word.text, nth);
      if (!text) return null;
      // each print read alike, as OCR reads one font alike
      const changed = block.prints.map(({ page, words }) => ({ page, word: words[at] }));
      return changed.reduce<PageWords>(
        (edits, { page, word: printed }) =>
          printed?.text === word.text ? edited(edits, page, new Map([[printed, [{ ...printed, text }]]])) : edits,
        pages,
      );
    },
  },
  {
    name: 'one character of the name misread in its first print of two or more',
    touches: [],
    tries: 3,
    apply: (block, pages, nth) =>
      block.prints.length < 2
        ? null
        : onNamePage(
            block,
            pages,
            misreadWord(block.name.words, nth, () => true),
          ),
  },
  {
    name: 'the name’s first print not delivered',
    touches: [],
    tries: 1,
    apply: (block, pages) => (block.prints.length < 2 ? null : onNamePage(block, pages, removed(block.name.words))),
  },
  {
    name: 'one character of the house number misread ("l30", "G2a")',
    touches: ['street_and_number'],
    tries: 2,
    apply: (block, pages, nth) => onNamePage(block, pages, lineMisread(block.street, nth, hasDigit, isDigit)),
  },
  {
    name: 'one character of the street’s name misread ("R0ad")',
    touches: ['street_and_number'],
    tries: 2,
    apply: (block, pages, nth) => onNamePage(block, pages, lineMisread(block.street, nth, isLetters)),
  },
  {
    name: 'one character of the postal code misread ("6O20")',
    touches: ['postal_code'],
    tries: 2,
    apply: (block, pages, nth) => onNamePage(block, pages, lineMisread(block.postal, nth, hasDigit, isDigit)),
  },
  {
    name: 'one character of the town misread ("Base1")',
    touches: ['city_name'],
    tries: 2,
    apply: (block, pages, nth) => onNamePage(block, pages, lineMisread(block.postal, nth, isLetters)),
  },
  {
    name: 'one character of the contact’s line misread ("Attm:")',
    touches: ['contact_person_name'],
    tries: 2,
    apply: (block, pages, nth) =>
      onNamePage(
        block,
        pages,
        lineMisread(block.contact, nth, () => true),
      ),
  },
  {
    name: 'the street line not delivered',
    touches: ['street_and_number'],
    tries: 1,
    apply: (block, pages) => block.street && onNamePage(block, pages, removed(block.street)),
  },
  {
    name: 'the postal line not delivered',
    touches: ['postal_code', 'city_name'],
    tries: 1,
    apply: (block, pages) => block.postal && onNamePage(block, pages, removed(block.postal)),
  },
];
