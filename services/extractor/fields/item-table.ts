import type { DocumentText, Segment, TextLine } from './document-text.js';
import { labelPattern } from './labels.js';
import { findNumbers } from './parse-number.js';

/** What a column of a line-item table holds. */
export type ColumnRole = 'position' | 'article' | 'description' | 'quantity' | 'unit' | 'unit_price' | 'discount' | 'tax_rate' | 'amount';

export interface Column {
  role: ColumnRole;
  /** Character columns the header occupies on its line(s). */
  start: number;
  end: number;
}

export interface ItemTable {
  page: number;
  /** Document line indices of the header's first and last line: rows start below it. */
  headerStart: number;
  headerEnd: number;
  columns: Column[];
}

// Header words per role; the first role whose pattern the header cell matches wins, so "Gesamtpreis" is
// an amount before it is a price, and "Nettopreis" a unit price before it is a net amount.
const ROLE_PATTERNS: [ColumnRole, RegExp][] = [
  [
    'article',
    labelPattern(
      String.raw`art(?:ikel)?\.?[ -]?(?:nr\.?|nummer|no\.?)(?:[ -]\p{L}+\.?)?`,
      'sku',
      String.raw`item (?:no\.?|number|#|code)`,
      String.raw`product (?:code|no\.?)`,
      'code',
      'réf\\.?',
      'référence',
      'ref\\.?',
      'codice',
      'cod\\.?',
      'gtin',
      'ean',
    ),
  ],
  [
    'amount',
    labelPattern(
      String.raw`gesamt(?:preis|betrag|summe)?`,
      String.raw`(?:netto|brutto|zeilen|positions)?-?betrag`,
      'summe',
      'total',
      String.raw`(?:line |net |gross )?amount`,
      'line total',
      'sous-total',
      'montant(?: ht| ttc)?',
      'prix total',
      'total ht',
      'importo',
      'totale',
      'entgelt',
      'nettowert',
      'zeilenbetrag',
      'wert',
      'bedrag',
      'netto',
      'brutto',
    ),
  ],
  [
    'unit_price',
    labelPattern(
      String.raw`(?:einzel|stück|vk-?|netto|brutto|list(?:en)?)?-?preis(?:/einheit| pro einheit| je einheit)?`,
      String.raw`e-?preis`,
      'ep',
      String.raw`einzel\p{L}*`,
      String.raw`(?:unit )?price`,
      'rate',
      'unit cost',
      String.raw`prix(?: unit(?:aire|\.)?| ht)?`,
      'p\\.u\\.?',
      'pu',
      String.raw`prezzo(?: unit(?:ario|\.)?)?`,
      'prijs',
    ),
  ],
  ['position', labelPattern('pos\\.?', 'position', 'lfd\\.? ?nr\\.?', 'nr\\.?', 'no\\.?', '#', 'ln', 'line', 'zeile')],
  ['discount', labelPattern(String.raw`rabatt\p{L}*`, 'rab\\.?', 'disc\\.?', 'discount', 'rem\\.?', 'remise', 'sconto')],
  [
    'tax_rate',
    labelPattern(
      String.raw`mwst\.?(?:-?%| ?satz)?`,
      String.raw`ust\.?(?: ?%| ?satz)?`,
      String.raw`(?:umsatz)?steuer(?:satz)?(?: ?\[?%\]?)?`,
      'vat ?%?',
      'tax(?:es)? ?%?',
      'tva ?%?',
      'iva ?%?',
      'btw ?%?',
      '%',
    ),
  ],
  ['quantity', labelPattern('menge', 'anzahl', 'anz\\.?', 'qty', 'quantity', 'qté', 'quantité', 'nombre', 'quantità', 'qtà', 'qta', 'q\\.tà', 'aantal', 'stück')],
  ['unit', labelPattern('einheit', 'eh', 'me', 'unit', 'uom', 'unité', 'unità', 'u\\.m\\.', 'um')],
  [
    'description',
    labelPattern(
      String.raw`(?:artikel)?beschreibung`,
      String.raw`(?:artikel)?bezeichnung`,
      'artikel',
      'leistung',
      'produkt',
      'text',
      'description',
      'item',
      'items',
      'product',
      'service',
      'désignation',
      'libellé',
      'article',
      'descrizione',
      'articolo',
      'prodotto',
      'denominazione',
    ),
  ],
];

const roleOf = (text: string): ColumnRole | null => {
  if (text.length > 40) return null;
  for (const [role, pattern] of ROLE_PATTERNS) if (pattern.test(text)) return role;
  return null;
};

const MIN_ROLES = 3;
const hasNumbers = (line: TextLine) => findNumbers(line.text).some((number) => number.hasDecimals || number.value.length > 2);

