/**
 * Inline files: strict base64 (RFC 4648 §4), optionally as a data URL (`data:application/pdf;base64,…`);
 * ASCII whitespace and line breaks anywhere are tolerated. Checked with single-character searches
 * only, so a file of any size the body limit allows costs linear time and no stack (a regular
 * expression with a repeated group over the payload overflows V8's backtracking stack at a few MB).
 */

const DATA_URL_HEADER = /^data:[\w.+-]+\/[\w.+-]+(?:;[\w-]+=[\w.-]+)*;base64,$/;
/** Longer than any data URL header a client writes; the header is looked for only within it. */
const MAX_DATA_URL_HEADER = 256;

const WHITESPACE = /[\t-\r ]+/g;
const HAS_WHITESPACE = /[\t-\r ]/;
const NOT_BASE64 = /[^A-Za-z0-9+/=]/;
const PADDING_ONLY = /^={1,2}$/;

/** Where the base64 payload starts: after a data URL header, or at 0. -1 when a data URL header is malformed. */
const payloadStart = (value: string): number => {
  if (!value.startsWith('data:')) return 0;
  const comma = value.indexOf(',', 0);
  if (comma < 0 || comma >= MAX_DATA_URL_HEADER) return -1;
  return DATA_URL_HEADER.test(value.slice(0, comma + 1)) ? comma + 1 : -1;
};

/** Whether a payload without whitespace is non-empty strict base64: groups of four, `=` padding only at the end. */
const isStrictBase64 = (payload: string): boolean => {
  if (payload.length === 0 || payload.length % 4 !== 0 || NOT_BASE64.test(payload)) return false;
  const padding = payload.indexOf('=');
  return padding < 0 || (padding > 0 && PADDING_ONLY.test(payload.slice(padding)));
};

/** The bytes of an inline file, or null when it is not a non-empty strict base64 string. */
export const decodeBase64File = (value: string): Buffer | null => {
  const start = payloadStart(value);
  if (start < 0) return null;
  const text = start === 0 ? value : value.slice(start);
  const payload = HAS_WHITESPACE.test(text) ? text.replace(WHITESPACE, '') : text;
  return isStrictBase64(payload) ? Buffer.from(payload, 'base64') : null;
};
