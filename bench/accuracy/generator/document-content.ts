import {
  CARDS,
  companyName,
  NUMBER_FIRST,
  PEOPLE,
  placesAndStreets,
  SERVICES_AND_GOODS,
  SHOP_ITEMS,
  SHOPS,
  type Article,
} from './catalogue.js';
import { generateProfile, TAX_RATES, type DocumentProfile } from './document-profile.js';
import {
  generateBic,
  generateCreditorReference,
  generateIban,
  generateQrIban,
  generateQrReference,
  generateTaxIdentity,
  modulo10Recursive,
  type Country,
  type SwissVatSuffix,
} from './identifiers.js';
import { addDays, type Language } from './locale-formats.js';
import { multiplyCents, taxIncluded, taxOnTop } from './money.js';
import type { SeededRandom } from './seeded-random.js';

/** What a generated document says, before any layout: the ground truth is derived from it (and from which item columns the layout prints). */

export interface PartyContent {
  companyName: string;
  contactPerson: string | null;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  /** US state, printed after the city. */
  state: string | null;
  country: Country;
  /** Foreign addresses print their country. */
  printsCountry: boolean;
  vatId: string | null;
  companyId: string | null;
  phone: string;
  email: string;
  website: string;
}

export interface ItemContent {
  articleNumber: string | null;
  title: string;
  /** Hundredths: 150 is 1.5. */
  quantity: number;
  unit: string | null;
  unitPriceCents: number;
  totalCents: number;
  taxRate: string;
}

export interface TaxPart {
  rate: string;
  netCents: number;
  taxCents: number;
  grossCents: number;
}

export interface PaymentTerms {
  netDays: number | null;
  /** The net due date, printed when `netDays` is null. */
  dueDate: string | null;
  discount: { percent: string; days: number } | null;
}

export interface BankAccount {
  iban: string;
  bic: string | null;
  bankName: string;
}

export type QrReferenceType = 'QRR' | 'SCOR' | 'NON';

export interface QrBillContent {
  account: string;
  referenceType: QrReferenceType;
  reference: string | null;
  message: string | null;
  /** Null: the bill leaves the amount to the payer. */
  amountCents: number | null;
  debtor: PartyContent | null;
}

export interface EsrContent {
  /** "01-162-8": prefix, number, check digit. */
  participant: string;
  /** 27 digits, the last its check digit. */
  reference: string;
  amountCents: number;
}

/** How payment is asked for or was made, as the document states it; null when it says nothing explicit. */
export type StatedPaymentMethod = 'bank_transfer' | 'direct_debit' | 'credit_card' | 'debit_card' | 'cash' | 'twint';

export interface DocumentContent {
  id: string;
  kind: 'invoice' | 'receipt';
  profile: DocumentProfile;
  sender: PartyContent;
  receiver: PartyContent | null;
  number: string;
  invoiceDate: string;
  /** Receipts print the time of sale. */
  time: string;
  deliveryDate: string | null;
  orderNumber: string | null;
  customerNumber: string | null;
  paymentReference: string | null;
  items: ItemContent[];
  /** Receipts (outside the US) price items with tax included. */
  pricesIncludeTax: boolean;
  taxParts: TaxPart[];
  netCents: number;
  taxCents: number;
  grossCents: number;
  terms: PaymentTerms | null;
  bankAccounts: BankAccount[];
  paymentMethod: StatedPaymentMethod | null;
  /** The card a receipt was paid with. */
  card: { name: string; lastDigits: string } | null;
  cashGivenCents: number | null;
  qrBill: QrBillContent | null;
  esr: EsrContent | null;
}

const BANK_NAMES: Record<Exclude<Country, 'US'>, string[]> = {
  CH: [
    'UBS Switzerland AG',
    'Zürcher Kantonalbank',
    'PostFinance AG',
    'Raiffeisenbank',
    'Banque Cantonale de Genève',
    'Banca dello Stato del Cantone Ticino',
  ],
  DE: ['Commerzbank', 'Deutsche Bank', 'HypoVereinsbank', 'Sparkasse', 'Volksbank'],
  AT: ['Bank Austria', 'Raiffeisen Bank International', 'Erste Bank', 'Oberbank'],
  FR: ['BNP Paribas', 'Société Générale', 'LCL', 'Crédit Agricole', 'Banque Populaire'],
  IT: ['UniCredit', 'Intesa Sanpaolo', 'Banco BPM', 'Banca Popolare di Sondrio', 'Monte dei Paschi di Siena'],
  GB: ['Barclays Bank', 'NatWest', 'HSBC UK', 'Lloyds Bank'],
};

