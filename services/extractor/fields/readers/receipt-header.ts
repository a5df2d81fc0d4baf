import { emptyAddress } from '../../../../contracts/events/extracted-data.js';
import { allMatches } from '../layout/all-matches.js';
import type { DocumentText, TextLine } from '../layout/document-text.js';
import { foundAt, spanOf, type Span } from '../values/finding.js';
import { findDates } from '../values/parse-date.js';
import {
  CLOSING_WORDS,
  COMPANY_FORM,
  HEADER_END,
  LEGAL_FORM,
  MISREAD_SDN_BHD,
  MISREAD_STREET_WORDS,
  ADDRESS_WORDS,
  ADDRESS_WORDS_NEAR,
  PLACE_WORDS,
  SHOP_WORDS,
  SHOP_WORDS_NEAR,
} from '../vocabulary/till-receipt-terms.js';
import type { Party } from './parties.js';
import { countryFromName, countryFromPhone, postalCodeFits } from '../values/countries.js';
import { endsInEnglishStreetKind, parsePostalLine, parseStreetLine } from '../values/postal-address.js';
import { postcodeOfState } from '../values/malaysian-postcodes.js';
import { namesPostTown, postcodeOfTown, withPostTown } from '../values/malaysian-post-towns.js';
import { withTownAccents } from '../values/town-names.js';

/**
 * A till receipt's shop, from its header: the name and address a till prints at the top, centred, before
 * its contact details, tax numbers, title and meta data. The name is the best of the header's first lines
 * above the address: a registered legal form ("… SDN BHD", "… GmbH"), a register number beside or under it
 * and the address right below speak for a line (a brand or an outlet printed above or below the company
 * has none of these); the address is the lines from its first line (a house or lot number, a floor, a
 * street) up to what ends the header, past an outlet's name and register numbers between name and address:
 * the lines before the postal code are the street, the postal code line and the place names after it are
 * the city (a state, a mall).
 */

const HEADER_LINES = 14;

/** An international phone number ("+41 81 559 43 46", "0049 30 1234567"). */
const INTERNATIONAL_PHONE = /(?<![\w+])(?:\+|00)\s?\d{1,3}[\s\d()/.-]{6,}/g;

/**
 * The shop's country where its postal line does not name it ("9000 St. Gallen"): the dialling code of the phone numbers
 * its header prints, where they name one country and the postal code has that country's shape.
 */
