import type { TextLine } from '../../layout/document-text.js';
import { CLOSING_WORDS, COMPANY_FORM, LEGAL_FORM, SHOP_WORDS } from '../../vocabulary/till-receipt-terms.js';
import { parseStreetLine } from '../../values/postal-address.js';
import { text, trimPunctuation, heightOf } from './print.js';
import {
  isRegister,
  isNameLike,
  REGISTER_IN_NAME,
  hasRegisterInName,
  looksGarbled,
  EVERY_LEGAL_FORM,
  isLegalFormAlone,
  CONTINUES,
  CONTINUED,
  isBracketNote,
  LABEL_ALONE,
  GREETING,
} from './line-kinds.js';
import { opensAddress, isStreetWithoutNumber, postalOf, isPostalLine, TITLE_LINE } from './address-lines.js';
import { hasMisreadMark } from './name-misreads.js';

export const MAX_LINES_BEFORE_NAME = 3;
const MAX_NAME_LINES = 3;
// A postal code and the place after it: "81100 JOHOR BAHRU", "8001 Zürich", "D-10115 Berlin", "53200. KUALA LUMPUR.".
// A Dutch code keeps its two letters ("3511 LX Utrecht"), also with a speck read as a full stop after them.
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
export const nameOf = (header: TextLine[]): { best: NameCandidate; runnerUp: number } | null => {
  const candidates = nameCandidates(header);
  const best = candidates.reduce<NameCandidate | null>(
    (chosen, candidate) => (candidate.score > (chosen?.score ?? 0) ? candidate : chosen),
    null,
  );
  if (best === null) return null;
  const runnerUp = Math.max(0, ...candidates.filter((candidate) => candidate !== best).map((candidate) => candidate.score));
  return { best, runnerUp };
};

/**
 * How likely the shop's name is right, from the header's structure: a registered legal form, a register
 * number in or under it and the address right below speak for it, so does no other line coming close
 * (the best's score ahead by 3: a legal form, a register number, an address below outweigh any guess);
 * a line chosen without any of these among lines as likely is a guess. A name below the header's first
 * line was judged over the lines above it (a brand, an outlet, a logo read as letters), which is where
 * such rules err; a misread's mark makes a name doubtful however well placed. Times legibility, as every
 * finding.
 */
export const nameConfidence = ({ best, runnerUp }: { best: NameCandidate; runnerUp: number }, name: string): number => {
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
export const whatSpeaksFor = ({ best, runnerUp }: { best: NameCandidate; runnerUp: number }): string =>
  [
    best.legalForm && 'a legal form',
    best.registered && 'a register number',
    best.addressBelow && 'the address below',
    best.score - runnerUp >= DECISIVE_LEAD ? 'no close rival' : 'a close rival',
    `header line ${best.at + 1}`,
  ]
    .filter(Boolean)
    .join(', ');
