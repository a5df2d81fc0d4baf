/** Characters OCR confuses with one of like shape, each with the one it reads instead. */
const LIKE_SHAPED: Readonly<Record<string, string>> = {
  '0': 'O',
  O: '0',
  o: '0',
  '1': 'l',
  l: '1',
  I: 'l',
  i: 'l',
  '2': 'Z',
  '5': 'S',
  S: '5',
  '6': 'G',
  '8': 'B',
  B: '8',
  a: 'o',
  c: 'e',
  e: 'c',
  g: 'q',
  h: 'b',
  m: 'rn',
  n: 'u',
  r: 'n',
  t: 'f',
  u: 'n',
};

/**
 * `text` with one character read as another of like shape: the `nth` of those it has that OCR confuses
 * (counted round), so that several tries misread different places; null where it has none. `only` limits
 * the places to the characters it accepts (a house number's digits).
 */
export const misread = (text: string, nth: number, only: (character: string) => boolean = () => true): string | null => {
  const characters = [...text];
  const places = characters.flatMap((character, at) => (LIKE_SHAPED[character] && only(character) ? [at] : []));
  if (places.length === 0) return null;
  const at = places[nth % places.length]!;
  characters[at] = LIKE_SHAPED[characters[at]!]!;
  return characters.join('');
};

export const isDigit = (character: string): boolean => /\d/.test(character);
