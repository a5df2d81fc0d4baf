import { fileTypeFromBuffer } from 'file-type';

const XML_START = /^\s*(<\?xml|<[A-Za-z_][\w.-]*(:[\w.-]+)?[\s>])/;
const HTML_START = /^\s*(<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i;

/**
 * The type of a file judged by its bytes, never by what a client or server claims.
 * file-type knows binary formats; e-invoice XML is plain text, recognised by its first tag.
 */
export const sniffMimeType = async (bytes: Buffer): Promise<string | null> => {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return detected.mime;
  const head = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (HTML_START.test(head)) return 'text/html';
  return XML_START.test(head) ? 'application/xml' : null;
};

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/tiff': 'tiff',
  'image/webp': 'webp',
  'application/xml': 'xml',
};

export const extensionFor = (mimeType: string): string => EXTENSIONS[mimeType] ?? 'bin';
