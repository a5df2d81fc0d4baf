import type { DocumentText, TextLine } from '../../layout/document-text.js';
import type { Column, ItemTable } from '../../layout/item-table.js';
import { findNumbers } from '../../values/parse-number.js';
import { type Word, wordsOf, TEXT_ROLES, overlap, ARTICLE, POSITION } from './cells.js';
import { TOTALS } from './row-kinds.js';

const hasLetters = (text: string) => /\p{L}{3}/u.test(text);

/**
 * Where a description column's names start when its header is centred over them ("Désignation" over names printed
 * from further left): the one start shared by every piece of words of the priced rows under the header, left of the header but past
 * the column before it, so a short name that ends before the header ("Dépôt") is the description's, not the code's.
 */
const leftAlignedStart = (rows: readonly TextLine[], columns: readonly Column[], index: number): number => {
  const column = columns[index]!;
  const before = columns[index - 1];
  const starts = new Set(
    rows.flatMap((line) =>
      line.segments
        .filter((segment) => segment.start < column.end && column.start <= segment.end && /\p{L}{2}/u.test(segment.text))
        .map((segment) => segment.start),
    ),
  );
  const [start] = [...starts];
  return starts.size === 1 && start! < column.start && (before === undefined || start! > before.end + 1) ? start! : column.start;
};

/**
 * The kind of each text column as its cells show it, where the header word is ambiguous ("Artikel",
 * "Articolo", "Réf.", "Item"): running numbers make a position column, codes (one word with digits) an
 * article number beside a description, names a description where no other column is one.
 */
export const settleByContent = (document: DocumentText, table: ItemTable, end: number): Column[] => {
  const following = document.lines.slice(table.headerEnd + 1, Math.min(end, table.headerEnd + 13));
  const blank = following.findIndex((line) => line.text === '' || line.page !== table.page);
  const lines = blank < 0 ? following : following.slice(0, blank);
  // A word ends a phrase that starts left of the column ("Abrechnungskreis 1" under "Pos … Beschreibung"): the phrase's column, not this one.
  const phraseStart = (line: TextLine, word: Word) =>
    line.segments.find((segment) => segment.start <= word.start && word.start < segment.end)?.start ?? word.start;
  // The lines that print money are the items' rows: a closing remark under the table ("Grazie per la preferenza.",
  // left-aligned under the codes) says nothing of what a column holds.
  const rows = lines.filter((line) => findNumbers(line.text).some((number) => number.hasDecimals && !number.isPercentage));
  const cellsUnder = (column: Column, under: TextLine[] = lines) =>
    under
      .map((line) =>
        wordsOf(line)
          .filter((word) => overlap(word, column) > 0 && phraseStart(line, word) >= column.start - 2)
          .map((word) => word.text)
          .join(' '),
      )
      .filter((text) => text !== '');
  const columns = table.columns.map((column) => ({ ...column }));
  const texts = columns.map((column) => (TEXT_ROLES.includes(column.role) || column.role === 'position' ? cellsUnder(column) : []));
  const rowTexts = columns.map((column, index) => (rows.length > 0 && texts[index]!.length > 0 ? cellsUnder(column, rows) : texts[index]!));
  for (const [index, column] of columns.entries()) {
    const cells = rowTexts[index]!;
    if (cells.length === 0 || column.role === 'unit') continue;
    if (cells.every((text) => POSITION.test(text))) column.role = 'position';
    else if (column.role !== 'position' && cells.every((text) => ARTICLE.test(text) && !/\s/.test(text))) {
      const otherDescription = columns.some((other, at) => at !== index && other.role === 'description' && texts[at]!.some(hasLetters));
      if (otherDescription) column.role = 'article';
    }
  }
  // The rows up to the first that names a total ("Montant HT  € 68 499,50"), a piece of words under the header.
  const below = document.lines.slice(table.headerEnd + 1, Math.min(end, table.headerEnd + 13));
  const totalsAt = below.findIndex((line) => line.segments[0] !== undefined && TOTALS.exec(line.segments[0].text)?.index === 0);
  const priced = (totalsAt < 0 ? below : below.slice(0, totalsAt)).filter(
    (line) => line.page === table.page && findNumbers(line.text).some((number) => number.hasDecimals && !number.isPercentage),
  );
  for (const [index, column] of columns.entries())
    if (column.role === 'description') column.start = leftAlignedStart(priced, columns, index);
  if (!columns.some((column) => column.role === 'description')) {
    const wordy = columns.findIndex(
      (column, at) =>
        (column.role === 'article' || column.role === 'position') &&
        texts[at]!.filter((text) => /\p{L}{3,}\s+\p{L}/u.test(text)).length * 2 > texts[at]!.length,
    );
    if (wordy >= 0) columns[wordy]!.role = 'description';
  }
  return columns;
};
