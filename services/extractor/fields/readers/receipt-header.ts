import { emptyAddress } from '../../../../contracts/events/extracted-data.js';
import type { DocumentText, TextLine } from '../layout/document-text.js';
import { foundAt } from '../values/finding.js';
import { CLOSING_WORDS, COMPANY_FORM, HEADER_END, LEGAL_FORM, MISREAD_SDN_BHD } from '../vocabulary/till-receipt-terms.js';
import type { Party } from './parties.js';
import { countryFromName } from '../values/countries.js';
import { parsePostalLine, parseStreetLine } from '../values/postal-address.js';
import { postcodeOfState } from '../values/malaysian-postcodes.js';
import { postcodeOfTown, withPostTown } from '../values/malaysian-post-towns.js';
import { withTownAccents } from '../values/town-names.js';
import {
  countryDialled,
  OPENS_ADDRESS,
  leadsWithNumberOrStreet,
  opensAddress,
  namesPlace,
  postalOf,
  isPostalLine,
  TITLE_LINE,
  isIdAboveAddress,
  holdsAddressNumber,
  postalLineBefore,
  addressFrom,
  labelledAddress,
} from './receipt-header/address-lines.js';
import { MAX_LINES_BEFORE_NAME, nameOf, nameConfidence, whatSpeaksFor } from './receipt-header/name.js';
import { text, spanOfLine, lettersIn, trimPunctuation } from './receipt-header/print.js';
import { streetPart, cityPart, shopWords } from './receipt-header/misread-words.js';
import {
  isHandwrittenNote,
  isRegister,
  isDateAndTime,
  isNameLike,
  REGISTER_IN_NAME,
  hasRegisterInName,
  looksGarbled,
  isLegalFormAlone,
  ENDS_IN_PRICE,
} from './receipt-header/line-kinds.js';
import { withoutRegisterAfterForm, initialismLetters, MISREAD_S_B, ampersandsInName, sdnBhd } from './receipt-header/name-misreads.js';

/**
 * A till receipt's shop, from its header: the name and address a till prints at the top, centred, before
 * its contact details, tax numbers, title and meta data. The name is the best of the header's first lines
 * above the address: a registered legal form ("… SDN BHD", "… GmbH"), a register number beside or under it
 * and the address right below speak for a line (a brand or an outlet printed above or below the company
 * has none of these); the address is the lines from its first line (a house or lot number, a floor, a
 * street) up to what ends the header, past an outlet's name and register numbers between name and address:
 * the lines before the postal code are the street, the postal code line and the place names after it are
 * the city (a state, a mall).
 */

const HEADER_LINES = 14;

export const findReceiptHeader = (document: DocumentText): Party | null => {
  const firstPage = document.lines[0]?.page;
  const pageLines = document.lines.filter((line) => line.page === firstPage && text(line) !== '');
  const lines = pageLines.slice(0, HEADER_LINES);
  // A title printed above the name ("TAX INVOICE") opens the receipt, it does not end its header; what a scan shows above
  // it among the first lines, without a company's form or register number, is a logo read as letters.
  const isTitle = (line: TextLine) => TITLE_LINE.test(trimPunctuation(text(line)));
  const title = lines.findIndex(isTitle);
  const logoAbove =
    title > 0 &&
    title <= MAX_LINES_BEFORE_NAME &&
    lines.slice(0, title).every((line) => !COMPANY_FORM.test(text(line)) && !hasRegisterInName(text(line)) && !isRegister(line));
  // A till's closing words near the top ("Thank You, Please come again") are the end of the receipt before, torn off
  // above this one: its header starts after the blank line that follows them.
  const closing = lines.slice(0, MAX_LINES_BEFORE_NAME + 1).findLastIndex((line) => CLOSING_WORDS.test(text(line)));
  // Printed without a blank line (a transcription, a tight scan), its header starts at the first registered company's
  // line below them: what is between is the end of the receipt before (its return policy, a hotline, a voucher's note).
  const belowClosing = (test: (line: TextLine, index: number) => boolean) =>
    closing === -1 ? -1 : lines.findIndex((line, index) => index > closing && index <= closing + 7 && test(line, index));
  const afterBlank = belowClosing((line, index) => line.index > lines[index - 1]!.index + 1);
  const afterClosing = afterBlank !== -1 ? afterBlank : belowClosing((line) => namesRegisteredCompany(text(line)));
  const first = Math.max(logoAbove ? title : 0, afterClosing);
  const read = headerFrom(document, lines, first);
  if (read?.legalForm) return read.party;
  // A registered company's line below what a scan made of a logo, a stamp or a crumple ("DERE TR YT ew SESE …",
  // "mamma DE lle di am-") or below a brand and a title ("AA PHARMACY" / "… SIN BHD"): the header starts there.
  const registered = registeredLineBelowNoise(lines, first);
  if (registered !== -1) {
    // Its header's lines count from there: the specks above it are no part of it.
    const anchored = headerFrom(document, pageLines.slice(0, registered + HEADER_LINES), registered);
    if (anchored?.legalForm) return anchored.party;
  }
  return read?.party ?? null;
};

