import type { DocumentText, Segment, TextLine } from './document-text.js';
import { labelPattern, withoutAccents } from './labels.js';
import { toCents } from '../values/cents.js';
import { findNumbers } from '../values/parse-number.js';
import { termsFor } from '../vocabulary/terms.js';

/** What a column of a line-item table holds. */
export type ColumnRole = 'position' | 'article' | 'description' | 'quantity' | 'unit' | 'unit_price' | 'discount' | 'tax_rate' | 'amount';

export interface Column {
  role: ColumnRole;
  /** The header's words for the column ("VK-Preis Ohne MwSt."). */
  header: string;
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
  ['article', labelPattern(...termsFor('articleColumn'))],
  ['amount', labelPattern(...termsFor('amountColumn'))],
  ['unit_price', labelPattern(...termsFor('unitPriceColumn'))],
  ['position', labelPattern(...termsFor('positionColumn'))],
  ['discount', labelPattern(...termsFor('discountColumn'))],
  ['tax_rate', labelPattern(...termsFor('taxRateColumn'))],
  ['quantity', labelPattern(...termsFor('quantityColumn'))],
  ['unit', labelPattern(...termsFor('unitColumn'))],
  ['description', labelPattern(...termsFor('descriptionColumn'))],
];

const roleOf = (text: string): ColumnRole | null => {
  if (text.length > 40) return null;
  for (const [role, pattern] of ROLE_PATTERNS) if (pattern.test(text)) return role;
  return null;
};

const ANCHORED: [ColumnRole, RegExp][] = ROLE_PATTERNS.map(([role, pattern]) => [role, new RegExp(`^(?:${pattern.source})$`, 'iu')]);

/** The kind of column a header phrase names as a whole ("Unit price", "Item description"), or null. */
const phraseRole = (text: string): ColumnRole | null => ANCHORED.find(([, pattern]) => pattern.test(text))?.[0] ?? null;

/**
 * "Prijsp/st" (a scan dropping the space of "Prijs p/st"): a column's name glued to the per-unit qualifier after it,
 * the longest beginning of the word that names a column where a slash in the rest shows a "per" unit.
 */
const perUnitGlued = (word: string): ColumnRole | null => {
  for (let end = word.lastIndexOf('/'); end >= 3; end--) {
    const role = phraseRole(word.slice(0, end));
    if (role) return role;
  }
  return null;
};

const MAX_PHRASE = 4;
// A header word that joins the next column's name to the one before it.
const JOINING = /\s(?:&|\+|and|et|und|y|e)$/i;
const GLUED_WORDS = /(\p{Ll})(\p{Lu})/gu;
const MAX_UNKNOWN = 2;

/**
 * A header line read word by word: at each word the longest phrase of up to four words (in one column
 * piece, single spaces apart) that names a kind of column starts a column; a word naming nothing
 * qualifies the column just before it ("Gesamt CHF", "Descrizione articolo", "P.U. HT") or, after a
 * column gap, is a column of no known kind. Null when more than two pieces name nothing.
 */
