import { PARTIES, type Party } from './party-block.js';

/** The party's fields the probe judges: its company, its contact and the lines of its postal address. */
export const PARTY_FIELDS = ['company_name', 'contact_person_name', 'street_and_number', 'postal_code', 'city_name'] as const;
const ADDRESS_FIELDS = ['company_name', 'street_and_number', 'postal_code', 'city_name'];

/** One try of a perturbation on one document: the party's fields read right before it and after it. */
export interface Trial {
  document: string;
  party: Party;
  variant: string;
  perturbation: string;
  touches: readonly string[];
  before: ReadonlySet<string>;
  after: ReadonlySet<string>;
}

/** Fields right before that the perturbation did not change itself and that are no longer right. */
const lost = ({ before, after, touches }: Trial, fields: readonly string[]) =>
  fields.filter((field) => before.has(field) && !touches.includes(field) && !after.has(field));

/**
 * What a try lost: the company (where the perturbation left it printed); the whole party (every address
 * field right before and left printed is lost: no block of it read); the contact (where one was read).
 */
export const outcomeOf = (trial: Trial) => {
  const kept = ADDRESS_FIELDS.filter((field) => trial.before.has(field) && !trial.touches.includes(field));
  return {
    company: lost(trial, ['company_name']).length > 0,
    whole: kept.length > 0 && lost(trial, kept).length === kept.length,
    contactTried: trial.before.has('contact_person_name') && !trial.touches.includes('contact_person_name'),
    contact: lost(trial, ['contact_person_name']).length > 0,
  };
};

interface Counts {
  tried: number;
  company: number;
  whole: number;
  contactTried: number;
  contact: number;
}

const NONE: Counts = { tried: 0, company: 0, whole: 0, contactTried: 0, contact: 0 };

/**
 * One Markdown table: per party and perturbation, the documents tried and lost per variant ("scans / photos").
 * A document with several tries of a perturbation (a misread character at several places) counts once, as
 * lost where any try lost it.
 */
export const robustnessTable = (trials: readonly Trial[], variants: readonly string[], perturbations: readonly string[]): string => {
  const byDocument = new Map<string, Counts>();
  for (const trial of trials) {
    const key = [trial.party, trial.perturbation, trial.variant, trial.document].join('\0');
    const outcome = outcomeOf(trial);
    const counts = byDocument.get(key) ?? { ...NONE, tried: 1 };
    byDocument.set(key, {
      tried: 1,
      company: Math.max(counts.company, Number(outcome.company)),
      whole: Math.max(counts.whole, Number(outcome.whole)),
      contactTried: Math.max(counts.contactTried, Number(outcome.contactTried)),
      contact: Math.max(counts.contact, Number(outcome.contact)),
    });
  }
  const rows = new Map<string, Map<string, Counts>>();
  // rows party by party, each party's perturbations in the order given
  const order = (key: string) => {
    const [party, perturbation] = key.split('\0') as [Party, string];
    return PARTIES.indexOf(party) * perturbations.length + perturbations.indexOf(perturbation);
  };
  for (const [key, document] of [...byDocument].sort(([a], [b]) => order(a) - order(b))) {
    const [party, perturbation, variant] = key.split('\0') as [string, string, string];
    const row = rows.get(`${party}\0${perturbation}`) ?? new Map<string, Counts>();
    rows.set(`${party}\0${perturbation}`, row);
    const counts = row.get(variant) ?? { ...NONE };
    row.set(variant, {
      tried: counts.tried + document.tried,
      company: counts.company + document.company,
      whole: counts.whole + document.whole,
      contactTried: counts.contactTried + document.contactTried,
      contact: counts.contact + document.contact,
    });
  }
  const cell = (row: Map<string, Counts>, figure: (counts: Counts) => string) =>
    variants.map((variant) => figure(row.get(variant) ?? NONE)).join(' / ');
  const touchesCompany = (perturbation: string) =>
    trials.find((trial) => trial.perturbation === perturbation)!.touches.includes('company_name');
  return [
    `| party | perturbation | documents tried (${variants.join(' / ')}) | company lost | whole party lost | contact lost (of those with one) |`,
    '|---|---|---:|---:|---:|---:|',
    ...[...rows].map(([key, row]) => {
      const [party, perturbation] = key.split('\0') as [string, string];
      const company = touchesCompany(perturbation) ? '—' : cell(row, (c) => String(c.company));
      const contact = cell(row, (c) => (c.contactTried ? `${c.contact} of ${c.contactTried}` : '—'));
      return `| ${party} | ${perturbation} | ${cell(row, (c) => String(c.tried))} | ${company} | ${cell(row, (c) => String(c.whole))} | ${contact} |`;
    }),
  ].join('\n');
};