/** A line that names a registered company: a legal form and a name, no closing words. */
const namesRegisteredCompany = (value: string): boolean =>
  LEGAL_FORM.test(value) && isNameLike(value.replace(REGISTER_IN_NAME, ' ')) && !CLOSING_WORDS.test(value) && !isLegalFormAlone(value);

/**
 * A line that names a registered company (a legal form) in the page's first lines, where everything above it is what a
 * scan or a logo makes, a title or a brand: garbled lines, specks, lines without a number that are no date, postal code
 * or labelled number. A header whose lines above the company hold an address, a date or a tax number is read as it is.
 */
const registeredLineBelowNoise = (lines: TextLine[], first: number): number => {
  for (let at = Math.max(0, first); at < lines.length; at++) {
    const value = text(lines[at]!);
    if (namesRegisteredCompany(value)) return at;
    const noise =
      lettersIn(value) < 2 ||
      (looksGarbled(value) && !COMPANY_FORM.test(value) && !isPostalLine(lines[at]!)) ||
      // No line with a number of two digits or more: an address, a date, a tax or phone number is the header's.
      (!/\d{2}/.test(value) && !CLOSING_WORDS.test(value));
    if (!noise) return -1;
  }
  return -1;
};

/** The shop read from a header that starts at line `first` (past a title), and whether its name has a legal form. */
const headerFrom = (document: DocumentText, lines: TextLine[], first: number): { party: Party; legalForm: boolean } | null => {
  const isTitle = (line: TextLine) => TITLE_LINE.test(trimPunctuation(text(line)));
  const start = lines.findIndex((line, index) => index >= first && !isTitle(line));
  // A note printed above the name ("Your order number is", "WELCOME") ends no header: it has no number, and nothing is above
  // it but specks a scan reads as a letter or a mark ("i", "D"), which the header leaves out as well.
  const noteAbove = (line: TextLine, index: number) =>
    index >= start && !/\d/.test(text(line)) && lines.slice(start, index).every((above) => lettersIn(text(above)) < 2);
  const end = lines.findIndex(
    (line, index) => index >= start && HEADER_END.test(text(line)) && !noteAbove(line, index) && !isIdAboveAddress(lines, index),
  );
  // The line that ends the header may be the postal line with the phone printed beside it: its postal code and place are the address's.
  const postalBeside = end === -1 ? null : postalLineBefore(lines[end]!);
  // Specks read as "|" or "i", notes written on the receipt and the date and time it was printed are no part of name or address.
  const header = [...lines.slice(Math.max(0, start), end === -1 ? lines.length : end), ...(postalBeside ? [postalBeside] : [])].filter(
    (line) => lettersIn(text(line)) >= 2 && !isHandwrittenNote(text(line), document) && !isDateAndTime(text(line)),
  );

  const chosen = nameOf(header);
  if (chosen === null) return null;
  const candidate = chosen.best;
  const nameLines = header.slice(candidate.at, candidate.at + candidate.lines);
  const name = trimPunctuation(
    shopWords(
      ampersandsInName(
        initialismLetters(
          withoutRegisterAfterForm(
            nameLines
              .map(text)
              .join(' ')
              .replace(REGISTER_IN_NAME, ' ')
              .replace(MISREAD_SDN_BHD, sdnBhd)
              .replace(/\s+/g, ' ')
              .trim()
              // A till's counter before the name ("#000002 BAIFU (M) Sdn Bhd") is no part of it, nor is an owner's label ("OWN BY: …").
              .replace(/^#\d+\s+/u, '')
              .replace(/^(?:owne?d?|operated|managed) by\s*:?\s*/iu, '')
              .replace(MISREAD_S_B, 'S/B'),
          ),
        ),
      ),
    ),
  );

  // The items start below the header: a line ending in a price and what follows it are no part of the address.
  const belowName = header.slice(candidate.at + candidate.lines);
  const firstPrice = belowName.findIndex((line) => ENDS_IN_PRICE.test(text(line)));
  const afterName = firstPrice === -1 ? belowName : belowName.slice(0, firstPrice);
  // An outlet's or brand's name, a site number between the name and the address's first line are no part of the address.
  const postalLine = afterName.findIndex(isPostalLine);
  const startsAddress = (opens: (line: TextLine) => boolean) =>
    afterName.findIndex(
      (line, index) =>
        (postalLine === -1 || index < postalLine) && !LEGAL_FORM.test(text(line)) && !ENDS_IN_PRICE.test(text(line)) && opens(line),
    );
  // A line that opens with a number or a street word starts the address; only where none does, a street's name without a
  // number or a line with a number OCR garbled the first word of (above a numbered line, they are an outlet's or a park's
  // name: "FIRST WORLD THEME PARK", "MPH ONE UTAMA PHASE 2"); only where none of these does, a line naming a place ("USJ
  // Summit, Subang (SS)": above an address's first line, it is an outlet's name, "IKEA Cheras").
  const numbered = startsAddress((line) => leadsWithNumberOrStreet(text(line)));
  const opening = numbered !== -1 ? numbered : startsAddress((line) => opensAddress(text(line)) || holdsAddressNumber(line));
  const firstLine = opening !== -1 ? opening : startsAddress((line) => namesPlace(text(line)));
  // Where the header prints no postal line, an address the till labels ("HQ ADD: LOT 11995, …" below the phone and tax
  // numbers) is the shop's.
  const read = addressFrom(afterName.slice(Math.max(0, firstLine)));
  const { addressLines, postalAt } = read.postalAt === -1 ? (labelledAddress(lines.slice(Math.max(0, start))) ?? read) : read;

  const address = { ...emptyAddress(), company_name: name };
  const evidence: Party['evidence'] = { company_name: foundAt(name, nameConfidence(chosen, name), nameLines.map(spanOfLine)) };
  const reasons = [`sender: the name at the top of a till receipt (${whatSpeaksFor(chosen)})`];
  if (postalAt !== -1) {
    const postal = postalOf(addressLines[postalAt]!)!;
    const streetLines = addressLines.slice(0, postalAt);
    // A code that names its country by its form ("3511 LX" is Dutch) gives the shop's country.
    const known = parsePostalLine(text(addressLines[postalAt]!));
    const country = known?.country ?? null;
    // A postal line whose town stands before its code ("Scranton PA 18503") is read whole: what precedes the code is
    // the town, not the street's end, and a line below it naming the code's country is no part of the town.
    const townFirst = known !== null && country !== null && (postal.groups!.place ?? '').trim() === '';
    // A dash a space apart between the street and the postcode separates them ("Via Roma 15 - 37121 Verona").
    const before = townFirst
      ? ''
      : trimPunctuation(trimPunctuation(text(addressLines[postalAt]!)).slice(0, postal.index)).replace(/\s+[-–]$/u, '');
    const above = [...streetLines.map((line) => streetPart(text(line))), before && streetPart(before)]
      .filter((part) => part !== '')
      .join(', ');
    // A till that prints its town before its street ("33100 Paderborn" over "Husener Str. 121"): the line right under
    // the postal line, a street with its number, where none is above it.
    const under = above === '' ? afterName[afterName.indexOf(addressLines[postalAt]!) + 1] : undefined;
    const streetUnder = under && parseStreetLine(text(under))?.houseNumber ? under : null;
    const street = streetUnder ? streetPart(text(streetUnder)) : above;
    const below = addressLines
      .slice(postalAt + 1)
      .filter((line) => line !== streetUnder)
      .map(text)
      .filter((line) => !townFirst || countryFromName(line) !== country);
    // The town's name with the accents OCR dropped, as an address block's ("1205 Geneve" → "Genève").
    const city = withTownAccents(
      [(townFirst ? known.city : postal.groups!.place) ?? '', ...below]
        .map(cityPart)
        .filter((part) => part !== '')
        .join(', '),
      postal.groups!.code!,
    );
    const postalSpan = spanOfLine(addressLines[postalAt]!);
    const dialled = country === null ? countryDialled(header, postal.groups!.code!) : null;
    // A Malaysian code in another state's range than the state the place names, or that no town has: the digit OCR
    // misread, where one fits; and the town it serves, where OCR misread a letter or two of it.
    const malaysian = country === null || country === 'MY';
    const postalCode = malaysian ? postcodeOfTown(postcodeOfState(postal.groups!.code!, city), city) : postal.groups!.code!;
    const town = malaysian ? withPostTown(city, postalCode) : city;
    Object.assign(address, {
      street: street || null,
      postal_code: postalCode,
      city_name: town,
      country_code: country ?? dialled?.country ?? null,
    });
    evidence.postal_code = foundAt(address.postal_code!, 0.6, [postalSpan]);
    evidence.city_name = foundAt(town, 0.5, [postalSpan, ...addressLines.slice(postalAt + 1).map(spanOfLine)]);
    if (country) evidence.country_code = foundAt(country, 0.5, [postalSpan]);
    else if (dialled) evidence.country_code = foundAt(dialled.country, 0.5, [postalSpan, dialled.span]);
    if (street)
      evidence.street = foundAt(
        street,
        0.5,
        streetUnder ? [spanOfLine(streetUnder)] : streetLines.length > 0 ? streetLines.map(spanOfLine) : [postalSpan],
      );
    reasons.push('sender: the address below it, up to its postal code and place');
  } else if (addressLines.length > 0 && (OPENS_ADDRESS.test(text(addressLines[0]!)) || namesPlace(text(addressLines[0]!)))) {
    const street = addressLines.map((line) => streetPart(text(line))).join(', ');
    Object.assign(address, { street });
    evidence.street = foundAt(street, 0.4, addressLines.map(spanOfLine));
    reasons.push('sender: the address below it, which prints no postal code');
  }
  return { party: { address, evidence, reasons }, legalForm: candidate.legalForm };
};