const SWISS_SUFFIX: Record<Language, SwissVatSuffix> = { de: 'MWST', en: 'MWST', fr: 'TVA', it: 'IVA' };

const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]+/g, '')
    .slice(0, 14);

const TOP_LEVEL: Record<Country, string> = { CH: 'ch', DE: 'de', AT: 'at', FR: 'fr', IT: 'it', GB: 'co.uk', US: 'com' };
const PHONE: Record<Country, (random: SeededRandom) => string> = {
  CH: (random) => `+41 ${random.int(21, 91)} ${random.digits(3)} ${random.digits(2)} ${random.digits(2)}`,
  DE: (random) => `+49 ${random.int(30, 89)} ${random.digits(6)}`,
  AT: (random) => `+43 1 ${random.digits(6)}`,
  FR: (random) => `+33 1 ${random.digits(2)} ${random.digits(2)} ${random.digits(2)} ${random.digits(2)}`,
  IT: (random) => `+39 02 ${random.digits(7)}`,
  GB: (random) => `+44 20 ${random.digits(4)} ${random.digits(4)}`,
  US: (random) => `+1 ${random.digits(3)} ${random.digits(3)} ${random.digits(4)}`,
};

const generateParty = (random: SeededRandom, country: Country, language: Language, name: string, printsCountry: boolean): PartyContent => {
  const { places, streets } = placesAndStreets(country, language);
  const place = random.pick(places);
  const houseNumber = random.chance(0.15)
    ? `${random.int(1, 120)}${random.pick(['a', 'b', 'A'])}`
    : String(random.int(1, NUMBER_FIRST.includes(country) ? 480 : 140));
  const tax = generateTaxIdentity(random, country, SWISS_SUFFIX[language]);
  return {
    companyName: name,
    contactPerson: null,
    street: random.pick(streets),
    houseNumber,
    postalCode: place.postalCode,
    city: place.city,
    state: place.state ?? null,
    country,
    printsCountry,
    vatId: tax.vatId,
    companyId: tax.companyId,
    phone: PHONE[country](random),
    email: `${random.pick(['info', 'billing', 'office', 'accounts', 'contact'])}@${slug(name)}.${TOP_LEVEL[country]}`,
    website: `www.${slug(name)}.${TOP_LEVEL[country]}`,
  };
};

/** Where the receiver sits: mostly the sender's country, sometimes a neighbour (then the address names its country). */
const receiverCountry = (random: SeededRandom, sender: Country): Country => {
  if (!random.chance(0.15)) return sender;
  const neighbours: Record<Country, Country[]> = {
    CH: ['DE', 'AT', 'FR', 'IT'],
    DE: ['CH', 'AT', 'FR'],
    AT: ['DE', 'CH', 'IT'],
    FR: ['CH', 'DE', 'IT'],
    IT: ['CH', 'FR', 'AT'],
    GB: ['FR', 'DE'],
    US: ['GB'],
  };
  return random.pick(neighbours[sender]);
};

const languageOf = (country: Country, fallback: Language): Language =>
  ({ CH: fallback, DE: 'de', AT: 'de', FR: 'fr', IT: 'it', GB: 'en', US: 'en' })[country] as Language;

const invoiceNumberOf = (random: SeededRandom, year: string): string =>
  random.pick([
    () => `${year}-${random.digits(4, true)}`,
    () => `RE-${year}-${random.digits(5)}`,
    () => `INV-${random.digits(6, true)}`,
    () => `F${year}/${random.digits(4, true)}`,
    () => random.digits(random.int(5, 8)),
    () => `FA-${year.slice(2)}-${random.digits(4, true)}`,
    () => `${random.digits(3)}/${year}`,
  ])();

const articleNumberOf = (random: SeededRandom, pattern: number): string =>
  [
    () => `A-${random.digits(5)}`,
    () => `${random.digits(4)}-${random.digits(2, true)}`,
    () => `SKU-${random.digits(5)}`,
    () => random.digits(6),
  ][pattern]!();

