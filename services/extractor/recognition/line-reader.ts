/** A line of print as grey pixels, one byte a pixel, row by row. */
export interface GreyLine {
  pixels: Buffer;
  width: number;
  height: number;
}

/** A character a line reader read, and where it stands: its centre in pixels from the line image's left edge. */
export interface ReadCharacter {
  text: string;
  x: number;
  /** 0..1 */
  probability: number;
}

/**
 * The second reader's port: a recognizer that reads one line of print as a whole, character by character,
 * saying where each character stands, so its reading can be set against the first engine's words.
 */
export interface LineReader {
  read(line: GreyLine): Promise<ReadCharacter[]>;
  /** Whether the character is in the reader's alphabet: a word with one it does not know is not its to read. */
  knows(character: string): boolean;
  /** Lets go of what the reader holds (its network, its threads). */
  stop(): Promise<void>;
}