/** Header lines stacked on the header line in one direction ("Prix" over "unitaire"): word lines right next to it. */
const stackedLines = (document: DocumentText, line: TextLine, step: 1 | -1): TextLine[] => {
  const lines: TextLine[] = [];
  for (let index = line.index + step; lines.length < 2; index += step) {
    const other = document.lines[index];
    if (!other || other.page !== line.page || other.text === '' || hasNumbers(other)) break;
    lines.push(other);
  }
  return lines;
};

interface Cell {
  text: string;
  start: number;
  end: number;
}

const MODIFIER = /^(?:incl\.?|inkl\.?|excl\.?|exkl\.?|ohne|mit|w\/o|without|with|hors|senza|con|per|pro|je)$/i;

/** "Pos Art-Nr-Kunde Beschreibung", "Menge Beschreibung": header words a single space apart that name several columns. */
const splitByRole = (segment: Segment): Cell[] => {
  const words = [...segment.text.matchAll(/\S+/g)].map((match, index, all) => ({
    text: match[0],
    start: segment.start + match.index,
    end: segment.start + match.index + match[0].length,
    // "Prijs incl. BTW", "Betrag ohne MwSt.": a tax word after incl./ohne qualifies the column before it.
    role: index > 0 && MODIFIER.test(all[index - 1]![0]) ? null : roleOf(match[0]),
  }));
  const roles = new Set(words.map((word) => word.role).filter((role) => role !== null));
  if (roles.size < 2 || roleOf(segment.text) === null) return [{ text: segment.text, start: segment.start, end: segment.end }];
  const cells: Cell[] = [];
  for (const word of words) {
    const last = cells.at(-1);
    if (last && (word.role === null || roleOf(last.text) === null)) {
      last.text += ` ${word.text}`;
      last.end = word.end;
    } else cells.push({ text: word.text, start: word.start, end: word.end });
  }
  return cells;
};

/**
 * The header's columns: each segment of the header line, with the words stacked above or below it
 * ("Prix" over "unitaire"); stacked words beside every segment of the header line make columns of their own.
 */
const columnsOf = (document: DocumentText, line: TextLine): { columns: Column[]; start: number; end: number } => {
  const above = stackedLines(document, line, -1);
  const below = stackedLines(document, line, 1);
  const cells: Cell[] = line.segments.flatMap(splitByRole);
  const extra: Cell[] = [];
  // Nearest lines first: words above are put before the cell's text, words below after it.
  for (const other of [...above, ...below]) {
    for (const segment of other.segments) {
      const overlaps = (candidate: Cell) => segment.start < candidate.end + 2 && candidate.start < segment.end + 2;
      const cell = cells.find(overlaps) ?? extra.find(overlaps);
      if (!cell) {
        extra.push({ text: segment.text, start: segment.start, end: segment.end });
        continue;
      }
      cell.text = other.index < line.index ? `${segment.text} ${cell.text}` : `${cell.text} ${segment.text}`;
      cell.start = Math.min(cell.start, segment.start);
      cell.end = Math.max(cell.end, segment.end);
    }
  }
  const columns = [...cells, ...extra]
    .flatMap((cell) => {
      const role = roleOf(cell.text.replace(/- /g, ''));
      return role ? [{ role, start: cell.start, end: cell.end }] : [];
    })
    .sort((a, b) => a.start - b.start);
  return { columns, start: above.at(-1)?.index ?? line.index, end: below.at(-1)?.index ?? line.index };
};

/** Two price columns and no amount column ("Unit Price … Price w/o Tax"): the right one is the amount. */
const settleRoles = (columns: Column[]): Column[] => {
  const prices = columns.filter((column) => column.role === 'unit_price');
  if (prices.length === 2 && !columns.some((column) => column.role === 'amount')) prices[1]!.role = 'amount';
  return columns;
};

/**
 * The line-item tables of the document, found by their header rows: a line whose column pieces name at
 * least three kinds of column (description, quantity, price, amount, tax, …), one of them money.
 */
export const findItemTables = (document: DocumentText): ItemTable[] => {
  const tables: ItemTable[] = [];
  for (const line of document.lines) {
    if (line.segments.length < 2 || hasNumbers(line)) continue;
    const { columns, start, end } = columnsOf(document, line);
    const roles = new Set(columns.map((column) => column.role));
    const money = roles.has('amount') || roles.has('unit_price');
    if (roles.size < MIN_ROLES || !money || !(roles.has('description') || roles.has('quantity'))) continue;
    const table = { page: line.page, headerStart: start, headerEnd: end, columns: settleRoles(columns) };
    // The lines of a multi-line header each read as the header: the reading with most columns wins.
    const previous = tables.at(-1);
    if (previous && previous.page === table.page && table.headerStart <= previous.headerEnd) {
      if (table.columns.length > previous.columns.length) tables[tables.length - 1] = table;
      continue;
    }
    tables.push(table);
  }
  return tables;
};
