import { detectLanguage, type Language } from '../fields/layout/document-locale.js';

const TESSERACT_CODES: Record<Language, string> = { de: 'deu', fr: 'fra', it: 'ita', en: 'eng' };

/** The languages of Tesseract's codes that have a dictionary here ("deu" → "de"); other codes have none. */
export const languagesOfCodes = (codes: readonly string[]): Language[] =>
  (Object.keys(TESSERACT_CODES) as Language[]).filter((language) => codes.includes(TESSERACT_CODES[language]));

/**
 * The OCR languages for pictures on a page whose text layer is in one language: that one (a German
 * invoice's logo is read in German, umlauts included). Empty when the layer's language cannot be told,
 * so OCR reads in all of its languages.
 */
export const ocrLanguagesOfText = (text: string): string[] => {
  const language = detectLanguage(text);
  return language === null ? [] : [TESSERACT_CODES[language]];
};
