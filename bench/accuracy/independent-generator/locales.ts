/**
 * How invoices of a country write numbers, dates and money, written from printed invoices of those
 * countries (not from the house generator's profiles): separators, month names, where the currency goes.
 */

export type Language = 'en' | 'de' | 'fr' | 'it' | 'nl';
export type CountryCode = 'GB' | 'DE' | 'AT' | 'CH' | 'FR' | 'IT' | 'NL';

export interface Locale {
  country: CountryCode;
  language: Language;
  currency: 'EUR' | 'CHF' | 'GBP';
  /** VAT rates in force, standard first. */
  vatRates: readonly string[];
  /** 1234.5 → "1.234,50" and so on. */
  thousands: string;
  decimal: string;
  /** Currency before or after the amount, and how it is written. */
  currencySymbol: string;
  symbolBefore: boolean;
}

export const LOCALES: readonly Locale[] = [
  {
    country: 'GB',
    language: 'en',
    currency: 'GBP',
    vatRates: ['20', '5'],
    thousands: ',',
    decimal: '.',
    currencySymbol: '£',
    symbolBefore: true,
  },
  {
    country: 'DE',
    language: 'de',
    currency: 'EUR',
    vatRates: ['19', '7'],
    thousands: '.',
    decimal: ',',
    currencySymbol: '€',
    symbolBefore: false,
  },
  {
    country: 'AT',
    language: 'de',
    currency: 'EUR',
    vatRates: ['20', '10'],
    thousands: ' ',
    decimal: ',',
    currencySymbol: 'EUR',
    symbolBefore: true,
  },
  {
    country: 'CH',
    language: 'de',
    currency: 'CHF',
    vatRates: ['8.1', '2.6'],
    thousands: "'",
    decimal: '.',
    currencySymbol: 'CHF',
    symbolBefore: true,
  },
  {
    country: 'CH',
    language: 'fr',
    currency: 'CHF',
    vatRates: ['8.1', '2.6'],
    thousands: "'",
    decimal: '.',
    currencySymbol: 'CHF',
    symbolBefore: true,
  },
  {
    country: 'CH',
    language: 'it',
    currency: 'CHF',
    vatRates: ['8.1', '2.6'],
    thousands: "'",
    decimal: '.',
    currencySymbol: 'CHF',
    symbolBefore: true,
  },
  {
    country: 'FR',
    language: 'fr',
    currency: 'EUR',
    vatRates: ['20', '10', '5.5'],
    thousands: ' ',
    decimal: ',',
    currencySymbol: '€',
    symbolBefore: false,
  },
  {
    country: 'IT',
    language: 'it',
    currency: 'EUR',
    vatRates: ['22', '10', '4'],
    thousands: '.',
    decimal: ',',
    currencySymbol: '€',
    symbolBefore: true,
  },
  {
    country: 'NL',
    language: 'nl',
    currency: 'EUR',
    vatRates: ['21', '9'],
    thousands: '.',
    decimal: ',',
    currencySymbol: '€',
    symbolBefore: true,
  },
];

/** Cents as the locale prints an amount: "1.234,50", "1'234.50", "1 234,50". */
export const formatCents = (cents: number, locale: Locale): string => {
  const negative = cents < 0;
  const absolute = Math.abs(cents);
  const whole = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, locale.thousands);
  return `${negative ? '-' : ''}${whole}${locale.decimal}${String(absolute % 100).padStart(2, '0')}`;
};

/** An amount with its currency where the locale puts it. */
export const formatMoney = (cents: number, locale: Locale): string =>
  locale.symbolBefore ? `${locale.currencySymbol} ${formatCents(cents, locale)}` : `${formatCents(cents, locale)} ${locale.currencySymbol}`;

/** A quantity in hundredths, without trailing zeros: 150 → "1,5", 200 → "2". */
export const formatQuantity = (hundredths: number, locale: Locale): string => {
  const text = (hundredths / 100).toFixed(2).replace(/\.?0+$/, '');
  return text.replace('.', locale.decimal);
};

/** A rate as printed: "8.1" → "8,1" where commas are decimal. */
export const formatRate = (rate: string, locale: Locale): string => rate.replace('.', locale.decimal);

const MONTHS: Record<Language, readonly string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  it: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
  nl: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
};

export type DateStyle = 'numeric' | 'long';

/** An ISO date as the locale prints it: numeric ("12.03.2026", "12/03/2026", "12-03-2026") or with the month's name. */
export const formatDate = (iso: string, locale: Locale, style: DateStyle): string => {
  const [year, month, day] = iso.split('-') as [string, string, string];
  if (style === 'long') {
    const name = MONTHS[locale.language][Number(month) - 1]!;
    if (locale.language === 'de') return `${Number(day)}. ${name} ${year}`;
    if (locale.language === 'en') return `${Number(day)} ${name} ${year}`;
    return `${Number(day)} ${name} ${year}`;
  }
  const separator = { en: '/', de: '.', fr: '/', it: '/', nl: '-' }[locale.language];
  return [day, month, year].join(separator);
};

export const addDays = (iso: string, days: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
