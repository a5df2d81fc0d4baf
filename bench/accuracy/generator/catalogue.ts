import type { Country } from './identifiers.js';
import type { Language } from './locale-formats.js';

/** Places, streets, names and goods the generated documents are made of (WinAnsi characters only). */

export interface Place {
  postalCode: string;
  city: string;
  /** US state, printed after the city. */
  state?: string;
  /** The language of a Swiss place. */
  language?: Language;
}

export const PLACES: Record<Country, Place[]> = {
  CH: [
    { postalCode: '8001', city: 'Zürich', language: 'de' },
    { postalCode: '8005', city: 'Zürich', language: 'de' },
    { postalCode: '3011', city: 'Bern', language: 'de' },
    { postalCode: '4051', city: 'Basel', language: 'de' },
    { postalCode: '6003', city: 'Luzern', language: 'de' },
    { postalCode: '9000', city: 'St. Gallen', language: 'de' },
    { postalCode: '8400', city: 'Winterthur', language: 'de' },
    { postalCode: '6300', city: 'Zug', language: 'de' },
    { postalCode: '5000', city: 'Aarau', language: 'de' },
    { postalCode: '1204', city: 'Genève', language: 'fr' },
    { postalCode: '1003', city: 'Lausanne', language: 'fr' },
    { postalCode: '2000', city: 'Neuchâtel', language: 'fr' },
    { postalCode: '1700', city: 'Fribourg', language: 'fr' },
    { postalCode: '1950', city: 'Sion', language: 'fr' },
    { postalCode: '6900', city: 'Lugano', language: 'it' },
    { postalCode: '6500', city: 'Bellinzona', language: 'it' },
    { postalCode: '6600', city: 'Locarno', language: 'it' },
    { postalCode: '6830', city: 'Chiasso', language: 'it' },
  ],
  DE: [
    { postalCode: '10115', city: 'Berlin' },
    { postalCode: '80331', city: 'München' },
    { postalCode: '20095', city: 'Hamburg' },
    { postalCode: '50667', city: 'Köln' },
    { postalCode: '60311', city: 'Frankfurt am Main' },
    { postalCode: '70173', city: 'Stuttgart' },
    { postalCode: '40213', city: 'Düsseldorf' },
    { postalCode: '04109', city: 'Leipzig' },
    { postalCode: '90402', city: 'Nürnberg' },
    { postalCode: '79098', city: 'Freiburg im Breisgau' },
  ],
  AT: [
    { postalCode: '1010', city: 'Wien' },
    { postalCode: '1070', city: 'Wien' },
    { postalCode: '8010', city: 'Graz' },
    { postalCode: '4020', city: 'Linz' },
    { postalCode: '5020', city: 'Salzburg' },
    { postalCode: '6020', city: 'Innsbruck' },
  ],
  FR: [
    { postalCode: '75002', city: 'Paris' },
    { postalCode: '75011', city: 'Paris' },
    { postalCode: '69002', city: 'Lyon' },
    { postalCode: '13001', city: 'Marseille' },
    { postalCode: '31000', city: 'Toulouse' },
    { postalCode: '33000', city: 'Bordeaux' },
    { postalCode: '59000', city: 'Lille' },
    { postalCode: '67000', city: 'Strasbourg' },
    { postalCode: '44000', city: 'Nantes' },
  ],
  IT: [
    { postalCode: '20121', city: 'Milano' },
    { postalCode: '00184', city: 'Roma' },
    { postalCode: '10121', city: 'Torino' },
    { postalCode: '40121', city: 'Bologna' },
    { postalCode: '50122', city: 'Firenze' },
    { postalCode: '80133', city: 'Napoli' },
    { postalCode: '37121', city: 'Verona' },
    { postalCode: '16121', city: 'Genova' },
  ],
  GB: [
    { postalCode: 'EC2A 4NE', city: 'London' },
    { postalCode: 'SW1A 2AA', city: 'London' },
    { postalCode: 'M1 1AE', city: 'Manchester' },
    { postalCode: 'B1 1AA', city: 'Birmingham' },
    { postalCode: 'EH1 1YZ', city: 'Edinburgh' },
    { postalCode: 'BS1 4DJ', city: 'Bristol' },
  ],
  US: [
    { postalCode: '10001', city: 'New York', state: 'NY' },
    { postalCode: '94105', city: 'San Francisco', state: 'CA' },
    { postalCode: '60601', city: 'Chicago', state: 'IL' },
    { postalCode: '78701', city: 'Austin', state: 'TX' },
    { postalCode: '02110', city: 'Boston', state: 'MA' },
  ],
};

