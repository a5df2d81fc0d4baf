import { labelPattern } from '../layout/labels.js';

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
    labelPattern(
      String.raw`software\p{L}*`,
      String.raw`lizenz\p{L}*`,
      'licen[cs]e',
      'hosting',
      String.raw`server\p{L}*`,
      'domain',
      'cloud',
      'saas',
      'webspace',
      'ssl',
      'backup',
      'exchange',
      'microsoft',
      'office 365',
      'informatik',
      'informatique',
      'informatica',
      'it-support',
      'computer',
      'laptop',
      'notebook',
      'monitor',
      String.raw`zusätzliche ip`,
      'ip-adresse',
    ),
  ],
  [
    // Büromaterial.
    '6500',
    labelPattern(
      String.raw`büromaterial\p{L}*`,
      String.raw`\p{L}*papier`,
      'trennblätter',
      'ordner',
      'toner',
      String.raw`druckerpatrone\p{L}*`,
      'tinte',
      'kugelschreiber',
      'schreibwaren',
      'fournitures de bureau',
      'papeterie',
      'cancelleria',
      'office supplies',
      'stationery',
    ),
  ],
  // Telefon, Internet.
  ['6510', labelPattern('telefon', 'natel', 'mobile', 'internet', 'swisscom', 'festnetz', 'téléphone', 'telefono', 'telecom', 'roaming')],
  // Porti.
  ['6513', labelPattern('porto', 'porti', 'briefmarken', 'frankatur', 'affranchissement', 'postage', 'francobolli')],
  // Fahrzeugaufwand: fuel, vehicle upkeep, parking and road charges.
  [
    '6200',
    labelPattern(
      'benzin',
      'diesel',
      String.raw`treibstoff\p{L}*`,
      'tanken',
      'fuel',
      'carburant',
      'essence',
      'benzina',
      String.raw`autobahnvignette`,
      'vignette',
      String.raw`park(?:ing|gebühr|haus)`,
      'reifen',
      'pneus',
      String.raw`kfz-\p{L}*`,
      String.raw`fahrzeug\p{L}*`,
      'autowäsche',
    ),
  ],
  // Reisespesen: lodging, fares and meals on the road.
  [
    '6640',
    labelPattern(
      'hotel',
      String.raw`übernachtung\p{L}*`,
      'hébergement',
      'albergo',
      'flug',
      'flight',
      'bahn',
      'zugbillett',
      'sbb',
      'train',
      String.raw`taxi\p{L}*`,
      'reisekosten',
      'spesen',
      'verpflegung',
      'frais de déplacement',
      'trasferta',
    ),
  ],
  // Raumaufwand: rent and its running costs.
  ['6000', labelPattern('miete', 'mietzins', 'loyer', 'affitto', 'rent', 'nebenkosten', String.raw`betriebskosten\p{L}*`, 'abrechnungskreis')],
  // Energie und Entsorgung.
  ['6400', labelPattern('strom', String.raw`elektrizität\p{L}*`, 'energie', 'gas', 'heizöl', 'wasser', 'entsorgung', 'abfall', 'électricité', 'énergie', 'elettricità')],
  // Sachversicherungen, Abgaben, Gebühren.
  ['6300', labelPattern(String.raw`\p{L}*versicherung\p{L}*`, String.raw`\p{L}*prämie`, 'assurance', 'assicurazione', 'insurance', 'gebühr', 'gebühren')],
  // Unterhalt, Reparaturen, Ersatz.
  ['6100', labelPattern('reparatur', 'wartung', 'unterhalt', 'instandhaltung', 'réparation', 'entretien', 'riparazione', 'manutenzione', 'maintenance', 'repair')],
  // Werbeaufwand.
  ['6600', labelPattern('werbung', 'inserat', 'anzeige', 'marketing', 'publicité', 'pubblicità', 'advertising', 'google ads')],
  // Beratungsaufwand: accounting, legal and tax advice.
  ['6530', labelPattern('treuhand', 'buchhaltung', 'buchführung', 'beratung', 'rechtsberatung', 'anwalt', 'notar', 'revision', 'fiduciaire', 'conseil', 'consulenza', 'consulting', 'legal')],
  // Aufwand für Drittleistungen: work bought from subcontractors.
  ['4400', labelPattern('montage', 'fremdleistung', 'subunternehmer', 'prestations de tiers', 'obermonteur', 'monteur')],
  // Materialaufwand: materials and raw goods.
  ['4000', labelPattern('material', 'rohstoff', 'rohmaterial', 'stahl', 'holz', 'metall', 'baumaterial', 'matériel', 'materiale', String.raw`\p{L}*coil`)],
];

const accountFor = (text: string): string | null => ACCOUNTS.find(([, words]) => words.test(text))?.[0] ?? null;

/** The KMU expense account an item is booked to, from its title, else from the sender's name; null when unsure. */
export const nominalAccount = (title: string, senderName: string | null): string | null =>
  accountFor(title) ?? (senderName ? accountFor(senderName) : null);