export const headerColumns = (line: TextLine): Column[] | null => {
  const columns: Column[] = [];
  let unknown = 0;
  for (const segment of line.segments) {
    const words = [...segment.text.matchAll(/\S+/g)].map((match) => ({
      text: match[0],
      start: segment.start + match.index,
      end: segment.start + match.index + match[0].length,
    }));
    const phraseAt = (index: number, length: number) =>
      words
        .slice(index, index + length)
        .map((word) => word.text)
        .join(' ');
    let named = false;
    for (let index = 0; index < words.length;) {
      let length = Math.min(MAX_PHRASE, words.length - index);
      let role: ColumnRole | null = null;
      // "Prijs incl. BTW", "Betrag ohne MwSt.": a tax word after incl./ohne qualifies the column before it; so does "netto"
      // or "HT" right after a money column's name in its piece ("EP netto", "Summe netto", "Prix HT").
      const qualified =
        index > 0 &&
        (MODIFIER.test(words[index - 1]!.text) ||
          (named && NET_OR_GROSS.test(words[index]!.text) && MONEY_ROLES.has(columns.at(-1)!.role!)));
      for (; length > 0 && !qualified; length--) {
        const phrase = phraseAt(index, length);
        // "Disc.%, "Rabatt %", "%IVA": a rate column named with its per cent sign, after or before its name.
        role =
          phraseRole(phrase) ??
          (/%$/.test(phrase) ? phraseRole(phrase.replace(/[\s.]*%$/, '')) : null) ??
          (/^%\p{L}/u.test(phrase) ? phraseRole(phrase.slice(1)) : null);
        if (role) break;
      }
      // "P.U.HT" (a scan dropping the space): the longest abbreviation before a point that names a column;
      // "TauxTVA": words a capital after a small letter shows were two.
      if (!role && !qualified) {
        const word = words[index]!.text;
        const points = [...word.matchAll(/\./g)].map((match) => match.index + 1).filter((end) => end < word.length);
        role =
          points.map((end) => phraseRole(word.slice(0, end))).findLast((found) => found !== null) ??
          (/\p{Ll}\p{Lu}/u.test(word) ? phraseRole(word.replace(GLUED_WORDS, '$1 $2')) : null) ??
          perUnitGlued(word);
        length = 1;
      }
      // "CODE ARTICLE, NOM & DESIGNATION": a name joined to the column before it by "&" or "and" names what that
      // column holds too (each item's code and name in one cell), one column; a description where either says so.
      const joined = named && JOINING.test(columns.at(-1)!.header) ? columns.at(-1)! : null;
      if (role && joined) {
        joined.role = role === 'description' || joined.role === 'description' ? 'description' : role;
        joined.header += ` ${phraseAt(index, length)}`;
        joined.end = words[index + length - 1]!.end;
        index += length;
        continue;
      }
      if (role) {
        columns.push({ role, header: phraseAt(index, length), start: words[index]!.start, end: words[index + length - 1]!.end });
        named = true;
        index += length;
        continue;
      }
      const word = words[index]!;
      if (named) {
        const column = columns.at(-1)!;
        column.end = word.end;
        column.header += ` ${word.text}`;
      }
      index++;
    }
    if (!named) unknown++;
  }
  return unknown > MAX_UNKNOWN ? null : columns;
};

const isTableHeader = (columns: readonly Column[]) => {
  const roles = new Set(columns.map((column) => column.role));
  return roles.size >= MIN_ROLES && (roles.has('amount') || roles.has('unit_price')) && (roles.has('description') || roles.has('quantity'));
};

const MIN_ROLES = 3;
const hasNumbers = (line: TextLine) => findNumbers(line.text).some((number) => number.hasDecimals || number.value.length > 2);

// A line that starts with a running number standing alone ("1       Installation on site") is a table's row.
const NUMBERED_ROW = /^\s*\d{1,3}\.?\s+\p{L}/u;

/**
 * Header lines stacked on the header line in one direction ("Prix" over "unitaire"): word lines right next to it,
 * no row numbered under it (its figures a tilted photo set on the lines below).
 */
const stackedLines = (document: DocumentText, line: TextLine, step: 1 | -1): TextLine[] => {
  const lines: TextLine[] = [];
  for (let index = line.index + step; lines.length < 2; index += step) {
    const other = document.lines[index];
    if (!other || other.page !== line.page || other.text === '' || hasNumbers(other) || (step === 1 && NUMBERED_ROW.test(other.text)))
      break;
    lines.push(other);
  }
  return lines;
};

// "(excl. VAT)" under "Unit price": a qualifier in brackets.
const QUALIFIER = /^\([^()]*\)$/;

