/** The languages the extractor reads labels in. */
export type Language = 'de' | 'fr' | 'it' | 'en' | 'es';

/** How a slash date whose day and month could both be either (03/04/2026) is read. */
export type SlashDateOrder = 'day-first' | 'month-first' | 'unknown';

// Function words (frequent in any text of their language, rare in the others) and the commonest words
// of invoices, so that a short receipt tells its language too.
const LANGUAGE_WORDS: Record<Language, string[]> = {
  de: [
    ...['der', 'die', 'das', 'und', 'für', 'mit', 'von', 'bei', 'ist', 'wir', 'ihre', 'bitte', 'zzgl', 'inkl', 'bis', 'dem', 'den'],
    ...['rechnung', 'datum', 'betrag', 'mwst', 'ust', 'zahlbar', 'menge', 'summe', 'gesamt', 'netto', 'brutto'],
  ],
  fr: [
    ...['le', 'la', 'les', 'et', 'pour', 'des', 'du', 'au', 'aux', 'une', 'nous', 'votre', 'vos', 'sur', 'est', 'avec'],
    ...['facture', 'montant', 'tva', 'quantité', 'prix', 'échéance', 'ttc', 'ht'],
  ],
  it: [
    ...['il', 'lo', 'gli', 'della', 'del', 'di', 'per', 'con', 'una', 'sono', 'vostro', 'nostro', 'alla', 'dal', 'che'],
    ...['fattura', 'importo', 'iva', 'quantità', 'prezzo', 'totale', 'scadenza', 'imponibile'],
  ],
  es: [
    ...['el', 'los', 'las', 'y', 'para', 'su', 'sus', 'por', 'al', 'usted', 'nuestro', 'según'],
    ...['factura', 'importe', 'cantidad', 'precio', 'fecha', 'vencimiento', 'pago', 'imponible', 'descripción', 'unidades'],
  ],
  en: [
    ...['the', 'and', 'for', 'with', 'your', 'our', 'you', 'this', 'that', 'are', 'from', 'will', 'please', 'of', 'to'],
    ...['invoice', 'amount', 'due', 'quantity', 'price', 'vat', 'tax', 'subtotal', 'payment'],
  ],
};

const wordsOf = (text: string): string[] => text.toLowerCase().match(/\p{L}+/gu) ?? [];

/** The language most of the document's telling words belong to; null when none clearly leads. */
export const detectLanguage = (text: string): Language | null => {
  const counts = new Map<Language, number>();
  for (const word of wordsOf(text)) {
    for (const [language, words] of Object.entries(LANGUAGE_WORDS) as [Language, string[]][]) {
      if (words.includes(word)) counts.set(language, (counts.get(language) ?? 0) + 1);
    }
  }
  const [first, second] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (!first || (second && first[1] < 1.5 * second[1])) return null;
  return first[0];
};

// American documents: dollar amounts with a US address or a state and ZIP code ("Fremont, CA 94538").
const AMERICAN = /(?<!\p{L})(?:USA|U\.S\.A\.|United States)(?!\p{L})|, [A-Z]{2} \d{5}(?:-\d{4})?(?!\d)/u;

// Slash dates that can be read one way only: 25/03/2026 is day first, 03/25/2026 month first.
const SLASH_DATE = /(?<![\d/])(\d{1,2})\/(\d{1,2})\/(?:\d{4}|\d{2})(?![\d/])/g;

/**
 * The order the document itself shows: its slash dates that can be read one way only. Without such
 * dates (or with both kinds), its language and country decide: continental Europe and most
 * English-speaking countries write the day first, American documents the month. A document whose
 * language cannot be told leaves ambiguous slash dates unread.
 */
export const slashDateOrder = (text: string, language: Language | null): SlashDateOrder => {
  const dates = [...text.matchAll(SLASH_DATE)].map((match) => [Number(match[1]), Number(match[2])] as const);
  const dayFirst = dates.some(([first, second]) => first > 12 && second <= 12);
  const monthFirst = dates.some(([first, second]) => second > 12 && first <= 12);
  if (dayFirst !== monthFirst) return dayFirst ? 'day-first' : 'month-first';
  if (language === null) return 'unknown';
  if (language === 'en' && AMERICAN.test(text)) return 'month-first';
  return 'day-first';
};
