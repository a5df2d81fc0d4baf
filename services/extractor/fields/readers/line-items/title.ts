import { spanOf } from '../../values/finding.js';
import { type Cell, isNumeric, ofRole, hasWords } from './cells.js';
import { type Row, hasFigures, isReference } from './rows.js';
import type { NumberRead } from './figures.js';
import { isSmallerType } from './type-size.js';

// A name in a narrow column may wrap over many lines (a construction invoice's service text: "Pflanzflächen für" /
// "Seitenstreifen" / … / "Planum herstellen", a paving service's thirty lines); adjacent lines, the name's start and
// type end it, this only bounds it.
const MAX_WRAPPED_LINES = 40;

// A count in a name ("Abrechnungskreis 1", "2 Nächte"): a whole number of a few digits, no price.
// A name that starts with a code's label ("GTIN", "Art-Nr"): the item's record printed whole in its description cell.
const CODE_LABEL = /^(?:gtin|ean|art\.?-?nr|sku)\b/i;
// A code's digits (a GTIN, an article number) printed alone under its label: no figure, too long for a count.
const CODE_DIGITS = /^\d{6,14}$/;
// Lines a record's cell may wrap onto: its codes, name, packaging and unit, each wrapped in a narrow column.
const MAX_RECORD_LINES = 12;
const COUNT_IN_NAME = /^\d{1,3}$/;
// A note's label ("Bruttopreis :", "• Beschreibung:", "GTIN"): a name's line starts with none.
const NOTE_LABEL = /^(?:\P{L}{0,2}\p{L}[^:]{0,39}\s?:|(?:gtin|ean|art\.?-?nr|sku)\b)/iu;

/**
 * What a row continues an item's name with: its description. On a line without figures, also a code without letters
 * ("20/0500") or a count ("1") in the description column, words starting where the name starts though under the article
 * column's header ("zur" under "Lebensgefährte/in", the header "Art-Nr-Kunde" reaching over it), and a count printed
 * right before the description, one space apart ("2 Nächte" wrapped under "Übernachtung.", the "2" reaching left of the
 * description's header).
 */
const continuationIn = (row: Row, nameStart: number, codeLed: boolean): Cell | null => {
  if (hasFigures(row)) return row.description;
  const next =
    // Under a name, a column of references left of it may reach into the description column ("400003565778 (GTIN)
    // Systemziegel"): the cell where the name starts is its next line.
    ofRole(row.cells, 'description').find((cell) => hasWords(cell) && Math.abs(cell.span.start - nameStart) <= 2) ??
    row.description ??
    // A figure alone on its line in the description column: the end of the name wrapped ("Eau minerale" / "0,751").
    ofRole(row.cells, 'description').find(
      (cell) =>
        !isNumeric(cell.text) || COUNT_IN_NAME.test(cell.text) || row.cells.length === 1 || (codeLed && CODE_DIGITS.test(cell.text)),
    ) ??
    ofRole(row.cells, 'article').find((cell) => hasWords(cell) && Math.abs(cell.span.start - nameStart) <= 2) ??
    null;
  if (!next) return null;
  const before = row.cells[row.cells.indexOf(next) - 1];
  if (!before || !COUNT_IN_NAME.test(before.text) || next.span.start - before.span.end !== 1) return next;
  return { ...next, text: `${before.text} ${next.text}`, span: spanOf(row.line, before.span.start, next.span.end) };
};

/**
 * A cell running from the references column into the name's ("Art-Nr-Lieferant: ARNR2 von Solarhaltern mit", one space
 * between the code and the name's words): the name's part is the words from the one that starts where the name starts,
 * where a label's reference stands before it. The cell as it is otherwise.
 */
const fromNameStart = (cell: Cell, nameStart: number): Cell => {
  if (cell.span.start >= nameStart - 2) return cell;
  const word = [...cell.text.matchAll(/(?<=\s)\S/g)].find((match) => Math.abs(cell.span.start + match.index - nameStart) <= 2);
  if (!word || !isReference(cell.text.slice(0, word.index))) return cell;
  const start = cell.span.start + word.index;
  return { ...cell, text: cell.text.slice(word.index), span: spanOf(cell.span.line, start, cell.span.end) };
};

/** What a row continues the name with (continuationIn), from where the name starts on a line without figures (fromNameStart). */
const wrappedNameIn = (row: Row, nameStart: number, codeLed = false): Cell | null => {
  const next = continuationIn(row, nameStart, codeLed);
  return next && !hasFigures(row) ? fromNameStart(next, nameStart) : next;
};

/**
 * The title: the description on the item's row, with the lines it wraps onto: the lines right below
 * that print nothing but more description, starting where it starts, in the same type ("Website maintenance" /
 * "(monthly)"; a smaller line under it is a note).
 * A row without a description takes the first one just below it.
 */
