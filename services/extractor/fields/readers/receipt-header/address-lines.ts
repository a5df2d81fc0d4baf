import type { TextLine } from '../../layout/document-text.js';
import { spanOf, type Span } from '../../values/finding.js';
import { COMPANY_FORM, HEADER_END, LEGAL_FORM, PLACE_WORDS } from '../../vocabulary/till-receipt-terms.js';
import { countryFromName, countryFromPhone, postalCodeFits } from '../../values/countries.js';
import { endsInEnglishStreetKind, parseStreetLine } from '../../values/postal-address.js';
import { namesPostTown, withPostTown } from '../../values/malaysian-post-towns.js';
import { text, lettersIn, trimPunctuation, partOfLine } from './print.js';
import { EXCLAMATION_FOR_I, addressPart, cityPart } from './misread-words.js';
import { isRegister, isNameLike, LABELLED_ID, isBracketNote } from './line-kinds.js';

/** An international phone number ("+41 81 559 43 46", "0049 30 1234567"). */
const INTERNATIONAL_PHONE = /(?<![\w+])(?:\+|00)\s?\d{1,3}[\s\d()/.-]{6,}/g;

/**
 * The shop's country where its postal line does not name it ("9000 St. Gallen"): the dialling code of the phone numbers
 * its header prints, where they name one country and the postal code has that country's shape.
 */
