import { isDictionaryWord } from '../fields/values/spelling-accents.js';
import { languagesOfCodes } from './text-layer-language.js';

/** Whether letters are a word of the dictionaries of the languages a page is read in (Tesseract's codes, "deu"). */
export const ocrDictionary = (codes: readonly string[]): ((letters: string) => boolean) => {
  const languages = languagesOfCodes(codes);
  return (letters) => isDictionaryWord(letters, languages);
};
