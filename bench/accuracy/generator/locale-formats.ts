/** How numbers, dates and money are written in the regions the corpus covers. */

export type Language = 'en' | 'de' | 'fr' | 'it';
export const LANGUAGES: readonly Language[] = ['en', 'de', 'fr', 'it'];

/** 1'234.50, 1’234.50, 1.234,50, 1 234,50, 1,234.50, and the same without grouping. */
export type NumberStyle = 'apostrophe' | 'typographic-apostrophe' | 'dot-comma' | 'space-comma' | 'comma-dot' | 'plain-dot' | 'plain-comma';

const SEPARATORS: Record<NumberStyle, { group: string; decimal: string }> = {
  apostrophe: { group: "'", decimal: '.' },
  'typographic-apostrophe': { group: '\u2019', decimal: '.' },
  'dot-comma': { group: '.', decimal: ',' },
  'space-comma': { group: ' ', decimal: ',' },
  'comma-dot': { group: ',', decimal: '.' },
  'plain-dot': { group: '', decimal: '.' },
  'plain-comma': { group: '', decimal: ',' },
};

export const decimalSeparator = (style: NumberStyle): string => SEPARATORS[style].decimal;

/** An amount in cents as printed: `-1'234.50`. */
export const formatCents = (cents: number, style: NumberStyle): string => {
  const { group, decimal } = SEPARATORS[style];
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const whole = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${sign}${whole}${decimal}${String(absolute % 100).padStart(2, '0')}`;
};

/** A decimal string ("8.1", "2.5") with the style's decimal separator and no grouping. */
export const formatDecimal = (value: string, style: NumberStyle): string => value.replace('.', decimalSeparator(style));

/** A tax rate or discount: "8.1%", "8,1 %", "19 %". */
export const formatPercent = (value: string, style: NumberStyle, spaced: boolean): string =>
  `${formatDecimal(value, style)}${spaced ? ' ' : ''}%`;

/** 12.03.2026, 2026-03-12, 12/03/2026, 12 March 2026 (12. März 2026, 12 mars 2026, 12 marzo 2026), March 12, 2026. */
export type DateStyle = 'dotted' | 'iso' | 'slashed' | 'long' | 'us-long';

const MONTHS: Record<Language, string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  it: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
};

export const formatDate = (iso: string, style: DateStyle, language: Language): string => {
  const [year, month, day] = iso.split('-') as [string, string, string];
  const monthName = MONTHS[language][Number(month) - 1]!;
  switch (style) {
    case 'dotted':
      return `${day}.${month}.${year}`;
    case 'iso':
      return iso;
    case 'slashed':
      return `${day}/${month}/${year}`;
    case 'us-long':
      return `${MONTHS.en[Number(month) - 1]} ${Number(day)}, ${year}`;
    case 'long':
      if (language === 'de') return `${Number(day)}. ${monthName} ${year}`;
      if (language === 'fr' && day === '01') return `1er ${monthName} ${year}`;
      return `${Number(day)} ${monthName} ${year}`;
  }
};

/** A calendar date `days` after another, both ISO. */
export const addDays = (iso: string, days: number): string => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

export type Currency = 'CHF' | 'EUR' | 'USD' | 'GBP';

const SYMBOLS: Record<Currency, string> = { CHF: 'CHF', EUR: '€', USD: '$', GBP: '£' };

/**
 * How a document shows its currency: an ISO code or a symbol before or after each amount, or only in a
 * column header and the total line (amounts bare).
 */
export type CurrencyStyle = 'code-before' | 'code-after' | 'symbol-before' | 'symbol-after' | 'header-only';

export const currencyMark = (currency: Currency, style: CurrencyStyle): string =>
  style.startsWith('symbol') ? SYMBOLS[currency] : currency;

/** An amount with its currency as the style writes it: "CHF 1'234.50", "1.234,50 €", "$1,234.50". */
export const formatMoney = (cents: number, currency: Currency, numbers: NumberStyle, style: CurrencyStyle): string => {
  const amount = formatCents(cents, numbers);
  const mark = currencyMark(currency, style);
  switch (style) {
    case 'code-before':
      return `${mark} ${amount}`;
    case 'code-after':
      return `${amount} ${mark}`;
    case 'symbol-before':
      return mark === 'CHF' ? `CHF ${amount}` : `${mark}${cents < 0 ? ' ' : ''}${amount}`;
    case 'symbol-after':
      return `${amount} ${mark}`;
    case 'header-only':
      return amount;
  }
};
