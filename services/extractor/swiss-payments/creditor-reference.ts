const SHAPE = /^RF\d{2}[A-Z0-9]{1,21}$/;

/** The remainder modulo 97 of a string of digits too long for a number, taken a few digits at a time. */
const mod97 = (digits: string): number => {
  let remainder = 0;
  for (let start = 0; start < digits.length; start += 7) remainder = Number(`${remainder}${digits.slice(start, start + 7)}`) % 97;
  return remainder;
};

/**
 * Whether `reference` (compact, upper case) is an ISO 11649 creditor reference ("RF18 5390 0754 7034"):
 * RF, two check digits and up to 21 letters or digits, whose letters read as 10..35 leave 1 modulo 97
 * once the first four characters are moved to the end.
 */
export const isValidCreditorReference = (reference: string): boolean => {
  if (!SHAPE.test(reference)) return false;
  const rearranged = reference.slice(4) + reference.slice(0, 4);
  return mod97([...rearranged].map((char) => parseInt(char, 36)).join('')) === 1;
};
