import type { CountryCode, Language } from './locales.js';

/** Towns with real postal codes, streets, people and firms per country, as they appear on letters there. */

export interface Town {
  postalCode: string;
  city: string;
}

export interface Country {
  towns: readonly Town[];
  streets: readonly string[];
  /** "Via Roma 12" or "12 rue de la Paix": the number before the street in FR and GB. */
  numberFirst: boolean;
  /** GB prints the postcode on a line of its own after the town. */
  postcodeAfterCity: boolean;
  firstNames: readonly string[];
  lastNames: readonly string[];
  firmStems: readonly string[];
  legalForms: readonly string[];
  /** The country's name as a foreign invoice prints it, in the document's language. */
  name: Record<Language, string>;
}

export const COUNTRIES: Record<CountryCode, Country> = {
  GB: {
    towns: [
      { postalCode: 'M1 4BT', city: 'Manchester' },
      { postalCode: 'LS1 5DL', city: 'Leeds' },
      { postalCode: 'BS1 6QH', city: 'Bristol' },
      { postalCode: 'EH2 2ER', city: 'Edinburgh' },
      { postalCode: 'N1 9GU', city: 'London' },
    ],
    streets: ['Deansgate', 'Park Row', 'Corn Street', 'George Street', 'Caledonian Road', 'Mill Lane'],
    numberFirst: true,
    postcodeAfterCity: true,
    firstNames: ['Oliver', 'Amelia', 'Harry', 'Isla', 'Priya', 'Callum', 'Fiona'],
    lastNames: ['Whitfield', 'Okafor', 'Pemberton', 'MacLeod', 'Sharma', 'Holloway'],
    firmStems: ['Brightwater', 'Kestrel', 'Northgate', 'Ashdown', 'Redfern', 'Thistle'],
    legalForms: ['Ltd', 'Limited', 'LLP', 'plc'],
    name: { en: 'United Kingdom', de: 'Vereinigtes Königreich', fr: 'Royaume-Uni', it: 'Regno Unito', nl: 'Verenigd Koninkrijk' },
  },
  DE: {
    towns: [
      { postalCode: '04109', city: 'Leipzig' },
      { postalCode: '28195', city: 'Bremen' },
      { postalCode: '70173', city: 'Stuttgart' },
      { postalCode: '90402', city: 'Nürnberg' },
      { postalCode: '50667', city: 'Köln' },
      { postalCode: '24103', city: 'Kiel' },
    ],
    streets: ['Hainstraße', 'Am Wall', 'Königstraße', 'Karolinenstr.', 'Hohe Str.', 'Holstenbrücke', 'Lindenallee'],
    numberFirst: false,
    postcodeAfterCity: false,
    firstNames: ['Jonas', 'Lea', 'Matthias', 'Sabine', 'Tobias', 'Katrin', 'Uwe'],
    lastNames: ['Brandt', 'Kowalski', 'Lehmann', 'Vogt', 'Schuster', 'Demir', 'Hartmann'],
    firmStems: ['Elbtal', 'Nordlicht', 'Weser', 'Kranich', 'Tannenhof', 'Stahlbau Ritter'],
    legalForms: ['GmbH', 'GmbH & Co. KG', 'AG', 'e.K.', 'UG (haftungsbeschränkt)'],
    name: { en: 'Germany', de: 'Deutschland', fr: 'Allemagne', it: 'Germania', nl: 'Duitsland' },
  },
  AT: {
    towns: [
      { postalCode: '1070', city: 'Wien' },
      { postalCode: '8010', city: 'Graz' },
      { postalCode: '5020', city: 'Salzburg' },
      { postalCode: '6020', city: 'Innsbruck' },
      { postalCode: '4020', city: 'Linz' },
    ],
    streets: ['Neubaugasse', 'Herrengasse', 'Linzer Gasse', 'Maria-Theresien-Str.', 'Landstraße'],
    numberFirst: false,
    postcodeAfterCity: false,
    firstNames: ['Lukas', 'Anna', 'Florian', 'Theresa', 'Markus'],
    lastNames: ['Gruber', 'Pichler', 'Huber', 'Steiner', 'Moser'],
    firmStems: ['Alpenblick', 'Donau', 'Edelweiss', 'Bergkristall', 'Pannonia'],
    legalForms: ['GmbH', 'KG', 'OG', 'AG'],
    name: { en: 'Austria', de: 'Österreich', fr: 'Autriche', it: 'Austria', nl: 'Oostenrijk' },
  },
  CH: {
    towns: [
      { postalCode: '3011', city: 'Bern' },
      { postalCode: '1003', city: 'Lausanne' },
      { postalCode: '6900', city: 'Lugano' },
      { postalCode: '9000', city: 'St. Gallen' },
      { postalCode: '4051', city: 'Basel' },
      { postalCode: '1205', city: 'Genève' },
    ],
    streets: ['Spitalgasse', 'Rue de Bourg', 'Via Nassa', 'Multergasse', 'Steinenvorstadt', 'Boulevard Carl-Vogt'],
    numberFirst: false,
    postcodeAfterCity: false,
    firstNames: ['Reto', 'Corinne', 'Luca', 'Séverine', 'Beat', 'Chiara'],
    lastNames: ['Ammann', 'Rochat', 'Bernasconi', 'Zürcher', 'Favre', 'Keller'],
    firmStems: ['Aare', 'Léman', 'Ceresio', 'Säntis', 'Jura', 'Rhein'],
    legalForms: ['AG', 'GmbH', 'SA', 'Sàrl'],
    name: { en: 'Switzerland', de: 'Schweiz', fr: 'Suisse', it: 'Svizzera', nl: 'Zwitserland' },
  },
  FR: {
    towns: [
      { postalCode: '69002', city: 'Lyon' },
      { postalCode: '33000', city: 'Bordeaux' },
      { postalCode: '59800', city: 'Lille' },
      { postalCode: '31000', city: 'Toulouse' },
      { postalCode: '44000', city: 'Nantes' },
    ],
    streets: ['rue de la République', "cours de l'Intendance", 'rue Nationale', 'allée Jean Jaurès', 'quai de la Fosse', 'avenue Foch'],
    numberFirst: true,
    postcodeAfterCity: false,
    firstNames: ['Camille', 'Julien', 'Élodie', 'Mathieu', 'Nadia', 'Thierry'],
    lastNames: ['Lefèvre', 'Marchand', 'Benali', 'Girard', 'Rousseau', 'Chevalier'],
    firmStems: ['Atelier Lumière', 'Garonne', 'Provence', 'Vallée Bleue', 'Boréal', 'Les Tilleuls'],
    legalForms: ['SARL', 'SAS', 'SA', 'EURL'],
    name: { en: 'France', de: 'Frankreich', fr: 'France', it: 'Francia', nl: 'Frankrijk' },
  },
  IT: {
    towns: [
      { postalCode: '40121', city: 'Bologna' },
      { postalCode: '10121', city: 'Torino' },
      { postalCode: '80133', city: 'Napoli' },
      { postalCode: '50123', city: 'Firenze' },
      { postalCode: '35122', city: 'Padova' },
    ],
    streets: [
      "Via dell'Indipendenza",
      'Corso Vittorio Emanuele II',
      'Via Toledo',
      'Via dei Calzaiuoli',
      'Piazza dei Signori',
      'Via Garibaldi',
    ],
    numberFirst: false,
    postcodeAfterCity: false,
    firstNames: ['Giulia', 'Marco', 'Francesca', 'Alessandro', 'Chiara', 'Davide'],
    lastNames: ['Ferraro', 'Colombo', 'Esposito', 'Bruno', 'Galli', 'Rinaldi'],
    firmStems: ['Fiduciaria Bruno', 'Officine Galli', 'Tessitura Rinaldi', 'Ceramiche Adriatica', 'Vetreria Colombo', 'Logistica Padana'],
    legalForms: ['S.r.l.', 'S.p.A.', 'S.n.c.', 'S.a.s.'],
    name: { en: 'Italy', de: 'Italien', fr: 'Italie', it: 'Italia', nl: 'Italië' },
  },
  NL: {
    towns: [
      { postalCode: '3511 LX', city: 'Utrecht' },
      { postalCode: '2511 BT', city: 'Den Haag' },
      { postalCode: '9711 LM', city: 'Groningen' },
      { postalCode: '5611 EM', city: 'Eindhoven' },
      { postalCode: '1015 CJ', city: 'Amsterdam' },
    ],
    streets: ['Oudegracht', 'Lange Voorhout', 'Herestraat', 'Stratumseind', 'Prinsengracht', 'Kerkstraat'],
    numberFirst: false,
    postcodeAfterCity: false,
    firstNames: ['Daan', 'Sanne', 'Bram', 'Fleur', 'Joost', 'Eline'],
    lastNames: ['de Vries', 'Jansen', 'van Dijk', 'Bakker', 'Visser', 'Smit'],
    firmStems: ['Polderkracht', 'Tulpenveld', 'Grachtzicht', 'Molenwiek', 'Duinzand', 'Noorderlicht'],
    legalForms: ['B.V.', 'V.O.F.', 'N.V.'],
    name: { en: 'Netherlands', de: 'Niederlande', fr: 'Pays-Bas', it: 'Paesi Bassi', nl: 'Nederland' },
  },
};