/** A date in 2025 or 2026. */
const dateIn = (random: SeededRandom): string => addDays('2025-01-01', random.int(0, 729));

/** Distinct articles while the catalogue lasts, then repeats (long invoices list the same service on several dates). */
const pickArticles = (random: SeededRandom, catalogue: readonly Article[], count: number): Article[] => {
  const distinct = random.shuffled(catalogue);
  return Array.from({ length: count }, (_, index) => distinct[index] ?? random.pick(catalogue));
};

const itemCount = (random: SeededRandom): number =>
  random.weighted([
    [1, 10],
    [2, 18],
    [3, 20],
    [4, 16],
    [5, 12],
    [6, 8],
    [8, 6],
    [10, 4],
    [12, 3],
    [18, 2],
    [26, 1],
  ]);

/** Each article's VAT rate: the standard one, or a reduced one for reduced-rate goods. */
const rateFor = (article: Article, rates: readonly string[], multiRate: boolean): string =>
  multiRate && article.reduced ? rates[1]! : rates[0]!;

const sumParts = (parts: TaxPart[]) => ({
  netCents: parts.reduce((sum, part) => sum + part.netCents, 0),
  taxCents: parts.reduce((sum, part) => sum + part.taxCents, 0),
  grossCents: parts.reduce((sum, part) => sum + part.grossCents, 0),
});

/** Line totals per rate, taxed on top (invoices) or with the tax included (receipts): rounded once per rate. */
const taxPartsOf = (items: ItemContent[], includesTax: boolean): TaxPart[] => {
  const byRate = new Map<string, number>();
  for (const item of items) byRate.set(item.taxRate, (byRate.get(item.taxRate) ?? 0) + item.totalCents);
  return [...byRate.entries()]
    .sort(([a], [b]) => Number(b) - Number(a))
    .map(([rate, cents]) => {
      if (includesTax) {
        const taxCents = taxIncluded(cents, rate);
        return { rate, netCents: cents - taxCents, taxCents, grossCents: cents };
      }
      const taxCents = taxOnTop(cents, rate);
      return { rate, netCents: cents, taxCents, grossCents: cents + taxCents };
    });
};

const itemsOf = (
  random: SeededRandom,
  articles: Article[],
  rates: readonly string[],
  multiRate: boolean,
  articlePattern: number | null,
): ItemContent[] =>
  articles.map((article) => {
    const quantity = random.pick(article.quantities);
    const unitPriceCents = random.int(article.price[0] / 5, article.price[1] / 5) * 5;
    return {
      articleNumber: articlePattern === null ? null : articleNumberOf(random, articlePattern),
      title: article.title,
      quantity,
      unit: article.unit,
      unitPriceCents,
      totalCents: multiplyCents(quantity, unitPriceCents),
      taxRate: rateFor(article, rates, multiRate),
    };
  });

/** Net days with or without a cash discount, or (a quarter of the plain ones) a due date instead. */
const termsOf = (random: SeededRandom, invoiceDate: string): PaymentTerms => {
  const netDays = random.pick([10, 14, 20, 30, 30, 45, 60]);
  const discount = random.chance(0.3) && netDays >= 20 ? { percent: random.pick(['2', '3', '1.5']), days: random.pick([8, 10, 14]) } : null;
  return random.chance(0.25) && !discount
    ? { netDays: null, dueDate: addDays(invoiceDate, random.pick([10, 14, 30])), discount: null }
    : { netDays, dueDate: null, discount };
};

const INVOICE_WORD: Record<Language, string> = { en: 'Invoice', de: 'Rechnung', fr: 'Facture', it: 'Fattura' };

const qrBillOf = (random: SeededRandom, iban: string, grossCents: number, message: string, receiver: PartyContent): QrBillContent => {
  const referenceType = random.weighted<QrReferenceType>([
    ['QRR', 50],
    ['SCOR', 25],
    ['NON', 25],
  ]);
  return {
    account: referenceType === 'QRR' ? generateQrIban(random) : iban,
    referenceType,
    reference: referenceType === 'QRR' ? generateQrReference(random) : referenceType === 'SCOR' ? generateCreditorReference(random) : null,
    message: random.chance(0.7) ? message : null,
    amountCents: random.chance(0.92) ? grossCents : null,
    debtor: random.chance(0.85) ? receiver : null,
  };
};