/** Streets by the language of the place; French, British and US addresses put the number first. */
export const STREETS: Record<Country, string[]> = {
  CH: [
    'Bahnhofstrasse',
    'Hauptstrasse',
    'Seestrasse',
    'Industriestrasse',
    'Dorfstrasse',
    'Kirchweg',
    'Marktgasse',
    'Zürcherstrasse',
    'Rue du Lac',
    'Avenue de la Gare',
    'Rue de Lausanne',
    'Chemin des Vignes',
    'Via Nassa',
    'Via Cantonale',
    'Corso San Gottardo',
  ],
  DE: [
    'Hauptstraße',
    'Goethestraße',
    'Schillerstraße',
    'Bahnhofstraße',
    'Industriestraße',
    'Lindenallee',
    'Gartenweg',
    'Friedrichstraße',
    'Königsallee',
  ],
  AT: ['Mariahilfer Straße', 'Landstraße', 'Herrengasse', 'Hauptplatz', 'Wiener Straße', 'Kärntner Ring'],
  FR: [
    'rue de la Paix',
    'avenue Victor Hugo',
    'boulevard Voltaire',
    'rue du Commerce',
    'rue de la République',
    'place Bellecour',
    'chemin des Vignes',
  ],
  IT: ['Via Roma', 'Via Garibaldi', 'Corso Italia', 'Viale Mazzini', 'Via Dante', 'Piazza Duomo', 'Via Verdi'],
  GB: ['High Street', 'Station Road', 'Church Lane', 'King Street', 'Victoria Road', 'Queen Street'],
  US: ['Main Street', 'Market Street', 'Elm Street', 'Madison Avenue', 'Oak Drive', 'Broadway'],
};

/** Swiss streets in French or Italian belong to places of that language. */
const swissStreetLanguage = (street: string): Language =>
  /^(?:Rue|Avenue|Chemin)\b/.test(street) ? 'fr' : /^(?:Via|Corso)\b/.test(street) ? 'it' : 'de';

/** Places and streets of a country; in Switzerland those of the language (English documents: German-speaking places). */
export const placesAndStreets = (country: Country, language: Language): { places: Place[]; streets: string[] } => {
  if (country !== 'CH') return { places: PLACES[country], streets: STREETS[country] };
  const local = language === 'en' ? 'de' : language;
  return {
    places: PLACES.CH.filter((place) => place.language === local),
    streets: STREETS.CH.filter((street) => swissStreetLanguage(street) === local),
  };
};

export const NUMBER_FIRST: readonly Country[] = ['FR', 'GB', 'US'];

export const PEOPLE: Record<Language, string[]> = {
  en: ['John Smith', 'Emily Clarke', 'David Brown', 'Sarah Johnson', 'Michael Turner', 'Laura Evans'],
  de: ['Anna Meier', 'Thomas Müller', 'Lukas Schneider', 'Sabine Keller', 'Peter Huber', 'Claudia Weber'],
  fr: ['Claire Dubois', 'Julien Martin', 'Sophie Bernard', 'Nicolas Favre', 'Isabelle Moreau', 'Pierre Rochat'],
  it: ['Marco Rossi', 'Giulia Bianchi', 'Luca Ferrari', 'Chiara Colombo', 'Paolo Bernasconi', 'Sara Galli'],
};

