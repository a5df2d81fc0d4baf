import type { SeededRandom } from './seeded-random.js';

/**
 * Payment and tax identifiers with correct check digits, so a document's IBAN or VAT id is one a
 * validating extractor accepts: a wrong checksum in the corpus would score a correct refusal as an error.
 */

export type Country = 'CH' | 'DE' | 'AT' | 'FR' | 'IT' | 'GB' | 'US';

/** A number too long for floating point, modulo 97, digit by digit (ISO 7064 MOD 97-10). */
const mod97 = (digits: string): number => [...digits].reduce((rest, digit) => (rest * 10 + Number(digit)) % 97, 0);

/** Letters as ISO 13616 numbers: A = 10 … Z = 35. */
const lettersToDigits = (text: string): string =>
  [...text].map((char) => (/[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char)).join('');

const ibanFromBban = (country: string, bban: string): string => {
  const check = 98 - mod97(lettersToDigits(`${bban}${country}00`));
  return `${country}${String(check).padStart(2, '0')}${bban}`;
};

/** French RIB key over bank, branch and account (digits only here). */
const ribKey = (bank: string, branch: string, account: string): string =>
  String(97 - ((89 * Number(bank) + 15 * Number(branch) + 3 * Number(account)) % 97)).padStart(2, '0');

// Italian CIN: characters in odd places (1st, 3rd, …) take these values, in even places their own (0-9, A=0 …).
const CIN_ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const italianCin = (body: string): string => {
  const sum = [...body].reduce((total, char, index) => {
    const value = /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 65;
    return total + (index % 2 === 0 ? CIN_ODD_VALUES[value]! : value);
  }, 0);
  return String.fromCharCode(65 + (sum % 26));
};

const BBANS: Record<Exclude<Country, 'US'>, (random: SeededRandom) => string> = {
  CH: (random) => `${random.pick(['00762', '00235', '00700', '09000', '80808', '00767'])}${random.digits(12, true)}`,
  DE: (random) => `${random.pick(['37040044', '50070010', '70020270', '10010010', '60050101', '20050550'])}${random.digits(10, true)}`,
  AT: (random) => `${random.pick(['12000', '20111', '32000', '14000', '60000'])}${random.digits(11, true)}`,
  FR: (random) => {
    const [bank, branch, account] = [
      random.pick(['30004', '30003', '20041', '10278', '11315']),
      random.digits(5, true),
      random.digits(11, true),
    ];
    return `${bank}${branch}${account}${ribKey(bank, branch, account)}`;
  },
  IT: (random) => {
    const body = `${random.pick(['02008', '03069', '05034', '03062', '01030'])}${random.digits(5)}${random.digits(12, true)}`;
    return `${italianCin(body)}${body}`;
  },
  GB: (random) => `${random.pick(['BARC', 'NWBK', 'HBUK', 'LOYD', 'MIDL'])}${random.digits(6)}${random.digits(8, true)}`,
};

/** A valid IBAN of a country (electronic format); US banks have none. */
export const generateIban = (random: SeededRandom, country: Exclude<Country, 'US'>): string =>
  ibanFromBban(country, BBANS[country](random));

/** A Swiss QR-IBAN: its institution id (IID) lies in 30000–31999, which marks it for QR references. */
export const generateQrIban = (random: SeededRandom): string => ibanFromBban('CH', `${random.int(30000, 31999)}${random.digits(12, true)}`);

/** Printed in groups of four, as on paper. */
export const groupedIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ');

export const isValidIbanChecksum = (iban: string): boolean => mod97(lettersToDigits(`${iban.slice(4)}${iban.slice(0, 4)}`)) === 1;

const BICS: Record<Exclude<Country, 'US'>, string[]> = {
  CH: ['UBSWCHZH80A', 'CRESCHZZ80A', 'POFICHBEXXX', 'ZKBKCHZZ80A', 'RAIFCH22XXX', 'BCGECHGGXXX'],
  DE: ['COBADEFFXXX', 'DEUTDEFFXXX', 'HYVEDEMMXXX', 'GENODEF1M01', 'BYLADEM1001', 'MARKDEF1100'],
  AT: ['BKAUATWWXXX', 'RZBAATWWXXX', 'GIBAATWWXXX', 'OBKLAT2LXXX'],
  FR: ['BNPAFRPPXXX', 'SOGEFRPPXXX', 'CRLYFRPPXXX', 'AGRIFRPP882', 'CCBPFRPPMTG'],
  IT: ['UNCRITMMXXX', 'BCITITMMXXX', 'BPMOIT22XXX', 'BAPPIT21001', 'PASCITMMXXX'],
  GB: ['BARCGB22XXX', 'NWBKGB2LXXX', 'HBUKGB4BXXX', 'LOYDGB2LXXX', 'MIDLGB22XXX'],
};

/** A real bank's BIC, 11 characters or (sometimes printed so) the 8 of a head office. */
export const generateBic = (random: SeededRandom, country: Exclude<Country, 'US'>): string => {
  const bic = random.pick(BICS[country]);
  return bic.endsWith('XXX') && random.chance(0.3) ? bic.slice(0, 8) : bic;
};

const luhnCheckDigit = (body: string): number => {
  const sum = [...body].reverse().reduce((total, char, index) => {
    const value = Number(char) * (index % 2 === 0 ? 2 : 1);
    return total + (value > 9 ? value - 9 : value);
  }, 0);
  return (10 - (sum % 10)) % 10;
};

/** Swiss UID digits: weights 5 4 3 2 7 6 5 4, check 11 − sum mod 11; a check of 10 is never issued. */
const swissUidDigits = (random: SeededRandom): string => {
  for (;;) {
    const body = random.digits(8);
    const sum = [5, 4, 3, 2, 7, 6, 5, 4].reduce((total, weight, index) => total + weight * Number(body[index]), 0);
    const check = (11 - (sum % 11)) % 11;
    if (check !== 10) return `${body}${check}`;
  }
};

/** German USt-IdNr: ISO 7064 MOD 11,10 over eight digits. */
const germanVatDigits = (random: SeededRandom): string => {
  const body = random.digits(8);
  let product = 10;
  for (const digit of body) {
    const sum = (Number(digit) + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  return `${body}${(11 - product) % 10}`;
};

/** Austrian UID: seven digits, every second doubled (digit sums), check (10 − (sum + 4) mod 10) mod 10. */
const austrianVatDigits = (random: SeededRandom): string => {
  const body = random.digits(7);
  const sum = [...body].reduce((total, char, index) => {
    const value = index % 2 === 1 ? Number(char) * 2 : Number(char);
    return total + Math.floor(value / 10) + (value % 10);
  }, 0);
  return `${body}${(10 - ((sum + 4) % 10)) % 10}`;
};

/** A SIREN: eight digits and their Luhn check digit. */
export const generateSiren = (random: SeededRandom): string => {
  const body = random.digits(8);
  return `${body}${luhnCheckDigit(body)}`;
};

/** Italian partita IVA: seven digits, a provincial office code, a Luhn check digit. */
const italianVatDigits = (random: SeededRandom): string => {
  const body = `${random.digits(7, true)}${String(random.int(1, 100)).padStart(3, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
};

/** British VAT number (mod 97 scheme): weights 8 … 2 over seven digits, and the two check digits make it 0 mod 97. */
const britishVatDigits = (random: SeededRandom): string => {
  const body = random.digits(7);
  const sum = [8, 7, 6, 5, 4, 3, 2].reduce((total, weight, index) => total + weight * Number(body[index]), 0);
  return `${body}${String((97 - (sum % 97)) % 97).padStart(2, '0')}`;
};

export interface TaxIdentity {
  /** As printed and as the truth spells it: `CHE-123.456.789 MWST`, `DE123456789`, `FR12345678901`. */
  vatId: string | null;
  /** A register id the document prints (`CHE-123.456.789`, `HRB 12345`, `FN 123456a`, a SIRET), or null. */
  companyId: string | null;
}

export type SwissVatSuffix = 'MWST' | 'TVA' | 'IVA';

/** The VAT id (and the register id that goes with it) of a company in a country; US companies have no VAT id. */
export const generateTaxIdentity = (random: SeededRandom, country: Country, swissSuffix: SwissVatSuffix): TaxIdentity => {
  switch (country) {
    case 'CH': {
      const digits = swissUidDigits(random);
      const uid = `CHE-${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`;
      return { vatId: `${uid} ${swissSuffix}`, companyId: uid };
    }
    case 'DE':
      return { vatId: `DE${germanVatDigits(random)}`, companyId: random.chance(0.5) ? `HRB ${random.int(1000, 199999)}` : null };
    case 'AT':
      return {
        vatId: `ATU${austrianVatDigits(random)}`,
        companyId: random.chance(0.5) ? `FN ${random.int(10000, 599999)}${random.pick(['a', 'b', 'd', 'k', 'm'])}` : null,
      };
    case 'FR': {
      const siren = generateSiren(random);
      const key = String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
      const siret = `${siren}${random.digits(4, true)}`;
      const withSiret = `${siret}${luhnCheckDigit(siret)}`;
      return { vatId: `FR${key}${siren}`, companyId: random.chance(0.5) ? withSiret : null };
    }
    case 'IT':
      return { vatId: `IT${italianVatDigits(random)}`, companyId: null };
    case 'GB':
      return { vatId: `GB${britishVatDigits(random)}`, companyId: null };
    case 'US':
      return { vatId: null, companyId: null };
  }
};

/** ISO 11649 creditor reference: RF, two check digits, the reference proper (here 10–16 characters). */
export const generateCreditorReference = (random: SeededRandom): string => {
  const body = random.chance(0.5)
    ? random.digits(random.int(10, 16))
    : `${random.pick(['INV', 'R', 'F'])}${random.digits(random.int(8, 12))}`;
  const check = 98 - mod97(lettersToDigits(`${body}RF00`));
  return `RF${String(check).padStart(2, '0')}${body}`;
};

const MODULO_10_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];

/** The check digit of Swiss QR and ESR references (modulo 10, recursive). */
export const modulo10Recursive = (digits: string): number =>
  (10 - [...digits].reduce((carry, digit) => MODULO_10_TABLE[(carry + Number(digit)) % 10]!, 0)) % 10;

/** A QR reference: 26 digits and the modulo-10-recursive check digit. */
export const generateQrReference = (random: SeededRandom): string => {
  const zeros = random.int(0, 10);
  const body = `${'0'.repeat(zeros)}${random.digits(26 - zeros)}`;
  return `${body}${modulo10Recursive(body)}`;
};