export const countryDialled = (header: readonly TextLine[], postalCode: string): { country: string; span: Span } | null => {
  // A labelled tax number is no phone number, whatever its first digits ("GST REG NO 001532760064").
  const found = header
    .filter((line) => !LABELLED_ID.test(text(line)))
    .flatMap((line) =>
      [...line.text.matchAll(INTERNATIONAL_PHONE)].flatMap((match) => {
        const country = countryFromPhone(match[0]);
        return country ? [{ country, span: spanOf(line, match.index, match.index + match[0].trimEnd().length) }] : [];
      }),
    );
  const countries = new Set(found.map(({ country }) => country));
  return countries.size === 1 && postalCodeFits(found[0]!.country, postalCode) ? found[0]! : null;
};
// Lines before the name that are no name: a reader's handwriting on the scan, a logo read as letters.
const MAX_ADDRESS_LINES = 6;
const POSTAL_LINE =
  /(?<![\d\p{L}/]|\d[- ])(?:[A-Z]{1,2}-)?(?<code>\d{4} [A-Z]{2}(?=\.?[ ,]+\p{Lu}\p{Ll})|\d{4,6})(?:(?:[ ,]+|\.\s+)(?<place>\p{L}[\p{L} .,'()-]*))?$/u;
// A place name after the postal code line: letters, spaces and the punctuation of names only.
const PLACE_NAME = /^[\p{L} .,'()&-]+$/u;
// A branch's number and place after it ("1245-DESA SRI HARTAMAS"): part of the address the till prints.
const BRANCH_PLACE = /^\d{3,5}[- ]\p{L}[\p{L} .,'()&-]*$/u;

/**
 * An address's first line: a house, lot or shop number first ("NO.53 …", "NO7,JLN …", "LOT 1851-A …", "LOT P.T. 2811", "LOT NO. G23", "UNIT L1-044B", "75, JALAN …",
 * "4-20, Jalan Ria", "S117, Second Floor", a block's unit "F-G-01 JALAN SS 6/5B", "B-8, JALAN SS15/4D"), or a floor ("3RD FLR, …").
 */
export const OPENS_ADDRESS =
  /^(?:\p{L}-(?:[\p{L}\d]+-)*\d+\p{L}?[,.\s]|(?:no|lot|unit|block|blk|suite)(?!\p{L})\.?\s*:?\s*(?:(?:p\.\s?t\.?|pt[dn]?|n[o0d]\.?)\s*)?\p{L}?\d|\d+\p{L}?(?:-[\p{L}\d]+)*[,.\s]|[\p{L}$#]?\d+\p{L}?,)|(?<!\p{L})(?:floor|flr|level|tingkat)(?!\p{L})/iu;
// A street line that opens with its street word: Malaysia's "JALAN …", "JLN …", "LORONG …", "PERSIARAN …".
const STREET_FIRST = /^(?:jalan|jln|lorong|persiaran|lebuhraya|lebuh)(?!\p{L})/iu;
/** A line that opens with a house, lot or floor number or with a street word ("LOT 1851-A …", "JALAN …"). */
export const leadsWithNumberOrStreet = (value: string): boolean => OPENS_ADDRESS.test(value) || STREET_FIRST.test(value);
export const opensAddress = (value: string): boolean => leadsWithNumberOrStreet(value) || parseStreetLine(value) !== null;
/** A street line without a house number ("FIRST WORLD THEME PARK", "PAGOH REST AND SERVICE AREA"): as well an outlet's name. */
export const isStreetWithoutNumber = (value: string): boolean =>
  !leadsWithNumberOrStreet(value) && parseStreetLine(value)?.houseNumber === null;
/**
 * A line that names a place without a number: a mall, a town or a state ("DAISO JAPAN, IOI MALL", "USJ Summit, Subang (SS)"),
 * an address printed without house number or postal code. Neither a company's line nor a labelled value.
 */
export const namesPlace = (value: string): boolean =>
  !COMPANY_FORM.test(value) &&
  !HEADER_END.test(value) &&
  !value.includes(':') &&
  (value.match(/\p{L}+/gu) ?? []).some((word) => PLACE_WORDS.has(word.toUpperCase()));
/**
 * The postal code and place a line ends in; a lot number before a street ("LOT P.T. 2811, JALAN ANGSA") is none,
 * nor a number after a number sign or before a company's name ("#000002 BAIFU (M) Sdn Bhd").
 */
export const postalOf = (line: TextLine): RegExpExecArray | null => {
  const value = trimPunctuation(trimPunctuation(text(line).replace(EXCLAMATION_FOR_I, 'I')).replace(PHONE_AFTER_PLACE, ''));
  const postal = POSTAL_LINE.exec(value) ?? postalWithMisreadTown(value);
  // A number in brackets is a register number ("99 SPEED MART (519537 X)"), not a postal code.
  if (!postal || value[postal.index - 1] === '#' || value[postal.index - 1] === '(') return null;
  const place = postal.groups!.place ?? '';
  // A labelled value's number with no place after it ("INVOICE NO : 34867") is no postal code.
  if (place === '' && /:\s*$/u.test(value.slice(0, postal.index))) return null;
  // "1611 Peony Dr": an American street line, its house number first, not a postal code and town.
  return STREET_FIRST.test(place) || LEGAL_FORM.test(place) || endsInEnglishStreetKind(place) ? null : postal;
};
export const isPostalLine = (line: TextLine): boolean => postalOf(line) !== null;
// A postcode and a place with a digit or a mark among its letters ("43300 SERI K:M3ANGAN, SELANGOR", "41150 KLANG, SELANG0R").
const POSTAL_LINE_MISREAD = /(?<![\d\p{L}/])(?<code>\d{5})[ ,]+(?<place>\p{L}[\p{L}\d .,'():-]*)$/u;
/**
 * A postal line whose place OCR misread with a digit or a mark for a letter, which no place name holds: where the place,
 * its words read as the address words and the town they are a letter or two off, holds no digit and names the town its
 * Malaysian postcode serves, the code and that place.
 */
const postalWithMisreadTown = (value: string): RegExpExecArray | null => {
  const postal = POSTAL_LINE_MISREAD.exec(value);
  if (postal === null) return null;
  const place = withPostTown(cityPart(postal.groups!.place!), postal.groups!.code!);
  return !/\d/.test(place) && namesPostTown(place, postal.groups!.code!) ? postal : null;
};
/**
 * A phone or fax number's digits after the place ("40300 Shah Alam, Selangor. 55423213", the fax line's number set beside
 * the postal line), a letter or two of a smudge before them: seven digits or more are no postal code, nor part of a place.
 */
const PHONE_AFTER_PLACE = /(?<=\p{L}[.,]?)[\s,.]+\p{L}{0,2}\d{7,}$/u;

export const TITLE_LINE = /^(?:(?:simplified )?tax invoice|invoice|(?:official )?receipt|cash (?:sales?|bill))$/iu;
// A tax or register number, labelled: "GST NO: 000342237184 (ID:5033)", "GST Reg no : 0000 6771 0976", also in
// brackets and without a colon after a number's label ("(GST Reg No. 001492992000)", "(Co.(M)No. 113825-W)"), and a label
// whose "No" OCR misread before a long number ("GST Reg Ko. 000947339264"), two labels joined by a slash ("GST/TAX NO:").
// A line of nothing but a web or e-mail address ("WWW.TSTORE.COM.MY").
const WEB_ADDRESS = /^(?:(?:https?:\/\/)?www\.\S+|[^\s@]+@[^\s@]+\.\S+)$/iu;

/** What a till prints between the name and the address, if anywhere: a tax or register number, its web address, the title. */
const mayPrecedeAddress = (line: TextLine): boolean =>
  LABELLED_ID.test(text(line)) || WEB_ADDRESS.test(text(line)) || TITLE_LINE.test(trimPunctuation(text(line)));

/**
 * A tax or register number, a web address or a title the till prints between the name and the address: it ends no header
 * when the address's first line follows it (or a line with a number right above the postal line), past at most one more such
 * line and an outlet's name.
 */
export const isIdAboveAddress = (lines: TextLine[], at: number): boolean => {
  const addressAbove = lines
    .slice(0, at)
    .some((line) => isPostalLine(line) || (opensAddress(text(line)) && !COMPANY_FORM.test(text(line))));
  if (!mayPrecedeAddress(lines[at]!) || addressAbove) return false;
  let outlet = false;
  for (const [index, line] of lines.slice(at + 1, at + 4).entries()) {
    if (opensAddress(text(line)) || isPostalLine(line) || namesPlace(text(line))) return true;
    // A street line whose first word OCR garbled ("NG 8, Jalan 7/118B"), the postal line right below it.
    const below = lines[at + 2 + index];
    if (holdsAddressNumber(line) && below !== undefined && isPostalLine(below)) return true;
    // An outlet's name between the number and the address ("DOMINO'S PIZZA PERMAS JAYA"), once.
    if (!outlet && isNameLike(text(line)) && !/\d/.test(text(line)) && !HEADER_END.test(text(line))) {
      outlet = true;
      continue;
    }
    if (!mayPrecedeAddress(line) && !isRegister(line)) return false;
  }
  return false;
};

/** A line with a number that is neither a register number nor a labelled value ("Site: 1046"): a house or lot number OCR garbled ("„OT 1-0-2, JLN 1/50"). */
export const holdsAddressNumber = (line: TextLine): boolean =>
  /\d/.test(text(line)) && !isRegister(line) && !text(line).includes(':') && !isBracketNote(text(line));

/** Whether an address line ends in its country ("56000 KUALA LUMPUR, MALAYSIA", "PAHANG MALAYSLA" as OCR reads it). */
const namesCountry = (line: TextLine): boolean => {
  const last =
    cityPart(text(line))
      .split(/[\s,]+/u)
      .at(-1) ?? '';
  return countryFromName(last) !== null;
};

/**
 * A postal line with what ends the header printed after it on the same line ("81750 JOHOR BAHRU, JOHOR, TEL NO.: 07-387 3322"):
 * the line up to it, if that is a postal code and place.
 */
export const postalLineBefore = (line: TextLine): TextLine | null => {
  const at = HEADER_END.exec(line.text)?.index ?? 0;
  if (at === 0) return null;
  const before = partOfLine(line, 0, at);
  return isPostalLine(before) ? before : null;
};

/**
 * A line below the postal line in capitals under an address printed in small letters ("SUNWAY VELOCITY" under
 * "56000 Kuala Lumpur"), not a country, is printed apart from it: a mall's or outlet's name, no part of the address.
 */
const printedApart = (postalLine: TextLine, line: TextLine): boolean => {
  const hasSmallLetters = (value: string) => /\p{Ll}/u.test(value);
  const value = addressPart(text(line));
  return hasSmallLetters(text(postalLine)) && !hasSmallLetters(value) && lettersIn(value) >= 4 && countryFromName(value) === null;
};

/**
 * The address's lines from its first line: past a register number or a note in brackets above it and labelled numbers
 * within it, up to the postal line and the place names below it (a state, a country, a branch's number and place).
 */
export const addressFrom = (candidates: TextLine[]): { addressLines: TextLine[]; postalAt: number } => {
  const addressLines: TextLine[] = [];
  let postalAt = -1;
  const postalLine = candidates.findIndex(isPostalLine);
  for (const line of candidates) {
    if (((isRegister(line) || isBracketNote(text(line))) && addressLines.length === 0) || LABELLED_ID.test(text(line))) continue;
    if (addressLines.length === MAX_ADDRESS_LINES) break;
    if (postalAt !== -1 && !PLACE_NAME.test(text(line)) && !BRANCH_PLACE.test(text(line))) break;
    // The country is an address's last part: a line below it is printed apart (a mall's, an outlet's name).
    if (postalAt !== -1 && namesCountry(addressLines.at(-1)!)) break;
    if (postalAt !== -1 && printedApart(addressLines[postalAt]!, line)) break;
    // Below the postal line, a blank line ends the address: what follows is printed apart (a station's or outlet's name).
    if (postalAt !== -1 && line.index > addressLines.at(-1)!.index + 1) break;
    // An address printed without a postal code ends at its full stop ("NO7,JLN UERO,SHAH ALAM."): the items follow.
    if (postalLine === -1 && addressLines.length > 0 && /\p{L}{3}\.$/u.test(text(addressLines.at(-1)!))) break;
    if (postalAt === -1 && isPostalLine(line)) postalAt = addressLines.length;
    addressLines.push(line);
  }
  return { addressLines, postalAt };
};

// A shop's address label: "ADD:", "ADDRESS :", "ALAMAT:", after a word that says whose ("HQ ADD:", "Outlet Address:"); not a
// customer's, a delivery's or an e-mail address.
const ADDRESS_LABEL =
  /^\s*(?:(?:hq|head office|outlet|shop|store|branch|company|office|registered(?: office)?)\s+)?(?:add|addr|address|alamat)\s*[:.]\s*/iu;

/** The address after a line's label, read from there to its postal line, and the lines below it up to what ends the header. */
export const labelledAddress = (lines: TextLine[]): { addressLines: TextLine[]; postalAt: number } | null => {
  const at = lines.findIndex((line) => ADDRESS_LABEL.test(line.text));
  if (at === -1) return null;
  const label = ADDRESS_LABEL.exec(lines[at]!.text)![0].length;
  const below = lines.slice(at + 1);
  const end = below.findIndex((line) => HEADER_END.test(text(line)));
  const read = addressFrom([partOfLine(lines[at]!, label), ...(end === -1 ? below : below.slice(0, end))]);
  return read.postalAt === -1 ? null : read;
};