const SURNAMES: Record<Language, string[]> = {
  en: ['Smith', 'Harper', 'Whitfield', 'Carter', 'Bennett', 'Fletcher', 'Ashworth'],
  de: ['Meier', 'Keller', 'Huber', 'Brunner', 'Fischer', 'Weber', 'Baumann', 'Gerber', 'Steiner', 'Zimmermann'],
  fr: ['Dubois', 'Martin', 'Favre', 'Rochat', 'Lemaire', 'Girard', 'Morel', 'Perrin'],
  it: ['Rossi', 'Bianchi', 'Ferrari', 'Colombo', 'Bernasconi', 'Galli', 'Esposito', 'Fontana'],
};

const COMPANY_PATTERNS: Record<Country, string[]> = {
  CH: [
    '{name} AG',
    '{name} & Partner AG',
    '{name} Haustechnik GmbH',
    'Elektro {name} AG',
    '{name} Treuhand AG',
    'Atelier {name} Sàrl',
    '{name} SA',
    '{name} Sagl',
    'Studio {name} SA',
  ],
  DE: ['{name} GmbH', '{name} GmbH & Co. KG', '{name} Bau GmbH', 'Druckerei {name} e.K.', '{name} Software AG', '{name} Logistik GmbH'],
  AT: ['{name} GmbH', '{name} & Söhne OG', '{name} Installationen GmbH', 'Tischlerei {name} KG'],
  FR: ['{name} SARL', 'Atelier {name} SAS', 'Menuiserie {name}', '{name} & Fils SARL', 'Société {name} SA', 'Imprimerie {name} SAS'],
  IT: ['{name} S.r.l.', 'Tipografia {name} S.r.l.', '{name} Impianti S.p.A.', '{name} & Figli S.n.c.', 'Studio {name} S.r.l.'],
  GB: ['{name} & Sons Ltd', '{name} Trading Ltd', '{name} Consulting Ltd', '{name} Print Co. Ltd', '{name} Supplies plc'],
  US: ['{name} Supplies Inc.', '{name} Consulting LLC', '{name} Industries Inc.', '{name} & Co. LLC'],
};

export const companyName = (country: Country, language: Language, pick: <T>(items: readonly T[]) => T): string =>
  pick(COMPANY_PATTERNS[country]).replace('{name}', pick(SURNAMES[language]));

export const SHOPS: Record<Language, string[]> = {
  en: ['Corner Shop', 'The Coffee House', 'City Stationers', 'Greenfield Market', 'Harbour Books'],
  de: ['Bäckerei Keller', 'Café Central', 'Alpenmarkt', 'Buchhandlung Lesezeichen', 'Papeterie am Platz', 'Tankstelle Huber'],
  fr: ['Boulangerie du Lac', 'Café de la Gare', 'Papeterie du Centre', 'Supérette Le Panier', 'Librairie Voltaire'],
  it: ['Bar Centrale', 'Panetteria Da Luigi', 'Farmacia Centrale', 'Alimentari Rossi', 'Cartoleria Verdi'],
};

export interface Article {
  title: string;
  unit: string | null;
  /** Price range in cents. */
  price: [number, number];
  /** Quantities are hundredths: 150 is 1.5. */
  quantities: number[];
  /** The reduced rate applies (food, books, accommodation). */
  reduced?: boolean;
}

