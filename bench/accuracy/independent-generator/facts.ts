import { composeIBAN } from 'ibantools';
import { generateBic, generateIban, generateQrIban, generateQrReference, generateTaxIdentity } from '../generator/identifiers.js';
import type { SeededRandom } from '../generator/seeded-random.js';
import { addDays, LOCALES, type CountryCode, type Locale } from './locales.js';
import { COUNTRIES, GOODS, TILL_ITEMS, type UnitKind } from './world.js';

/**
 * What one document states, before it is laid out: parties, items, taxes, dates, bank. Money is in
 * whole cents and every total is computed from the items, so the arithmetic on the page is exact.
 * Identifiers with check digits come from the house generator's identifiers.ts (algorithms, not layout).
 */

export interface Party {
  company: string;
  contact: string | null;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: CountryCode;
  vatId: string | null;
  phone: string;
  email: string;
}

export interface Item {
  articleNumber: string;
  title: string;
  detail: string | null;
  quantity: number; // hundredths
  unit: UnitKind;
  unitPriceCents: number;
  discountPercent: number;
  taxRate: string;
  totalCents: number;
}

export interface TaxPart {
  rate: string;
  netCents: number;
  taxCents: number;
  grossCents: number;
}

export interface Facts {
  kind: 'invoice' | 'receipt';
  locale: Locale;
  sender: Party;
  receiver: Party | null;
  number: string;
  invoiceDate: string;
  deliveryDate: string | null;
  dueDate: string | null;
  customerNumber: string | null;
  items: Item[];
  /** Receipts price items with tax included; invoices without. */
  pricesIncludeTax: boolean;
  taxParts: TaxPart[];
  netCents: number;
  taxCents: number;
  grossCents: number;
  bank: { iban: string; bic: string } | null;
  /** A Swiss QR-bill: its IBAN (a QR-IBAN with a QR reference) and reference. */
  qrBill: { iban: string; reference: string } | null;
}

const BICS_NL = ['ABNANL2A', 'INGBNL2A', 'RABONL2U', 'TRIONL2U'];

const ibanOf = (random: SeededRandom, country: CountryCode): { iban: string; bic: string } => {
  if (country === 'NL') {
    const bic = random.pick(BICS_NL);
    return { iban: composeIBAN({ countryCode: 'NL', bban: `${bic.slice(0, 4)}${random.digits(10, true)}` })!, bic };
  }
  return { iban: generateIban(random, country), bic: generateBic(random, country) };
};

/** Dutch VAT numbers: nine digits (weights 9…2 plus the check, mod 11) and a B-suffix. */
const dutchVatId = (random: SeededRandom): string => {
  for (;;) {
    const body = random.digits(8);
    const check = [...body].reduce((sum, digit, index) => sum + Number(digit) * (9 - index), 0) % 11;
    if (check < 10) return `NL${body}${check}B${random.pick(['01', '02'])}`;
  }
};

const vatIdOf = (random: SeededRandom, country: CountryCode, language: Locale['language']): string =>
  country === 'NL'
    ? dutchVatId(random)
    : generateTaxIdentity(random, country, language === 'fr' ? 'TVA' : language === 'it' ? 'IVA' : 'MWST').vatId!;

const partyOf = (random: SeededRandom, locale: Locale, country: CountryCode, withContact: boolean): Party => {
  const place = COUNTRIES[country];
  const town = random.pick(place.towns);
  const stem = random.pick(place.firmStems);
  const person = () => `${random.pick(place.firstNames)} ${random.pick(place.lastNames)}`;
  const company = `${stem} ${random.pick(place.legalForms)}`;
  return {
    company,
    contact: withContact ? person() : null,
    street: random.pick(place.streets),
    houseNumber: random.chance(0.15) ? `${random.int(1, 120)}${random.pick(['a', 'b', 'bis'])}` : String(random.int(1, 180)),
    postalCode: town.postalCode,
    city: town.city,
    country,
    vatId: vatIdOf(random, country, locale.language),
    phone: `+${{ GB: '44', DE: '49', AT: '43', CH: '41', FR: '33', IT: '39', NL: '31' }[country]} ${random.digits(2)} ${random.digits(3)} ${random.digits(2)} ${random.digits(2)}`,
    email: `${['info', 'billing', 'office', 'contabilita', 'factuur'][random.int(0, 4)]}@${stem.toLowerCase().replace(/[^a-z]/g, '')}.${country.toLowerCase() === 'gb' ? 'co.uk' : country.toLowerCase()}`,
  };
};

const round = (value: number) => Math.round(value);

const taxPartsOf = (items: readonly Item[], includeTax: boolean): TaxPart[] => {
  const rates = [...new Set(items.map((item) => item.taxRate))].sort((a, b) => Number(b) - Number(a));
  return rates.map((rate) => {
    const sum = items.filter((item) => item.taxRate === rate).reduce((total, item) => total + item.totalCents, 0);
    if (includeTax) {
      const taxCents = round((sum * Number(rate)) / (100 + Number(rate)));
      return { rate, netCents: sum - taxCents, taxCents, grossCents: sum };
    }
    const taxCents = round((sum * Number(rate)) / 100);
    return { rate, netCents: sum, taxCents, grossCents: sum + taxCents };
  });
};