const esrOf = (random: SeededRandom, grossCents: number): EsrContent => {
  const participantBody = `01${random.digits(6, true)}`;
  const referenceBody = `${random.digits(6, true)}${'0'.repeat(8)}${random.digits(12, true)}`;
  return {
    participant: `01-${Number(participantBody.slice(2))}-${modulo10Recursive(participantBody)}`,
    reference: `${referenceBody}${modulo10Recursive(referenceBody)}`,
    amountCents: grossCents,
  };
};

const generateInvoice = (random: SeededRandom, id: string, profile: DocumentProfile): DocumentContent => {
  const { country, language, currency } = profile;
  const sender = generateParty(
    random,
    country,
    language,
    companyName(country, language, (items) => random.pick(items)),
    false,
  );
  if (random.chance(0.3)) sender.contactPerson = random.pick(PEOPLE[language]);
  if (random.chance(0.12)) Object.assign(sender, { vatId: null, companyId: null });
  const toCountry = receiverCountry(random, country);
  const receiverLanguage = languageOf(toCountry, language);
  let receiverName = companyName(toCountry, receiverLanguage, (items) => random.pick(items));
  while (receiverName === sender.companyName) receiverName = companyName(toCountry, receiverLanguage, (items) => random.pick(items));
  const receiver = generateParty(random, toCountry, receiverLanguage, receiverName, toCountry !== country);
  if (random.chance(0.3)) receiver.contactPerson = random.pick(PEOPLE[receiverLanguage]);
  // A receiver's VAT id is printed on some B2B invoices; a Swiss one is its UID too, the only register id it shows.
  if (random.chance(0.6)) receiver.vatId = null;
  if (receiver.vatId === null || receiver.country !== 'CH') receiver.companyId = null;

  const invoiceDate = dateIn(random);
  const rates = TAX_RATES[country];
  const multiRate = country !== 'US' && random.chance(0.3);
  const articlePattern = random.chance(0.45) ? random.int(0, 3) : null;
  const items = itemsOf(random, pickArticles(random, SERVICES_AND_GOODS[language], itemCount(random)), rates, multiRate, articlePattern);
  if (multiRate && new Set(items.map((item) => item.taxRate)).size === 1 && items.length > 1) items.at(-1)!.taxRate = rates[1]!;
  const taxParts = taxPartsOf(items, false);
  const totals = sumParts(taxParts);

  const directDebit = ['DE', 'AT', 'FR'].includes(country) && random.chance(0.07);
  const terms = directDebit ? null : termsOf(random, invoiceDate);
  const bankCountry = country === 'US' ? null : country;
  const bankAccounts: BankAccount[] =
    bankCountry === null || directDebit || random.chance(0.08)
      ? []
      : [
          {
            iban: generateIban(random, bankCountry),
            bic: random.chance(0.6) ? generateBic(random, bankCountry) : null,
            bankName: random.pick(BANK_NAMES[bankCountry]),
          },
        ];
  if (bankAccounts.length === 1 && random.chance(0.08)) {
    const second = random.pick((['CH', 'DE', 'FR', 'GB'] as const).filter((other) => other !== bankCountry));
    bankAccounts.push({ iban: generateIban(random, second), bic: generateBic(random, second), bankName: random.pick(BANK_NAMES[second]) });
  }
  const year = invoiceDate.slice(0, 4);
  const number = invoiceNumberOf(random, year);
  const swissPayable = country === 'CH' && (currency === 'CHF' || currency === 'EUR') && bankAccounts.length > 0;
  const qrBill =
    swissPayable && random.chance(0.45)
      ? qrBillOf(random, bankAccounts[0]!.iban, totals.grossCents, `${INVOICE_WORD[language]} ${number}`, receiver)
      : null;
  const esr = swissPayable && !qrBill && currency === 'CHF' && random.chance(0.1) ? esrOf(random, totals.grossCents) : null;
  // A payment slip carries the reference (or, a QR-bill without one, none); otherwise some invoices print a creditor reference.
  const slipReference = qrBill ? qrBill.reference : esr ? esr.reference : undefined;
  const paymentReference =
    slipReference !== undefined ? slipReference : bankAccounts.length > 0 && random.chance(0.15) ? generateCreditorReference(random) : null;
  const statesMethod = directDebit || (bankAccounts.length > 0 && random.chance(0.3));

  return {
    id,
    kind: 'invoice',
    profile,
    sender,
    receiver,
    number,
    invoiceDate,
    time: '',
    deliveryDate: random.chance(0.4) ? addDays(invoiceDate, -random.int(0, 20)) : null,
    orderNumber: random.chance(0.5)
      ? random.pick([`PO-${year}-${random.digits(3)}`, `45${random.digits(8)}`, `B${random.digits(6)}`, `${random.digits(5)}`])
      : null,
    customerNumber: random.chance(0.5) ? random.pick([`K-${random.digits(5)}`, random.digits(6), `C${random.digits(4)}`]) : null,
    paymentReference,
    items,
    pricesIncludeTax: false,
    taxParts,
    ...totals,
    terms,
    bankAccounts:
      qrBill && !bankAccounts.some((account) => account.iban === qrBill.account)
        ? [...bankAccounts, { iban: qrBill.account, bic: null, bankName: '' }]
        : bankAccounts,
    paymentMethod: statesMethod ? (directDebit ? 'direct_debit' : 'bank_transfer') : null,
    card: null,
    cashGivenCents: null,
    qrBill,
    esr,
  };
};

