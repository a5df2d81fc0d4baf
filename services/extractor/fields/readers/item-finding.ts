import type { Finding } from '../values/finding.js';

/** The fields of a line item the text shows; the accounting fields (nominal account) come later. */
export interface LineItemValue {
  title: string;
  quantity: string | null;
  unit: string | null;
  amount_unit: string | null;
  amount_total: string | null;
  tax_rate: string | null;
  discount_rate: string | null;
  article_number: string | null;
}

export type ItemField = keyof LineItemValue;

/** An item of which only its title is read yet: every other field null. */
export const emptyLineItemValue = (title: string): LineItemValue => ({
  title,
  quantity: null,
  unit: null,
  amount_unit: null,
  amount_total: null,
  tax_rate: null,
  discount_rate: null,
  article_number: null,
});

export interface ItemFinding {
  value: LineItemValue;
  /** Per filled field, where it was read. */
  fields: Partial<Record<ItemField, Finding<string>>>;
}
