import { detectLanguage } from '../fields/layout/document-locale.js';
import type { DictionaryLanguage } from '../fields/values/spelling-accents.js';

/** The OCR languages' Tesseract codes; a document in another language the extractor reads (Spanish) is OCR'd in all of them. */
const TESSERACT_CODES: Record<DictionaryLanguage, string> = { de: 'deu', fr: 'fra', it: 'ita', en: 'eng' };

const isOcrLanguage = (language: string): language is DictionaryLanguage => Object.hasOwn(TESSERACT_CODES, language);

/** The languages of Tesseract's codes that have a dictionary here ("deu" → "de"); other codes have none. */
export const languagesOfCodes = (codes: readonly string[]): DictionaryLanguage[] =>
  (Object.keys(TESSERACT_CODES) as DictionaryLanguage[]).filter((language) => codes.includes(TESSERACT_CODES[language]));

/**
 * The OCR languages for pictures on a page whose text layer is in one language: that one (a German
 * invoice's logo is read in German, umlauts included). Empty when the layer's language cannot be told,
 * so OCR reads in all of its languages.
 */
export const ocrLanguagesOfText = (text: string): string[] => {
  const language = detectLanguage(text);
  return language !== null && isOcrLanguage(language) ? [TESSERACT_CODES[language]] : [];
};
