/** Money as whole cents, so sums and comparisons are exact: "12.30" → 1230. */
export const toCents = (decimal: string): number => Math.round(Number(decimal) * 100);

/** Whole cents as a decimal string with two places: -1230 → "-12.30". */
export const centsToDecimal = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
};