const generateReceipt = (random: SeededRandom, id: string, profile: DocumentProfile): DocumentContent => {
  const { country, language } = profile;
  const sender = generateParty(random, country, language, random.pick(SHOPS[language]), false);
  if (random.chance(0.25)) Object.assign(sender, { vatId: null, companyId: null });
  // A receipt prints the VAT id only: a register number (HRB, FN, SIRET) is not shown, a Swiss UID is within the VAT id.
  if (sender.companyId !== null && !sender.companyId.startsWith('CHE')) sender.companyId = null;
  const rates = TAX_RATES[country];
  const catalogue = SHOP_ITEMS[language];
  const items = itemsOf(
    random,
    pickArticles(
      random,
      catalogue,
      random.weighted([
        [1, 15],
        [2, 25],
        [3, 25],
        [4, 15],
        [6, 12],
        [8, 8],
      ]),
    ),
    rates,
    country !== 'US',
    null,
  );
  const pricesIncludeTax = country !== 'US';
  const taxParts = taxPartsOf(items, pricesIncludeTax);
  const totals = sumParts(taxParts);
  const cards = country === 'CH' ? CARDS : CARDS.filter((card) => card.method !== 'twint' && card.name !== 'PostFinance Card');
  const paidBy = random.weighted<'card' | 'cash'>([
    ['card', 65],
    ['cash', 35],
  ]);
  const card = paidBy === 'card' ? random.pick(cards) : null;
  const note = random.pick([500, 1000, 2000, 5000]);
  const cashGivenCents = paidBy === 'cash' ? Math.ceil(totals.grossCents / note) * note : null;
  const invoiceDate = dateIn(random);
  return {
    id,
    kind: 'receipt',
    profile,
    sender,
    receiver: null,
    number: random.pick([
      `${random.digits(4, true)}-${random.digits(4, true)}`,
      random.digits(6),
      `B ${random.digits(5)}`,
      `${random.int(1, 9)}/${random.digits(5)}`,
    ]),
    invoiceDate,
    time: `${String(random.int(7, 21)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}`,
    deliveryDate: null,
    orderNumber: null,
    customerNumber: null,
    paymentReference: null,
    items,
    pricesIncludeTax,
    taxParts,
    ...totals,
    terms: null,
    bankAccounts: [],
    paymentMethod: card ? card.method : 'cash',
    card: card ? { name: card.name, lastDigits: random.digits(4, true) } : null,
    cashGivenCents,
    qrBill: null,
    esr: null,
  };
};

/** One document of the corpus: about seven in ten invoices, the rest shop receipts. */
export const generateContent = (random: SeededRandom, id: string): DocumentContent => {
  const profile = generateProfile(random);
  return random.chance(0.7) ? generateInvoice(random, id, profile) : generateReceipt(random, id, profile);
};
