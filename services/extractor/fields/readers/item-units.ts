import { withAccentsRestored, type AccentLanguage } from '../values/spelling-accents.js';

/**
 * Units of measure as invoices print them beside a quantity, in the documents' languages: pieces ("pcs", "Stk.",
 * "pce", "pz", "st"), time ("h", "Std.", "ore"), weight, length, area and volume, flat rates and packs. Used to set
 * right a unit OCR misread by one letter ("pes" for "pcs", "Sd." for "Std."), never to reject a unit it does not know.
 */
const KNOWN_UNITS = [
  // pieces and packs
  'pcs',
  'pc',
  'pce',
  'pces',
  'pièce',
  'pièces',
  'pz',
  'pz.',
  'pzi',
  'Stk',
  'Stk.',
  'Stck',
  'Stück',
  'st',
  'st.',
  'stuk',
  'stuks',
  'each',
  'ea',
  'unit',
  'units',
  'pack',
  'Pkg',
  'Pkg.',
  'Pkt',
  'Pkt.',
  'Paket',
  'page',
  'pages',
  'Seite',
  'Seiten',
  'Blatt',
  'Karton',
  'box',
  'set',
  'Set',
  'Paar',
  'pair',
  'roll',
  'Rolle',
  'ream',
  'Ries',
  // time
  'h',
  'hr',
  'hrs',
  'hours',
  'Std',
  'Std.',
  'Stunden',
  'ore',
  'uur',
  'heure',
  'heures',
  'day',
  'days',
  'Tag',
  'Tage',
  'jour',
  'jours',
  'giorno',
  'giorni',
  'dag',
  'dagen',
  'Monat',
  'month',
  'mois',
  'mese',
  'maand',
  // measures
  'kg',
  'g',
  't',
  'Liter',
  'litre',
  'm',
  'm2',
  'm²',
  'm3',
  'm³',
  'cm',
  'mm',
  'km',
  'l',
  'L',
  'ml',
  'cl',
  // flat rates
  'forfait',
  'pausch.',
  'Pauschale',
  'psch.',
  'flat',
  'lump sum',
  'a corpo',
  'forfettario',
];
const BY_TEXT = new Set(KNOWN_UNITS);

// Letters OCR reads for one another: a c as an e, a point as a comma, an l as an i or a 1, an o as a 0.
const CONFUSED = ['ce', '.,', 'li', 'l1', 'o0', 'O0'];
const confused = (read: string, printed: string) => CONFUSED.some((pair) => pair === printed + read || pair === read + printed);

/** Whether `read` is `known` with one letter read for another it looks like ("pes" for "pcs", "Stk," for "Stk."). */
const oneLetterMisread = (read: string, known: string): boolean => {
  if (read.length !== known.length) return false;
  const differing = [...read].flatMap((letter, index) => (letter === known[index] ? [] : [[letter, known[index]!] as const]));
  return differing.length === 1 && confused(...differing[0]!);
};

/** Whether `read` is `known` with one of its letters dropped ("Sd." for "Std."). */
const oneLetterDropped = (read: string, known: string): boolean =>
  known.length === read.length + 1 && [...known].some((_, index) => known.slice(0, index) + known.slice(index + 1) === read);

/**
 * A unit as printed: as read where it is a known unit; else the one known unit of three letters or more that it is
 * with one letter read for one it looks like ("pes" → "pcs", "Stk," → "Stk."; not "Pkt." → "Pkg." nor "page" →
 * "Tage"), or else with one letter dropped ("Sd." → "Std."). Two
 * candidates leave it as read, and so do units of fewer than three letters, where a letter is too much of them.
 */
const knownUnitAsPrinted = (read: string): string => {
  const text = read.replace(/^['‘’`"“”]+/u, '');
  if (text.length < 3 || /\s/.test(text) || BY_TEXT.has(text)) return text === '' ? read : text;
  const long = KNOWN_UNITS.filter((known) => known.length >= 3);
  for (const test of [oneLetterMisread, oneLetterDropped]) {
    const candidates = long.filter((known) => test(text, known));
    if (candidates.length === 1) return candidates[0]!;
    if (candidates.length > 1) return text;
  }
  return text;
};

/**
 * A unit OCR read, as printed: the known unit it is misread from (knownUnitAsPrinted), else with the accents OCR dropped
 * given back from the spelling dictionary of the document's languages ("Unites" → "Unités").
 */
export const unitAsPrinted = (read: string, languages: readonly AccentLanguage[] = []): string => {
  const unit = knownUnitAsPrinted(read);
  return BY_TEXT.has(unit) ? unit : withAccentsRestored(unit, languages);
};