const invoiceItems = (random: SeededRandom, locale: Locale, withDiscounts: boolean, most: number): Item[] => {
  const goods = random.shuffled(GOODS).slice(0, random.int(1, most));
  return goods.map((good) => {
    const quantity =
      good.unit === 'flat'
        ? 100
        : good.unit === 'hour'
          ? random.int(2, 32) * 50
          : good.unit === 'kilogram' || good.unit === 'metre'
            ? random.int(1, 40) * 50
            : random.int(1, 25) * 100;
    const unitPriceCents = random.int(good.price[0], good.price[1]);
    const discountPercent = withDiscounts && random.chance(0.35) ? random.pick([3, 5, 10, 15]) : 0;
    const totalCents = round(((quantity * unitPriceCents) / 100) * (1 - discountPercent / 100));
    return {
      articleNumber: `${random.pick(['A', 'ART', '', 'P'])}${random.digits(random.int(4, 6))}${random.chance(0.3) ? `-${random.digits(2)}` : ''}`,
      title: good.title[locale.language],
      detail: good.detail && random.chance(0.6) ? good.detail : null,
      quantity,
      unit: good.unit,
      unitPriceCents,
      discountPercent,
      taxRate: good.reduced ? locale.vatRates[1]! : locale.vatRates[0]!,
      totalCents,
    };
  });
};

const tillItems = (random: SeededRandom, locale: Locale): Item[] =>
  random
    .shuffled(TILL_ITEMS)
    .slice(0, random.int(2, 6))
    .map((item) => {
      const quantity = random.chance(0.25) ? random.int(2, 4) * 100 : 100;
      const unitPriceCents = random.int(item.price[0], item.price[1]);
      return {
        articleNumber: '',
        title: item.title[locale.language],
        detail: null,
        quantity,
        unit: 'piece' as const,
        unitPriceCents,
        discountPercent: 0,
        taxRate: item.reduced ? locale.vatRates[1]! : locale.vatRates[0]!,
        totalCents: (quantity * unitPriceCents) / 100,
      };
    });

const isoDate = (random: SeededRandom): string => addDays('2025-01-06', random.int(0, 600));

export const generateFacts = (random: SeededRandom, kind: 'invoice' | 'receipt', swiss: boolean): Facts => {
  const locale = swiss ? random.pick(LOCALES.filter((one) => one.country === 'CH')) : random.pick(LOCALES);
  const receiverCountry = random.chance(0.8) ? locale.country : random.pick(['DE', 'AT', 'CH', 'FR', 'IT', 'NL', 'GB'] as const);
  const sender = partyOf(random, locale, locale.country, false);
  const invoiceDate = isoDate(random);
  if (kind === 'receipt') {
    const items = tillItems(random, locale);
    const taxParts = taxPartsOf(items, true);
    return {
      kind,
      locale,
      sender: { ...sender, vatId: random.chance(0.7) ? sender.vatId : null },
      receiver: null,
      number: `${random.int(1, 9)}${random.digits(random.int(3, 5), true)}`,
      invoiceDate,
      deliveryDate: null,
      dueDate: null,
      customerNumber: null,
      items,
      pricesIncludeTax: true,
      taxParts,
      ...totalsOf(taxParts),
      bank: null,
      qrBill: null,
    };
  }
  // A QR-bill takes the foot of the page: the items above it are few.
  const qr = swiss && random.chance(0.6);
  const items = invoiceItems(random, locale, random.chance(0.4), qr ? 4 : 7);
  const taxParts = taxPartsOf(items, false);
  const year = invoiceDate.slice(0, 4);
  const number = random.pick([
    () => `${year}-${random.digits(4, true)}`,
    () => `RE${year.slice(2)}${random.digits(5, true)}`,
    () => `${random.digits(6)}`,
    () => `F${year}/${random.digits(3, true)}`,
    () => `INV-${random.digits(5)}`,
    () => `${random.int(1, 999)}/${year}`,
  ])();
  return {
    kind,
    locale,
    sender,
    receiver: partyOf(random, locale, receiverCountry, random.chance(0.6)),
    number,
    invoiceDate,
    deliveryDate: random.chance(0.45) ? addDays(invoiceDate, -random.int(0, 20)) : null,
    dueDate: random.chance(0.7) ? addDays(invoiceDate, random.pick([10, 14, 30, 60])) : null,
    customerNumber: random.chance(0.5) ? random.digits(random.int(4, 6)) : null,
    items,
    pricesIncludeTax: false,
    taxParts,
    ...totalsOf(taxParts),
    bank: qr ? null : ibanOf(random, locale.country),
    qrBill: qr ? { iban: generateQrIban(random), reference: generateQrReference(random) } : null,
  };
};

const totalsOf = (parts: readonly TaxPart[]) => ({
  netCents: parts.reduce((sum, part) => sum + part.netCents, 0),
  taxCents: parts.reduce((sum, part) => sum + part.taxCents, 0),
  grossCents: parts.reduce((sum, part) => sum + part.grossCents, 0),
});
