/** Numbers, money and dates in the reader's language. */
const locales = { en: 'en-GB', de: 'de-CH' };

export const formatAmount = (language, value, currency) => {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  if (!Number.isFinite(number)) return String(value);
  const options = currency && /^[A-Z]{3}$/.test(currency) ? { style: 'currency', currency } : { minimumFractionDigits: 2 };
  return new Intl.NumberFormat(locales[language], options).format(number);
};

export const formatNumber = (language, value) =>
  value === null || value === undefined ? '' : new Intl.NumberFormat(locales[language], { maximumFractionDigits: 4 }).format(Number(value));

export const formatDate = (language, value) => {
  if (!value) return '';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime())
    ? value
    : new Intl.DateTimeFormat(locales[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
};

export const formatDateTime = (language, value) => {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : new Intl.DateTimeFormat(locales[language], { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
};

export const formatPercent = (language, fraction) =>
  new Intl.NumberFormat(locales[language], { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
