import { isUtf8 } from 'node:buffer';
import type { RequestHandler } from 'express';
import { AppError } from '../errors/app-error.js';

const PERCENT = 0x25;

const hexDigit = (byte: number | undefined): number => {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
};

/** The bytes a URL's percent-encoding stands for, or null when a `%` is not followed by two hex digits. */
const percentDecoded = (raw: Buffer): Buffer | null => {
  const decoded = Buffer.allocUnsafe(raw.length);
  let length = 0;
  for (let index = 0; index < raw.length; index++) {
    const byte = raw[index]!;
    if (byte !== PERCENT) {
      decoded[length++] = byte;
      continue;
    }
    const high = hexDigit(raw[index + 1]);
    const low = hexDigit(raw[index + 2]);
    if (high < 0 || low < 0) return null;
    decoded[length++] = high * 16 + low;
    index += 2;
  }
  return decoded.subarray(0, length);
};

/**
 * Paths and query strings are percent-encoded UTF-8 (RFC 3986, and what every client sends). A URL
 * that is not is refused here, for every route at once, before routing decodes a parameter or the
 * query parser turns stray bytes into U+FFFD. Node hands over the raw URL bytes as latin1 text.
 */
export const requireUtf8Url: RequestHandler = (request, _response, next) => {
  const decoded = percentDecoded(Buffer.from(request.url, 'latin1'));
  if (decoded && isUtf8(decoded)) {
    next();
    return;
  }
  next(
    new AppError({
      code: 'invalid_url_encoding',
      status: 400,
      title: 'Invalid URL encoding',
      detail: decoded
        ? 'the path or query string percent-encodes bytes that are not UTF-8'
        : 'the path or query string holds a "%" that is not followed by two hex digits',
    }),
  );
};