/** The last line of qualifiers in brackets stacked under a header line ("(excl. VAT)  (incl. VAT)"): the header's too. */
const lastQualifierLine = (document: DocumentText, line: TextLine): number => {
  let end = line.index;
  for (const other of stackedLines(document, line, 1)) {
    if (!other.segments.every((segment) => QUALIFIER.test(segment.text))) break;
    end = other.index;
  }
  return end;
};

interface Cell {
  text: string;
  start: number;
  end: number;
}

const NET_OR_GROSS = /^(?:netto|brutto|net|gross|ht|ttc|h\.t\.|t\.t\.c\.)$/i;
const MONEY_ROLES: ReadonlySet<ColumnRole> = new Set(['unit_price', 'amount']);
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
      const text = other.index < line.index ? `${segment.text} ${cell.text}` : `${cell.text} ${segment.text}`;
      // A title or a note above the table ("INVOICE No. 2403" over "Description") is no part of a header
      // cell: stacked words must keep the kind of column the cell names on its own.
      const alone = roleOf(cell.text.replace(/- /g, ''));
      if (alone !== null && roleOf(text.replace(/- /g, '')) !== alone) continue;
      if (alone === null && segment.end - segment.start > 2 * Math.max(cell.end - cell.start, 12)) continue;
      cell.text = text;
      cell.start = Math.min(cell.start, segment.start);
      cell.end = Math.max(cell.end, segment.end);
    }
  }
  const columns = [...cells, ...extra]
    .flatMap((cell) => {
      const header = cell.text.replace(/- /g, '');
      const role = roleOf(header);
      return role ? [{ role, header, start: cell.start, end: cell.end }] : [];
    })
    .sort((a, b) => a.start - b.start);
  return { columns, start: above.at(-1)?.index ?? line.index, end: below.at(-1)?.index ?? line.index };
};

/**
 * A header read word by word keeps the words stacked on its columns as part of their header text ("Zeilenbetrag"
 * over "Ohne MwSt."): what they say about tax, without changing the kind of column.
 */
const withStackedWords = (document: DocumentText, line: TextLine, columns: Column[]): Column[] => {
  const added: Column[] = [];
  for (const other of [...stackedLines(document, line, -1), ...stackedLines(document, line, 1)]) {
    for (const segment of other.segments) {
      const under = columns.filter((column) => segment.start < column.end + 2 && column.start < segment.end + 2);
      // A figure column's name beside a header word, or stacked over no column at all, over no word of the header
      // line ("Menge" left of "Meng.-" over "einheit"; "TOTAL HT" over a gap of the header line): a column of its
      // own, the figures under it.
      const own = phraseRole(segment.text);
      const figures = own === 'quantity' || own === 'unit_price' || own === 'amount' || own === 'tax_rate' || own === 'discount';
      const over = line.segments.some((piece) => segment.start < piece.end && piece.start < segment.end);
      const newRole = own !== null && figures && !over && !added.some((column) => column.role === own);
      if (under.length === 0 && newRole && !columns.some((column) => column.role === own)) {
        added.push({ role: own, header: segment.text, start: segment.start, end: segment.end });
        continue;
      }
      if (under.length !== 1) continue;
      const column = under[0]!;
      if (newRole && own !== column.role) {
        added.push({ role: own, header: segment.text, start: segment.start, end: segment.end });
        continue;
      }
      const header = other.index < line.index ? `${segment.text} ${column.header}` : `${column.header} ${segment.text}`;
      // "Preis/" over "Einheit": the words stacked name the column as one phrase.
      column.role = phraseRole(header) ?? column.role;
      column.header = header;
    }
  }
  return [...columns, ...added].sort((a, b) => a.start - b.start);
};

/** How many character columns a page's laid-out lines give to its width: a segment starts where its first word is printed. */
export const columnsPerPageWidth = (document: DocumentText, page: number): number | null => {
  const ratios = document.lines
    .filter((line) => line.page === page)
    .flatMap((line) =>
      line.segments.flatMap((segment) => {
        const word = line.words.find((candidate) => candidate.start === segment.start);
        return word && word.box[0] > MIN_LEFT ? [segment.start / word.box[0]] : [];
      }),
    )
    .sort((a, b) => a - b);
  return ratios.length === 0 ? null : ratios[Math.floor((ratios.length - 1) / 2)]!;
};

