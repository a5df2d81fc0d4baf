import { labelPattern } from '../layout/labels.js';
import { termsFor } from '../vocabulary/terms.js';

/**
 * Expense accounts of the Swiss SME chart of accounts (Kontenrahmen KMU) a purchase is booked to, each
 * with the words (de, fr, it, en) that name what it pays for. The rule is deliberately simple and
 * explainable: an item is booked to the first account one of whose words its title contains, else to the
 * account the sender's name points to ("Swisscom" → telecoms); with no match it gets no account rather
 * than a guess. Goods for resale and materials (4000/4200) are only assigned on explicit material words,
 * as whether "Joghurt" is material or office catering depends on the business.
 */
const ACCOUNTS: [account: string, words: RegExp][] = [
  [
    // Informatikaufwand: software, licences, hosting, IT services and equipment.
    '6570',
    labelPattern(...termsFor('expenseAccount6570')),
  ],
  [
    // Büromaterial.
    '6500',
    labelPattern(...termsFor('expenseAccount6500')),
  ],
  // Telefon, Internet.
  ['6510', labelPattern(...termsFor('expenseAccount6510'))],
  // Porti.
  ['6513', labelPattern(...termsFor('expenseAccount6513'))],
  // Fahrzeugaufwand: fuel, vehicle upkeep, parking and road charges.
  ['6200', labelPattern(...termsFor('expenseAccount6200'))],
  // Reisespesen: lodging, fares and meals on the road.
  ['6640', labelPattern(...termsFor('expenseAccount6640'))],
  // Raumaufwand: rent and its running costs.
  ['6000', labelPattern(...termsFor('expenseAccount6000'))],
  // Energie und Entsorgung.
  ['6400', labelPattern(...termsFor('expenseAccount6400'))],
  // Sachversicherungen, Abgaben, Gebühren.
  ['6300', labelPattern(...termsFor('expenseAccount6300'))],
  // Unterhalt, Reparaturen, Ersatz.
  ['6100', labelPattern(...termsFor('expenseAccount6100'))],
  // Werbeaufwand.
  ['6600', labelPattern(...termsFor('expenseAccount6600'))],
  // Beratungsaufwand: accounting, legal and tax advice.
  ['6530', labelPattern(...termsFor('expenseAccount6530'))],
  // Aufwand für Drittleistungen: work bought from subcontractors.
  ['4400', labelPattern(...termsFor('expenseAccount4400'))],
  // Materialaufwand: materials and raw goods.
  ['4000', labelPattern(...termsFor('expenseAccount4000'))],
];

const accountFor = (text: string): string | null => ACCOUNTS.find(([, words]) => words.test(text))?.[0] ?? null;

/** The KMU expense account an item is booked to, from its title, else from the sender's name; null when unsure. */
export const nominalAccount = (title: string, senderName: string | null): string | null =>
  accountFor(title) ?? (senderName ? accountFor(senderName) : null);
