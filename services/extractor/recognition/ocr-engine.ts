import type { PlacedText } from './layout-text.js';

/** A word the engine read, with its box in image pixels. */
export interface OcrWord extends PlacedText {
  /** 0..1 */
  confidence: number;
}

export interface OcrResult {
  /** Laid out like a text layer, see `layoutText`. */
  text: string;
  /** Mean word confidence, 0..1; 0 when no word was found. */
  confidence: number;
  /** The words with their boxes in image pixels. */
  words: OcrWord[];
}

export interface OcrOptions {
  /**
   * The languages to read in (Tesseract codes), when fewer than all the engine reads are known to be
   * enough: each language more costs about as much as the first. Codes the engine does not read are
   * ignored; none left, or left out, means all of its languages.
   */
  languages?: readonly string[];
  /**
   * Read in one pass, without looking again at doubtful words and at ink no word covers: for a picture cut
   * out of a page with a text layer (a logo, a letterhead), where those second looks, made for whole scanned
   * pages, found nothing the one pass missed on the benchmark's born-digital sources and cost as much again.
   */
  onePass?: boolean;
}

/** The OCR port: what recognition needs of an engine, whichever reads the pixels. */
export interface OcrEngine {
  recognize(image: Buffer, options?: OcrOptions): Promise<OcrResult>;
  /** Ends the OCR workers; a later `recognize` starts them again. */
  stop(): Promise<void>;
}