export type UnitKind = 'piece' | 'hour' | 'kilogram' | 'metre' | 'flat';

export interface Good {
  /** Title per language; English doubles for all where the trade uses English. */
  title: Record<Language, string>;
  /** A second line of detail printed under the title (not part of it). */
  detail?: string;
  unit: UnitKind;
  /** Price range in cents. */
  price: readonly [number, number];
  /** Reduced-rate goods (food, books). */
  reduced: boolean;
}

const all = (text: string): Record<Language, string> => ({ en: text, de: text, fr: text, it: text, nl: text });

export const GOODS: readonly Good[] = [
  {
    title: { en: 'Consulting services', de: 'Beratungsleistung', fr: 'Prestation de conseil', it: 'Consulenza', nl: 'Adviesuren' },
    unit: 'hour',
    price: [8500, 16000],
    reduced: false,
  },
  {
    title: {
      en: 'Installation on site',
      de: 'Montage vor Ort',
      fr: 'Installation sur site',
      it: 'Installazione in loco',
      nl: 'Installatie op locatie',
    },
    unit: 'hour',
    price: [6000, 9500],
    reduced: false,
  },
  {
    title: {
      en: 'Copy paper A4 80 g',
      de: 'Kopierpapier A4 80 g',
      fr: 'Papier copie A4 80 g',
      it: 'Carta per fotocopie A4 80 g',
      nl: 'Kopieerpapier A4 80 g',
    },
    detail: '500 sheets / ream',
    unit: 'piece',
    price: [399, 699],
    reduced: false,
  },
  { title: all('USB-C docking station'), unit: 'piece', price: [8900, 21900], reduced: false },
  {
    title: {
      en: 'Organic coffee beans',
      de: 'Bio-Kaffeebohnen',
      fr: 'Café en grains bio',
      it: 'Caffè in grani bio',
      nl: 'Biologische koffiebonen',
    },
    unit: 'kilogram',
    price: [1890, 3400],
    reduced: true,
  },
  {
    title: {
      en: 'Reference book: Tax law',
      de: 'Fachbuch Steuerrecht',
      fr: 'Ouvrage : Droit fiscal',
      it: 'Manuale di diritto tributario',
      nl: 'Handboek belastingrecht',
    },
    unit: 'piece',
    price: [2990, 8900],
    reduced: true,
  },
  {
    title: { en: 'Cable duct 40x60', de: 'Kabelkanal 40x60', fr: 'Goulotte 40x60', it: 'Canalina 40x60', nl: 'Kabelgoot 40x60' },
    unit: 'metre',
    price: [450, 1250],
    reduced: false,
  },
  {
    title: {
      en: 'Annual software licence',
      de: 'Softwarelizenz (12 Monate)',
      fr: 'Licence logicielle annuelle',
      it: 'Licenza software annuale',
      nl: 'Softwarelicentie jaar',
    },
    detail: 'Subscription period see contract',
    unit: 'flat',
    price: [24000, 99000],
    reduced: false,
  },
  {
    title: {
      en: 'Mineral water 0.75 l',
      de: 'Mineralwasser 0,75 l',
      fr: 'Eau minérale 0,75 l',
      it: 'Acqua minerale 0,75 l',
      nl: 'Mineraalwater 0,75 l',
    },
    unit: 'piece',
    price: [120, 390],
    reduced: true,
  },
  {
    title: {
      en: 'Ergonomic office chair',
      de: 'Bürodrehstuhl ergonomisch',
      fr: 'Fauteuil de bureau ergonomique',
      it: 'Sedia da ufficio ergonomica',
      nl: 'Ergonomische bureaustoel',
    },
    unit: 'piece',
    price: [18900, 54900],
    reduced: false,
  },
  {
    title: {
      en: 'Travel expenses (flat rate)',
      de: 'Anfahrtspauschale',
      fr: 'Frais de déplacement forfaitaires',
      it: 'Spese di trasferta',
      nl: 'Voorrijkosten',
    },
    unit: 'flat',
    price: [2500, 8000],
    reduced: false,
  },
  {
    title: {
      en: 'Printed brochures, 4-colour',
      de: 'Broschüren 4-farbig',
      fr: 'Brochures quadrichromie',
      it: 'Brochure a 4 colori',
      nl: 'Brochures 4-kleuren',
    },
    detail: '250 copies, 16 pages',
    unit: 'piece',
    price: [90, 350],
    reduced: false,
  },
  {
    title: {
      en: 'Fresh vegetables box',
      de: 'Gemüsekiste frisch',
      fr: 'Panier de légumes frais',
      it: 'Cassetta di verdure fresche',
      nl: 'Groentepakket vers',
    },
    unit: 'piece',
    price: [1450, 2950],
    reduced: true,
  },
  { title: all('Website hosting Pro'), detail: 'Period 01–12', unit: 'flat', price: [9900, 29900], reduced: false },
];

