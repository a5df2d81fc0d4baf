import type { Column } from '../../layout/item-table.js';
import { labelPattern } from '../../layout/labels.js';
import { termsFor } from '../../vocabulary/terms.js';

const NAME = labelPattern(...termsFor('itemNameColumn'));
const DESCRIPTION = labelPattern(...termsFor('descriptionColumn'));
const CODE = labelPattern(...termsFor('articleColumn'));
// What joins two names of fields in one header cell: "&", "/", "+", a comma, a word for "and".
const JOINER = String.raw`\s*(?:[&/+,]|and|et|und|e|en|y)\s*`;
const NAME_AND_DESCRIPTION = new RegExp(`${NAME.source}${JOINER}${DESCRIPTION.source}`, 'iu');
const CODE_BEFORE_NAME = new RegExp(`${CODE.source}${JOINER}(?:${NAME.source}|${DESCRIPTION.source})`, 'iu');

/**
 * What the description column's header says its cells print, where it names more than one field ("CODE ARTICLE, NOM &
 * DESIGNATION", "Name / Description"): the item's name and a description after it, or its code before the name.
 */
export interface CombinedHeader {
  /** The header names the name and then a description: a cell "NAME - Description" prints both, the name first. */
  nameThenDescription: boolean;
  /** The header names the code and then the name: a cell's first word may be the item's code. */
  codeThenName: boolean;
}

export const combinedHeaderOf = (columns: readonly Column[]): CombinedHeader => {
  const header = columns.find((column) => column.role === 'description')?.header ?? '';
  return { nameThenDescription: NAME_AND_DESCRIPTION.test(header), codeThenName: CODE_BEFORE_NAME.test(header) };
};

// "PRESTATION SUPPORT - Description de l'article": a dash between spaces after the name.
const DESCRIPTION_AFTER_NAME = /\s+[-–]\s+(?=\S)/u;
// ":59878541259874 PRESTATION SUPPORT": a code (digits and capitals, six digits at least or letters and digits both)
// before the name, marks before it aside.
const LEADING_CODE = /^[^\p{L}\d]*(?<code>(?=[\p{Lu}\d._/-]*\d)(?:\d{6,}|(?=[\d._/-]*\p{Lu})[\p{Lu}\d][\p{Lu}\d._/-]{2,29}))\s+(?=\p{L})/u;

/**
 * The item's name in a cell under a header naming several fields: without the description the header says follows it
 * ("PRESTATION SUPPORT - Description" under "NOM & DESIGNATION"), without the code it says precedes it
 * (":59878541259874 PRESTATION SUPPORT" under "CODE ARTICLE, NOM"); the code, if any, is returned apart.
 */
export const nameUnderCombinedHeader = (title: string, header: CombinedHeader): { title: string; code: string | null } => {
  let name = title;
  let code: string | null = null;
  const leading = header.codeThenName ? LEADING_CODE.exec(name) : null;
  if (leading) {
    code = leading.groups!.code!;
    name = name.slice(leading[0].length);
  }
  const dash = header.nameThenDescription ? DESCRIPTION_AFTER_NAME.exec(name) : null;
  if (dash && /\p{L}/u.test(name.slice(0, dash.index))) name = name.slice(0, dash.index);
  return { title: name, code };
};
