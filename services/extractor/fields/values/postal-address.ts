import { US_STATE_NAMES } from './us-state-names.js';
import { countryFromName, countryFromPostalPrefix } from './countries.js';
import { asClass } from './ocr-confusions.js';
import { allMatches } from '../layout/all-matches.js';
import { withoutAccents } from '../layout/labels.js';
import { withBritishPostTown, withTownAccents } from './town-names.js';
import { isCommonWord } from './spelling-accents.js';

/** The address fields of a party, as read from the lines of an address block. */
export interface PostalAddress {
  company_name: string | null;
  contact_person_name: string | null;
  street: string | null;
  house_number: string | null;
  post_office_box: string | null;
  postal_code: string | null;
  city_name: string | null;
  country_code: string | null;
}

export interface PostalLine {
  postalCode: string;
  city: string;
  country: string | null;
}

/**
 * A line without the punctuation that ends it in a list or that a scan leaves after it (a comma, a stray quote or bar; a
 * speck read as a full stop after a British postcode, which no abbreviation ends: "EH2 2ER."), nor the specks a scan
 * leaves a space before a postal code ('+" 80133 Napoli': marks glued to no letter or digit open no postal line).
 */
const cleanLine = (text: string): string =>
  text
    .trim()
    .replace(/^[^\s\p{L}\d(]{1,3}\s+(?=\d{4,5} \p{Lu})/u, '')
    .replace(/\s*[,;"“”„'|]+$/u, '')
    .replace(/(?<=\d[A-Z]{2})\.$/u, '');

const CITY = String.raw`\p{Lu}[\p{L}'’.]*(?:[ -]+(?:\(?\p{L}[\p{L}'’.]*\)?|\d{1,2}))*`;

// "8001 Zürich", "CH-8001 Zürich 1", "D-63571 Gelnhausen", "DE 80333 München", "75371 Paris Cedex 08".
const EUROPEAN = new RegExp(String.raw`^(?:(?<prefix>[A-Z]{1,2})[- ]?)?(?<code>\d{4,5})[ ,]+(?<city>${CITY})$`, 'u');
// "DE 55232 teststadt": after a country's prefix, a town as a form's user typed it, in small letters; without the prefix a
// number before a small word is a count ("12000 km", "2500 words").
const EUROPEAN_PREFIXED_TOWN = new RegExp(
  String.raw`^(?<prefix>[A-Z]{1,2})[- ]?(?<code>\d{4,5})[ ,]+(?<city>\p{Ll}[\p{L}'’.]*(?:[ -]+\p{L}[\p{L}'’.]*)*)$`,
  'u',
);
// "1025 RX Amsterdam"
// A speck read as a full stop after the code's letters is none of the town's ("1015 CJ. Amsterdam").
const DUTCH = new RegExp(String.raw`^(?:NL[- ]?)?(?<code>\d{4} ?[A-Z]{2})\.?[ ,]+(?<city>${CITY})$`, 'u');
// "Fremont CA 94538", "Scranton, PA 18503-1234": American state and ZIP code; the comma before the state as a scan may read
// it, apart from the town ("Fairfield = CA 94535", "Pleasant Hill . CA 94523").
const AMERICAN = new RegExp(String.raw`^(?<city>${CITY})(?: ?[,.;=] | )(?<state>[A-Z]{2}) (?<code>\d{5}(?:-\d{4})?)$`, 'u');
// "San Francisco, California 94104": the state spelt out, as billing systems print it.
const AMERICAN_STATE_NAMED = new RegExp(
  String.raw`^(?<city>${CITY})(?: ?, ?| )(?<state>${US_STATE_NAMES.join('|')}) (?<code>\d{5}(?:-\d{4})?)$`,
  'u',
);
// "Sydney NSW 2000": an Australian town, its state and its four-digit postcode.
const AUSTRALIAN = new RegExp(String.raw`^(?<city>${CITY})(?: ?[,.] | )(?<state>NSW|VIC|QLD|SA|WA|TAS|NT|ACT) (?<code>\d{4})$`, 'u');
// "Toronto, ON M5V 2T6": a Canadian town, its province and its postal code of letters and digits in turn.
const CANADIAN = new RegExp(
  String.raw`^(?<city>${CITY})(?: ?[,.] | )(?<province>AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT) (?<code>[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d)$`,
  'u',
);
// "Bengaluru, Karnataka - 560038", "Mumbai - 400001", "Chennai, Tamil Nadu 600017": an Indian town, perhaps its state,
// then its six-digit PIN code after a dash set apart or the state (a bare "Word 123456" or "INV-520965" is as often a
// label and its number).
const INDIAN = new RegExp(String.raw`^(?<city>${CITY})(?:(?: ?, ?${CITY})? - |, ${CITY} )(?<code>[1-9]\d{2} ?\d{3})$`, 'u');
// "Minato-ku, Tokyo 108-0023": a Japanese ward, town and postal code of three and four digits; the town and code alone
// ("Tokyo 108-0023") only before the country's name, as an American phone number ("Fax 555-1234") reads the same.
const JAPANESE_TOWN = new RegExp(String.raw`^(?<city>${CITY}),? (?<code>\d{3}-\d{4})$`, 'u');
const JAPANESE = new RegExp(String.raw`^\p{Lu}\p{L}*-(?:ku|shi|cho|machi|gun), ${JAPANESE_TOWN.source.slice(1)}`, 'u');
// "Montréal (Québec) H2Y 2M8": the province spelt out, in brackets as French Canada prints it, or after a comma.
const CANADIAN_PROVINCE_NAMED = new RegExp(
  String.raw`^(?<city>${CITY})(?: ?,)? \(?(?:Qu[ée]bec|Ontario|Alberta|Manitoba|Saskatchewan|Nova Scotia|Nouvelle-[ÉE]cosse|New Brunswick|Nouveau-Brunswick|British Columbia|Colombie-Britannique|Prince Edward Island|[ÎI]le-du-Prince-[ÉE]douard|Newfoundland and Labrador|Terre-Neuve-et-Labrador|Yukon|Nunavut)\)? (?<code>[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d)$`,
  'u',
);
// "C.P. 44100 Guadalajara, Jal.": a Mexican postal code under its label, the town and its state's abbreviation.
const CODE_LABELLED = new RegExp(
  String.raw`^C\. ?P\.? ?(?<code>\d{5}),? (?<city>${CITY})(?:, ?\p{Lu}[\p{L}.]*(?: \p{Lu}[\p{L}.]*)?)?$`,
  'u',
);
// "Singapore 079903": the city state and its six-digit postal code.
const SINGAPOREAN = /^(?<city>Singapore),? (?<code>\d{6})$/iu;
// "Turlock, 95380", "San Francisco , 94134": a town, a comma, then a five-digit code (an American ZIP code without its
// state); the comma is what tells it from a name followed by a number.
const TOWN_COMMA_CODE = new RegExp(String.raw`^(?<city>${CITY}) ?, (?<code>\d{5})$`, 'u');
// An English street's kind ending what would be the town ("1611 Peony Dr", "1337 N San Joaquin St"): the line is a street
// with its number first, not a postal code and town.
const ENGLISH_STREET_END = /\s(?:st|rd|dr|ave|blvd|ln|ct|pkwy|hwy|street|road|drive|lane|avenue|boulevard|court|parkway|highway|way)\.?$/iu;

/** Words that end in an English street's kind ("Peony Dr", "N San Joaquin St"): a street's name, no town's. */
export const endsInEnglishStreetKind = (words: string): boolean => ENGLISH_STREET_END.test(` ${words}`);
// "London SW1B 3BN", "SW1B 3BN London": British postcode.
const BRITISH_CODE = String.raw`[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}`;
const BRITISH = new RegExp(
  String.raw`^(?:GB[- ])?(?:(?<city>${CITY}),? (?<code>${BRITISH_CODE})|(?<code2>${BRITISH_CODE}),? (?<city2>${CITY}))$`,
  'u',
);

// "D02 XA00 Dublin", "Dublin D02 XA00": an Irish Eircode, a routing key and a unique identifier of the letters and
// digits An Post uses.
const EIRCODE = String.raw`(?:[AC-FHKNPRTV-Y]\d{2}|D6W) [0-9AC-FHKNPRTV-Y]{4}`;
const IRISH = new RegExp(String.raw`^(?:(?<code>${EIRCODE}),? (?<city>${CITY})|(?<city2>${CITY}),? (?<code2>${EIRCODE}))$`, 'u');

// "EdinburghEH22ER": a town and its postcode whose spaces OCR lost; a town's small last letter right before the
// code's capitals is where they part, and a British code's last three characters are its inward part.
const BRITISH_GLUED = new RegExp(String.raw`^(?<city>${CITY}\p{Ll})(?<outward>[A-Z]{1,2}\d[A-Z\d]?)(?<inward>\d[A-Z]{2})$`, 'u');

// "Seattle, WA 98109-5210, US", "8001 Zürich, Schweiz": a country after the postal line, by name or ISO code.
const TRAILING_COUNTRY = /^(?<postal>.+?),\s*(?<country>[^,\d]+)$/u;

/** The postal code and city of a line that holds just those (and perhaps a country before or after), or null. */
export const parsePostalLine = (text: string): PostalLine | null => {
  const line = cleanLine(text);
  if (line.length > 45) return null;
  return postalLineAsPrinted(line) ?? postalLineWithCodeRead(line) ?? postalLineWithTownRead(line);
};

// A digit OCR read for one letter of a town's name, and the letter it stands for: first in the word (a capital), last,
// or among its letters.
const TOWN_LETTER_FIRST: Record<string, string> = { '0': 'O', '1': 'I', '4': 'A', '5': 'S', '6': 'G', '8': 'B' };
const TOWN_LETTER_LAST: Record<string, string> = { '0': 'o', '1': 'l', '5': 's', '9': 'g' };
const TOWN_LETTER_AMID: Record<string, string> = { '0': 'o', '1': 'i', '5': 's', '9': 'g', '6': 'b' };
const DIGIT_IN_WORD = /(?<=^|[ -])(?:(?<first>[014568])(?=\p{Ll}{2})|\p{L}+(?:(?<amid>[01569])(?=\p{Ll})|(?<last>[0159])(?=$|[ -])))/gu;

/**
 * A postal line whose town OCR read with a digit for one of its letters ("4051 Base1", "04109 Le1pzig", "BS1 6QH Bri5tol",
 * "75001 4msterdam"): a town's name holds no digit among its letters, so the one digit there is the letter of its shape.
 */
const postalLineWithTownRead = (line: string): PostalLine | null => {
  const code = /^\S+(?: [A-Z]{2})? /u.exec(line)?.[0];
  const read = code ? withTownLettersRead(line.slice(code.length)) : null;
  return read === null ? null : (postalLineAsPrinted(code + read) ?? postalLineWithCodeRead(code + read));
};

/** A town's name with the one digit OCR read among its letters read as the letter of its shape, or null. */
const withTownLettersRead = (town: string): string | null => {
  if ([...town.matchAll(DIGIT_IN_WORD)].length !== 1) return null;
  return town.replace(DIGIT_IN_WORD, (word: string, first?: string, amid?: string, last?: string) =>
    first
      ? TOWN_LETTER_FIRST[first]! + word.slice(1)
      : amid
        ? word.slice(0, -1) + TOWN_LETTER_AMID[amid]!
        : word.slice(0, -1) + TOWN_LETTER_LAST[last!]!,
  );
};

const postalLineAsPrinted = (line: string): PostalLine | null => {
  const trailing = TRAILING_COUNTRY.exec(line)?.groups;
  const trailingCountry = trailing ? (countryFromName(trailing.country!) ?? countryFromPostalPrefix(trailing.country!.trim())) : null;
  if (trailingCountry) {
    const japanese = trailingCountry === 'JP' ? JAPANESE_TOWN.exec(trailing!.postal!.trim())?.groups : undefined;
    if (japanese) return { postalCode: japanese.code!, city: japanese.city!, country: 'JP' };
    const postal = postalLineAlone(trailing!.postal!);
    if (postal && (postal.country === null || postal.country === trailingCountry)) return { ...postal, country: trailingCountry };
  }
  return postalLineAlone(line);
};

// Letters and marks OCR reads where a postal code's digit is printed, and the digit each stands for ("6O20", "30l1",
// "40S1", "B010").
const CODE_DIGIT_READ: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  I: '1',
  l: '1',
  i: '1',
  '|': '1',
  '!': '1',
  Z: '2',
  z: '2',
  S: '5',
  s: '5',
  G: '6',
  b: '6',
  T: '7',
  B: '8',
  g: '9',
  q: '9',
};
// The postal code at the head of a line, a country's prefix before it, as OCR may read its digits: four or five characters,
// all but one of them digits (at most one misread, so that no word is taken for a code), then the town.
const CODE_READ = /^(?<prefix>(?:[A-Z]{1,2}[- ]|NL[- ]?)?)(?<code>[\dODQoIli|!ZzSsGbTBgq]{4,5})(?<rest>(?: ?[A-Z]{2})?[ ,]+\p{Lu}.*)$/u;

/**
 * A postal line whose code OCR read with a letter or mark for one of its digits ("6O20 Innsbruck", "30l1 Bern",
 * "1o15 Lausanne"): the code with that digit read back, where the line then parses; one misread character among at least
 * three digits, so a word ("Ilse", "Bose") never passes for a code.
 */
const postalLineWithCodeRead = (line: string): PostalLine | null => {
  const match = CODE_READ.exec(line)?.groups;
  if (!match) return null;
  const misread = [...match.code!].filter((character) => !/\d/.test(character));
  // (A small letter last is a quantity's unit, "500g Mehl", or a house number's, "113b Corn Street"; only an o is a 0.)
  if (misread.length !== 1 || match.code!.length - misread.length < 3) return null;
  const last = match.code!.at(-1)!;
  if ((/\p{Ll}/u.test(last) && last !== 'o') || streetLineAsPrinted(line) !== null) return null;
  const code = [...match.code!].map((character) => CODE_DIGIT_READ[character] ?? character).join('');
  return postalLineAsPrinted(`${match.prefix}${code}${match.rest}`);
};

// A Dutch code whose J a scan read as ")", "]" or "j" ("1015 C) Amsterdam", "1015 Cj Amsterdam"): a J's hook is what it loses.
const DUTCH_READ = new RegExp(String.raw`^(?:NL[- ]?)?(?<digits>\d{4}) ?(?<letters>[A-Z][)\]j]|[)\]j][A-Z])[ ,]+(?<city>${CITY})$`, 'u');

const postalLineAlone = (line: string): PostalLine | null => {
  const dutch = DUTCH.exec(line)?.groups;
  if (dutch) return { postalCode: dutch.code!, city: dutch.city!, country: 'NL' };
  const dutchRead = DUTCH_READ.exec(line)?.groups;
  if (dutchRead)
    return { postalCode: `${dutchRead.digits} ${dutchRead.letters!.replace(/[)\]j]/u, 'J')}`, city: dutchRead.city!, country: 'NL' };
  const european = EUROPEAN.exec(line)?.groups;
  if (european && !endsInEnglishStreetKind(european.city!)) {
    const country = european.prefix ? countryFromPostalPrefix(european.prefix) : null;
    if (european.prefix && !country) return null;
    return { postalCode: european.code!, city: european.city!.replace(/\s*\([A-Z]{2}\)$/, ''), country };
  }
  const prefixed = EUROPEAN_PREFIXED_TOWN.exec(line)?.groups;
  const prefixedCountry = prefixed ? countryFromPostalPrefix(prefixed.prefix!) : null;
  if (prefixedCountry) return { postalCode: prefixed!.code!, city: prefixed!.city!, country: prefixedCountry };
  const american = AMERICAN.exec(line)?.groups ?? AMERICAN_STATE_NAMED.exec(line)?.groups;
  if (american) return { postalCode: american.code!, city: american.city!, country: 'US' };
  const australian = AUSTRALIAN.exec(line)?.groups;
  if (australian) return { postalCode: australian.code!, city: australian.city!, country: 'AU' };
  const canadian = CANADIAN.exec(line)?.groups ?? CANADIAN_PROVINCE_NAMED.exec(line)?.groups;
  // (A small letter in the code is OCR's: "V6z 2H1".)
  if (canadian) return { postalCode: canadian.code!.toUpperCase(), city: canadian.city!, country: 'CA' };
  const labelled = CODE_LABELLED.exec(line)?.groups;
  if (labelled) return { postalCode: labelled.code!, city: labelled.city!, country: null };
  const singaporean = SINGAPOREAN.exec(line)?.groups;
  if (singaporean) return { postalCode: singaporean.code!, city: singaporean.city!, country: 'SG' };
  const indian = INDIAN.exec(line)?.groups;
  if (indian) return { postalCode: indian.code!.replace(' ', ''), city: indian.city!, country: 'IN' };
  const japanese = JAPANESE.exec(line)?.groups;
  if (japanese) return { postalCode: japanese.code!, city: japanese.city!, country: 'JP' };
  const townFirst = TOWN_COMMA_CODE.exec(line)?.groups;
  if (townFirst) return { postalCode: townFirst.code!, city: townFirst.city!, country: null };
  const british = BRITISH.exec(line)?.groups;
  if (british) return { postalCode: (british.code ?? british.code2)!, city: (british.city ?? british.city2)!, country: 'GB' };
  const glued = BRITISH_GLUED.exec(line)?.groups;
  if (glued) return { postalCode: `${glued.outward} ${glued.inward}`, city: glued.city!, country: 'GB' };
  const irish = IRISH.exec(line)?.groups;
  if (irish) return { postalCode: (irish.code ?? irish.code2)!, city: (irish.city ?? irish.city2)!, country: 'IE' };
  return null;
};

const LONE_POSTCODE = new RegExp(String.raw`^(?:GB[- ])?(?<code>${BRITISH_CODE})$`, 'u');
// A lone postcode as OCR may read it, with l, I, O or S where the digits of "B1 1AA" are printed ("Bl lAA", "LS1 SDL").
const LONE_POSTCODE_READ = /^(?:GB[- ])?(?<area>[A-Z]{1,2})(?<district>[\dlIOS][A-Z\d]?) ?(?<sector>[\dlIOS])(?<unit>[A-Z]{2})$/u;

/** A line that is only a British postcode ("EH1 1YZ"), printed below its town: its code, or null. */
export const lonePostcode = (text: string): string | null => {
  const line = cleanLine(text);
  const code = LONE_POSTCODE.exec(line)?.groups?.code;
  if (code) return code;
  const read = LONE_POSTCODE_READ.exec(line)?.groups;
  if (!read) return null;
  const digit = (character: string) => asClass(character.toUpperCase(), 'digit');
  const repaired = `${read.area}${digit(read.district![0]!)}${read.district!.slice(1)} ${digit(read.sector!)}${read.unit}`;
  return LONE_POSTCODE.test(repaired) ? repaired : null;
};
export const isLonePostcode = (text: string): boolean => lonePostcode(text) !== null;

// A town's name on its own line, above its postcode: capitalized words, no digits.
const TOWN = new RegExp(String.raw`^${CITY}$`, 'u');

/** A line that could be a town's name alone ("London", "Saint-Étienne"). */
export const isTown = (text: string): boolean => TOWN.test(cleanLine(text));

// "Auckland 1140", "Whangarei 0110": a town and its four-digit code, as New Zealand prints them.
const TOWN_THEN_CODE = new RegExp(String.raw`^(?<city>${CITY}) (?<code>\d{4})$`, 'u');

/**
 * A town and its four-digit code under a street line with its number or a post office box: a postal line there only, as
 * "Suite 1200" or "Invoice 4412" read the same.
 */
export const townThenCodeUnder = (line: string, above: string | undefined): PostalLine | null => {
  const match = TOWN_THEN_CODE.exec(cleanLine(line))?.groups;
  if (!match || above === undefined || STREET_WORD.test(match.city!)) return null;
  if (parsePoBox(above) === null && !parseStreetLine(above)?.houseNumber) return null;
  return { postalCode: match.code!, city: match.city!, country: null };
};

/** "Cape Town" over "8001": a town and its four-digit code on the line under it, below a street or post office box. */
export const townOverCode = (lines: readonly string[], at: number): PostalLine | null => {
  const [street, town, code] = [lines[at - 2], lines[at - 1], lines[at]];
  if (street === undefined || town === undefined || code === undefined || !/^\d{4}$/.test(code.trim())) return null;
  if (!isTown(town) || parseStreetLine(town) !== null) return null;
  if (parsePoBox(street) === null && !parseStreetLine(street)?.houseNumber) return null;
  return { postalCode: code.trim(), city: cleanLine(town), country: null };
};

/**
 * The postal line of a block: a postal-code-and-city line, a town line followed by its lone postcode, or a town and its
 * code under the street, on one line or two.
 */
const findPostal = (lines: readonly string[]): { codeIndex: number; cityIndex: number; postal: PostalLine } | null => {
  const index = lines.findIndex((line) => parsePostalLine(line) !== null);
  if (index >= 0) return { codeIndex: index, cityIndex: index, postal: parsePostalLine(lines[index]!)! };
  const codeIndex = lines.findIndex((line) => isLonePostcode(line));
  const printed = lines[codeIndex - 1]?.trim().replace(/[,;]$/, '');
  // (A town OCR read with a digit for a letter, "Brist0l", read back.)
  const town = printed && !TOWN.test(printed) ? (withTownLettersRead(printed) ?? printed) : printed;
  if (codeIndex >= 1 && town && TOWN.test(town) && parseStreetLine(town) === null)
    return { codeIndex, cityIndex: codeIndex - 1, postal: { postalCode: lonePostcode(lines[codeIndex]!)!, city: town, country: 'GB' } };
  const under = lines.findIndex((line, at) => townThenCodeUnder(line, lines[at - 1]) !== null);
  if (under >= 0) return { codeIndex: under, cityIndex: under, postal: townThenCodeUnder(lines[under]!, lines[under - 1])! };
  const over = lines.findIndex((_, at) => townOverCode(lines, at) !== null);
  return over >= 0 ? { codeIndex: over, cityIndex: over - 1, postal: townOverCode(lines, over)! } : null;
};

// Most street words end a compound ("Hauptweg"); American abbreviations stand alone ("Terry Ave North"), as do Spanish
// ones ("C/ Colón", "Avda. Diagonal", "Ctra. de Valencia", "Pza. Mayor", "Pº de Gracia").
const STREET_WORD =
  /(?:stra(?:ss|ß)e|str\.|weg|gasse|platz|allee|ring|damm|ufer|markt|brücke|bruecke|rue|avenue|av\.|chemin|boulevard|cours|all[ée]e|passage|bd\.?|place|impasse|quai|route|via|viale|piazza|corso|vicolo|largo|street|st\.?|road|rd\.?|lane|drive|way|calle|camino|avenida|plaza|paseo|rua|straat|laan|plein|gracht|(?<!\p{L})(?:ave|blvd|pkwy|parkway|hwy|highway|court|ct|terrace|square|sq)\.?|(?<!\p{L})(?:c\/|avda\.|ctra\.|pza\.|pl\.|pº\.?(?= )))(?![\p{L}])/iu;
// "12", "12a", "12 B", "77bis", "3ter" (the French, Italian and Dutch suffixes), "12-14", "5/2".
const HOUSE_NUMBER = String.raw`\d{1,5} ?(?:bis|ter|[a-zA-Z])?(?: ?[-/] ?\d{1,5} ?[a-zA-Z]?)?`;
const NUMBER_LAST = new RegExp(String.raw`^(?<street>\p{L}[\p{L}\d .'’/-]*?[\p{L}.]),? (?<number>${HOUSE_NUMBER})$`, 'u');
// A compass point after the number opens an American street's name ("1337 N San Joaquin St"): no suffix of the number.
const NUMBER_FIRST = new RegExp(
  String.raw`^(?<number>\d{1,5}(?:(?:bis|ter|[a-zA-Z])| (?:bis|ter)| (?![NSEW] )[a-zA-Z])?),? (?<street>\p{L}[\p{L}\d .'’/-]*)$`,
  'u',
);
// "II" or "III" after a name in a street's name, read with a digit 1 before the house number ("… Emanuele 11 116").
const ROMAN_NUMERAL_AS_ONES = /(?<=\p{Lu}\p{Ll}+ )(?=[Il]*1)[Il1]{2,3}(?= \d{1,5} ?[a-zA-Z]?\s*$)/u;
// A dot between a street's last letter and its house number, where a space is printed.
const NUMBER_GLUED_BY_DOT = new RegExp(String.raw`(?<=\p{L})\.(?=${HOUSE_NUMBER}$)`, 'u');
// A house number first, its space lost before the street's capital ("61aCaledonian Road").
const NUMBER_GLUED_BEFORE = /^\d{1,5}(?:bis|ter|[a-z])?(?=\p{Lu}\p{Ll})/u;

const PO_BOX =
  /^(?<word>postfach|postf\.|case postale|cp|c\.p\.|casella postale|p\.? ?o\.? box|po box|bp|b\.p\.|boîte postale|pmb|p\.m\.b\.)(?:[ :]+(?<number>\d[\d ]*))?$/iu;

/**
 * "Hohe Str 179", "Karolinenstr 136": "Str" is only ever the abbreviation of Straße, written with its full stop, which a
 * scan loses with the speck it is.
 */
const withAbbreviationDot = (street: string): string => street.replace(/str$/iu, (abbreviation) => `${abbreviation}.`);

/**
 * The ß of "straße" read as letters of its shape ("Hainstrafñe", "HainstraBBe", "Hohe Strafe", "HainstraGe"): a street's
 * word ends in "straße" or "strasse", never in "strafe", "straBe" or "strage".
 */
const SHARP_S_MISREAD = /(?<=stra)(?:[BGfñ8]{1,2}|f[sñ])(?=e$)/iu;
/**
 * A roman numeral II or III whose capital I OCR read as a small l ("Corso Vittorio Emanuele Il 172"): the last word of
 * the street's name, after a name's word; an article ("il") never ends a name. (Read as a 1, see `ROMAN_NUMERAL_AS_ONES`.)
 */
const NUMERAL_MISREAD = /(?<=\p{Lu}\p{Ll}+ )(?=[Il]{2,3}$)(?!I+$)[Il]+$/u;

/** A street's name with the letters OCR misread in its known words set right. */
const withStreetLettersRead = (street: string): string =>
  street
    .split(' ')
    .map((word) => word.replace(SHARP_S_MISREAD, 'ß'))
    .join(' ')
    .replace(NUMERAL_MISREAD, (numeral) => 'I'.repeat(numeral.length));

// "Viadell'Indipendenza", "Rue deBourg": the space a scan lost after a street's word or before a name, where a French or
// Italian particle meets it ("de", "du", "della", "dell'" are never part of the word before or after them).
const GLUED_AFTER_STREET_WORD =
  /^(?<word>via|piazza|corso|largo|vicolo|rue|route|chemin|avenue|place|quai|allée|boulevard|cours|impasse)(?=(?:dell'|della|delle|dello|degli|dei|del|di|des|du|de)(?:\p{L}|'|\s))/iu;
const GLUED_BEFORE_NAME = /(?<=^|\s)(?<particle>de|du|des|di|da|del|della|delle|dei|degli|la|le)(?=\p{Lu}\p{Ll})/gu;

/** A street's name with the spaces a scan lost around its particles put back. */
// A speck read as a full stop after a particle ("Via dei. Calzaiuoli"): a particle is no abbreviation.
const SPECK_AFTER_PARTICLE = /(?<=(?:^|\s)(?:de|du|des|di|da|del|della|delle|dei|degli))\.(?=\s\p{Lu})/gu;
const withParticlesApart = (street: string): string =>
  street.replace(GLUED_AFTER_STREET_WORD, '$<word> ').replace(GLUED_BEFORE_NAME, '$<particle> ').replace(SPECK_AFTER_PARTICLE, '');

// A house number as OCR may read it, with a letter or mark for one of its digits ("l30", "1I4", "G2a", "I17b"): the
// number's digits and that character, then the suffix a house number may carry.
const NUMBER_READ = /^(?<digits>[\dODQIl|!ZSGBTg]{2,5})(?<suffix>bis|ter|[a-z])?$/u;

/** A house number whose one misread digit OCR read as a letter or mark, read back ("l30" → "130"), or null. */
const houseNumberRead = (token: string): string | null => {
  const match = NUMBER_READ.exec(token)?.groups;
  if (!match) return null;
  const misread = [...match.digits!].filter((character) => !/\d/.test(character));
  if (misread.length !== 1) return null;
  return [...match.digits!].map((character) => CODE_DIGIT_READ[character] ?? character).join('') + (match.suffix ?? '');
};

/**
 * A street line whose house number OCR read with a letter or mark for one digit ("Spitalgasse l30", "Kerkstraat 1I4",
 * "l07 Mill Lane"), with that digit read back; null where the number is read as printed or is no such misreading.
 */
export const withHouseNumberRead = (text: string): string | null => {
  const words = cleanLine(text).split(' ');
  if (words.length < 2) return null;
  const last = houseNumberRead(words.at(-1)!);
  if (last !== null) return [...words.slice(0, -1), last].join(' ');
  const first = houseNumberRead(words[0]!.replace(/,$/, ''));
  return first !== null ? [first, ...words.slice(1)].join(' ') : null;
};

/** Whether a street line read names a street by its word ("Kerkstraat", "rue", "St") and has its house number. */
const namesNumberedStreet = (street: { street: string; houseNumber: string | null } | null): boolean =>
  Boolean(street?.houseNumber) && STREET_WORD.test(street!.street);

/** The street and house number of a street line ("Bahnhofstrasse 1", "35 rue de la République", "Via Roma, 12"), or null. */
export const parseStreetLine = (text: string): { street: string; houseNumber: string | null } | null => {
  const printed = streetLineAsPrinted(text);
  if (printed) return printed;
  // A ruler's numeral in the street's name OCR read as ones ("Corso Vittorio Emanuele 11 116" for II): read back.
  const romanRead = text.replace(ROMAN_NUMERAL_AS_ONES, (ones) => 'I'.repeat(ones.length));
  const roman = romanRead !== text ? streetLineAsPrinted(romanRead) : null;
  if (roman?.houseNumber) return roman;
  // A number misread in a line that names a street by its word ("Kerkstraat 1I4"): the number read back.
  // So also a street's name OCR read with a digit for one of its letters ("5pitalgasse 138"): read as a town's is.
  const numberRead = withHouseNumberRead(text);
  const parsed = numberRead !== null ? streetLineAsPrinted(numberRead) : null;
  if (namesNumberedStreet(parsed)) return parsed;
  const lettersRead = withTownLettersRead(cleanLine(text));
  const named = lettersRead !== null ? streetLineAsPrinted(lettersRead) : null;
  if (named && STREET_WORD.test(named.street)) return named;
  // A house number glued to its street by a dot ("Hainstraße.131": a speck read for the space) or before it without its
  // space ("61aCaledonian Road") is read apart, in a line that names a street by its word; an abbreviation's dot
  // ("Hauptstr.131") is given back with the abbreviation.
  const apart = cleanLine(text).replace(NUMBER_GLUED_BY_DOT, ' ').replace(NUMBER_GLUED_BEFORE, '$& ');
  const glued = apart !== cleanLine(text) ? streetLineAsPrinted(apart) : null;
  if (namesNumberedStreet(glued)) return glued;
  return streetBeforeComplement(text) ?? streetAfterUnit(text);
};

/**
 * A street line with a complement after a comma ("35 rue d'ici, Bâtiment B", "1, rue du Port, Cour B", "Hauptstr. 5,
 * Hinterhaus"): the street before it, where that part names a street by its word with its number (which may stand
 * before the street with a comma of its own), and the complement is words with no postcode (a postal line after a comma
 * is the address's next line run on, read as such elsewhere).
 */
// A unit within the building by its word and number ("Suite 3400", "Apt 1203", "Bureau 1204"): four digits there are no
// postal code.
// (Singapore numbers a unit by floor and door: "#22-02".)
const UNIT_COMPLEMENT =
  /^(?:(?:suite|ste\.?|apt\.?|apartment|flat|unit|room|floor|level|lvl\.?|shop|building|bldg\.?|bureau|appartement|app\.?|b[âa]timent|b[âa]t\.?|porte|zimmer|wohnung|büro)\s+[\dA-Z][\w-]*|#\d{1,3}-\d{1,5}[A-Z]?)$/iu;

// A Spanish flat's floor and door after the number ("C/ Colón, 24, 3º B", "C/ Alcalá 45, 2º izq.", "bajo"): no postal code.
// The ordinal's mark may reach the text as the letter it stands for ("3o B", "1a").
const FLOOR_COMPLEMENT =
  /^(?:\d{1,2} ?[ºª°oa](?: ?[\dA-Z]{1,2}[ºª°oa]?| ?(?:izq|izda|dcha|dcho|izquierda|derecha)\.?)?|bajo|ático|entlo\.?|entresuelo)$/iu;

const streetBeforeComplement = (text: string): { street: string; houseNumber: string | null } | null => {
  const parts = cleanLine(text).split(/,\s+/);
  for (let end = parts.length - 1; end >= 1; end--) {
    const complement = parts.slice(end).join(', ');
    const unit = UNIT_COMPLEMENT.test(complement) || FLOOR_COMPLEMENT.test(complement);
    if (!unit && (/\d{4}/.test(complement) || !/\p{L}{2}/u.test(complement))) continue;
    const street = streetLineAsPrinted(parts.slice(0, end).join(', '));
    if (namesNumberedStreet(street)) return street;
  }
  return null;
};

/**
 * A unit before its street with a comma of its own, as British and American addresses print it ("Flat 2, 17 Kings Road",
 * "Suite 300, 2450 Mission Street"): the street after it. A unit on an estate that names no numbered street ("Unit 4,
 * Riverside Park") is the street line as printed.
 */
const streetAfterUnit = (text: string): { street: string; houseNumber: string | null } | null => {
  const [unit, ...rest] = cleanLine(text).split(/,\s+/);
  if (rest.length === 0 || !UNIT_COMPLEMENT.test(unit!)) return null;
  const street = streetLineAsPrinted(rest.join(', '));
  if (namesNumberedStreet(street)) return street;
  return /\d/.test(rest.join(' ')) ? null : { street: cleanLine(text), houseNumber: null };
};

const streetLineAsPrinted = (text: string): { street: string; houseNumber: string | null } | null => {
  const line = cleanLine(text);
  if (line.length > 50 || /@|www\.|https?:/.test(line)) return null;
  const last = NUMBER_LAST.exec(line)?.groups;
  if (last && !/\d{6}/.test(line))
    return {
      street: withStreetLettersRead(withAbbreviationDot(withParticlesApart(last.street!))),
      houseNumber: last.number!.replace(/ (?=[a-zA-Z]$)/, ''),
    };
  const first = NUMBER_FIRST.exec(line)?.groups;
  if (first && STREET_WORD.test(first.street!)) return { street: withParticlesApart(first.street!), houseNumber: first.number! };
  if (STREET_WORD.test(line) && !/\d/.test(line) && line.split(' ').length <= 5) return { street: line, houseNumber: null };
  return null;
};

/** A post office box line ("Postfach 1234", "Case postale 45", "P.O. Box 12"): its number, or the word alone. */
export const parsePoBox = (text: string): string | null => {
  const match = PO_BOX.exec(cleanLine(text))?.groups;
  if (!match) return null;
  return match.number ? match.number.replace(/\s/g, '') : match.word!;
};

const SALUTATION = /^(?:herrn?|frau|monsieur|madame|mademoiselle|mme\.?|mlle\.?|m\.|mr\.?|mrs\.?|ms\.?|sig\.(?:ra)?|signora?)(?: |$)/iu;
// A household's word alone over its members' names ("Familie" / "Thomas und Sabine Keller"); "Familie Huber" is a name.
const HOUSEHOLD = /^(?:familie|fam\.|famille|famiglia)$/iu;

/** A form of address: a salutation before a person's name or alone over it ("Herrn", "Sig.ra"), or a household's word. */
export const isFormOfAddress = (text: string): boolean => SALUTATION.test(text.trim()) || HOUSEHOLD.test(text.trim());
// Addressing a firm: "Firma", "Spett.le" (Spettabile), "Messrs", or a recipient label on the name's line
// ("A:", "Aan", "To:"): the name after it is the company's.
// A prefix OCR glued to the name after it ("Spett.leRossi S.r.l.", "z.Hd.Anna Beispiel", "Attn:Emily Clarke") still ends
// where its dot, colon or "le" meets the name's capital.
// Of those, the recipient labels: they head the addressee, a person or a firm.
const RECIPIENT_LABEL = /^(?:a:|aan:?|to:)/iu;
export const COMPANY_SALUTATION = /^(?:firma|spett\.(?:le)?|spettabile|messrs\.?|a:|aan:?|to:)(?: |$|(?<=[.:]|\.le)(?=\p{Lu}))/iu;
/**
 * A line that only an addressee's block opens or holds: an attention line, a firm's salutation or recipient label
 * ("Spett.le", "Firma", "A:"), a person's salutation ("Herrn", "Madame"). No one prints them in their own address.
 */
export const addressesSomeone = (text: string): boolean =>
  attentionPrefix(text) !== null || COMPANY_SALUTATION.test(text.trim()) || SALUTATION.test(text.trim());

/** "z.Hd.", "z.H.", "Attn:", "FAO", "À l'attention de", "Alla c.a. di", "All'att.ne di", "t.a.v.", "Ter attentie van". */
export const ATTENTION =
  /^(?:z[.:,] ?hd\.?|z\. ?h\.|zu händen(?: von)?|attn\.?:?|attention:?|fao|c\/o|(?:[àa] ?)?[lI1](?:'| |' )att(?:\.|ention)?(?: d[eé]| d')?|all'att(?:enzione|\.ne) di|(?:alla )?c\.a\.(?: di)?|att\.ne(?: di)?|t\.a\.v\.|ter attentie van)(?: |$|(?<=[.:'])(?=\p{Lu}))/iu;
// Characters an attention prefix is written with, and the shortest prefix read through a misread one: shorter ones
// ("FAO", "c/o") are one letter from too many words.
const ATTENTION_CHARACTERS = "acdehilnortuvzàé.:'";
const MIN_MISREAD_ATTENTION = 5;
const attentionRead = new Map<string, number | null>();

/** The length of the attention prefix at the start of a text, as printed or with one character OCR misread. */
const attentionLength = (text: string): number | null => {
  const exact = ATTENTION.exec(text);
  if (exact) return exact[0].length;
  const head = text.slice(0, 24);
  if (attentionRead.has(head)) return attentionRead.get(head)!;
  // Of the readings one character apart, the longest prefix ("All'att.ne di", not "Al'att.").
  let found: number | null = null;
  for (let at = 0; at < Math.min(head.length, 18); at++) {
    const before = head.slice(0, at);
    const after = head.slice(at + 1);
    for (const [reading, shift] of [
      [before + after, 1],
      ...[...ATTENTION_CHARACTERS].map((character) => [before + character + after, 0] as const),
    ] as const) {
      const match = ATTENTION.exec(reading);
      if (match && match[0].length > at && match[0].replace(/\s/gu, '').length >= MIN_MISREAD_ATTENTION)
        found = Math.max(found ?? 0, match[0].length + shift);
    }
  }
  if (attentionRead.size > 5000) attentionRead.clear();
  attentionRead.set(head, found);
  return found;
};

/**
 * The attention prefix a text opens with ("z.Hd.", "Attn:", "À l'attention de"), also where OCR misread, dropped or
 * added one character of a prefix of five characters or more ("Attm:", "z.Hd,", "Tet attentie van", "Aila c.a. di",
 * "Al1'att.ne di"), as printed; or null.
 */
export const attentionPrefix = (text: string): string | null => {
  const trimmed = text.trimStart();
  const length = attentionLength(trimmed);
  return length === null ? null : trimmed.slice(0, length);
};

// (The Austrian OG, not a floor after its number: "2. OG", Obergeschoss; a KG, not a weight: "1,234 kg".)
const LEGAL_FORM =
  /(?<![\p{L}])(?:gmbh|ag|sa|sagl|s\.a\.|sàrl|sarl|s\.à r\.l\.|ltd\.?|limited|inc\.?|llc|(?<![\d.,/]\s?)kg|ohg|gbr|e\.k\.|e\.v\.|ug|se|s\.p\.a\.|spa|s\.r\.l\.|srl|s\.a\.s\.|sas|s\.n\.c\.|snc|v\.o\.f\.|vof|sasu|eurl|b\.v\.|bv|n\.v\.|plc|llp|co\.|corp\.?|genossenschaft|stiftung|verein|a\.g\.|kgaa|& co|(?<!\d\.?\s?)og)(?![\p{L}])/iu;
const PERSON_NAME =
  /^(?:(?:dr\.|prof\.|von|van|de|di|du|da|le|la|del|der) )*\p{Lu}[\p{L}'’.-]*(?: (?:\p{Lu}[\p{L}'’.-]*|von|van|de|di|du|da|le|la|del|der)){1,3}$/u;

/** A line that names a person: two to four capitalized words, no company form. */
export const isPersonName = (text: string): boolean => PERSON_NAME.test(text.trim()) && !LEGAL_FORM.test(text) && text.length <= 40;
export const hasLegalForm = (text: string): boolean => LEGAL_FORM.test(text);
// A line that goes on with a partnership's form: "& Co. KG", "Co. KG", "& Cie SA".
const LEGAL_FORM_RUN_ON = /^(?:&\s*)?(?:co\.?|cie\.?)(?:\s+(?:kg|kgaa|ohg|sa|ag|gmbh|ltd\.?|s\.a\.|s\.n\.c\.))?$|^&\s*\p{Lu}/iu;
/** A line that is nothing but a legal form ("S.p.A.", "GmbH", "SA"). */
const isLegalFormAlone = (text: string): boolean => LEGAL_FORM.exec(text.trim())?.[0].length === text.trim().length;

/**
 * A company's name with a speck read as a colon after its legal form ("Bergkristall AG:"): no label ends in a legal form,
 * so the colon is none.
 */
export const isNameWithColonSpeck = (text: string): boolean => {
  const words = text.trim().replace(/\s*:$/u, '').split(/\s+/u);
  return /:$/u.test(text.trim()) && words.length >= 2 && LEGAL_FORM.exec(words.at(-1)!)?.[0].length === words.at(-1)!.length;
};

/**
 * Where a one-line address whose separator a scan lost runs on from a name to its street ("Stahlbau Ritter AG Hainstraße
 * 159"): the name ends at its legal form, and what follows is a street line with a house number. The index the street
 * begins at, or null.
 */
export const streetAfterLegalForm = (text: string): number | null => {
  for (const form of allMatches(text, LEGAL_FORM, 'giu')) {
    const end = form.index + form[0].length;
    const rest = text.slice(end);
    const street = /^\s+(?=[\p{Lu}\d])/u.exec(rest);
    if (street && parseStreetLine(rest)?.houseNumber) return end + street[0].length;
  }
  return null;
};

// A space after a street line and before what may be a postal code: after its house number ("136 4051", "12a D-80331"),
// or after its name where the number comes first ("57 allée Jean Jaurès 31000").
const NUMBER_THEN_CODE = /(?<=\d[a-zA-Z]?) +(?=(?:[A-Z]{1,2}-)?\d)/g;
const NAME_THEN_CODE = /(?<=\p{L}\.?) +(?=(?:[A-Z]{1,2}-)?\d)/gu;

/**
 * Where a one-line address whose separator a scan lost runs on from the street line to the postal line ("Via Nassa 136
 * 4051 Basel", "57 allée Jean Jaurès 31000 Toulouse"): a street line with its number, then a postal line. The index the
 * postal line begins at, or null.
 */
export const postalAfterStreet = (text: string): number | null => {
  const gaps = [...allMatches(text, NUMBER_THEN_CODE), ...(/^\d/.test(text) ? allMatches(text, NAME_THEN_CODE) : [])];
  for (const gap of gaps) {
    const postal = gap.index + gap[0].length;
    if (parseStreetLine(text.slice(0, gap.index))?.houseNumber && parsePostalLine(text.slice(postal))) return postal;
  }
  return null;
};

interface NameLine {
  text: string;
  isPerson: boolean;
  /** Named for the attention of ("z. Hd.", "Attn."): a contact within an organisation. */
  attention: boolean;
  /** Addressed as a firm ("Spett.le", "Firma", "Messrs", on the line or alone on the line above). */
  firm: boolean;
}

// What OCR reads of a logo's mark printed before a name: a word with a bracket it does not close ("JA)", "(SG"), a sign no
// name prints ("©", "(@)"), or no letter or digit at all ("|", "-~"); "&" and "+" join names ("& Söhne GmbH").
const LOGO_MARK_WORD = /^(?:[^\p{L}\p{N}&+]+|.*[©®@{}[\]].*|[^(]*\).*|[^)]*\([^)]*)$/u;

// A mark OCR read glued to the head of a name's first word ("©Aare", "|Jura", "®Léman"): signs no name prints, then letters.
const GLUED_MARK = /^[©®@{}[\]|~*•]+(?=\p{L}{2})/u;

/**
 * A name line without what OCR read of a logo's mark before it ("JA) Aare Sàrl" → "Aare Sàrl", "©Aare Sàrl" → "Aare
 * Sàrl"): the mark's words at its start, where a word with a letter follows them, and signs glued to the head of the
 * name's first word. The line as printed otherwise.
 */
export const withoutLogoMark = (text: string): string => {
  const words = text.trim().split(/\s+/u);
  let first = 0;
  while (first < words.length - 1 && !GLUED_MARK.test(words[first]!) && LOGO_MARK_WORD.test(words[first]!)) first++;
  const kept = [words[first]!.replace(GLUED_MARK, ''), ...words.slice(first + 1)].join(' ');
  return /\p{L}/u.test(kept) ? kept : text.trim();
};

// "c/o" names whom the post goes through, mostly another firm ("Muster AG c/o Regus Business Centre").
const CARE_OF = /^c\/o/iu;
/**
 * An attention prefix within a line, after words of the addressee's own ("Einkauf ATTN Erika Mustermann", "Muster AG z.Hd.
 * Anna Beispiel"), with a person's name after it: the words before and the person; or null. Only as printed (a prefix
 * read through a misread letter mid-line is one letter from too many words).
 */
const attentionWithin = (text: string): { before: string; person: string } | null => {
  for (const word of text.matchAll(/(?<=\S\s+)\S/gu)) {
    const prefix = ATTENTION.exec(text.slice(word.index))?.[0];
    const person = prefix === undefined ? '' : text.slice(word.index + prefix.length).trim();
    if (prefix !== undefined && !CARE_OF.test(prefix) && isPersonalName(person))
      return { before: text.slice(0, word.index).trim(), person };
  }
  return null;
};

/** A line naming a person for someone's attention, at its start or after a department's words ("Einkauf ATTN Erika Mustermann"). */
export const namesForAttention = (text: string): boolean => attentionPrefix(text) !== null || attentionWithin(text) !== null;

/** "Herr Jochen Stärk" → a person; "Herr" alone marks the next line; "z.Hd. Anna Muster" → a contact. */
const nameLinesOf = (lines: readonly string[]): NameLine[] => {
  const named: NameLine[] = [];
  let personNext = false;
  let firmNext = false;
  for (const raw of lines) {
    const untitled = withoutLogoMark(raw);
    const firm = COMPANY_SALUTATION.exec(untitled);
    // (A mark may stand after the firm's salutation too, before the name: "Spett.le ©Rossi S.r.l.".)
    const text = firm ? withoutLogoMark(untitled.slice(firm[0].length)) : untitled;
    if (text === '') {
      firmNext ||= firm !== null;
      continue;
    }
    const attention = attentionPrefix(text);
    const within = firm || attention !== null ? null : attentionWithin(text);
    if (within) {
      // "Einkauf ATTN Erika Mustermann": a department (or the firm) before the person named for its attention.
      named.push({ text: within.before, isPerson: false, attention: false, firm: firmNext });
      named.push({ text: within.person, isPerson: true, attention: true, firm: false });
      personNext = false;
      firmNext = false;
      continue;
    }
    const marked = SALUTATION.exec(text)?.[0] ?? (HOUSEHOLD.test(text.trim()) ? text : null) ?? attention;
    const afterMark = marked !== null ? text.slice(marked.length).trim() : text;
    // "z. Hd. Herrn Mag. Peter Gruber", "Attn: Ms. Petra Lang": a salutation after the prefix is no part of the name either.
    const rest = attention !== null ? afterMark.replace(SALUTATION, '').trim() : afterMark;
    if (rest === '') {
      personNext = true;
      continue;
    }
    named.push({
      text: rest,
      isPerson: !firm && !hasLegalForm(rest) && (personNext || marked !== null),
      attention: attention !== null,
      firm: (firm !== null && !RECIPIENT_LABEL.test(firm[0])) || firmNext,
    });
    personNext = false;
    firmNext = false;
  }
  return named;
};

// A person's name as a contact line prints it: a person's name with no word in capitals alone ("MVM Musterhafter" begins a
// company's name).
const isPersonalName = (text: string): boolean => isPersonName(text) && !/(?<!\S)[\p{Lu}\d&.-]{2,}(?!\S)/u.test(text);

// An attention prefix OCR garbled ("2.H. Luca Favre", "Atin: Priya Sharma", "FA0 Callum Okafor", "T.a.v Eline de Vries"):
// one short token with a dot, a colon or a digit in it, before a person's name; a title ("Dr.", "Prof.") is part of the name.
const GARBLED_ATTENTION = /^(?<prefix>(?=\S*[.:\d])\S{2,6}) (?<name>.+)$/u;
const TITLE = /^(?:dr|prof|ing|mag|dipl|lic|dott|avv|mr|mrs|ms)\.?$/iu;

/** Letters in capitals only ("VETRERIA COLOMBO S.R.L."). */
const inCapitals = (text: string): boolean => /\p{L}/u.test(text) && !/\p{Ll}/u.test(text);

/** A person's name behind a garbled attention prefix, or null. */
const contactBehindGarbledPrefix = (text: string): string | null => {
  const match = GARBLED_ATTENTION.exec(text)?.groups;
  return match && !TITLE.test(match.prefix!) && isPersonalName(match.name!) ? match.name! : null;
};

/** Whether a line ends with a name of two words or more, after words of its own ("LOGO LE FOURNISSEUR" ends with "LE FOURNISSEUR"). */
const endsWithName = (line: string, name: string): boolean => {
  const words = line.trim().split(/\s+/u);
  const nameWords = name.trim().split(/\s+/u);
  return (
    nameWords.length >= 2 &&
    words.length > nameWords.length &&
    words.slice(-nameWords.length).join(' ').toLowerCase() === nameWords.join(' ').toLowerCase()
  );
};

const sharesFirstWord = (line: string, name: string): boolean =>
  line.trim().split(/\s+/u)[0]!.toLowerCase() === name.trim().split(/\s+/u)[0]!.toLowerCase();

/**
 * The company and contact person of the lines above the street: a company is the line with a company
 * form (with the line before it, when a name runs over two lines and that line is no person's name) or
 * the first line; a person line before or after it is the contact. A block that names only a person is a
 * private party: that name is its name.
 */
export const splitNames = (lines: readonly string[]): { company: string | null; contact: string | null } => {
  const marked = nameLinesOf(lines);
  // With a company among the lines, a person's name behind a garbled attention prefix is its contact.
  const named = marked.map((line) => {
    const contact = line.isPerson ? null : contactBehindGarbledPrefix(line.text);
    const others = marked.some((other) => other !== line && !other.isPerson && contactBehindGarbledPrefix(other.text) === null);
    return contact !== null && others ? { text: contact, isPerson: true, attention: true, firm: false } : line;
  });
  const organisations = named.filter((line) => !line.isPerson);
  const people = named.filter((line) => line.isPerson);
  // A person named for someone's attention is a contact, even when the organisation's name is missing.
  if (organisations.length === 0)
    return people[0]?.attention ? { company: null, contact: people[0].text } : { company: people[0]?.text ?? null, contact: null };
  const formAt = organisations.findIndex((line) => hasLegalForm(line.text));
  // The line before the company form's continues the name unless it is a person's (the contact printed above the company).
  const before = formAt > 0 ? organisations[formAt - 1]! : null;
  // A legal form alone on its line names no one: it ends the name on the line above ("Ceramiche Adriatica" / "S.p.A.",
  // "Hans Meier" / "GmbH"), whatever that line's style.
  const formAlone = formAt === 1 && isLegalFormAlone(organisations[1]!.text);
  const contactAbove = before !== null && !before.firm && isPersonalName(before.text) && formAt === 1 && !formAlone;
  // A name run over two lines is set in one style: a heading in capitals above a name in small letters is not part of it.
  // Nor is a line above the attention line the company's name is under ("Steinenv" / "À l'attention de …" / "Aare SA":
  // what is left of a return line); a name runs on to the next line.
  const adjacent = before !== null && named.indexOf(before) + 1 === named.indexOf(organisations[formAt]!);
  const continues =
    before !== null &&
    formAt === 1 &&
    adjacent &&
    (formAlone || (!contactAbove && inCapitals(before.text) === inCapitals(organisations[1]!.text)));
  // A firm's salutation ("Spett.le", "Firma") stands before the company's name: a line above it (what is left of a return
  // line, a speck read as text) is none of it; its legal form may follow on the next line.
  const firmAt = organisations.findIndex((line) => line.firm);
  // Without a legal form, a name the block's first line repeats at its end (a logo's print of it: "LOGO ACME" over a
  // trade name and "ACME") is the company's: printed twice, it is the one the sender goes by.
  const repeated =
    formAt < 0 && firmAt < 0 ? organisations.slice(1).find((line) => endsWithName(organisations[0]!.text, line.text)) : undefined;
  // Without a legal form, a person's name in small letters over a name in capitals: the capitals are the firm's, the person
  // its contact ("Contact Acheteur" / "L'ACHETEUR").
  const personOverFirm =
    formAt < 0 &&
    firmAt < 0 &&
    !repeated &&
    organisations.length >= 2 &&
    isPersonalName(organisations[0]!.text) &&
    inCapitals(organisations[1]!.text)
      ? organisations[0]!
      : null;
  const companyLines = repeated
    ? [repeated]
    : personOverFirm
      ? [organisations[1]!]
      : firmAt >= 0
        ? organisations.slice(firmAt, formAt === firmAt + 1 && !hasLegalForm(organisations[firmAt]!.text) ? firmAt + 2 : firmAt + 1)
        : formAt < 0
          ? organisations.slice(0, 1)
          : continues
            ? organisations.slice(0, 2)
            : [organisations[formAt]!];
  // The name's legal form run on to the next line ("Kranich GmbH &" / "Co. KG", "Muster GmbH" / "& Co. KG"): it is the name's.
  const after = organisations[organisations.indexOf(companyLines.at(-1)!) + 1];
  if (after && (/[&+]$/u.test(companyLines.at(-1)!.text.trim()) || LEGAL_FORM_RUN_ON.test(after.text.trim()))) companyLines.push(after);
  // Lines after the company: a department, or a contact printed without a prefix, alone or first, above a department
  // ("Lieferant GmbH" / "Max Mustermann" / "Muster-Einkauf").
  const rest = organisations.slice(organisations.indexOf(companyLines.at(-1)!) + 1);
  // A line that begins with the company's first word ("Global Goods Inc." / "Global Goods Retail") is its trade name.
  const contactBelow =
    (rest.length === 1 ? isPersonName(rest[0]!.text) : rest.length > 1 && isPersonalName(rest[0]!.text)) &&
    !sharesFirstWord(rest[0]!.text, companyLines[0]!.text);
  const contact = people[0]?.text ?? personOverFirm?.text ?? (contactAbove ? before.text : contactBelow ? rest[0]!.text : null);
  return { company: endingAtLegalForm(companyNameRead(companyLines.map((line) => line.text).join(' '))), contact };
};

/**
 * A company's name with what OCR does to its legal form undone: the form's letters and marks misread (`withLegalFormRead`),
 * its umlaut lost ("UG (haftungsbeschrankt)"), a speck's full stop before it ("Molenwiek. V.O.F."), a speck's dash glued
 * to a word's start ("Les -Tilleuls EURL").
 */
export const companyNameRead = (name: string): string =>
  withLegalFormRead(withoutSpeckBeforeLegalForm(withoutDashBeforeWord(withUmlautsRead(name))));

/**
 * A dash after a space, glued to a capitalised word of a name ("Les -Tilleuls EURL"): a speck a scan read as one. A name's
 * hyphen joins two words without spaces ("Müller-Lüdenscheid") or stands apart between them ("Kaffee - Bar"), never so.
 */
const withoutDashBeforeWord = (company: string): string => company.replace(/(?<=\S\s+)-(?=\p{Lu}\p{Ll})/gu, '');

// The bracket that belongs to a form ("UG (haftungsbeschränkt)"): the form ends after it.
const FORM_BRACKET = /^\s?\(haftungsbeschr\p{L}nkt\)/iu;

/**
 * A company name ends at its legal form when a word in lower case follows: "Muster AG c/o Regus",
 * "e-Luscious Nederland B.V. iov Saeco.com" name another party after it; a speck OCR read as a letter after a
 * form in brackets ("UG (haftungsbeschränkt) x") is none of the name either. The form must be printed as one
 * (a capital or a dot): "se" and "sa" are words too.
 */
const endingAtLegalForm = (company: string): string => {
  for (const form of allMatches(company, LEGAL_FORM, 'giu')) {
    const formEnd = form.index + form[0].length;
    const end = formEnd + (FORM_BRACKET.exec(company.slice(formEnd))?.[0].length ?? 0);
    if (/[\p{Lu}.]/u.test(form[0]) && /^\s+\p{Ll}/u.test(company.slice(end))) return company.slice(0, end);
  }
  return company;
};

/**
 * A full stop a speck left after a name's word, right before its legal form ("Molenwiek. V.O.F."): no word of five small
 * letters or more is abbreviated so ("Gebr.", "Bros.", "Co." are, and stay).
 */
const withoutSpeckBeforeLegalForm = (company: string): string => {
  for (const form of allMatches(company, LEGAL_FORM, 'giu')) {
    const before = company.slice(0, form.index);
    if (/\p{Lu}\p{Ll}{5,}\.\s+$/u.test(before)) return `${before.replace(/\.(?=\s+$)/u, '')}${company.slice(form.index)}`;
  }
  return company;
};

// "UG (haftungsbeschränkt)": a legal form's word that is only ever printed with its umlaut, which OCR drops or reads as
// another vowel's ("haftungsbeschrünkt", "haftungsbeschrönkt"): any one letter there is the ä.
const UMLAUT_LOST = /(?<=\(\s?haftungsbeschr)(?![äÄ])\p{L}(?=nkt\s?\))/giu;

/** The company name with the umlaut of its legal form restored where OCR lost or misread it ("UG (haftungsbeschrankt)"). */
const withUmlautsRead = (company: string): string =>
  company.replace(UMLAUT_LOST, (letter) => (letter === letter.toUpperCase() ? 'Ä' : 'ä'));

/** Letters OCR confuses with a lower-case L: "S.r.1.", "Sag!", "Supplies pic". */
const READ_FOR_L = /[1!iI|]/g;

/**
 * What a scan does to a legal form's letters and marks, which are few and known: a bracket or bar added beside its dots
 * ("S.r.l]."), a colon after it ("AG:"), a dot read as a comma ("S,n.c."), an O of a dotted form read as a zero ("V.0.F."), the grave accent of
 * "Sàrl" read as another mark ("Särl"); nothing of it is read so in a name.
 */
const withLegalFormMarksRead = (word: string): string => {
  if (/^[^:]+:$/u.test(word)) return word.slice(0, -1);
  const unbracketed = /\p{L}[.,]/u.test(word) ? word.replace(/[[\]|(){}]/gu, '') : word;
  const dotted = /^(?:\p{L}[.,]){2,}\p{L}?[.,]?$/u.test(unbracketed) ? unbracketed.replace(/,/g, '.') : unbracketed;
  const zeroRead = dotted.replace(/0/g, 'O');
  const capitals = /^(?:\p{Lu}[.,]?)+$/u.test(zeroRead) ? zeroRead : dotted;
  return capitals.replace(/(?<=^s)[äáâ](?=rl\.?$)/iu, 'à');
};

/** Letters OCR read as others of their shape: "rn" for m ("GrnbH"), a 5 for S and an 8 for B at a form's head ("5.p.A.", "8.V."). */
const withFormLettersRead = (word: string): string => word.replace(/rn/gu, 'm').replace(/^5/u, 'S').replace(/^8/u, 'B');

/**
 * The readings of a dotted form one of whose dots OCR lost between two letters ("VO.F.", "eK."): each with a dot put back
 * after one letter. Only a word that keeps another of its dots, and is no form written without dots but for a speck's
 * full stop after it ("SA.", "BV." stay: "SA", "BV" are forms as written).
 */
const withLostDotsRead = (word: string): string[] =>
  /^(?=.*\.)(?:\p{L}\.?){2,4}$/u.test(word) && !isLegalFormWord(word.replace(/\.$/u, ''))
    ? [...word].flatMap((letter, index) =>
        /\p{L}/u.test(letter) && /\p{L}/u.test(word[index + 1] ?? '') ? [`${word.slice(0, index + 1)}.${word.slice(index + 1)}`] : [],
      )
    : [];

/** "Lid", "Lld", "Lfd": the t of "Ltd" read as a letter of a stroke like it; no other legal form has a t to misread. */
const withLimitedRead = (word: string): string => word.replace(/^(L)[iIlf1](d\.?)$/u, '$1t$2');

const isLegalFormWord = (word: string): boolean => LEGAL_FORM.exec(word)?.[0].length === word.length;

/**
 * A word where a legal form stands, as printed where OCR misread it: an l read as 1, ! or i ("S.r.1." → "S.r.l."), the
 * marks of a dotted form ("S.r.l]." → "S.r.l.", "S,n.c." → "S.n.c.", "V.0.F." → "V.O.F."), "Särl" → "Sàrl", "Lid" → "Ltd",
 * "GrnbH" → "GmbH", "5.p.A." → "S.p.A.", a dot lost ("VO.F." → "V.O.F."); the word as read where it is a legal form already or
 * no reading makes it one.
 */
const legalFormRead = (word: string): string => {
  if (isLegalFormWord(word)) return word;
  const marksRead = withLegalFormMarksRead(word);
  // A capitalized word is a name ("Atelier Pic"); legal forms whose l OCR garbles are lower case or dotted.
  const lRead = /^\p{Lu}\p{Ll}+$/u.test(marksRead) ? marksRead : marksRead.replace(READ_FOR_L, 'l');
  return (
    [marksRead, lRead, withLimitedRead(marksRead), withFormLettersRead(marksRead), ...withLostDotsRead(marksRead)].find(isLegalFormWord) ??
    word
  );
};

// A partnership's form after a company's: "GmbH & Co. KG", "S.a.r.l. & Cie".
const PARTNERSHIP_AFTER = /^(?:co\.?|cie\.?)$/iu;

/**
 * The company name with its legal form as printed, where OCR misread it (`legalFormRead`; "e K." → "e.K."). The words
 * where a legal form stands: the last (and a letter before it), and the company's form before a partnership's "& Co."
 * ("Kranich GrnbH & Co. KG"); each only where it is no legal form as read and is one read so.
 */
const withLegalFormRead = (company: string): string => {
  const words = company.split(' ');
  const last = words.at(-1)!;
  // A dotted form's first dot read as a space, a speck small type loses ("Elbtal e K.", "Duinzand B V."): one letter,
  // then the rest of a dotted form.
  const before = words.at(-2);
  if (
    !isLegalFormWord(last) &&
    words.length >= 3 &&
    before !== undefined &&
    /^\p{L}$/u.test(before) &&
    /^\p{L}\./u.test(last) &&
    isLegalFormWord(`${before}.${last}`)
  )
    return `${words.slice(0, -2).join(' ')} ${before}.${last}`;
  return words
    .map((word, index) => {
      const formBeforePartnership = index >= 1 && words[index + 1] === '&' && PARTNERSHIP_AFTER.test(words[index + 2] ?? '');
      return index === words.length - 1 || formBeforePartnership ? legalFormRead(word) : word;
    })
    .join(' ');
};

export interface ParsedAddress {
  address: PostalAddress;
  /** The index of the line each filled field was read from. */
  lineOf: Partial<Record<keyof PostalAddress, number>>;
}

/**
 * The address of a block of lines, top down: names, then street or post office box, then postal code
 * and city, perhaps a country line. Null unless a postal line is among them.
 */
// A French street's kind, in small letters, then its name (after its particles, capitalized).
const KIND_MISREAD = /^(?<kind>\p{Ll}\p{L}{1,9})(?<name> (?:(?:de|du|des|la|le|d'|l')\s?)*\p{Lu}[\p{L}'’-]+(?: [\p{L}'’-]+){0,3})$/u;
const FRENCH_STREET_KINDS = ['rue', 'avenue', 'allée', 'quai', 'cours', 'boulevard', 'place', 'chemin', 'impasse', 'route', 'passage'];

/** A French street's kind OCR misread one letter of ("avenuc", "qual"), as printed; else the word as read. */
const streetKindOf = (word: string): string => {
  const bare = withoutAccents(word);
  const kinds = FRENCH_STREET_KINDS.filter((kind) => oneEditApart(bare, withoutAccents(kind)));
  return kinds.length === 1 ? kinds[0]! : word;
};

// The kinds of street printed before the street's name (Romance languages) and after it (English): a closed class.
const LEADING_STREET_KINDS = [
  'via',
  'viale',
  'corso',
  'piazza',
  'piazzale',
  'vicolo',
  'largo',
  'rue',
  'avenue',
  'allée',
  'quai',
  'cours',
  'boulevard',
  'place',
  'chemin',
  'impasse',
  'route',
  'passage',
  'calle',
  'avenida',
  'plaza',
  'paseo',
  'rua',
];
const TRAILING_STREET_KINDS = [
  'street',
  'road',
  'lane',
  'row',
  'drive',
  'way',
  'avenue',
  'court',
  'terrace',
  'square',
  'place',
  'close',
  'crescent',
  'gardens',
  'grove',
  'walk',
  'parade',
];

const STREET_LANGUAGES = ['en', 'de', 'fr', 'it'] as const;

/** The word with the letters of another, in its case: capitalized, in capitals or small. */
const inCaseOfWord = (word: string, model: string): string => {
  if (/^\p{Lu}+$/u.test(model) && model.length > 1) return word.toUpperCase();
  return /^\p{Lu}/u.test(model) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
};

/**
 * The street with its kind as printed where OCR misread a letter of it ("Mill Lape" for Mill Lane, "Viaie Roma" for Viale
 * Roma): the first word (Romance languages) or the last (English) of a street of two words or more, no kind itself and no
 * common word of the languages, one letter from exactly one kind of that place; a word of three letters only with the
 * kind's first letter and one letter changed ("Vla", "Rne"), so that a name of three letters is not taken for a kind.
 */
export const withStreetKind = (street: string): string => {
  const words = street.split(' ');
  if (words.length < 2) return street;
  const repaired = (word: string, kinds: readonly string[]): string => {
    const bare = withoutAccents(word).toLowerCase();
    if (!/^\p{L}{3,}$/u.test(word) || kinds.some((kind) => withoutAccents(kind) === bare)) return word;
    // A word of a language is printed as read ("Am Wall", "Cour des Miracles", "Vis" the French word).
    if (isCommonWord(bare, STREET_LANGUAGES)) return word;
    const near = kinds.filter(
      (kind) => oneEditApart(bare, withoutAccents(kind)) && (bare.length > 3 || (bare.length === kind.length && bare[0] === kind[0])),
    );
    return near.length === 1 ? inCaseOfWord(near[0]!, word) : word;
  };
  const first = repaired(words[0]!, LEADING_STREET_KINDS);
  const last = first === words[0] ? repaired(words.at(-1)!, TRAILING_STREET_KINDS) : words.at(-1)!;
  return [first, ...words.slice(1, -1), ...(words.length > 1 ? [last] : [])].join(' ');
};

/** Whether two words are at most one letter apart: one changed, left out or added. */
const oneEditApart = (a: string, b: string): boolean => {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
};

// "No. 42, 3rd Cross, Indiranagar", "Plot 18, Electronic City Phase 1", "#12, MG Road": a house or plot number under its
// label first, the street and locality after the comma, as Indian addresses print them.
const LABELLED_NUMBER_FIRST =
  /^(?:no\.?|#|plot(?: no\.?)?|door no\.?|house no\.?)\s*(?<number>\d{1,5}[a-z]?(?:[/-]\d{1,5}[a-z]?)?),\s+(?<street>(?:\d{1,3}(?:st|nd|rd|th) )?\p{L}.*)$/iu;
// "2-14-5 Shibaura, Minato-ku": a Japanese address's block and building numbers, then its district and ward.
const BLOCK_NUMBER_FIRST = /^(?<number>\d{1,2}-\d{1,4}(?:-\d{1,4})?) (?<street>\p{Lu}[\p{L}'’-]+(?:, \p{Lu}[\p{L}'’-]+)?)$/u;

/**
 * "111 Deansgate", "4 Park Row": a number and a street name without a street word, read as the street only
 * where an address puts it, between the names and the town line; so also a Japanese block number or an Indian house
 * number under its label before the locality, and a French street whose kind ("avenue", "quai") OCR misread.
 */
const namedStreetAboveTown = (text: string): { street: string; houseNumber: string } | null => {
  const blockFirst = BLOCK_NUMBER_FIRST.exec(cleanLine(text))?.groups ?? LABELLED_NUMBER_FIRST.exec(cleanLine(text))?.groups;
  if (blockFirst) return { street: blockFirst.street!, houseNumber: blockFirst.number! };
  // A speck read as a point after the number ("107. Mill Lane"): no house number is written so.
  const match = NUMBER_FIRST.exec(cleanLine(text).replace(/^(\d{1,5})\. /, '$1 '))?.groups;
  if (!match || hasLegalForm(match.street!)) return null;
  if (/^\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+){0,3}$/u.test(match.street!)) return { street: match.street!, houseNumber: match.number! };
  // "74 avenuc Foch", "8 qual de la Fosse": a French street's kind in small letters, which OCR misread, then its name.
  const misread = KIND_MISREAD.exec(match.street!)?.groups;
  if (!misread) return null;
  return { street: withParticlesApart(`${streetKindOf(misread.kind!)}${misread.name}`), houseNumber: match.number! };
};

/** Whether a line right above the town's reads as its street, though no street word says so ("111 Deansgate", "No. 42, 3rd Cross"). */
export const isStreetAboveTown = (text: string): boolean => namedStreetAboveTown(text) !== null;

/**
 * The line right above the town's, between the names and it, read as a street where no street word says so: a name and a
 * number ("111 Deansgate"), also where OCR misread one digit of the number ("Deansgate l52") or read a digit for one
 * letter of the name ("23 Park R0w").
 */
const streetAboveTown = (text: string): { street: string; houseNumber: string | null } | null => {
  const named = namedStreetAboveTown(text);
  if (named) return named;
  // A digit OCR read for one letter of the street's name ("23 Park R0w", "5teinenvorstadt 21") is the letter of its shape.
  for (const read of [withHouseNumberRead(text), withTownLettersRead(cleanLine(text))]) {
    if (read === null || hasLegalForm(read)) continue;
    const parsed = streetLineAsPrinted(read) ?? namedStreetAboveTown(read);
    if (parsed?.houseNumber) return parsed;
  }
  return null;
};

export const parseAddressLines = (lines: readonly string[]): ParsedAddress | null => {
  const found = findPostal(lines);
  if (!found) return null;
  const { postal, codeIndex } = found;
  const countryIndex = lines.findIndex((line, index) => index > codeIndex && countryFromName(line) !== null);
  const { address, lineOf } = namesAndStreetAbove(lines, found.cityIndex);
  lineOf.postal_code = codeIndex;
  lineOf.city_name = found.cityIndex;
  const country = postal.country ?? (countryIndex >= 0 ? countryFromName(lines[countryIndex]!) : null);
  if (country !== null) lineOf.country_code = postal.country ? codeIndex : countryIndex;
  // The town's name as the post knows it, where OCR dropped its accents or cut it short.
  const city = country === 'GB' ? withBritishPostTown(postal.city, postal.postalCode) : withTownAccents(postal.city, postal.postalCode);
  return { address: { ...address, postal_code: postal.postalCode, city_name: city, country_code: country }, lineOf };
};

/**
 * A block under a party label whose postal code OCR broke (read apart from its town, or garbled): names, a
 * street line and the town alone on the line under it. Null unless the lines end in a street and a town.
 */
export const parseAddressWithoutPostalCode = (lines: readonly string[]): ParsedAddress | null => {
  const townIndex = lines.length - 1;
  if (townIndex < 2 || !isTown(lines[townIndex]!)) return null;
  const { address, lineOf } = namesAndStreetAbove(lines, townIndex);
  if (lineOf.street !== townIndex - 1 || (address.company_name === null && address.contact_person_name === null)) return null;
  lineOf.city_name = townIndex;
  return { address: { ...address, city_name: cleanLine(lines[townIndex]!) }, lineOf };
};

/**
 * A window address whose postal line OCR did not deliver at all: names, then a street line with its house number, and
 * nothing after it. Null unless the last line is such a street line and a company or contact is named above it.
 */
export const parseAddressWithoutPostalLine = (lines: readonly string[]): ParsedAddress | null => {
  const streetIndex = lines.length - 1;
  // A street without a street word ("152 Deansgate") only under an attention line, which says the lines are an address.
  const attention = lines.some((line) => attentionPrefix(line) !== null);
  const street = parseStreetLine(lines[streetIndex]!) ?? (attention ? streetAboveTown(lines[streetIndex]!) : null);
  if (streetIndex < 1 || !street?.houseNumber) return null;
  const { address, lineOf } = namesAndStreetAbove(lines, lines.length);
  if (lineOf.street !== streetIndex || (address.company_name === null && address.contact_person_name === null)) return null;
  return { address, lineOf };
};

/** A line that names a street by its word, with its house number ("1, rue de l'Acheteur", "456 Buyer St"). */
const isNamedStreet = (text: string): boolean => namesNumberedStreet(parseStreetLine(text));

/**
 * A line of an address's complement ("Cour de l'acheteur, Bâtiment B", "Suite 200", "Building A", "1. Stock"): words
 * that are no street with its number, no company's name, no one's attention, no contact detail and no postal line.
 */
const isComplementLine = (text: string): boolean => {
  const line = cleanLine(text);
  return (
    /\p{L}{2}/u.test(line) &&
    !/\d{4}|@|www\.|:/u.test(line) &&
    !hasLegalForm(line) &&
    attentionPrefix(line) === null &&
    !isNamedStreet(line)
  );
};

// Lines of an address's complement an address prints between its street and its town, at most.
const MAX_COMPLEMENT_LINES = 2;

/** How many lines of the address's complement stand right above its town's line, under its street: none where no street is. */
export const complementLinesAbove = (lines: readonly string[], postalIndex: number): number => {
  for (let count = 1; count <= MAX_COMPLEMENT_LINES && postalIndex - count - 1 >= 0; count++) {
    if (!isComplementLine(lines[postalIndex - count]!)) return 0;
    if (isNamedStreet(lines[postalIndex - count - 1]!)) return count;
  }
  return 0;
};

/** The names and the street or post office box of a block, above its postal (or town) line at `postalIndex`. */
const namesAndStreetAbove = (lines: readonly string[], postalIndex: number): ParsedAddress => {
  const lineOf: ParsedAddress['lineOf'] = {};
  let street: ReturnType<typeof parseStreetLine> = null;
  let poBox: string | null = null;
  // The address's complement between its street and its town is passed over: the street is read above it.
  const streetsEnd = postalIndex - complementLinesAbove(lines, postalIndex);
  let namesEnd = streetsEnd;
  for (let index = streetsEnd - 1; index >= 0 && index >= streetsEnd - 2; index--) {
    const box = parsePoBox(lines[index]!);
    const parsed = box
      ? null
      : (parseStreetLine(lines[index]!) ?? (index === streetsEnd - 1 && index > 0 ? streetAboveTown(lines[index]!) : null));
    if (!box && !parsed) break;
    // A line without a number that names a company or someone's attention ("Vallée Bleue SA", "Attn. Camille Girard") is
    // a name, whatever street word its letters hold.
    if (parsed && !parsed.houseNumber && (hasLegalForm(lines[index]!) || attentionPrefix(lines[index]!) !== null)) break;
    // A line without a house number above the street ("Papeterie am Platz" over "Goethestraße 34") is a name.
    if (parsed && street?.houseNumber && !parsed.houseNumber) break;
    if (box && poBox === null) {
      poBox = box;
      lineOf.post_office_box = index;
    } else if (parsed && (street === null || (STREET_WORD.test(parsed.street) && !STREET_WORD.test(street.street)))) {
      // Of two street-like lines ("Pappelallee 15", "Hof 3") the one naming a street is the street.
      street = parsed;
      lineOf.street = index;
      if (parsed.houseNumber) lineOf.house_number = index;
    }
    namesEnd = index;
  }
  const nameLines = lines.slice(0, namesEnd);
  const { company, contact } = splitNames(nameLines);
  if (company !== null) lineOf.company_name = nameLines.findIndex((line) => line.includes(company.split(' ')[0]!));
  if (contact !== null) lineOf.contact_person_name = nameLines.findIndex((line) => line.includes(contact));
  return {
    address: {
      company_name: company,
      contact_person_name: contact,
      street: street?.street ?? null,
      house_number: street?.houseNumber ?? null,
      post_office_box: poBox,
      postal_code: null,
      city_name: null,
      country_code: null,
    },
    lineOf,
  };
};
