/**
 * Money in integer cents, rounded half up the way invoicing software rounds: the ground truth must add
 * up exactly (net + tax = gross per rate and in total), which binary floats cannot promise.
 */

/** A rate ("8.1", "5.5", "8.875") in thousandths of a percent: 8100, 5500, 8875. */
const milliPercent = (rate: string): number => Math.round(Number(rate) * 1000);

const roundedDivision = (numerator: number, denominator: number): number => Math.floor((2 * numerator + denominator) / (2 * denominator));

/** Quantity (hundredths) times unit price. */
export const multiplyCents = (quantityHundredths: number, unitCents: number): number =>
  roundedDivision(quantityHundredths * unitCents, 100);

/** The tax on a net amount. */
export const taxOnTop = (netCents: number, rate: string): number => roundedDivision(netCents * milliPercent(rate), 100_000);

/** The tax contained in a gross amount. */
export const taxIncluded = (grossCents: number, rate: string): number => {
  const rateMilli = milliPercent(rate);
  return roundedDivision(grossCents * rateMilli, 100_000 + rateMilli);
};

/** Cents as the decimal string the extracted data uses: 123450 → "1234.50". */
export const centsToDecimal = (cents: number): string =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** Hundredths as a plain decimal: 150 → "1.5", 200 → "2". */
export const hundredthsToDecimal = (value: number): string => String(value / 100);
