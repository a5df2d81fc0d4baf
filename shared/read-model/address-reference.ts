import { createHash } from 'node:crypto';
import type { Address } from '../../contracts/events/extracted-data.js';
import { normalizeForFuzzy } from './evaluate-query.js';

/** Letters and digits only, in capitals: "CHE-123.456.789 MWST" and "che123456789mwst" are one id. */
const bareId = (id: string): string => id.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * What makes two printed addresses one party's: its VAT id (kept when the party moves), else its company id, else its
 * name at its postal code (or town) and country, spelt as the fuzzy filter reads names ("Müller" = "Mueller" = "Muller").
 * A party with less than that printed is not identified.
 */
const identityOf = (address: Address): string | null => {
  if (address.vat_id) return `vat:${bareId(address.vat_id)}`;
  if (address.company_id) return `company:${bareId(address.company_id)}`;
  const name = normalizeForFuzzy(address.company_name ?? address.contact_person_name ?? '');
  const place = address.postal_code ? bareId(address.postal_code) : normalizeForFuzzy(address.city_name ?? '');
  return name && place ? `name:${name}|${place}|${address.country_code ?? ''}` : null;
};

/**
 * The tenant's reference to a party's address (`address_id`): the same for every document of the tenant that names the
 * same party, so a client can match senders and receivers across documents (`filter[sender_address.address_id]=…`),
 * and derived from the address alone, so every replay and every process gives the same one. Another tenant's
 * reference to the same party differs: references say nothing across tenants.
 */
export const addressReference = (tenantId: string, address: Address): string | null => {
  const identity = identityOf(address);
  return identity === null ? null : createHash('sha256').update(`${tenantId}\u0000${identity}`).digest('hex').slice(0, 20);
};
