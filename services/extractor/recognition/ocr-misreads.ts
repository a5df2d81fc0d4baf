/** "mm?", "g/m?", "3x1.5mm?": a unit of length whose superscript two OCR read as a question mark. */
const AREA_UNIT_READ_AS_QUESTION = /(?<=(?:^|[\d/(])(?:m|mm|cm|dm|km))\?(?=\)?$)/u;
/** "StraBe", "Strafie", "strabe": the German sharp s of "Straße" read as a B or "fi". */
const SHARP_S_OF_STRASSE = /(?<=stra)(?:B|fi|fl|b)(?=e(?:n)?$)/iu;

/**
 * A word as printed where OCR is known to misread it: Tesseract's models read the raised small "²" of
 * square units as "?" (a question mark right after a unit of length ends no question), and the "ß" of
 * "Straße", the most printed word of German addresses, as "B" or "fi".
 */
export const correctMisreads = (word: string): string => word.replace(AREA_UNIT_READ_AS_QUESTION, '²').replace(SHARP_S_OF_STRASSE, 'ß');
