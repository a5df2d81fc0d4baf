/** A table's vertical rule read as a bar glued to a number in its cell: "|1,304.63|", "(9962|", "8 265,26|". */
const RULES_AT_A_NUMBER = /^[|¦]+(?=[(\d])|(?<=[\d)])[|¦]+$/gu;
/**
 * A speck read as a point or a quote before an amount that has its own decimal mark (".1578.18", ".1.12", "“0,77"):
 * no amount opens with either.
 */
const SPECK_BEFORE_AMOUNT = /^[.,·"“”‘’](?=\d[\d']*[.,]\d{2}$)/u;
/**
 * A speck read as an apostrophe or a quote after an amount's cents ("4,71'", "4,86\""): an apostrophe groups thousands,
 * never follows cents, and an inch mark follows a size, not an amount to the cent.
 */
const SPECK_AFTER_AMOUNT = /(?<=\d[.,]\d{2})['‘’`´"“”]+$/u;
/**
 * The abbreviation "Nr" with its r read as e or lost, glued to the word it numbers: "Beleg-Ne", "Art.-Ne",
 * "MWST-Ne", "Rechnungs-N", its colon read as a semicolon ("Re.-Ne;"). Only after a hyphen: no word of the
 * documents' languages ends in "-Ne" or "-N".
 */
const NUMBER_ABBREVIATION_MISREAD = /(?<=\p{L}\.?-)Ne?(?=[.:;]?$)/u;

/**
 * The Swiss legal form "Sàrl" whose grave accent OCR lost (Tesseract drops accents of small letters as
 * readily as dust): written in small letters, "Sarl" is the Swiss form; France writes "SARL". A speck after it read as
 * a quote ("Sarl'") changes nothing.
 */
const SWISS_LIMITED_COMPANY_WITHOUT_ACCENT = /^Sarl(?=[.,'’]?$)/u;

/**
 * An initialism of capitals with its dots ("V.O.F.", "S.A.S.") whose O OCR read as a zero ("V.0.F."): a zero is no
 * initial, and a number is not written between capitals so.
 */
const ZERO_IN_INITIALISM = /^(?=(?:[\p{Lu}0]\.){2,}$)(?=.*\p{Lu})[\p{Lu}0.]+$/u;

/**
 * A grave accent OCR read as an acute one before a consonant and a final mute e ("Lumiére", "Genéve", "Créme"):
 * French writes è there ("lumière", "Genève", "crème", "pièce"), never é, and the other languages of the
 * documents do not write é before a consonant at all.
 */
const ACUTE_FOR_GRAVE = /é(?=[bcdfgklmnprstvz]es?[.,;:]?$)/u;

/**
 * A capital I OCR read as a small l before an n opening a word ("lntendance", "l'lnvoice", "lnc."): no word of the
 * documents' languages opens with "ln", while "In…" opens many (Intendance, Invoice, Industrie).
 */
const CAPITAL_I_READ_AS_L = /^((?:\p{L}['’])?)ln(?=\p{L})/u;

/**
 * An OCR word without what a scan adds around a number: the vertical rule of a table's cell glued to it,
 * and a speck read as a point before an amount or an apostrophe after it. A bar standing alone is left: documents print bars
 * between the parts of a line ("Muster AG | Bahnhofstrasse 1"), and it separates them as printed. A number label's "Nr"
 * read as "Ne", a Swiss "Sàrl" read without its accent, an initialism's O read as a zero and a French è read as é are set
 * right, and so is a capital I read as l opening a word before an n. Words of a PDF's text layer are never passed here:
 * their glyphs are printed.
 */
export const withoutScanNoise = (word: string): string =>
  word
    .replace(RULES_AT_A_NUMBER, '')
    .replace(SPECK_BEFORE_AMOUNT, '')
    .replace(SPECK_AFTER_AMOUNT, '')
    .replace(NUMBER_ABBREVIATION_MISREAD, 'Nr')
    .replace(SWISS_LIMITED_COMPANY_WITHOUT_ACCENT, 'Sàrl')
    .replace(ZERO_IN_INITIALISM, (initialism) => initialism.replace(/0/g, 'O'))
    .replace(ACUTE_FOR_GRAVE, 'è')
    .replace(CAPITAL_I_READ_AS_L, '$1In');
