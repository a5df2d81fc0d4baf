import type { DocumentText, TextLine } from '../../layout/document-text.js';
import { findDates } from '../../values/parse-date.js';
import { COMPANY_FORM, LEGAL_FORM } from '../../vocabulary/till-receipt-terms.js';
import { text, lettersIn } from './print.js';

/** Whether a line is printed in lower case on a receipt printed in capitals: a note written on it, not the till's. */
export const isHandwrittenNote = (line: string, document: DocumentText): boolean => {
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
export const isRegister = (line: TextLine): boolean => {
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

export const isDateAndTime = (line: string): boolean => findDates(line).length > 0 && lettersIn(line.replace(DATE_WORDS, '')) <= 2;
const DATE_WORDS = /(?<!\p{L})(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)\p{L}*|[ap]\.?m\.?(?!\p{L})/giu;

export const isNameLike = (line: string): boolean => lettersIn(line) >= 3 && lettersIn(line) >= line.replace(/\s/g, '').length * 0.5;

/** A register number in brackets within the name line: "TEO HENG STATIONERY(001451637-M) & BOOKS". */
export const REGISTER_IN_NAME = /\s*\(\s*[A-Z]{0,3}[\s-]?\d[\dA-Z-]*(?: [A-Z])?\s*\)\s*/gu;
export const hasRegisterInName = (value: string): boolean => value.replace(REGISTER_IN_NAME, ' ') !== value;

// A brand written in camel case joins whole words ("PappaRich", "MyNews"); OCR's mixed case is a letter or two ("RnA").
export const CAMEL_CASE = /^(?:\p{Lu}\p{Ll}{1,}){2,}$/u;

/**
 * Lines a scan makes of a logo or a smudge: words mixing case inside ("RnA"), or hardly any word of
 * two letters or more.
 */
export const looksGarbled = (line: string): boolean => {
  const tokens = line.split(/\s+/).filter((token) => /\p{L}/u.test(token));
  const mixedCase = tokens.filter(
    (token) => /\p{Ll}\p{Lu}/u.test(token) && !COMPANY_FORM.test(token) && !/^Ma?c\p{Lu}/u.test(token) && !CAMEL_CASE.test(token),
  ).length;
  // An initialism joined by "&" ("S&Y", "A&W") is a word as a name prints it.
  const words = tokens.filter((token) => /\p{L}{2,}|^\p{L}&\p{L}$/u.test(token)).length;
  return mixedCase > 0 || words === 0 || words < (tokens.length * 2) / 3;
};

// Every legal form and company word of a text, for removing them: global copies made once, not at every call.
export const EVERY_LEGAL_FORM = new RegExp(LEGAL_FORM.source, 'giu');
const EVERY_COMPANY_FORM = new RegExp(COMPANY_FORM.source, 'giu');

// A line that is nothing but a legal form ("SDN BHD" under "PASARAYA BORONG PINTAR") ends the name above it.
// So does a line of nothing but company words and a legal form ("CO. (M) SDN BHD" under "POPULAR BOOK"); "(M)" marks Malaysia.
export const isLegalFormAlone = (value: string): boolean =>
  LEGAL_FORM.test(value) &&
  value
    .replace(EVERY_LEGAL_FORM, '')
    .replace(EVERY_COMPANY_FORM, '')
    .replace(/\(\p{Lu}{1,2}\)/gu, '')
    .replace(/[\s.,()-]/g, '') === '';

// A name that ends in "&" or "AND" goes on on the next line ("HOME MASTER HARDWARE &" / "ELECTRICAL"); one that
// starts with "&" goes on from the line above ("THE COFFEE BEAN" / "& TEA LEAF (M) SDN. BHD.").
export const CONTINUES = /(?:&|\band)$/iu;
export const CONTINUED = /^&/u;

export const LABELLED_ID =
  /^\(?(?=[\p{L}. ()/]*(?<!\p{L})(?:gst|sst|vat|tax|reg|regn|company|co|roc|br)(?!\p{L}))(?:[\p{L}. ()/]{2,25}:|[\p{L}. ()/]{0,20}(?<!\p{L})no\.?\s*|[\p{L}. ()/]{2,20}\s(?=\d{6}))\s*[\dA-Z][\d\sA-Z()-:]*$/iu;

/** An item's line, its price last (a tax code after it): no address line ends in an amount ("WS CUT SCISSORS 18.00 S"). */
export const ENDS_IN_PRICE = /(?<![\d.,])\d{1,6}[.,]\d{2}(?:\s+\S)?$/u;

/** A line wholly in brackets: a note under the name ("(TONYMOLY SHOP (95874))"), neither the name nor its address. */
export const isBracketNote = (value: string): boolean => /^\(.*\)$/u.test(value);

// A number's label whose number OCR set on another line ("(Co. No.", "GST Reg No :") is no name.
export const LABEL_ALONE = /^\(?[\p{L}. ()]{0,25}(?:(?<!\p{L})(?:no|number)\.?\s*:?|:)$/iu;

// A greeting above the name ("TQ FOR SHOPPING WITH MYNEWS.COM", "WELCOME TO …") names the chain at most, not the shop.
export const GREETING = /(?<!\p{L})(?:(?:tq|thanks?|thank you) for (?:shopping|visiting|dining|choosing)|welcome to)(?!\p{L})/iu;