export const SERVICES_AND_GOODS: Record<Language, Article[]> = {
  en: [
    { title: 'Consulting services', unit: 'h', price: [9000, 18000], quantities: [100, 250, 400, 750, 1200] },
    { title: 'Software development', unit: 'h', price: [11000, 16000], quantities: [800, 1600, 2400] },
    { title: 'Office chair ErgoPro', unit: 'pcs', price: [18900, 42000], quantities: [100, 200, 400] },
    { title: 'Printer paper A4, 500 sheets', unit: 'pack', price: [450, 990], quantities: [500, 1000, 2000] },
    { title: 'Website maintenance (monthly)', unit: 'month', price: [15000, 45000], quantities: [100, 300] },
    { title: 'Travel expenses', unit: null, price: [3500, 28000], quantities: [100] },
    { title: 'Technical documentation', unit: 'page', price: [2500, 6000], quantities: [1200, 3000] },
    { title: 'Training workshop (1 day)', unit: 'day', price: [80000, 150000], quantities: [100, 200] },
    { title: 'Reference book: Accounting Basics', unit: 'pcs', price: [2900, 6900], quantities: [100, 300], reduced: true },
    { title: 'Hotel accommodation', unit: 'night', price: [12000, 24000], quantities: [100, 200, 300], reduced: true },
  ],
  de: [
    { title: 'Beratung', unit: 'Std.', price: [12000, 19000], quantities: [100, 250, 375, 800] },
    { title: 'Montagearbeiten', unit: 'h', price: [8500, 13000], quantities: [200, 450, 650] },
    { title: 'Kabel NYM-J 3x1.5 mm²', unit: 'm', price: [120, 390], quantities: [2500, 5000, 10000] },
    { title: 'Kopierpapier A4 80 g/m²', unit: 'Pkt.', price: [490, 890], quantities: [500, 1000, 2500] },
    { title: 'Bürostuhl Comfort Plus', unit: 'Stk.', price: [24900, 58000], quantities: [100, 200, 600] },
    { title: 'Unterhaltsreinigung Büroräume', unit: 'pauschal', price: [45000, 120000], quantities: [100] },
    { title: 'Hosting-Paket Business', unit: 'Monat', price: [1900, 8900], quantities: [100, 300, 1200] },
    { title: 'Wegpauschale', unit: null, price: [3500, 9000], quantities: [100] },
    { title: 'Fachbuch Steuerrecht', unit: 'Stk.', price: [3900, 12900], quantities: [100, 200], reduced: true },
    { title: 'Übernachtung Einzelzimmer', unit: 'Nacht', price: [11000, 21000], quantities: [100, 200, 400], reduced: true },
    { title: 'Lebensmittel Catering', unit: 'Pers.', price: [2500, 6500], quantities: [1000, 2500, 4000], reduced: true },
  ],
  fr: [
    { title: 'Prestation de conseil', unit: 'h', price: [11000, 18000], quantities: [100, 300, 650] },
    { title: 'Pose de carrelage', unit: 'm²', price: [3500, 7500], quantities: [1200, 2450, 4000] },
    { title: 'Ramette papier A4', unit: 'pce', price: [450, 900], quantities: [500, 1000] },
    { title: "Main d'oeuvre", unit: 'h', price: [6500, 9500], quantities: [200, 350, 800] },
    { title: 'Fournitures de bureau', unit: 'lot', price: [2500, 9000], quantities: [100, 200] },
    { title: 'Déplacement', unit: 'forfait', price: [4500, 9000], quantities: [100] },
    { title: 'Maintenance informatique', unit: 'mois', price: [12000, 35000], quantities: [100, 300] },
    { title: 'Livre : Comptabilité pratique', unit: 'pce', price: [2500, 5900], quantities: [100, 200], reduced: true },
    { title: "Nuit d'hôtel", unit: 'nuit', price: [9000, 19000], quantities: [100, 200], reduced: true },
    { title: 'Plateau repas', unit: 'pce', price: [1400, 2900], quantities: [800, 1500, 2500], reduced: true },
  ],
  it: [
    { title: 'Consulenza tecnica', unit: 'ore', price: [9000, 16000], quantities: [100, 300, 550] },
    { title: 'Installazione impianto', unit: 'h', price: [6000, 9500], quantities: [400, 800] },
    { title: 'Carta per fotocopie A4', unit: 'pz', price: [400, 850], quantities: [500, 1000, 2000] },
    { title: 'Manutenzione annuale', unit: 'forfait', price: [35000, 90000], quantities: [100] },
    { title: 'Sedia da ufficio', unit: 'pz', price: [15000, 39000], quantities: [100, 300] },
    { title: 'Trasferta', unit: null, price: [3000, 8000], quantities: [100] },
    { title: 'Servizio di pulizia', unit: 'mese', price: [30000, 80000], quantities: [100, 200] },
    { title: 'Libro di contabilità', unit: 'pz', price: [1900, 4900], quantities: [100, 200], reduced: true },
    { title: 'Pernottamento camera singola', unit: 'notte', price: [9000, 17000], quantities: [100, 300], reduced: true },
    { title: 'Prodotti alimentari', unit: 'kg', price: [800, 2500], quantities: [250, 500, 1250], reduced: true },
  ],
};

