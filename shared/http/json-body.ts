import { isUtf8 } from 'node:buffer';
import { AppError } from '../errors/app-error.js';

/** Deeper JSON is refused before parsing: code that walks a parsed body (JSON.stringify included) recurses. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

const badBody = (code: string, title: string, detail: string): AppError => new AppError({ code, status: 400, title, detail });

const hexValue = (body: Buffer, start: number): number => {
  const text = body.toString('latin1', start, start + 4);
  return /^[0-9A-Fa-f]{4}$/.test(text) ? Number.parseInt(text, 16) : -1;
};

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

const unpairedSurrogate = () =>
  badBody(
    'invalid_json',
    'Malformed JSON',
    'the request body escapes half a surrogate pair (\\uD800-\\uDFFF alone), which is no character',
  );

/**
 * Scans a string's escapes from just after its opening quote; returns the index of its closing quote
 * (or the body's length). A `\u` escape of half a surrogate pair stands for no character at all.
 */
const scanString = (body: Buffer, start: number): number => {
  let index = start;
  // Each search starts where the last one stopped, so a string full of escapes still costs one pass.
  let quote = body.indexOf(QUOTE, index);
  let escape = body.indexOf(BACKSLASH, index);
  for (;;) {
    if (quote < 0) return body.length;
    if (escape < 0 || quote < escape) return quote;
    if (body[escape + 1] === 0x75 /* u */) {
      const unit = hexValue(body, escape + 2);
      index = escape + 6;
      if (isLowSurrogate(unit)) throw unpairedSurrogate();
      if (isHighSurrogate(unit)) {
        if (body[index] !== BACKSLASH || body[index + 1] !== 0x75 || !isLowSurrogate(hexValue(body, index + 2))) throw unpairedSurrogate();
        index += 6;
      }
    } else index = escape + 2;
    if (quote < index) quote = body.indexOf(QUOTE, index);
    escape = body.indexOf(BACKSLASH, index);
  }
};

/**
 * What every JSON request body must be before it is parsed, checked in one linear pass for all
 * routes: UTF-8 (a decoder would silently turn other bytes into U+FFFD), nested at most
 * MAX_JSON_DEPTH deep, and free of unpaired surrogate escapes (they cannot be stored as UTF-8).
 * Syntax errors are left to the parser.
 */
export const checkJsonBody = (body: Buffer): void => {
  if (!isUtf8(body)) throw badBody('invalid_encoding', 'Invalid encoding', 'the request body is not valid UTF-8');
  let depth = 0;
  for (let index = 0; index < body.length; index++) {
    const byte = body[index]!;
    if (byte === QUOTE) index = scanString(body, index + 1);
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      depth++;
      if (depth > MAX_JSON_DEPTH)
        throw badBody(
          'json_too_deep',
          'JSON nested too deeply',
          `the request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`,
        );
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--;
  }
};
