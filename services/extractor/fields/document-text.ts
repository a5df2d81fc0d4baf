/** A run of text on a line, separated from its neighbours by two or more spaces (a column gap). */
export interface Segment {
  text: string;
  /** Character columns [start, end) on the laid-out line; columns line up across lines of a page. */
  start: number;
  end: number;
}

export interface TextLine {
  page: number;
  /** Position among all lines of the document, blank lines included. */
  index: number;
  text: string;
  segments: Segment[];
}

/** The recognized pages as every field extractor reads them: normalized, split into lines and segments. */
export interface DocumentText {
  lines: TextLine[];
  /** All pages, one after another, as stored in `accounting_document.text`. */
  fullText: string;
}

export interface PageText {
  pageNumber: number;
  text: string;
}

/**
 * One spelling for the characters documents vary in: compatibility forms (ligatures, full-width digits,
 * no-break spaces), typographic apostrophes (Swiss thousands separators) and dashes (minus signs, `50.–`).
 */
export const normalizeText = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201B\u02BC\u00B4`]/g, "'")
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\t/g, '  ')
    .replace(/[^\S\n]/g, ' ');

const segmentsOf = (line: string): Segment[] =>
  [...line.matchAll(/\S+(?: \S+)*/g)].map((match) => ({ text: match[0], start: match.index, end: match.index + match[0].length }));

export const toDocumentText = (pages: readonly PageText[]): DocumentText => {
  const lines: TextLine[] = [];
  for (const page of pages) {
    for (const text of normalizeText(page.text).split('\n')) {
      const trimmed = text.trimEnd();
      lines.push({ page: page.pageNumber, index: lines.length, text: trimmed, segments: segmentsOf(trimmed) });
    }
  }
  const fullText = pages.map((page) => page.text.trimEnd()).join('\n\n');
  return { lines, fullText };
};

/** The next non-blank lines after `line` on the same page, nearest first. */
export const linesBelow = (document: DocumentText, line: TextLine, count: number): TextLine[] => {
  const below: TextLine[] = [];
  for (let index = line.index + 1; index < document.lines.length && below.length < count; index++) {
    const candidate = document.lines[index]!;
    if (candidate.page !== line.page) break;
    if (candidate.text !== '') below.push(candidate);
  }
  return below;
};
