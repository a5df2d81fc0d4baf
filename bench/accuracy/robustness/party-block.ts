import type { ExpectedFields } from '../compare-fields.js';
import { normalized, printsIn, runsOf, type PageWords, type Word } from './page-lines.js';

export type Party = 'sender' | 'receiver';
export const PARTIES: readonly Party[] = ['sender', 'receiver'];

/** One print of the party's name: its words on a page. */
export interface Print {
  page: number;
  words: Word[];
}

/** Where a page prints the party: its name and the lines of its block under it, as the truth names them. */
export interface PartyBlock {
  /** The topmost print of the name on the first page printing it: the block perturbed. */
  name: Print;
  /** Every print of the name, page by page, top down (the name's included). */
  prints: Print[];
  /** The block's runs under the name, down to its postal line. */
  lines: Word[][];
  street: Word[] | null;
  postal: Word[] | null;
  contact: Word[] | null;
  /** The name is alone on its run (so its line can be moved or split without moving another column's text). */
  nameAlone: boolean;
  /** The block is set flush right (its lines end, rather than start, at one edge). */
  flushRight: boolean;
}

/** How far under the name (a fraction of the page's height) its block's lines are looked for. */
const BLOCK_DEPTH = 0.12;

const top = (words: readonly Word[]) => Math.min(...words.map((word) => word.box[1]));
const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
const textOf = (run: readonly Word[]) => normalized(run.map((word) => word.text).join(''));

/**
 * The party's block on the recognized pages, found by the values the truth gives it; null where OCR read
 * no print of its name word for word (nothing there to perturb).
 */
export const locatePartyBlock = (pages: PageWords, expected: ExpectedFields, party: Party): PartyBlock | null => {
  const value = (field: string) => String(expected[`${party}_address.${field}`] ?? '');
  const prints = [...pages]
    .sort(([a], [b]) => a - b)
    .flatMap(([page, words]) =>
      printsIn(runsOf(words), value('company_name'))
        .sort((a, b) => top(a) - top(b))
        .map((print) => ({ page, words: print })),
    );
  const name = prints[0];
  if (!name) return null;
  const runs = runsOf(pages.get(name.page)!);
  const left = Math.min(...name.words.map((word) => word.box[0]));
  const right = Math.max(...name.words.map((word) => word.box[2]));
  const bottom = Math.max(...name.words.map((word) => word.box[3]));
  const under = runs
    .filter((run) => {
      const [first, last] = [run[0]!, run.at(-1)!];
      const inColumn = Math.abs(first.box[0] - left) < 0.05 || Math.abs(last.box[2] - right) < 0.02;
      return first.box[1] > bottom - 0.002 && first.box[1] < bottom + BLOCK_DEPTH && inColumn && !run.includes(name.words[0]!);
    })
    .sort((a, b) => top(a) - top(b))
    .slice(0, 6);
  const street = normalized(value('street_and_number'));
  const postalCode = normalized(value('postal_code'));
  const contact = normalized(value('contact_person_name'));
  const postalAt = postalCode ? under.findIndex((run) => textOf(run).includes(postalCode)) : -1;
  const lines = postalAt < 0 ? under : under.slice(0, postalAt + 1);
  const lineWith = (wanted: string) => (wanted ? (lines.find((run) => textOf(run).includes(wanted)) ?? null) : null);
  const nameRun = runs.find((run) => run.includes(name.words[0]!))!;
  return {
    name,
    prints,
    lines,
    // OCR may have misread the street's last characters (a house number's letter) where the rest is the street's
    street: lineWith(street.slice(0, Math.max(4, street.length - 2))),
    postal: postalAt < 0 ? null : under[postalAt]!,
    contact: lineWith(contact),
    nameAlone: nameRun.length === name.words.length,
    flushRight:
      lines.length > 0 &&
      spread([right, ...lines.map((run) => run.at(-1)!.box[2])]) < spread([left, ...lines.map((run) => run[0]!.box[0])]) - 0.005,
  };
};
