export interface StreetLine {
  street: string;
  houseNumber: string | null;
}

const NUMBER = String.raw`\d+(?:\s?[-/–]\s?\d+)?(?:\s?(?:bis|ter|quater|[a-zA-Z])(?!\p{L}))?`;
// "Musterstraße 12a", "Hauptstr. 5-7", "Hauptstr.5", "Straße des 17. Juni 114": the street needs a letter of its own.
const NUMBER_LAST = new RegExp(String.raw`^(?<street>.*\p{L}.*?)(?:[\s,]+|(?<=\.))(?<number>${NUMBER})$`, 'u');
// "12 rue de la Paix", "12, rue de la Paix", "221B Baker Street", "3 bis avenue Foch".
const NUMBER_FIRST = new RegExp(String.raw`^(?<number>${NUMBER})(?:\s*,\s*|\s+)(?<street>\p{L}.*)$`, 'u');

// Where the house number is written before the street: French and English usage.
const NUMBER_FIRST_COUNTRIES = new Set(['FR', 'LU', 'MC', 'GB', 'IE', 'US', 'CA', 'AU', 'NZ']);

const BOX_WORDS = String.raw`Postfach|Postbus|Post\s?box|P\.?\s?O\.?\s?Box|Bo[iî]te postale|B\.?P\.?|Case postale|C\.?P\.?|Casella postale|Apartado(?: de correos)?`;
const POST_OFFICE_BOX = new RegExp(String.raw`^(?:${BOX_WORDS})\s*[:.]?\s*(?<box>\d[\d .]*\w?)$`, 'iu');

/** The box number of a post office box line ("Postfach 10 02 34", "BP 123", "P.O. Box 55"), or null. */
export const postOfficeBoxOf = (line: string): string | null => POST_OFFICE_BOX.exec(line.trim())?.groups?.box?.trim() ?? null;

/**
 * A street line split into street and house number, reading the number at the end ("Musterstraße 12a")
 * or at the start ("12 rue de la Paix"); when both would fit, the country's custom decides.
 */
export const splitStreetLine = (line: string, countryCode: string | null): StreetLine => {
  const text = line.trim().replace(/\s+/g, ' ');
  const last = NUMBER_LAST.exec(text)?.groups;
  const first = NUMBER_FIRST.exec(text)?.groups;
  const chosen = first && (!last || NUMBER_FIRST_COUNTRIES.has(countryCode ?? '')) ? first : last;
  return chosen?.street && chosen.number
    ? { street: chosen.street.replace(/,$/, ''), houseNumber: chosen.number }
    : { street: text, houseNumber: null };
};
