// E-invoice amounts are exact decimals; they are rewritten and summed as digit strings and scaled
// integers, never as binary floats.
const DECIMAL = /^(?<sign>[+-])?(?<integer>\d*)(?:\.(?<fraction>\d*))?$/;

/**
 * A decimal as the events carry it (`1081.00`, `19`, `-0.5`), with at least `minFractionDigits`
 * digits after the point and no other trailing zeros; null for anything that is not a plain decimal.
 */
export const toDecimal = (raw: string, minFractionDigits = 0): string | null => {
  const groups = DECIMAL.exec(raw.trim())?.groups;
  if (!groups || (!groups.integer && !groups.fraction)) return null;
  const integer = (groups.integer ?? '').replace(/^0+(?=\d)/, '') || '0';
  const fraction = (groups.fraction ?? '').replace(/0+$/, '').padEnd(minFractionDigits, '0');
  const value = fraction ? `${integer}.${fraction}` : integer;
  return groups.sign === '-' && /[1-9]/.test(value) ? `-${value}` : value;
};

const fractionLength = (decimal: string): number => decimal.split('.')[1]?.length ?? 0;

const scaled = (decimal: string, digits: number): bigint => {
  const [integer = '0', fraction = ''] = decimal.split('.');
  const negative = integer.startsWith('-');
  const magnitude = BigInt(`${integer.replace('-', '')}${fraction.padEnd(digits, '0')}`);
  return negative ? -magnitude : magnitude;
};

const unscaled = (value: bigint, digits: number): string => {
  const magnitude = (value < 0n ? -value : value).toString().padStart(digits + 1, '0');
  const integer = magnitude.slice(0, magnitude.length - digits);
  const fraction = magnitude.slice(magnitude.length - digits);
  return `${value < 0n ? '-' : ''}${integer}${digits > 0 ? `.${fraction}` : ''}`;
};

/** The exact sum of two decimals from `toDecimal`. */
export const addDecimals = (a: string, b: string): string => {
  const digits = Math.max(fractionLength(a), fractionLength(b));
  return toDecimal(unscaled(scaled(a, digits) + scaled(b, digits), digits))!;
};

/** The exact product of two decimals from `toDecimal`. */
export const multiplyDecimals = (a: string, b: string): string =>
  toDecimal(unscaled(scaled(a, fractionLength(a)) * scaled(b, fractionLength(b)), fractionLength(a) + fractionLength(b)))!;

/** `a / b` rounded half away from zero to `fractionDigits`; null when `b` is zero. */
export const divideDecimals = (a: string, b: string, fractionDigits: number): string | null => {
  const digits = Math.max(fractionLength(a), fractionLength(b));
  const divisor = scaled(b, digits);
  if (divisor === 0n) return null;
  const numerator = scaled(a, digits) * 10n ** BigInt(fractionDigits) * 2n;
  const doubled = numerator / divisor;
  const rounded = (doubled + (doubled < 0n ? -1n : 1n)) / 2n;
  return toDecimal(unscaled(rounded, fractionDigits));
};
