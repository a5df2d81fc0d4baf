// Below this many visible characters a page is taken to be a scan (perhaps with a stray footer line).
const MIN_VISIBLE_CHARACTERS = 21;

// Fonts without a usable Unicode map come out as control, replacement or private-use characters.
const isUnreadable = (char: string): boolean => {
  const code = char.codePointAt(0)!;
  return code < 0x20 || code === 0xfffd || (code >= 0xe000 && code <= 0xf8ff);
};

/** Whether a PDF page's text layer carries real text worth trusting instead of running OCR on it (the converter and the extractor both judge by this). */
export const isUsableTextLayer = (text: string): boolean => {
  const visible = [...text.replace(/\s/g, '')];
  const unreadable = visible.filter(isUnreadable).length;
  return visible.length >= MIN_VISIBLE_CHARACTERS && unreadable <= visible.length / 10;
};
