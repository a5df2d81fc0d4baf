import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** What tests ask poppler-utils about a PDF: independent tools, so they check the PDF, not our reading of it. */

const run = promisify(execFile);

export interface PlacedWord {
  text: string;
  /** left, top, right, bottom as fractions of the page, y downwards. */
  box: [number, number, number, number];
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The page's rotation as `pdfinfo` reports it: 0, 90, 180 or 270 degrees clockwise. */
const rotationOf = async (pdfPath: string, pageNumber: number): Promise<number> => {
  const { stdout } = await run('pdfinfo', ['-f', String(pageNumber), '-l', String(pageNumber), pdfPath]);
  return Number(/Page\s+\d+ rot:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
};

/**
 * The words `pdftotext -bbox` finds on one page, with their boxes as fractions of the page as shown.
 * Boxes are in the shown page's space, but the page size it reports is the unturned one.
 */
export const wordsOnPage = async (pdfPath: string, pageNumber: number): Promise<PlacedWord[]> => {
  const { stdout } = await run('pdftotext', ['-bbox', '-f', String(pageNumber), '-l', String(pageNumber), pdfPath, '-']);
  const [, unturnedWidth, unturnedHeight] = /<page width="([\d.]+)" height="([\d.]+)"/.exec(stdout)!.map(Number);
  const turned = (await rotationOf(pdfPath, pageNumber)) % 180 === 90;
  const [width, height] = turned ? [unturnedHeight, unturnedWidth] : [unturnedWidth, unturnedHeight];
  return [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((match) => ({
    text: unescapeHtml(match[5]!),
    box: [Number(match[1]) / width!, Number(match[2]) / height!, Number(match[3]) / width!, Number(match[4]) / height!],
  }));
};

/** The text `pdftotext -layout` finds, on one page or (without a page number) in the whole file. */
export const textOf = async (pdfPath: string, pageNumber?: number): Promise<string> => {
  const pages = pageNumber === undefined ? [] : ['-f', String(pageNumber), '-l', String(pageNumber)];
  return (await run('pdftotext', ['-layout', ...pages, pdfPath, '-'])).stdout;
};

export const pageCountOf = async (pdfPath: string): Promise<number> =>
  Number(/Pages:\s+(\d+)/.exec((await run('pdfinfo', [pdfPath])).stdout)?.[1]);

/** What pdfimages lists of the images on a page: kind, size, colours and encoding (`image` is Flate, `jpeg` is DCT). */
export const imagesOnPage = async (pdfPath: string, pageNumber: number) => {
  const { stdout } = await run('pdfimages', ['-list', '-f', String(pageNumber), '-l', String(pageNumber), pdfPath]);
  return stdout
    .trim()
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .map(([, , type, width, height, color, , , encoding]) => ({ type, width, height, color, encoding }));
};

export interface SignatureReport {
  type: string | undefined;
  signer: string | undefined;
  validation: string | undefined;
  certificate: string | undefined;
  ranges: Array<[number, number]>;
  wholeDocument: boolean;
}

/** What `pdfsig` says about the first signature of a PDF. */
export const signatureOf = async (pdfPath: string): Promise<SignatureReport> => {
  // pdfsig exits non-zero when a signature is invalid, which is a finding here, not an error.
  const stdout = await run('pdfsig', [pdfPath]).then(
    (result) => result.stdout,
    (error: { stdout: string }) => error.stdout,
  );
  const field = (name: string) => new RegExp(`- ${name}: (.*)`).exec(stdout)?.[1]?.trim();
  return {
    type: field('Signature Type'),
    signer: field('Signer Certificate Common Name'),
    validation: field('Signature Validation'),
    certificate: field('Certificate Validation'),
    ranges: [...(field('Signed Ranges') ?? '').matchAll(/\[(\d+) - (\d+)\]/g)].map((match): [number, number] => [
      Number(match[1]),
      Number(match[2]),
    ]),
    wholeDocument: /- Total document signed/.test(stdout),
  };
};