// Segment starts this near the page's left edge say little about the scale (a rounding is a large share of them).
const MIN_LEFT = 0.05;
// Characters a header word may stand left of where it is printed before the header is placed by its word boxes.
const MAX_DRIFT = 2;

/**
 * A header whose words the layout set a single space apart (short headers close together over their
 * columns, "Qté PU.HT Rem. Taux TVA") runs left of where its words are printed, further with each word,
 * so its columns no longer stand over their figures. With word boxes, such a header's columns are placed
 * where their words are printed, on the page's scale of characters.
 */
const placedAsPrinted = (document: DocumentText, line: TextLine, columns: Column[]): Column[] => {
  if (line.words.length === 0) return columns;
  const scale = columnsPerPageWidth(document, line.page);
  if (scale === null) return columns;
  const placed = columns.map((column) => {
    const words = line.words.filter((word) => word.start >= column.start && word.end <= column.end);
    if (words.length === 0) return column;
    const left = Math.min(...words.map((word) => word.box[0]));
    const right = Math.max(...words.map((word) => word.box[2]));
    return { ...column, start: Math.round(left * scale), end: Math.max(Math.round(left * scale) + 1, Math.round(right * scale)) };
  });
  const drift = Math.max(...placed.map((column, index) => column.start - columns[index]!.start));
  return drift > MAX_DRIFT ? placed : columns;
};

/**
 * Two price columns and no amount column ("Unit Price … Price w/o Tax"): the right one is the amount. Two columns
 * naming the description, one's name inside the other's ("Articolo … Descrizione articolo", "Item … Item
 * description"): the other describes what the shorter names, so the shorter holds the item's code.
 */
const settleRoles = (columns: Column[]): Column[] => {
  const prices = columns.filter((column) => column.role === 'unit_price');
  if (prices.length === 2 && !columns.some((column) => column.role === 'amount')) prices[1]!.role = 'amount';
  const descriptions = columns.filter((column) => column.role === 'description');
  if (descriptions.length === 2) {
    const [first, second] = descriptions.map((column) => withoutAccents(column.header).toLowerCase()) as [string, string];
    const named = first === second ? null : second.includes(first) ? descriptions[0] : first.includes(second) ? descriptions[1] : null;
    if (named) named.role = 'article';
  }
  return columns;
};

// Characters a right-aligned figure may reach past its column's header.
const FIGURE_SLACK = 3;
// Lines without a figure (a closing remark) that may stand between a table's last row and its total.
const LINES_BEFORE_TOTAL = 2;

// A total's label ("TOTAL:", "Montant HT"), starting the piece of the line that holds the total.
const TOTAL_LABEL = labelPattern(...termsFor('itemTotalsWord'));

/** Whether the piece of a line holding a figure, or the one before it, starts with a total's label ("TOTAL: 215 066,44 €"). */
const labelsTotal = (line: TextLine, figure: { start: number }) =>
  line.segments
    .filter((segment) => segment.start <= figure.start)
    .slice(-2)
    .some((segment) => TOTAL_LABEL.exec(segment.text)?.index === 0);

/** Whether two figures' digits are one digit apart, one lost or added ("4 000,00" read for "45 000,00"). */
const oneDigitLost = (a: number, b: number) => {
  const [short, long] = [String(a), String(b)].sort((x, y) => x.length - y.length) as [string, string];
  if (long.length !== short.length + 1) return false;
  return [...long].some((_, at) => long.slice(0, at) + long.slice(at + 1) === short);
};