export const titleOf = (block: Row[]): Cell | null => {
  const first = block[0]!;
  const below = block[1];
  const description =
    first.description ??
    (below && below.line.index === first.line.index + 1 && !below.isNote && below.amount === null
      ? (below.description ?? below.articleName)
      : null);
  if (!description) return null;
  // A name printed under its item's figures in the article column is the item's second line: the lines under it are notes on it.
  if (description === below?.articleName) return description;
  let title = description;
  let last = description.span.line;
  let wrapped = 0;
  // A name that starts with a code's label is the item's record as its software prints it in the description cell
  // ("GTIN" / "4123…" / "Art-Nr-" / "Lieferant" / "ZS99" / "Zitronensäure" / "Verpackung:" / "Flasche"): every line
  // of the cell down to the next row or a blank line, its "label: value" lines too, is part of it.
  const codeLed = CODE_LABEL.test(description.text);
  for (const row of block.slice(block.findIndex((candidate) => candidate.description === description) + 1)) {
    // A code without letters wrapped under the name ("Bierbrau Pils" / "20/0500") on a line without figures: more of it.
    const next = wrappedNameIn(row, description.span.start, codeLed);
    const adjacent = row.line.page === last.page && row.line.index === last.index + 1;
    const aligned = next !== null && Math.abs(next.span.start - description.span.start) <= 2;
    // A line without figures may print, in a column left of the name, the item's references and codes ("Art-Nr-Lieferant:",
    // "595810 25", "POS 1 BT-156"): they are no part of the name, and do not end it, nor does a label of theirs make the
    // line a note where the name column's words read as none.
    // So is a reference sharing its cell with the name's words (fromNameStart: "Art-Nr-Lieferant: ARNR2 von Solarhaltern mit").
    const beside =
      next !== null && !hasFigures(row)
        ? row.cells.filter(
            (cell) => cell.span.end < next.span.start || (cell.span.start < next.span.start && cell.span.end === next.span.end),
          )
        : [];
    const onlyText = row.cells.every(
      (cell) =>
        (next !== null && cell.span.start >= next.span.start && cell.span.end <= next.span.end) ||
        beside.includes(cell) ||
        cell.role === 'article' ||
        cell.role === 'position',
    );
    const isNote = row.isNote && !(beside.some(hasWords) && next !== null && !NOTE_LABEL.test(next.text));
    // The line that carries the item's amount is part of its name ("Mineralwasser Medium" / "12 x 1,0l PET   109,80").
    const carriesAmount = first.amount === null && row.amount !== null && row.quantity === null;
    // A line closing the bracket the name left open ("Architecte Principal (Facturation sur" / "Feuilles de Temps)") is
    // the rest of it, however OCR boxed its words (a box drawn over two lines makes the name's type look larger).
    const closesBracket = next !== null && openBrackets(title.text) > 0 && openBrackets(title.text) + openBrackets(next.text) === 0;
    if (
      !adjacent ||
      !aligned ||
      (isNote && !codeLed) ||
      !(onlyText || carriesAmount) ||
      (isSmallerType(next.span, description.span) && !closesBracket)
    )
      break;
    if (++wrapped > (codeLed ? MAX_RECORD_LINES : MAX_WRAPPED_LINES)) break;
    // "Beamer-" / "Deckenhalterung": a word broken at its hyphen is one word, "4-" / "Fahrten-" / "Karte" a compound;
    // so is one broken after its slash ("Obermonteur/" / "Monteur").
    title = { ...title, text: `${title.text}${/[\p{L}\d][-/]$/u.test(title.text) ? '' : ' '}${next.text}`, span: next.span };
    last = row.line;
  }
  return { ...title, span: description.span };
};

/** How many brackets the text opens and leaves open (negative: closes more than it opens). */
export const openBrackets = (text: string) => (text.match(/\(/g)?.length ?? 0) - (text.match(/\)/g)?.length ?? 0);

// "(3 kg)", "(100 Stk.)": a quantity and its unit in brackets closing a name.
const BRACKETED_QUANTITY = /\s*\((?<count>\d+(?:[.,]\d+)?)\s?(?<unit>\p{L}[\p{L}.²³]*)\)$/u;

/**
 * A name without the quantity its unit price is for, printed in brackets after it in the unit of the row's quantity,
 * where the row's arithmetic shows it: quantity × unit price ÷ that quantity is the amount ("Standard Mounting Brackets
 * (3 kg)" on a row of 9 kg at 15,00 for 45,00). A bracket the arithmetic does not need is part of the name ("Training
 * workshop (1 day)" beside "3 day": a count of one divides nothing).
 */
export const withoutBasisQuantity = (
  title: string,
  unit: string | null,
  quantity: NumberRead | null,
  price: NumberRead | null,
  amount: NumberRead | null,
): string => {
  const bracket = unit && quantity && price && amount ? BRACKETED_QUANTITY.exec(title) : null;
  if (!bracket || bracket.index === 0 || bracket.groups!.unit!.toLowerCase() !== unit!.toLowerCase()) return title;
  const basis = Number(bracket.groups!.count!.replace(',', '.'));
  if (basis === 1 || basis === 0) return title;
  const perBasis = Math.round((Number(quantity!.value) * Number(price!.value) * 100) / basis);
  return perBasis === Math.round(Number(amount!.value) * 100) ? title.slice(0, bracket.index) : title;
};
