import type { Address } from '../../../contracts/events/extracted-data.js';
import type { PartyFields } from './einvoice-fields.js';
import { asText, type EvidenceLog } from './evidence-log.js';
import { postOfficeBoxOf, splitStreetLine } from './street-line.js';
import type { Located } from './xml-query.js';

const countryCode = (raw: string): string | null => (/^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : null);

/** The street line: beside a separate building number, else the first line with a house number, else the first. */
const streetOf = (party: PartyFields, country: string | null): { line: Located; street: string; houseNumber: string | null } | null => {
  const streetLines = party.addressLines.filter((line) => postOfficeBoxOf(line.value) === null);
  if (party.buildingNumber && streetLines[0]) {
    return { line: streetLines[0], street: streetLines[0].value, houseNumber: party.buildingNumber.value };
  }
  const split = streetLines.map((line) => ({ line, ...splitStreetLine(line.value, country) }));
  return split.find((candidate) => candidate.houseNumber !== null) ?? split[0] ?? null;
};

/** A party as an address, each field noted with the element it came from under `prefix` (`sender_address`). */
export const toAddress = (log: EvidenceLog, prefix: string, party: PartyFields | null): Address | null => {
  if (!party) return null;
  const country = log.take(`${prefix}.country_code`, party.countryCode, countryCode);
  const street = streetOf(party, country);
  if (street) log.point(`${prefix}.street`, street.line.path);
  if (street?.houseNumber) log.point(`${prefix}.house_number`, party.buildingNumber?.path ?? street.line.path);
  const boxLine = party.addressLines.find((line) => postOfficeBoxOf(line.value) !== null) ?? null;
  return {
    address_id: null,
    company_name: log.take(`${prefix}.company_name`, party.name, asText),
    contact_person_name: log.take(`${prefix}.contact_person_name`, party.contactPerson, asText),
    street: street?.street ?? null,
    house_number: street?.houseNumber ?? null,
    post_office_box: party.postOfficeBox
      ? log.take(`${prefix}.post_office_box`, party.postOfficeBox, asText)
      : log.take(`${prefix}.post_office_box`, boxLine, postOfficeBoxOf),
    postal_code: log.take(`${prefix}.postal_code`, party.postalCode, asText),
    city_name: log.take(`${prefix}.city_name`, party.city, asText),
    country_code: country,
    company_id: log.take(`${prefix}.company_id`, party.legalId ?? party.taxNumber, asText),
    vat_id: log.take(`${prefix}.vat_id`, party.vatId, (raw) => raw.replace(/\s+/g, '')),
  };
};
