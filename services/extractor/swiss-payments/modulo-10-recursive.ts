/** The carry table of the Swiss "modulo 10, recursive" check digit (ESR and QR references, ESR amounts and accounts). */
const CARRY = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];

/** The check digit that follows `digits` (decimal digits only). */
export const modulo10RecursiveCheckDigit = (digits: string): number => {
  let carry = 0;
  for (const digit of digits) carry = CARRY[(carry + Number(digit)) % 10]!;
  return (10 - carry) % 10;
};

/** Whether the last digit of `digits` is the check digit of the ones before it. */
export const endsWithModulo10RecursiveCheckDigit = (digits: string): boolean =>
  /^\d{2,}$/.test(digits) && modulo10RecursiveCheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