export const SHOP_ITEMS: Record<Language, Article[]> = {
  en: [
    { title: 'Flat white', unit: null, price: [320, 450], quantities: [100, 200], reduced: true },
    { title: 'Sandwich', unit: null, price: [450, 790], quantities: [100], reduced: true },
    { title: 'Notebook A5', unit: null, price: [250, 690], quantities: [100, 200, 300] },
    { title: 'Ballpoint pens 10 pk', unit: null, price: [390, 850], quantities: [100] },
    { title: 'Newspaper', unit: null, price: [150, 350], quantities: [100], reduced: true },
    { title: 'Bananas', unit: 'kg', price: [180, 320], quantities: [85, 120], reduced: true },
    { title: 'USB cable', unit: null, price: [899, 1999], quantities: [100] },
  ],
  de: [
    { title: 'Kaffee Crème', unit: null, price: [420, 590], quantities: [100, 200], reduced: true },
    { title: 'Gipfeli', unit: null, price: [150, 250], quantities: [100, 200, 300], reduced: true },
    { title: 'Vollmilch 1 l', unit: null, price: [135, 195], quantities: [100, 200], reduced: true },
    { title: 'Brot Halbweiss', unit: null, price: [280, 420], quantities: [100], reduced: true },
    { title: 'Äpfel Gala', unit: 'kg', price: [350, 490], quantities: [75, 120], reduced: true },
    { title: 'Ordner A4 breit', unit: null, price: [390, 690], quantities: [100, 300] },
    { title: 'Druckerpatrone schwarz', unit: null, price: [2490, 4990], quantities: [100] },
    { title: 'Bleistift HB', unit: null, price: [90, 190], quantities: [500, 1000] },
    { title: 'Tageszeitung', unit: null, price: [350, 450], quantities: [100], reduced: true },
  ],
  fr: [
    { title: 'Baguette tradition', unit: null, price: [110, 150], quantities: [100, 200], reduced: true },
    { title: 'Croissant au beurre', unit: null, price: [110, 180], quantities: [100, 200, 400], reduced: true },
    { title: 'Café expresso', unit: null, price: [180, 390], quantities: [100, 200], reduced: true },
    { title: 'Lait demi-écrémé 1L', unit: null, price: [95, 160], quantities: [100, 200], reduced: true },
    { title: 'Cahier 96 pages', unit: null, price: [190, 450], quantities: [100, 300] },
    { title: 'Stylo bille bleu', unit: null, price: [90, 250], quantities: [200, 500] },
    { title: 'Piles AA x4', unit: null, price: [490, 890], quantities: [100] },
  ],
  it: [
    { title: 'Caffè espresso', unit: null, price: [110, 250], quantities: [100, 200], reduced: true },
    { title: 'Cornetto', unit: null, price: [120, 180], quantities: [100, 200], reduced: true },
    { title: 'Acqua minerale 1,5 l', unit: null, price: [50, 120], quantities: [100, 600], reduced: true },
    { title: 'Pane casereccio', unit: 'kg', price: [300, 450], quantities: [50, 100], reduced: true },
    { title: 'Quaderno a righe', unit: null, price: [150, 390], quantities: [100, 200] },
    { title: 'Penna gel nera', unit: null, price: [120, 290], quantities: [100, 300] },
    { title: 'Caricabatterie USB', unit: null, price: [990, 1990], quantities: [100] },
  ],
};

export const CARDS: { name: string; method: 'credit_card' | 'debit_card' | 'twint' }[] = [
  { name: 'Visa', method: 'credit_card' },
  { name: 'Mastercard', method: 'credit_card' },
  { name: 'American Express', method: 'credit_card' },
  { name: 'Maestro', method: 'debit_card' },
  { name: 'PostFinance Card', method: 'debit_card' },
  { name: 'girocard', method: 'debit_card' },
  { name: 'TWINT', method: 'twint' },
];
