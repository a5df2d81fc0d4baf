import { NUMBER_FIRST } from './catalogue.js';
import type { PartyContent } from './document-content.js';
import type { DocumentProfile } from './document-profile.js';
import { currencyMark, formatCents, formatDate, formatDecimal, formatMoney, formatPercent } from './locale-formats.js';
import { hundredthsToDecimal } from './money.js';
import type { SeededRandom } from './seeded-random.js';
import { VOCABULARY } from './vocabulary.js';

/** Values as one document writes them: its number, date and currency conventions applied. */
export interface PrintedValues {
  money(cents: number): string;
  /** Without currency, for table cells under a header that names it. */
  amount(cents: number): string;
  date(iso: string): string;
  percent(rate: string): string;
  quantity(hundredths: number): string;
  /** The currency as the document marks it (code or symbol). */
  currencyMark: string;
}

export const printedValues = (profile: DocumentProfile): PrintedValues => ({
  money: (cents) => formatMoney(cents, profile.currency, profile.numbers, profile.currencyStyle),
  amount: (cents) => formatCents(cents, profile.numbers),
  date: (iso) => formatDate(iso, profile.dates, profile.language),
  percent: (rate) => formatPercent(rate, profile.numbers, profile.percentSpaced),
  quantity: (hundredths) => formatDecimal(hundredthsToDecimal(hundredths), profile.numbers),
  currencyMark: currencyMark(profile.currency, profile.currencyStyle === 'header-only' ? 'code-before' : profile.currencyStyle),
});

/** How an address block is written; drawn once per document so its parts stay consistent. */
export interface AddressStyle {
  /** "CH-8001 Zürich" for foreign addresses instead of a country line. */
  countryPrefix: boolean;
  /** "75002 PARIS". */
  upperCaseCity: boolean;
  /** "Via Roma, 12". */
  commaBeforeNumber: boolean;
  /** The contact person after an attention label ("z. Hd."), else bare. */
  attentionLabel: boolean;
}

export const generateAddressStyle = (random: SeededRandom): AddressStyle => ({
  countryPrefix: random.chance(0.25),
  upperCaseCity: random.chance(0.3),
  commaBeforeNumber: random.chance(0.3),
  attentionLabel: random.chance(0.5),
});

export const streetLine = (party: PartyContent, style: AddressStyle): string => {
  if (NUMBER_FIRST.includes(party.country))
    return `${party.houseNumber}${party.country === 'FR' && style.commaBeforeNumber ? ',' : ''} ${party.street}`;
  return `${party.street}${party.country === 'IT' && style.commaBeforeNumber ? ',' : ''} ${party.houseNumber}`;
};

/** The lines of a postal address as the document's language and the party's country write them. */
export const addressLines = (party: PartyContent, profile: DocumentProfile, style: AddressStyle, withContact: boolean): string[] => {
  const vocabulary = VOCABULARY[profile.language];
  const city = party.country === 'FR' && style.upperCaseCity ? party.city.toUpperCase() : party.city;
  const prefix = party.printsCountry && style.countryPrefix && !['GB', 'US'].includes(party.country) ? `${party.country}-` : '';
  const contact =
    withContact && party.contactPerson
      ? [style.attentionLabel ? `${vocabulary.attention[0]} ${party.contactPerson}` : party.contactPerson]
      : [];
  const place =
    party.country === 'US'
      ? [`${city}, ${party.state} ${party.postalCode}`]
      : party.country === 'GB'
        ? [city, party.postalCode]
        : [`${prefix}${party.postalCode} ${city}`];
  const country = party.printsCountry && prefix === '' ? [vocabulary.countries[party.country]!] : [];
  return [party.companyName, ...contact, streetLine(party, style), ...place, ...country];
};

/** The sender on one line: "Muster AG · Bahnhofstrasse 1 · 8001 Zürich". */
export const oneLineAddress = (party: PartyContent, profile: DocumentProfile, style: AddressStyle, separator: string): string =>
  addressLines({ ...party, contactPerson: null }, profile, style, false).join(separator);