/**
 * A header naming only a description and one money column ("Description … Prix"): an item table only where the
 * lines under it are rows of a name and one money figure under the money column, at least two, and a line right
 * after them prints their sum (the total), or names a total that is their sum with one row's amount read a digit
 * short or long (OCR lost the 5 of "45 000,00"). The money column is then each row's amount, and the description
 * column runs from the rows' left edge (a header centred over names printed from the table's left). Null otherwise.
 */
const summedTwoColumns = (document: DocumentText, line: TextLine, columns: readonly Column[]): Column[] | null => {
  const [description, money] = columns;
  if (columns.length !== 2 || description!.role !== 'description' || !(money!.role === 'unit_price' || money!.role === 'amount'))
    return null;
  let sum = 0;
  const amounts: number[] = [];
  let left = description!.start;
  let remarks = 0;
  for (const other of document.lines.slice(line.index + 1)) {
    if (other.page !== line.page) break;
    if (other.text === '') continue;
    const figures = findNumbers(other.text, document.decimalMark).filter((number) => number.hasDecimals && !number.isPercentage);
    const last = figures.at(-1);
    const total = last === undefined ? null : toCents(last.value);
    const misread = (amount: number) => total !== null && oneDigitLost(amount, amount + total - sum);
    if (amounts.length >= 2 && total !== null && (total === sum || (labelsTotal(other, last!) && amounts.some(misread)))) {
      return [
        { ...description!, start: Math.min(left, description!.start) },
        { ...money!, role: 'amount' },
      ];
    }
    const underMoney = last !== undefined && last.end > money!.start - FIGURE_SLACK && last.start < money!.end + FIGURE_SLACK;
    const named = last !== undefined && /\p{L}{2}/u.test(other.text.slice(0, last.start));
    if (remarks === 0 && figures.length === 1 && underMoney && named) {
      sum += toCents(last.value);
      amounts.push(toCents(last.value));
      left = Math.min(left, other.segments[0]!.start);
      continue;
    }
    if (amounts.length < 2 || figures.length > 0 || ++remarks > LINES_BEFORE_TOTAL) return null;
  }
  return null;
};

/**
 * The line-item tables of the document, found by their header rows: a line whose column pieces name at
 * least three kinds of column (description, quantity, price, amount, tax, …), one of them money; or only a
 * description and money where the rows under it add up to the total printed after them (summedTwoColumns).
 */
export const findItemTables = (document: DocumentText): ItemTable[] => {
  const tables: ItemTable[] = [];
  for (const line of document.lines) {
    if (line.segments.length < 2 || hasNumbers(line)) continue;
    const byWords = headerColumns(line);
    const { columns, start, end } =
      byWords && isTableHeader(byWords)
        ? { columns: withStackedWords(document, line, byWords), start: line.index, end: lastQualifierLine(document, line) }
        : columnsOf(document, line);
    const roles = new Set(columns.map((column) => column.role));
    const money = roles.has('amount') || roles.has('unit_price');
    const placed = placedAsPrinted(document, line, columns);
    const summed = roles.size < MIN_ROLES ? summedTwoColumns(document, document.lines[end]!, placed) : null;
    if (!summed && (roles.size < MIN_ROLES || !money || !(roles.has('description') || roles.has('quantity')))) continue;
    const table = { page: line.page, headerStart: start, headerEnd: end, columns: summed ?? settleRoles(placed) };
    const wholeLine = byWords !== null && isTableHeader(byWords);
    // The lines of a multi-line header each read as the header: a line that is a header by itself and names the
    // items' description wins over a reading that names none (a line of codes' labels over the header line,
    // "#  # ligne BC  Remise (-)"); else the reading with most columns.
    const previous = tables.at(-1);
    if (previous && previous.page === table.page && table.headerStart <= previous.headerEnd) {
      const described = (candidate: ItemTable) => candidate.columns.some((column) => column.role === 'description');
      const names = wholeLine && described(table) && !described(previous);
      if (names || (described(table) === described(previous) && table.columns.length > previous.columns.length))
        tables[tables.length - 1] = table;
      continue;
    }
    tables.push(table);
  }
  return tables;
};
