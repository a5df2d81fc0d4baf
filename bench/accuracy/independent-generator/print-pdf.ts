import { chromium } from 'playwright-core';

/** Chromium that prints: Debian's by default, or CHROMIUM_PATH. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * HTML printed to PDF by headless Chromium (Skia's PDF backend, fonts from fontconfig): another text
 * layer, other glyph widths and other geometry than the house generator's pdf-lib pages. A slip is
 * printed at its own width and at the height its content takes.
 */
export const printPdf = async (html: string, slipWidthMm: number | null): Promise<Buffer> => {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    if (slipWidthMm === null) return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    const heightPx = Number(await page.evaluate('document.body.scrollHeight'));
    return await page.pdf({ width: `${slipWidthMm}mm`, height: `${heightPx + 4}px`, printBackground: true });
  } finally {
    await browser.close();
  }
};
