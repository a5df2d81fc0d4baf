import type { Country } from './identifiers.js';
import type { Currency, CurrencyStyle, DateStyle, Language, NumberStyle } from './locale-formats.js';
import type { SeededRandom } from './seeded-random.js';

/** Where a document comes from and how it writes numbers, dates and money. */
export interface DocumentProfile {
  country: Country;
  language: Language;
  currency: Currency;
  numbers: NumberStyle;
  dates: DateStyle;
  currencyStyle: CurrencyStyle;
  /** "8,1 %" rather than "8.1%". */
  percentSpaced: boolean;
}

// Senders by country and language, roughly as often as a Swiss or German bookkeeper meets them.
const ORIGINS: (readonly [readonly [Country, Language], number])[] = [
  [['CH', 'de'], 16],
  [['CH', 'fr'], 10],
  [['CH', 'it'], 8],
  [['CH', 'en'], 4],
  [['DE', 'de'], 14],
  [['AT', 'de'], 5],
  [['FR', 'fr'], 14],
  [['IT', 'it'], 14],
  [['GB', 'en'], 9],
  [['US', 'en'], 6],
];

const currencyOf = (random: SeededRandom, country: Country, language: Language): Currency => {
  switch (country) {
    case 'CH':
      return language === 'en'
        ? random.weighted([
            ['CHF', 5],
            ['USD', 2],
            ['EUR', 2],
          ])
        : random.weighted([
            ['CHF', 85],
            ['EUR', 15],
          ]);
    case 'GB':
      return random.weighted([
        ['GBP', 85],
        ['EUR', 15],
      ]);
    case 'US':
      return 'USD';
    default:
      return random.weighted([
        ['EUR', 95],
        ['CHF', 5],
      ]);
  }
};

const numbersOf = (random: SeededRandom, country: Country): NumberStyle => {
  switch (country) {
    case 'CH':
      return random.weighted([
        ['apostrophe', 70],
        ['typographic-apostrophe', 15],
        ['plain-dot', 15],
      ]);
    case 'FR':
      return random.weighted([
        ['space-comma', 80],
        ['plain-comma', 20],
      ]);
    case 'GB':
    case 'US':
      return random.weighted([
        ['comma-dot', 85],
        ['plain-dot', 15],
      ]);
    default:
      return random.weighted([
        ['dot-comma', 80],
        ['plain-comma', 20],
      ]);
  }
};

const datesOf = (random: SeededRandom, country: Country): DateStyle => {
  switch (country) {
    case 'FR':
      return random.weighted([
        ['slashed', 60],
        ['long', 35],
        ['iso', 5],
      ]);
    case 'IT':
      return random.weighted([
        ['slashed', 55],
        ['long', 25],
        ['dotted', 15],
        ['iso', 5],
      ]);
    case 'GB':
      return random.weighted([
        ['slashed', 45],
        ['long', 45],
        ['iso', 10],
      ]);
    case 'US':
      // US documents write month first: 03/12/2026 would be read as the 3rd of December elsewhere.
      return random.weighted([
        ['us-long', 50],
        ['iso', 30],
        ['long', 20],
      ]);
    default:
      return random.weighted([
        ['dotted', 60],
        ['long', 30],
        ['iso', 10],
      ]);
  }
};

const currencyStyleOf = (random: SeededRandom, currency: Currency): CurrencyStyle => {
  if (currency === 'CHF')
    return random.weighted([
      ['code-before', 50],
      ['code-after', 20],
      ['header-only', 30],
    ]);
  if (currency === 'EUR')
    return random.weighted([
      ['symbol-after', 40],
      ['code-after', 20],
      ['symbol-before', 15],
      ['code-before', 10],
      ['header-only', 15],
    ]);
  return random.weighted([
    ['symbol-before', 70],
    ['code-before', 15],
    ['header-only', 15],
  ]);
};

export const generateProfile = (random: SeededRandom): DocumentProfile => {
  const [country, language] = random.weighted(ORIGINS);
  const currency = currencyOf(random, country, language);
  const numbers = numbersOf(random, country);
  return {
    country,
    language,
    currency,
    numbers,
    dates: datesOf(random, country),
    currencyStyle: currencyStyleOf(random, currency),
    percentSpaced: numbers.endsWith('comma') && random.chance(0.6),
  };
};

/** VAT rates: the standard rate first, then the reduced ones (Swiss 8.1/2.6/3.8, German 19/7, …). */
export const TAX_RATES: Record<Country, string[]> = {
  CH: ['8.1', '2.6', '3.8'],
  DE: ['19', '7'],
  AT: ['20', '10'],
  FR: ['20', '10', '5.5'],
  IT: ['22', '10', '4'],
  GB: ['20', '5', '0'],
  US: ['8.875', '6.25', '7.25'],
};
