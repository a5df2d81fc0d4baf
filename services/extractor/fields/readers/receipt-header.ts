import { emptyAddress } from '../../../../contracts/events/extracted-data.js';
import type { DocumentText, TextLine } from '../layout/document-text.js';
import { foundAt, spanOf, type Span } from '../values/finding.js';
import { findDates } from '../values/parse-date.js';
import { COMPANY_FORM, HEADER_END, MISREAD_SDN_BHD } from '../vocabulary/till-receipt-terms.js';
import type { Party } from './parties.js';
import { parsePostalLine, parseStreetLine } from '../values/postal-address.js';

/**
 * A till receipt's shop, from its header: the name and address a till prints at the top, centred, before
 * its contact details, tax numbers, title and meta data. The name is the header's line with a legal form
 * ("… SDN BHD", "… GmbH") or else the first line above the address; the address is the lines after it
 * (register numbers passed over) up to what ends the header: the lines before the postal code are the
 * street, the postal code line and the place names after it are the city (a state, a mall).
 */

const HEADER_LINES = 14;
// Lines before the name that are no name: a reader's handwriting on the scan, a logo read as letters.
const MAX_LINES_BEFORE_NAME = 3;
const MAX_ADDRESS_LINES = 6;
// A postal code and the place after it: "81100 JOHOR BAHRU", "8001 Zürich", "D-10115 Berlin".
// A Dutch code keeps its two letters ("3511 LX Utrecht").
const POSTAL_LINE =
  /(?<![\d\p{L}])(?:[A-Z]{1,2}-)?(?<code>\d{4} [A-Z]{2}(?=[ ,]+\p{Lu}\p{Ll})|\d{4,6})(?:[ ,]+(?<place>\p{L}[\p{L} .,'()-]*))?$/u;
// A place name after the postal code line: letters, spaces and the punctuation of names only.
const PLACE_NAME = /^[\p{L} .,'()&-]+$/u;

// A character or two a column gap away from the line is a speck or a scan's edge, not print: "J         NO. 53, JALAN BESAR".
const text = (line: TextLine): string =>
  line.text
    .trim()
    .replace(/^\S\s{3,}|\s{3,}\S{1,2}$/gu, '')
    .replace(/\s{2,}/g, ' ');
const spanOfLine = (line: TextLine): Span => spanOf(line, line.text.length - line.text.trimStart().length, line.text.trimEnd().length);
const lettersIn = (value: string): number => (value.match(/\p{L}/gu) ?? []).length;
const trimPunctuation = (value: string): string => value.replace(/^[\s,;:'"“”‘’|_~*-]+|[\s,;'"“”‘’|_~*]+$/gu, '');
// An address part's full stop ends the address ("JOHOR."), it is no part of the place.
const addressPart = (value: string): string => trimPunctuation(value).replace(/\.+$/u, '');

/** Whether a line is printed in lower case on a receipt printed in capitals: a note written on it, not the till's. */
const isHandwrittenNote = (line: string, document: DocumentText): boolean => {
  const letters = line.match(/\p{L}/gu) ?? [];
  const lower = letters.filter((letter) => letter === letter.toLowerCase() && letter !== letter.toUpperCase()).length;
  const all = document.fullText.match(/\p{L}/gu) ?? [];
  const allUpper = all.filter((letter) => letter === letter.toUpperCase() && letter !== letter.toLowerCase()).length;
  return letters.length > 0 && lower === letters.length && allUpper > all.length * 0.7;
};

/**
 * A company register number printed under the name: one code of four digits or more, perhaps in brackets
 * and after a label ("(742016-W)", "CO.REG : 933109-X", "JM0325956-V", "ROC No. : (1072825-A)").
 */
const isRegister = (line: TextLine): boolean => {
  const code = text(line)
    .replace(/^[(\s]+|[)\s:.,;]+$/gu, '')
    .replace(/^[\p{L}. ]{0,25}[:.]\s*/u, '')
    .replace(/^\(/u, '');
  return !/\s/.test(code) && (code.match(/\d/g) ?? []).length >= 4;
};

const isDateAndTime = (line: string): boolean => findDates(line).length > 0 && lettersIn(line.replace(DATE_WORDS, '')) <= 2;
const DATE_WORDS = /(?<!\p{L})(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)\p{L}*|[ap]\.?m\.?(?!\p{L})/giu;

const isNameLike = (line: string): boolean => lettersIn(line) >= 3 && lettersIn(line) >= line.replace(/\s/g, '').length * 0.5;

/** A register number in brackets within the name line: "TEO HENG STATIONERY(001451637-M) & BOOKS". */
const REGISTER_IN_NAME = /\s*\(\s*[A-Z]{0,3}[\s-]?\d[\dA-Z-]*\s*\)\s*/gu;

/**
 * Lines a scan makes of a logo or a smudge: words mixing case inside ("RnA"), or hardly any word of
 * two letters or more.
 */
const looksGarbled = (line: string): boolean => {
  const tokens = line.split(/\s+/).filter((token) => /\p{L}/u.test(token));
  const mixedCase = tokens.filter(
    (token) => /\p{Ll}\p{Lu}/u.test(token) && !COMPANY_FORM.test(token) && !/^Ma?c\p{Lu}/u.test(token),
  ).length;
  const words = tokens.filter((token) => /\p{L}{2,}/u.test(token)).length;
  return mixedCase > 0 || words === 0 || words < (tokens.length * 2) / 3;
};

/**
 * An address's first line: a house, lot or shop number first ("NO.53 …", "LOT 1851-A …", "75, JALAN …",
 * "S117, Second Floor"), or a floor.
 */
const OPENS_ADDRESS =
  /^(?:(?:no|lot|unit|block|blk|suite)\b\.?\s*:?\s*\d|\d+\p{L}?\b[,.\s]|[\p{L}$#]?\d+\p{L}?,)|(?<!\p{L})(?:floor|level|tingkat)(?!\p{L})/iu;

// A name that ends in "&" or "AND" goes on on the next line ("HOME MASTER HARDWARE &" / "ELECTRICAL").
const CONTINUES = /(?:&|\band)$/iu;

const heightOf = (line: TextLine): number => {
  const heights = line.words.map((word) => word.box[3] - word.box[1]).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
};

/**
 * The shop's name among the header's first lines: a legal form, an address or register number right
 * below it, the largest type and an early place speak for a line; a garbled line does not count.
 */
const nameLineOf = (header: TextLine[]): number => {
  const tallest = Math.max(...header.map(heightOf));
  let best = { at: -1, score: 0 };
  header.slice(0, MAX_LINES_BEFORE_NAME + 1).forEach((line, at) => {
    const value = text(line);
    const continued = at > 0 && CONTINUES.test(text(header[at - 1]!));
    const garbled = !COMPANY_FORM.test(value) && looksGarbled(value.replace(REGISTER_IN_NAME, ' '));
    if (continued || garbled || !isNameLike(value) || isRegister(line)) return;
    const next = header[at + (CONTINUES.test(value) ? 2 : 1)];
    const postalBelow = next !== undefined && POSTAL_LINE.test(trimPunctuation(text(next)));
    // A street and house number right above the postal line is the address's first line, not the name.
    if (postalBelow && parseStreetLine(value) !== null) return;
    const addressBelow =
      next !== undefined && (isRegister(next) || OPENS_ADDRESS.test(text(next)) || postalBelow || parseStreetLine(text(next)) !== null);
    const score =
      (COMPANY_FORM.test(value) ? 4 : 0) + (addressBelow ? 2 : 0) + (tallest > 0 && heightOf(line) >= tallest * 0.9 ? 1 : 0) + 1 - at * 0.5;
    if (score > best.score) best = { at, score };
  });
  return best.at;
};

export const findReceiptHeader = (document: DocumentText): Party | null => {
  const firstPage = document.lines[0]?.page;
  const lines = document.lines.filter((line) => line.page === firstPage && text(line) !== '').slice(0, HEADER_LINES);
  const end = lines.findIndex((line) => HEADER_END.test(text(line)));
  // Specks read as "|" or "i", notes written on the receipt and the date and time it was printed are no part of name or address.
  const header = (end === -1 ? lines : lines.slice(0, end)).filter(
    (line) => lettersIn(text(line)) >= 2 && !isHandwrittenNote(text(line), document) && !isDateAndTime(text(line)),
  );

  const nameAt = nameLineOf(header);
  if (nameAt === -1) return null;
  const nameLines = [header[nameAt]!];
  const following = header[nameAt + 1];
  if (following && CONTINUES.test(text(nameLines[0]!)) && isNameLike(text(following)) && !/\d/.test(text(following)))
    nameLines.push(following);
  const name = trimPunctuation(
    nameLines
      .map(text)
      .join(' ')
      .replace(REGISTER_IN_NAME, ' ')
      .replace(MISREAD_SDN_BHD, (_, dot: string, space: string) => `SDN${dot}${space}BHD`)
      .replace(/\s+/g, ' '),
  );

  const addressLines: TextLine[] = [];
  let postalAt = -1;
  for (const line of header.slice(nameAt + nameLines.length)) {
    if (isRegister(line) && addressLines.length === 0) continue;
    if (addressLines.length === MAX_ADDRESS_LINES) break;
    if (postalAt !== -1 && !PLACE_NAME.test(text(line))) break;
    if (postalAt === -1 && POSTAL_LINE.test(trimPunctuation(text(line)))) postalAt = addressLines.length;
    addressLines.push(line);
  }

  const address = { ...emptyAddress(), company_name: name };
  const evidence: Party['evidence'] = { company_name: foundAt(name, 0.7, nameLines.map(spanOfLine)) };
  const reasons = ['sender: the name at the top of a till receipt'];
  if (postalAt !== -1) {
    const postal = POSTAL_LINE.exec(trimPunctuation(text(addressLines[postalAt]!)))!;
    const streetLines = addressLines.slice(0, postalAt);
    const before = trimPunctuation(trimPunctuation(text(addressLines[postalAt]!)).slice(0, postal.index));
    const street = [...streetLines.map((line) => addressPart(text(line))), before].filter((part) => part !== '').join(', ');
    const city = [postal.groups!.place ?? '', ...addressLines.slice(postalAt + 1).map(text)]
      .map(addressPart)
      .filter((part) => part !== '')
      .join(', ');
    const postalSpan = spanOfLine(addressLines[postalAt]!);
    // A code that names its country by its form ("3511 LX" is Dutch) gives the shop's country.
    const country = parsePostalLine(text(addressLines[postalAt]!))?.country ?? null;
    Object.assign(address, { street: street || null, postal_code: postal.groups!.code!, city_name: city, country_code: country });
    evidence.postal_code = foundAt(address.postal_code!, 0.6, [postalSpan]);
    evidence.city_name = foundAt(city, 0.5, [postalSpan, ...addressLines.slice(postalAt + 1).map(spanOfLine)]);
    if (country) evidence.country_code = foundAt(country, 0.5, [postalSpan]);
    if (street) evidence.street = foundAt(street, 0.5, streetLines.length > 0 ? streetLines.map(spanOfLine) : [postalSpan]);
    reasons.push('sender: the address below it, up to its postal code and place');
  } else if (addressLines.length > 0 && OPENS_ADDRESS.test(text(addressLines[0]!))) {
    const street = addressLines.map((line) => addressPart(text(line))).join(', ');
    Object.assign(address, { street });
    evidence.street = foundAt(street, 0.4, addressLines.map(spanOfLine));
    reasons.push('sender: the address below it, which prints no postal code');
  }
  return { address, evidence, reasons };
};