const countryDialled = (header: readonly TextLine[], postalCode: string): { country: string; span: Span } | null => {
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
const MAX_LINES_BEFORE_NAME = 3;
const MAX_ADDRESS_LINES = 6;
const MAX_NAME_LINES = 3;
// A postal code and the place after it: "81100 JOHOR BAHRU", "8001 Zürich", "D-10115 Berlin", "53200. KUALA LUMPUR.".
// A Dutch code keeps its two letters ("3511 LX Utrecht"), also with a speck read as a full stop after them.
const POSTAL_LINE =
  /(?<![\d\p{L}/])(?:[A-Z]{1,2}-)?(?<code>\d{4} [A-Z]{2}(?=\.?[ ,]+\p{Lu}\p{Ll})|\d{4,6})(?:(?:[ ,]+|\.\s+)(?<place>\p{L}[\p{L} .,'()-]*))?$/u;
// A place name after the postal code line: letters, spaces and the punctuation of names only.
const PLACE_NAME = /^[\p{L} .,'()&-]+$/u;
// A branch's number and place after it ("1245-DESA SRI HARTAMAS"): part of the address the till prints.
const BRANCH_PLACE = /^\d{3,5}[- ]\p{L}[\p{L} .,'()&-]*$/u;

// A word OCR was this unsure of, a column gap before the rest of its line, is a speck read as letters ("an", "cu.").
const SPECK_WORD_CONFIDENCE = 0.5;
const SPECK_WORD_LENGTH = 3;
const COLUMN_GAP = 3;

/**
 * The line from its print on: without a short word OCR barely read, a column gap left of the rest ("an        Santis
 * Sàrl" on a till slip, its name centred): dust in the margin, no word of the header, which is set in one run.
 */
const fromPrint = (line: TextLine): string => {
  const [first, next] = line.words;
  const speck =
    first !== undefined &&
    next !== undefined &&
    first.confidence !== null &&
    first.confidence < SPECK_WORD_CONFIDENCE &&
    first.end - first.start <= SPECK_WORD_LENGTH &&
    next.start - first.end >= COLUMN_GAP;
  // Marks without a letter or digit OCR barely read at the line's end ("Boulevard Carl-Vogt 133 --"): specks too.
  const last = line.words.at(-1);
  const speckAfter =
    line.words.length > 1 &&
    last!.confidence !== null &&
    last!.confidence < SPECK_WORD_CONFIDENCE &&
    !/[\p{L}\d]/u.test(line.text.slice(last!.start, last!.end));
  return line.text.slice(speck ? next.start : 0, speckAfter ? last!.start : line.text.length);
};

// A character or two a column gap away from the line is a speck or a scan's edge, not print: "J         NO. 53, JALAN BESAR",
// '"i        9000 St. Gallen' (marks around at most one letter, no digit, before the line); so is a lone digit a column gap
// before the house or lot number that opens an address ("3            NO.22 JALAN PUTERI 2/4"): no address numbers its "NO".
const text = (line: TextLine): string =>
  fromPrint(line)
    .trim()
    .replace(/^[^\s\p{L}\d]*\p{L}?[^\s\p{L}\d]*\s{3,}|^\d\s{3,}(?=[Nn][Oo](?!\p{L})|[Ll][Oo][Tt](?!\p{L}))|\s{3,}\S{1,2}$/gu, '')
    // A bar glued to a word's capitals is its I ("|JOK, 45600 BESTARI JAYA"): the scan's edge is read as a bar apart.
    .replace(/(?<!\S)\|(?=\p{Lu}{2})/gu, 'I')
    // The scan's edge read as a bar before the print: "|  No 8, Jalan 7/118B".
    .replace(/^\|+\s*/u, '')
    // Specks read as points and dashes before the print ("A     .-  -Prinsengracht 39bis"): no line of a header opens so.
    // (One mark and the spaces after it at a time: a run of dashes with nothing after it is matched in one pass.)
    .replace(/^(?:[.,:;'`’_~–—-]\s*)+(?=\p{L})/u, '')
    // An exclamation mark before a word's letters is its l as OCR reads it ("56000 Kuala !umpur"): no print puts one there.
    .replace(/(?<![^\s\p{L}])!(?=\p{L})/gu, (_, at: number, whole: string) => (/\p{Lu}/u.test(whole[at + 1]!) ? 'L' : 'l'))
    .replace(/\s{2,}/g, ' ');
const spanOfLine = (line: TextLine): Span => spanOf(line, line.text.length - line.text.trimStart().length, line.text.trimEnd().length);
const lettersIn = (value: string): number => (value.match(/\p{L}/gu) ?? []).length;
const trimPunctuation = (value: string): string => value.replace(/^[\s,;:'"„“”‘’|_~*-]+|[\s,;'"„“”‘’|_~*]+$/gu, '');
// An exclamation mark after a word's capitals is its I as OCR reads it ("45600 BESTAR! JAYA"): no address prints one.
const EXCLAMATION_FOR_I = /(?<=\p{Lu})!(?=[\s,.]|$)/gu;
// An address part's full stop ends the address ("JOHOR."), it is no part of the place.
const addressPart = (value: string): string => trimPunctuation(value.replace(EXCLAMATION_FOR_I, 'I')).replace(/\.+$/u, '');

/** A street word OCR misread one letter off ("Jajan", "JUN JEJAKA", "TANAN"), written as printed: in the misread's case. */
const inCaseOf = (misread: string, word: string): string =>
  misread === misread.toUpperCase()
    ? word.toUpperCase()
    : misread[0] === misread[0]!.toUpperCase()
      ? word[0]!.toUpperCase() + word.slice(1)
      : word;
/**
 * A word one character off a word of the vocabulary, and none itself nor one of the words printed that near to it
 * ("SHAH ALAN", "SARAKAK", "SE_ANGOR", "Shah 4lam"; "ENTFRPRISE"): that word. Only where one word is that near, and a
 * word of five characters or more, or of four whose odd character is no letter.
 */
const nearestWord = (token: string, vocabulary: ReadonlySet<string>, printedNear: ReadonlySet<string>): string | null => {
  const upper = token.toUpperCase();
  const odd = [...upper].filter((character) => !/\p{Lu}/u.test(character)).length;
  if (upper.length < 4 || odd > 1 || vocabulary.has(upper) || printedNear.has(upper) || (upper.length === 4 && odd === 0)) return null;
  const near = [...vocabulary].filter((word) => {
    if (word.length !== upper.length) return false;
    const differ = [...word].filter((character, index) => character !== upper[index]);
    return differ.length === 1 && (odd === 0 || !/\p{Lu}/u.test(upper[[...word].findIndex((c, index) => c !== upper[index])]!));
  });
  return near.length === 1 ? near[0]! : null;
};
/** An address word one character off a word of Malaysian addresses: that word, in the misread's case. */
const nearestAddressWord = (token: string): string | null => nearestWord(token, ADDRESS_WORDS, ADDRESS_WORDS_NEAR);
const addressWords = (value: string): string =>
  value.replace(/(?<![\p{L}\d_-])[\p{L}\d_-]+(?![\p{L}\d_-])/gu, (token) => {
    const word = nearestAddressWord(token);
    return word === null ? token : inCaseOf(token, word.toLowerCase());
  });

/**
 * "&" between a block's unit numbers as OCR reads it, an 8 that glues the next unit number of the same block to this one
 * ("NO 19-G819-1819-2" is "19-G&19-1&19-2"): no print runs two house numbers together.
 */
const UNIT_AND_UNIT = /(?<![\p{L}\d])((\d+)-[\p{L}\d]+)8(?=\2-)/u;
const unitsJoined = (value: string): string => {
  let joined = value;
  while (UNIT_AND_UNIT.test(joined)) joined = joined.replace(UNIT_AND_UNIT, '$1&');
  return joined;
};

// A speck read as a mark glued before the house number ("Multergasse .105", "Rue de Bourg :35"): no street writes one there.
const SPECK_BEFORE_NUMBER = /(?<=\p{L} )[.:;](?=\d)/gu;
// A colon between a word and a capital is a hyphen OCR misread ("Boulevard Carl:Vogt"): no street writes one there.
const COLON_FOR_HYPHEN = /(?<=\p{L}):(?=\p{Lu})/gu;

const streetPart = (value: string): string =>
  unitsJoined(
    addressWords(
      MISREAD_STREET_WORDS.reduce(
        (repaired, [misread, word]) => repaired.replace(misread, (found) => inCaseOf(found, word)),
        addressPart(value).replace(SPECK_BEFORE_NUMBER, '').replace(COLON_FOR_HYPHEN, '-'),
      ),
    ),
  );
const cityPart = (value: string): string => addressWords(addressPart(value));

/**
 * A trade word OCR split with a space after a letter or two of large type spaced wide ("ST ATIONERY", "BAKER Y"): the
 * word, where one half is of three letters at most, the halves joined are a word shops name their trade with or one
 * character off one, and the longer half alone is none ("SUPER MART" stays: MART is one).
 */
const shopWordsSplit = (name: string): string => {
  const words = name.split(' ');
  for (let at = 0; at + 1 < words.length; at++) {
    const [first, second] = [words[at]!, words[at + 1]!];
    const [shorter, longer] = first.length <= second.length ? [first, second] : [second, first];
    if (!/^\p{L}+$/u.test(first + second) || shorter.length > 3 || longer.length < 3) continue;
    if (SHOP_WORDS.has(longer.toUpperCase()) || COMPANY_FORM.test(longer)) continue;
    const joined = (first + second).toUpperCase();
    const word = SHOP_WORDS.has(joined) ? joined : nearestWord(joined, SHOP_WORDS, SHOP_WORDS_NEAR);
    if (word !== null) words.splice(at, 2, inCaseOf(first + second, word.toLowerCase()));
  }
  return words.join(' ');
};

/** A word of a shop's name one character off a word shops name their trade with ("ENTFRPRISE", "BAKFRIES"): that word, in the misread's case. */
const shopWords = (name: string): string =>
  shopWordsSplit(name).replace(/(?<![\p{L}\d_-])[\p{L}\d_-]+(?![\p{L}\d_-])/gu, (token) => {
    const word = nearestWord(token, SHOP_WORDS, SHOP_WORDS_NEAR);
    return word === null ? token : inCaseOf(token, word.toLowerCase());
  });

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
  const value = text(line).replace(/^[(\s]+|[)\s:.,;]+$/gu, '');
  // "No" alone before a number that has no register number's shape (digits, a dash, a check letter) is a house number:
  // "NO 43-45-47G," opens an address.
  if (/^no\.?\s*\d/iu.test(value) && !/^no\.?\s*\d{4,}-?\p{L}$/iu.test(value)) return false;
  const code = value
    // The label, ending in a colon or full stop or in "No" ("Company No 20965-W", "COMPANY NO(814198-X)").
    .replace(/^[\p{L}. ]{0,25}(?:[:.]|(?<=(?<!\p{L})(?:no|number))[\s(])\s*/iu, '')
    .replace(/^\(/u, '');
  return !/\s/.test(code) && (code.match(/\d/g) ?? []).length >= 4;
};

const isDateAndTime = (line: string): boolean => findDates(line).length > 0 && lettersIn(line.replace(DATE_WORDS, '')) <= 2;
const DATE_WORDS = /(?<!\p{L})(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)\p{L}*|[ap]\.?m\.?(?!\p{L})/giu;

const isNameLike = (line: string): boolean => lettersIn(line) >= 3 && lettersIn(line) >= line.replace(/\s/g, '').length * 0.5;

/** A register number in brackets within the name line: "TEO HENG STATIONERY(001451637-M) & BOOKS". */
const REGISTER_IN_NAME = /\s*\(\s*[A-Z]{0,3}[\s-]?\d[\dA-Z-]*(?: [A-Z])?\s*\)\s*/gu;
const hasRegisterInName = (value: string): boolean => value.replace(REGISTER_IN_NAME, ' ') !== value;

// A brand written in camel case joins whole words ("PappaRich", "MyNews"); OCR's mixed case is a letter or two ("RnA").
const CAMEL_CASE = /^(?:\p{Lu}\p{Ll}{1,}){2,}$/u;

/**
 * Lines a scan makes of a logo or a smudge: words mixing case inside ("RnA"), or hardly any word of
 * two letters or more.
 */
const looksGarbled = (line: string): boolean => {
  const tokens = line.split(/\s+/).filter((token) => /\p{L}/u.test(token));
  const mixedCase = tokens.filter(
    (token) => /\p{Ll}\p{Lu}/u.test(token) && !COMPANY_FORM.test(token) && !/^Ma?c\p{Lu}/u.test(token) && !CAMEL_CASE.test(token),
  ).length;
  // An initialism joined by "&" ("S&Y", "A&W") is a word as a name prints it.
  const words = tokens.filter((token) => /\p{L}{2,}|^\p{L}&\p{L}$/u.test(token)).length;
  return mixedCase > 0 || words === 0 || words < (tokens.length * 2) / 3;
};

/**
 * An address's first line: a house, lot or shop number first ("NO.53 …", "NO7,JLN …", "LOT 1851-A …", "LOT P.T. 2811", "LOT NO. G23", "UNIT L1-044B", "75, JALAN …",
 * "4-20, Jalan Ria", "S117, Second Floor", a block's unit "F-G-01 JALAN SS 6/5B", "B-8, JALAN SS15/4D"), or a floor ("3RD FLR, …").
 */
const OPENS_ADDRESS =
  /^(?:\p{L}-(?:[\p{L}\d]+-)*\d+\p{L}?[,.\s]|(?:no|lot|unit|block|blk|suite)(?!\p{L})\.?\s*:?\s*(?:(?:p\.\s?t\.?|pt[dn]?|n[o0d]\.?)\s*)?\p{L}?\d|\d+\p{L}?(?:-[\p{L}\d]+)*[,.\s]|[\p{L}$#]?\d+\p{L}?,)|(?<!\p{L})(?:floor|flr|level|tingkat)(?!\p{L})/iu;
// A street line that opens with its street word: Malaysia's "JALAN …", "JLN …", "LORONG …", "PERSIARAN …".
const STREET_FIRST = /^(?:jalan|jln|lorong|persiaran|lebuhraya|lebuh)(?!\p{L})/iu;
/** A line that opens with a house, lot or floor number or with a street word ("LOT 1851-A …", "JALAN …"). */
const leadsWithNumberOrStreet = (value: string): boolean => OPENS_ADDRESS.test(value) || STREET_FIRST.test(value);
const opensAddress = (value: string): boolean => leadsWithNumberOrStreet(value) || parseStreetLine(value) !== null;
/** A street line without a house number ("FIRST WORLD THEME PARK", "PAGOH REST AND SERVICE AREA"): as well an outlet's name. */
const isStreetWithoutNumber = (value: string): boolean => !leadsWithNumberOrStreet(value) && parseStreetLine(value)?.houseNumber === null;
/**
 * A line that names a place without a number: a mall, a town or a state ("DAISO JAPAN, IOI MALL", "USJ Summit, Subang (SS)"),
 * an address printed without house number or postal code. Neither a company's line nor a labelled value.
 */
const namesPlace = (value: string): boolean =>
  !COMPANY_FORM.test(value) &&
  !HEADER_END.test(value) &&
  !value.includes(':') &&
  (value.match(/\p{L}+/gu) ?? []).some((word) => PLACE_WORDS.has(word.toUpperCase()));
/**
 * The postal code and place a line ends in; a lot number before a street ("LOT P.T. 2811, JALAN ANGSA") is none,
 * nor a number after a number sign or before a company's name ("#000002 BAIFU (M) Sdn Bhd").
 */
const postalOf = (line: TextLine): RegExpExecArray | null => {
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
const isPostalLine = (line: TextLine): boolean => postalOf(line) !== null;
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

// Every legal form and company word of a text, for removing them: global copies made once, not at every call.
const EVERY_LEGAL_FORM = new RegExp(LEGAL_FORM.source, 'giu');
const EVERY_COMPANY_FORM = new RegExp(COMPANY_FORM.source, 'giu');

// A line that is nothing but a legal form ("SDN BHD" under "PASARAYA BORONG PINTAR") ends the name above it.
// So does a line of nothing but company words and a legal form ("CO. (M) SDN BHD" under "POPULAR BOOK"); "(M)" marks Malaysia.
const isLegalFormAlone = (value: string): boolean =>
  LEGAL_FORM.test(value) &&
  value
    .replace(EVERY_LEGAL_FORM, '')
    .replace(EVERY_COMPANY_FORM, '')
    .replace(/\(\p{Lu}{1,2}\)/gu, '')
    .replace(/[\s.,()-]/g, '') === '';

// A name that ends in "&" or "AND" goes on on the next line ("HOME MASTER HARDWARE &" / "ELECTRICAL"); one that
// starts with "&" goes on from the line above ("THE COFFEE BEAN" / "& TEA LEAF (M) SDN. BHD.").
const CONTINUES = /(?:&|\band)$/iu;
const CONTINUED = /^&/u;

const heightOf = (line: TextLine): number => {
  const heights = line.words.map((word) => word.box[3] - word.box[1]).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
};

const TITLE_LINE = /^(?:(?:simplified )?tax invoice|invoice|(?:official )?receipt|cash (?:sales?|bill))$/iu;
// A tax or register number, labelled: "GST NO: 000342237184 (ID:5033)", "GST Reg no : 0000 6771 0976", also in
// brackets and without a colon after a number's label ("(GST Reg No. 001492992000)", "(Co.(M)No. 113825-W)"), and a label
// whose "No" OCR misread before a long number ("GST Reg Ko. 000947339264"), two labels joined by a slash ("GST/TAX NO:").
const LABELLED_ID =
  /^\(?(?=[\p{L}. ()/]*(?<!\p{L})(?:gst|sst|vat|tax|reg|regn|company|co|roc|br)(?!\p{L}))(?:[\p{L}. ()/]{2,25}:|[\p{L}. ()/]{0,20}(?<!\p{L})no\.?\s*|[\p{L}. ()/]{2,20}\s(?=\d{6}))\s*[\dA-Z][\d\sA-Z()-:]*$/iu;

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
const isIdAboveAddress = (lines: TextLine[], at: number): boolean => {
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
const holdsAddressNumber = (line: TextLine): boolean =>
  /\d/.test(text(line)) && !isRegister(line) && !text(line).includes(':') && !isBracketNote(text(line));

/** An item's line, its price last (a tax code after it): no address line ends in an amount ("WS CUT SCISSORS 18.00 S"). */
const ENDS_IN_PRICE = /(?<![\d.,])\d{1,6}[.,]\d{2}(?:\s+\S)?$/u;

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
const postalLineBefore = (line: TextLine): TextLine | null => {
  const at = HEADER_END.exec(line.text)?.index ?? 0;
  if (at === 0) return null;
  const before = partOfLine(line, 0, at);
  return isPostalLine(before) ? before : null;
};

/** A line's text from one column to another, with its words and segments there: a part printed beside another. */
const partOfLine = (line: TextLine, from: number, to = line.text.length): TextLine => ({
  ...line,
  text: ' '.repeat(from) + line.text.slice(from, to),
  segments: line.segments.filter((segment) => segment.start >= from && segment.start < to),
  words: line.words.filter((word) => word.start >= from && word.start < to),
});

/** A line wholly in brackets: a note under the name ("(TONYMOLY SHOP (95874))"), neither the name nor its address. */
const isBracketNote = (value: string): boolean => /^\(.*\)$/u.test(value);

/**
 * A line below the postal line in capitals under an address printed in small letters ("SUNWAY VELOCITY" under
 * "56000 Kuala Lumpur"), not a country, is printed apart from it: a mall's or outlet's name, no part of the address.
 */
const printedApart = (postalLine: TextLine, line: TextLine): boolean => {
  const hasSmallLetters = (value: string) => /\p{Ll}/u.test(value);
  const value = addressPart(text(line));
  return hasSmallLetters(text(postalLine)) && !hasSmallLetters(value) && lettersIn(value) >= 4 && countryFromName(value) === null;
};

// A number's label whose number OCR set on another line ("(Co. No.", "GST Reg No :") is no name.
const LABEL_ALONE = /^\(?[\p{L}. ()]{0,25}(?:(?<!\p{L})(?:no|number)\.?\s*:?|:)$/iu;

// A greeting above the name ("TQ FOR SHOPPING WITH MYNEWS.COM", "WELCOME TO …") names the chain at most, not the shop.
const GREETING = /(?<!\p{L})(?:(?:tq|thanks?|thank you) for (?:shopping|visiting|dining|choosing)|welcome to)(?!\p{L})/iu;

/** A candidate for the shop's name: where it starts, how many lines it takes, what speaks for it. */
interface NameCandidate {
  at: number;
  lines: number;
  score: number;
  /** A registered legal form in the name ("SDN BHD", "GmbH"). */
  legalForm: boolean;
  /** A register number in the name line or right below it. */
  registered: boolean;
  /** The address's first line right below it. */
  addressBelow: boolean;
}

/**
 * The lines a name starting at `at` takes: a name ending in "&" goes on, a legal form alone on the next line ends it; a name
 * whose bracket is still open goes on to the line that closes it ("AIK HUAT HARDWARE" / "ENTERPRISE (SETIA" / "ALAM) SDN BHD").
 */
const nameLinesAt = (header: TextLine[], at: number): number => {
  const opened = (value: string) => (value.match(/\(/g) ?? []).length > (value.match(/\)/g) ?? []).length;
  for (let next = at + 1; next < header.length && next < at + MAX_NAME_LINES; next++) {
    const value = text(header[next]!);
    if (opened(header.slice(at, next).map(text).join(' ')) && LEGAL_FORM.test(value) && /^[^(]*\)/u.test(value)) return next - at + 1;
    // A line between them opens the bracket ("ENTERPRISE (SETIA").
    if (!opened(value) || /\d/.test(value)) break;
  }
  const value = text(header[at]!);
  const next = header[at + 1];
  if (!next) return 1;
  if (CONTINUES.test(value) && isNameLike(text(next)) && !/\d/.test(text(next))) return 2;
  if (CONTINUED.test(text(next)) && !/\d/.test(value) && !looksGarbled(value)) return 2;
  return isLegalFormAlone(text(next)) || completesName(value, text(next)) ? 2 : 1;
};

/**
 * A line with a legal form that cannot name a company alone goes on from the line above: one of nothing but trade words, a
 * place in brackets and the legal form ("WESTERN EASTERN" / "STATIONERY SDN. BHD", "PASAR RAYA MEGA MAJU" / "(SEMENYIH) SDN BHD"): a company's name has a
 * word of its own.
 */
const completesName = (above: string, value: string): boolean => {
  if (!LEGAL_FORM.test(value) || /\d/.test(above) || !isNameLike(above) || LEGAL_FORM.test(above)) return false;
  const rest = value
    .replace(EVERY_LEGAL_FORM, ' ')
    .replace(/\([\p{L} ]+\)/gu, ' ')
    .split(/[\s.,&-]+/u)
    .filter((word) => word !== '');
  return rest.every((word) => SHOP_WORDS.has(word.toUpperCase()) || COMPANY_FORM.test(word));
};

/**
 * The candidates for the shop's name among the header's first lines above the address, scored: a registered legal form, a register
 * number in or right below it, its address right below, the largest type and an early place speak for a
 * line; a trade word ("restaurant", "mart") a little. A garbled line does not count, and no line inside the
 * address does (below a line that opens it without a company form).
 */
const nameCandidates = (header: TextLine[]): NameCandidate[] => {
  const tallest = Math.max(...header.map(heightOf));
  const candidates: NameCandidate[] = [];
  for (let at = 0; at <= MAX_LINES_BEFORE_NAME && at < header.length; at++) {
    const line = header[at]!;
    const value = text(line);
    // A number ending the page's first line with no place after it ("USA 104063") is a till's or a scan's, no postal line.
    if (isPostalLine(line) && (at > 0 || postalOf(line)!.groups!.place !== undefined)) break;
    const formed = COMPANY_FORM.test(value);
    // A number opens no address in a line with a register number in brackets ("99 SPEED MART 5/8 (519537-X)").
    // A street's name without a number ends no name's search: a rest area, a theme park, a mall is an outlet's name.
    if (!formed && !hasRegisterInName(value) && opensAddress(value) && !isStreetWithoutNumber(value) && at > 0) break;
    const continued =
      at > 0 && (CONTINUES.test(text(header[at - 1]!)) || candidates.some((candidate) => candidate.at + candidate.lines > at));
    const withoutRegister = value.replace(REGISTER_IN_NAME, ' ');
    const garbled = !formed && looksGarbled(withoutRegister);
    if (
      continued ||
      garbled ||
      isBracketNote(value) ||
      !isNameLike(withoutRegister) ||
      isRegister(line) ||
      isLegalFormAlone(value) ||
      LABEL_ALONE.test(value) ||
      TITLE_LINE.test(trimPunctuation(value)) ||
      GREETING.test(value) ||
      CLOSING_WORDS.test(value)
    )
      continue;
    const lines = nameLinesAt(header, at);
    const name = header
      .slice(at, at + lines)
      .map(text)
      .join(' ');
    let below = at + lines;
    const registerBelow = header[below] !== undefined && isRegister(header[below]!);
    if (registerBelow) below++;
    // A note in brackets under the name stands between it and its address.
    if (header[below] !== undefined && isBracketNote(text(header[below]!))) below++;
    const next = header[below];
    const postalBelow = next !== undefined && isPostalLine(next);
    // A street and house number right above the postal line is the address's first line, not the name.
    if (postalBelow && !registerBelow && parseStreetLine(value) !== null) continue;
    // A line right above the postal line under an earlier name is the address's street, however OCR spelled it.
    const earlierName = candidates.some((candidate) => candidate.score > 0);
    // A line with a register number in brackets is a company's ("99 SPEED MART (519537-X)"), whatever number it opens with.
    const addressBelow: boolean =
      next !== undefined && (postalBelow ? !earlierName : opensAddress(text(next)) && !hasRegisterInName(text(next)));
    const legalForm = LEGAL_FORM.test(name);
    const registered = registerBelow || hasRegisterInName(value);
    const score: number =
      (legalForm ? 4 : formed ? 1 : 0) +
      (registered ? 2 : 0) +
      (addressBelow ? 2 : 0) +
      (tallest > 0 && heightOf(line) >= tallest * 0.9 ? 1 : 0) +
      1 -
      at * 0.5;
    candidates.push({ at, lines, score, legalForm, registered, addressBelow });
  }
  return candidates;
};

/** The best-scored candidate (the earlier of equals), if any scores above nothing, and the best score of the others. */
const nameOf = (header: TextLine[]): { best: NameCandidate; runnerUp: number } | null => {
  const candidates = nameCandidates(header);
  const best = candidates.reduce<NameCandidate | null>(
    (chosen, candidate) => (candidate.score > (chosen?.score ?? 0) ? candidate : chosen),
    null,
  );
  if (best === null) return null;
  const runnerUp = Math.max(0, ...candidates.filter((candidate) => candidate !== best).map((candidate) => candidate.score));
  return { best, runnerUp };
};

// A legal form ends the name: what follows it with digits is the register number ("S/B 273500-U (KSB)", "SDN BHD (819%)").
const withoutRegisterAfterForm = (name: string): string => {
  const last = allMatches(name, LEGAL_FORM, 'giu').at(-1);
  if (!last) return name;
  const end = last.index + last[0].length;
  return /\d/.test(name.slice(end)) ? name.slice(0, end) : name;
};

// An initialism's letters as OCR reads them as digits: "MR D.1.Y." is "MR D.I.Y." (1 for I, 0 for O), where
// every other character is a capital ("0.7.Y." is left: no letter reads as 7).
const INITIALISM = /(?<![\p{L}\d])(?:[\p{Lu}\d]\. ?){2,}/gu;
const initialismLetters = (name: string): string =>
  name.replace(INITIALISM, (initials) =>
    /\p{Lu}/u.test(initials) && /^[\p{Lu}01. ]+$/u.test(initials) ? initials.replace(/1/g, 'I').replace(/0/g, 'O') : initials,
  );

// "S/B" (Sendirian Berhad) as OCR misreads it: "5/8", "S/8", "5/B", at the name's end or before the register number that
// follows the legal form ("99 SPEED MART 5/8 4519537-X)", its opening bracket lost): no name prints a fraction there.
const MISREAD_S_B = /(?<![\p{L}\d])(?:5\/[B80]|S\/[80])(?=$|\s*\(?\d{4,})/u;

/**
 * "&" between two words of a name as OCR reads it: a lone 6 ("TEO HENG STATIONERY 6 BOOKS"), also glued to the word before
 * where OCR lost the space ("STATIONERY6 BOOKS"). A name numbers nothing between words of letters, but for the number of a
 * floor, a phase, a block or a street ("LEVEL 6 FOOD COURT").
 */
const SIX_BETWEEN_WORDS = /(?<![\p{L}\d])(\p{L}{2,}) ?6 (?=\p{L}{2,}(?![\p{L}\d]))/gu;
const NUMBERED_WORD =
  /^(?:level|lvl|floor|flr|tingkat|aras|phase|fasa|block|blk|unit|lot|no|jalan|jln|lorong|seksyen|section|zone|stall|gate)$/iu;
const ampersandsInName = (name: string): string =>
  name.replace(SIX_BETWEEN_WORDS, (found, word: string) => (NUMBERED_WORD.test(word) ? found : `${word} & `));

/** SDN BHD in the case, point and spacing printed. */
const sdnBhd = (misread: string): string => {
  const [dot, space] = [misread.includes('.') ? '.' : '', /\s/.test(misread) ? ' ' : ''];
  return /\p{Ll}/u.test(misread) ? `Sdn${dot}${space}Bhd` : `SDN${dot}${space}BHD`;
};

/**
 * Marks of a misread in a name, which no till prints: a word mixing letters and digits ("3RÜAED", "{JAN"),
 * an initialism with digits ("0.7.Y."), a symbol of no name, words glued to a legal form ("SDNBOOKBHD").
 */
const MISREAD_MARK =
  /(?<![\p{L}\d])(?=[\p{L}\d]*\p{L})(?=[\p{L}\d]*\d)[\p{L}\d]{2,}(?![\p{L}\d-])|(?<![\p{L}\d])(?:[\p{L}\d]\.){2,}(?<=\d\.(?:[\p{L}\d]\.)*)|[{}[\]|\\<>~^_=+*#$%]|\p{Lu}{2,}S[DO0]N\p{Lu}|S[DO0]N\p{Lu}{2,}/u;

/**
 * A name printed in capitals with a word in small letters ("RESTORAN WAN spd", "TIMES BO Toes"): a word OCR made of
 * a smudge or of a word it could not read; a legal form in small letters ("BAIFU (M) Sdn Bhd") is printed so.
 */
const hasWordOutOfCase = (name: string): boolean => {
  const words = name.split(/[\s,.()]+/u).filter((word) => lettersIn(word) >= 2);
  const capitals = words.filter((word) => !/\p{Ll}/u.test(word)).length;
  return capitals >= 2 && words.some((word) => /\p{Ll}/u.test(word) && !CAMEL_CASE.test(word) && !COMPANY_FORM.test(word));
};

/**
 * A name that opens with "&" lost the word before it ("& BEST RESTAURANT"); a lone character after a name of several
 * words is a speck or a torn word ("PERNIAGAAN RIANG RIA 4").
 */
const LOST_OR_TORN = /^&|(?<=\p{L}{2,}\s+\S+\s+)[\p{L}\d]$/u;

const hasMisreadMark = (name: string): boolean => MISREAD_MARK.test(name) || LOST_OR_TORN.test(name) || hasWordOutOfCase(name);

/**
 * How likely the shop's name is right, from the header's structure: a registered legal form, a register
 * number in or under it and the address right below speak for it, so does no other line coming close
 * (the best's score ahead by 3: a legal form, a register number, an address below outweigh any guess);
 * a line chosen without any of these among lines as likely is a guess. A name below the header's first
 * line was judged over the lines above it (a brand, an outlet, a logo read as letters), which is where
 * such rules err; a misread's mark makes a name doubtful however well placed. Times legibility, as every
 * finding.
 */
const nameConfidence = ({ best, runnerUp }: { best: NameCandidate; runnerUp: number }, name: string): number => {
  const structure =
    0.35 +
    (best.legalForm ? 0.15 : 0) +
    (best.registered ? 0.1 : 0) +
    (best.addressBelow ? 0.1 : 0) +
    (best.score - runnerUp >= DECISIVE_LEAD ? 0.15 : 0) -
    (best.at > 0 ? 0.1 : 0);
  return hasMisreadMark(name) ? structure - 0.25 : structure;
};
const DECISIVE_LEAD = 3;

/** What spoke for the name, for the reasons: "a legal form, a register number, the address below, no close rival, header line 1". */
const whatSpeaksFor = ({ best, runnerUp }: { best: NameCandidate; runnerUp: number }): string =>
  [
    best.legalForm && 'a legal form',
    best.registered && 'a register number',
    best.addressBelow && 'the address below',
    best.score - runnerUp >= DECISIVE_LEAD ? 'no close rival' : 'a close rival',
    `header line ${best.at + 1}`,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * The address's lines from its first line: past a register number or a note in brackets above it and labelled numbers
 * within it, up to the postal line and the place names below it (a state, a country, a branch's number and place).
 */
const addressFrom = (candidates: TextLine[]): { addressLines: TextLine[]; postalAt: number } => {
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
const labelledAddress = (lines: TextLine[]): { addressLines: TextLine[]; postalAt: number } | null => {
  const at = lines.findIndex((line) => ADDRESS_LABEL.test(line.text));
  if (at === -1) return null;
  const label = ADDRESS_LABEL.exec(lines[at]!.text)![0].length;
  const below = lines.slice(at + 1);
  const end = below.findIndex((line) => HEADER_END.test(text(line)));
  const read = addressFrom([partOfLine(lines[at]!, label), ...(end === -1 ? below : below.slice(0, end))]);
  return read.postalAt === -1 ? null : read;
};

export const findReceiptHeader = (document: DocumentText): Party | null => {
  const firstPage = document.lines[0]?.page;
  const pageLines = document.lines.filter((line) => line.page === firstPage && text(line) !== '');
  const lines = pageLines.slice(0, HEADER_LINES);
  // A title printed above the name ("TAX INVOICE") opens the receipt, it does not end its header; what a scan shows above
  // it among the first lines, without a company's form or register number, is a logo read as letters.
  const isTitle = (line: TextLine) => TITLE_LINE.test(trimPunctuation(text(line)));
  const title = lines.findIndex(isTitle);
  const logoAbove =
    title > 0 &&
    title <= MAX_LINES_BEFORE_NAME &&
    lines.slice(0, title).every((line) => !COMPANY_FORM.test(text(line)) && !hasRegisterInName(text(line)) && !isRegister(line));
  // A till's closing words near the top ("Thank You, Please come again") are the end of the receipt before, torn off
  // above this one: its header starts after the blank line that follows them.
  const closing = lines.slice(0, MAX_LINES_BEFORE_NAME + 1).findLastIndex((line) => CLOSING_WORDS.test(text(line)));
  // Printed without a blank line (a transcription, a tight scan), its header starts at the first registered company's
  // line below them: what is between is the end of the receipt before (its return policy, a hotline, a voucher's note).
  const belowClosing = (test: (line: TextLine, index: number) => boolean) =>
    closing === -1 ? -1 : lines.findIndex((line, index) => index > closing && index <= closing + 7 && test(line, index));
  const afterBlank = belowClosing((line, index) => line.index > lines[index - 1]!.index + 1);
  const afterClosing = afterBlank !== -1 ? afterBlank : belowClosing((line) => namesRegisteredCompany(text(line)));
  const first = Math.max(logoAbove ? title : 0, afterClosing);
  const read = headerFrom(document, lines, first);
  if (read?.legalForm) return read.party;
  // A registered company's line below what a scan made of a logo, a stamp or a crumple ("DERE TR YT ew SESE …",
  // "mamma DE lle di am-") or below a brand and a title ("AA PHARMACY" / "… SIN BHD"): the header starts there.
  const registered = registeredLineBelowNoise(lines, first);
  if (registered !== -1) {
    // Its header's lines count from there: the specks above it are no part of it.
    const anchored = headerFrom(document, pageLines.slice(0, registered + HEADER_LINES), registered);
    if (anchored?.legalForm) return anchored.party;
  }
  return read?.party ?? null;
};

/** A line that names a registered company: a legal form and a name, no closing words. */
const namesRegisteredCompany = (value: string): boolean =>
  LEGAL_FORM.test(value) && isNameLike(value.replace(REGISTER_IN_NAME, ' ')) && !CLOSING_WORDS.test(value) && !isLegalFormAlone(value);

/**
 * A line that names a registered company (a legal form) in the page's first lines, where everything above it is what a
 * scan or a logo makes, a title or a brand: garbled lines, specks, lines without a number that are no date, postal code
 * or labelled number. A header whose lines above the company hold an address, a date or a tax number is read as it is.
 */
const registeredLineBelowNoise = (lines: TextLine[], first: number): number => {
  for (let at = Math.max(0, first); at < lines.length; at++) {
    const value = text(lines[at]!);
    if (namesRegisteredCompany(value)) return at;
    const noise =
      lettersIn(value) < 2 ||
      (looksGarbled(value) && !COMPANY_FORM.test(value) && !isPostalLine(lines[at]!)) ||
      // No line with a number of two digits or more: an address, a date, a tax or phone number is the header's.
      (!/\d{2}/.test(value) && !CLOSING_WORDS.test(value));
    if (!noise) return -1;
  }
  return -1;
};

/** The shop read from a header that starts at line `first` (past a title), and whether its name has a legal form. */
const headerFrom = (document: DocumentText, lines: TextLine[], first: number): { party: Party; legalForm: boolean } | null => {
  const isTitle = (line: TextLine) => TITLE_LINE.test(trimPunctuation(text(line)));
  const start = lines.findIndex((line, index) => index >= first && !isTitle(line));
  // A note printed above the name ("Your order number is", "WELCOME") ends no header: it has no number, and nothing is above
  // it but specks a scan reads as a letter or a mark ("i", "D"), which the header leaves out as well.
  const noteAbove = (line: TextLine, index: number) =>
    index >= start && !/\d/.test(text(line)) && lines.slice(start, index).every((above) => lettersIn(text(above)) < 2);
  const end = lines.findIndex(
    (line, index) => index >= start && HEADER_END.test(text(line)) && !noteAbove(line, index) && !isIdAboveAddress(lines, index),
  );
  // The line that ends the header may be the postal line with the phone printed beside it: its postal code and place are the address's.
  const postalBeside = end === -1 ? null : postalLineBefore(lines[end]!);
  // Specks read as "|" or "i", notes written on the receipt and the date and time it was printed are no part of name or address.
  const header = [...lines.slice(Math.max(0, start), end === -1 ? lines.length : end), ...(postalBeside ? [postalBeside] : [])].filter(
    (line) => lettersIn(text(line)) >= 2 && !isHandwrittenNote(text(line), document) && !isDateAndTime(text(line)),
  );

  const chosen = nameOf(header);
  if (chosen === null) return null;
  const candidate = chosen.best;
  const nameLines = header.slice(candidate.at, candidate.at + candidate.lines);
  const name = trimPunctuation(
    shopWords(
      ampersandsInName(
        initialismLetters(
          withoutRegisterAfterForm(
            nameLines
              .map(text)
              .join(' ')
              .replace(REGISTER_IN_NAME, ' ')
              .replace(MISREAD_SDN_BHD, sdnBhd)
              .replace(/\s+/g, ' ')
              .trim()
              // A till's counter before the name ("#000002 BAIFU (M) Sdn Bhd") is no part of it, nor is an owner's label ("OWN BY: …").
              .replace(/^#\d+\s+/u, '')
              .replace(/^(?:owne?d?|operated|managed) by\s*:?\s*/iu, '')
              .replace(MISREAD_S_B, 'S/B'),
          ),
        ),
      ),
    ),
  );

  // The items start below the header: a line ending in a price and what follows it are no part of the address.
  const belowName = header.slice(candidate.at + candidate.lines);
  const firstPrice = belowName.findIndex((line) => ENDS_IN_PRICE.test(text(line)));
  const afterName = firstPrice === -1 ? belowName : belowName.slice(0, firstPrice);
  // An outlet's or brand's name, a site number between the name and the address's first line are no part of the address.
  const postalLine = afterName.findIndex(isPostalLine);
  const startsAddress = (opens: (line: TextLine) => boolean) =>
    afterName.findIndex(
      (line, index) =>
        (postalLine === -1 || index < postalLine) && !LEGAL_FORM.test(text(line)) && !ENDS_IN_PRICE.test(text(line)) && opens(line),
    );
  // A line that opens with a number or a street word starts the address; only where none does, a street's name without a
  // number or a line with a number OCR garbled the first word of (above a numbered line, they are an outlet's or a park's
  // name: "FIRST WORLD THEME PARK", "MPH ONE UTAMA PHASE 2"); only where none of these does, a line naming a place ("USJ
  // Summit, Subang (SS)": above an address's first line, it is an outlet's name, "IKEA Cheras").
  const numbered = startsAddress((line) => leadsWithNumberOrStreet(text(line)));
  const opening = numbered !== -1 ? numbered : startsAddress((line) => opensAddress(text(line)) || holdsAddressNumber(line));
  const firstLine = opening !== -1 ? opening : startsAddress((line) => namesPlace(text(line)));
  // Where the header prints no postal line, an address the till labels ("HQ ADD: LOT 11995, …" below the phone and tax
  // numbers) is the shop's.
  const read = addressFrom(afterName.slice(Math.max(0, firstLine)));
  const { addressLines, postalAt } = read.postalAt === -1 ? (labelledAddress(lines.slice(Math.max(0, start))) ?? read) : read;

  const address = { ...emptyAddress(), company_name: name };
  const evidence: Party['evidence'] = { company_name: foundAt(name, nameConfidence(chosen, name), nameLines.map(spanOfLine)) };
  const reasons = [`sender: the name at the top of a till receipt (${whatSpeaksFor(chosen)})`];
  if (postalAt !== -1) {
    const postal = postalOf(addressLines[postalAt]!)!;
    const streetLines = addressLines.slice(0, postalAt);
    // A code that names its country by its form ("3511 LX" is Dutch) gives the shop's country.
    const known = parsePostalLine(text(addressLines[postalAt]!));
    const country = known?.country ?? null;
    // A postal line whose town stands before its code ("Scranton PA 18503") is read whole: what precedes the code is
    // the town, not the street's end, and a line below it naming the code's country is no part of the town.
    const townFirst = known !== null && country !== null && (postal.groups!.place ?? '').trim() === '';
    const before = townFirst ? '' : trimPunctuation(trimPunctuation(text(addressLines[postalAt]!)).slice(0, postal.index));
    const street = [...streetLines.map((line) => streetPart(text(line))), before && streetPart(before)]
      .filter((part) => part !== '')
      .join(', ');
    const below = addressLines
      .slice(postalAt + 1)
      .map(text)
      .filter((line) => !townFirst || countryFromName(line) !== country);
    // The town's name with the accents OCR dropped, as an address block's ("1205 Geneve" → "Genève").
    const city = withTownAccents(
      [(townFirst ? known.city : postal.groups!.place) ?? '', ...below]
        .map(cityPart)
        .filter((part) => part !== '')
        .join(', '),
      postal.groups!.code!,
    );
    const postalSpan = spanOfLine(addressLines[postalAt]!);
    const dialled = country === null ? countryDialled(header, postal.groups!.code!) : null;
    // A Malaysian code in another state's range than the state the place names, or that no town has: the digit OCR
    // misread, where one fits; and the town it serves, where OCR misread a letter or two of it.
    const malaysian = country === null || country === 'MY';
    const postalCode = malaysian ? postcodeOfTown(postcodeOfState(postal.groups!.code!, city), city) : postal.groups!.code!;
    const town = malaysian ? withPostTown(city, postalCode) : city;
    Object.assign(address, {
      street: street || null,
      postal_code: postalCode,
      city_name: town,
      country_code: country ?? dialled?.country ?? null,
    });
    evidence.postal_code = foundAt(address.postal_code!, 0.6, [postalSpan]);
    evidence.city_name = foundAt(town, 0.5, [postalSpan, ...addressLines.slice(postalAt + 1).map(spanOfLine)]);
    if (country) evidence.country_code = foundAt(country, 0.5, [postalSpan]);
    else if (dialled) evidence.country_code = foundAt(dialled.country, 0.5, [postalSpan, dialled.span]);
    if (street) evidence.street = foundAt(street, 0.5, streetLines.length > 0 ? streetLines.map(spanOfLine) : [postalSpan]);
    reasons.push('sender: the address below it, up to its postal code and place');
  } else if (addressLines.length > 0 && (OPENS_ADDRESS.test(text(addressLines[0]!)) || namesPlace(text(addressLines[0]!)))) {
    const street = addressLines.map((line) => streetPart(text(line))).join(', ');
    Object.assign(address, { street });
    evidence.street = foundAt(street, 0.4, addressLines.map(spanOfLine));
    reasons.push('sender: the address below it, which prints no postal code');
  }
  return { party: { address, evidence, reasons }, legalForm: candidate.legalForm };
};
