/** A table's vertical rule read as a bar glued to a number in its cell: "|1,304.63|", "(9962|", "8 265,26|". */
const RULES_AT_A_NUMBER = /^[|¦]+(?=[(\d])|(?<=[\d)])[|¦]+$/gu;
/** A speck read as a point before an amount that has its own decimal mark (".1578.18", ".1.12"). */
const SPECK_BEFORE_AMOUNT = /^[.,·](?=\d[\d']*[.,]\d{2}$)/u;

/**
 * An OCR word without what a scan adds around a number: the vertical rule of a table's cell glued to it,
 * and a speck read as a point before an amount. A bar standing alone is left: documents print bars
 * between the parts of a line ("Muster AG | Bahnhofstrasse 1"), and it separates them as printed. Words
 * of a PDF's text layer are never passed here: their glyphs are printed.
 */
export const withoutScanNoise = (word: string): string => word.replace(RULES_AT_A_NUMBER, '').replace(SPECK_BEFORE_AMOUNT, '');