/** Till items: short names as printed by cash registers. */
export const TILL_ITEMS: readonly { title: Record<Language, string>; price: readonly [number, number]; reduced: boolean }[] = [
  {
    title: { en: 'SANDWICH HAM', de: 'BELEGTES BROETCHEN', fr: 'SANDWICH JAMBON', it: 'PANINO PROSCIUTTO', nl: 'BROODJE HAM' },
    price: [290, 650],
    reduced: true,
  },
  { title: { en: 'CAPPUCCINO', de: 'CAPPUCCINO', fr: 'CAFE CREME', it: 'CAPPUCCINO', nl: 'CAPPUCCINO' }, price: [220, 480], reduced: true },
  {
    title: { en: 'BATTERIES AA 4PK', de: 'BATTERIEN AA 4ER', fr: 'PILES AA X4', it: 'BATTERIE AA 4PZ', nl: 'BATTERIJEN AA 4ST' },
    price: [399, 899],
    reduced: false,
  },
  {
    title: { en: 'NOTEBOOK A5', de: 'NOTIZBUCH A5', fr: 'CAHIER A5', it: 'QUADERNO A5', nl: 'SCHRIFT A5' },
    price: [149, 499],
    reduced: false,
  },
  { title: { en: 'APPLES 1KG', de: 'AEPFEL 1KG', fr: 'POMMES 1KG', it: 'MELE 1KG', nl: 'APPELS 1KG' }, price: [199, 399], reduced: true },
  {
    title: { en: 'SHAMPOO 250ML', de: 'SHAMPOO 250ML', fr: 'SHAMPOOING 250ML', it: 'SHAMPOO 250ML', nl: 'SHAMPOO 250ML' },
    price: [249, 699],
    reduced: false,
  },
  { title: { en: 'CROISSANT', de: 'CROISSANT', fr: 'CROISSANT', it: 'CORNETTO', nl: 'CROISSANT' }, price: [110, 260], reduced: true },
];
