// An item id printed before the name: in brackets (Odoo's "[FURN_7777] Office Chair"), in parentheses,
// or between asterisks as Code 39 barcodes show it ("*987123* Olive Oil").
const LEADING_DECORATED_TOKEN = /^(?:\[(?<bracketed>[^\]]+)\]|\((?<parenthesized>[^)]+)\)|\*(?<starred>[^*]+)\*)\s*(?<rest>.*)$/s;

export interface SplitItemName {
  title: string;
  /** The line's own item id the name began with, taken off the title; null when there was none. */
  itemId: string | null;
}

/**
 * A line's name without the item id its writer put before it. Only an id of that line is taken off:
 * other leading brackets ("[Sale] Office Chair", "(2x) Tyres") belong to the name.
 */
export const splitItemName = (name: string, lineItemIds: string[]): SplitItemName => {
  const groups = LEADING_DECORATED_TOKEN.exec(name)?.groups;
  const token = (groups?.bracketed ?? groups?.parenthesized ?? groups?.starred)?.trim();
  const title = groups?.rest?.trim();
  return token !== undefined && title && lineItemIds.includes(token) ? { title, itemId: token } : { title: name, itemId: null };
};
