import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { FontFamily } from './layout.js';

const POINTS_PER_MM = 72 / 25.4;

const FONTS: Record<FontFamily, { regular: StandardFonts; bold: StandardFonts }> = {
  Helvetica: { regular: StandardFonts.Helvetica, bold: StandardFonts.HelveticaBold },
  Times: { regular: StandardFonts.TimesRoman, bold: StandardFonts.TimesRomanBold },
  Courier: { regular: StandardFonts.Courier, bold: StandardFonts.CourierBold },
};

export interface TextStyle {
  size: number;
  bold?: boolean;
  align?: 'left' | 'right' | 'center';
  /** 0 black … 1 white. */
  gray?: number;
}

type Drawing = (page: PDFPage, heightPt: number) => void;

/**
 * Draws on pages in millimetres from the top left, with the standard PDF fonts (no font files: they
 * encode WinAnsi, which covers the four languages). Drawings are kept until `finish`, so a receipt's
 * page can be cut to the length its content turned out to need.
 */
export class PageWriter {
  private readonly pages: Drawing[][] = [[]];
  private current = 0;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    readonly widthMm: number,
    readonly heightMm: number,
  ) {}

  static async create(family: FontFamily, widthMm: number, heightMm: number): Promise<PageWriter> {
    // No metadata: creation dates would make every run's files differ.
    const pdf = await PDFDocument.create({ updateMetadata: false });
    return new PageWriter(pdf, await pdf.embedFont(FONTS[family].regular), await pdf.embedFont(FONTS[family].bold), widthMm, heightMm);
  }

  get pageCount(): number {
    return this.pages.length;
  }

  /** Further drawings go to page `index` (0-based), made when needed. */
  onPage(index: number): void {
    while (this.pages.length <= index) this.pages.push([]);
    this.current = index;
  }

  private draw(drawing: Drawing): void {
    this.pages[this.current]!.push(drawing);
  }

  widthOf(text: string, size: number, bold = false): number {
    return (bold ? this.bold : this.regular).widthOfTextAtSize(text, size) / POINTS_PER_MM;
  }

  /** Text with its baseline `yMm` from the top; `xMm` is its left, right or centre edge by `align`. */
  text(text: string, xMm: number, yMm: number, style: TextStyle): void {
    if (text === '') return;
    const font = style.bold ? this.bold : this.regular;
    const width = this.widthOf(text, style.size, style.bold);
    const left = style.align === 'right' ? xMm - width : style.align === 'center' ? xMm - width / 2 : xMm;
    const gray = style.gray ?? 0;
    this.draw((page, heightPt) =>
      page.drawText(text, {
        x: left * POINTS_PER_MM,
        y: heightPt - yMm * POINTS_PER_MM,
        size: style.size,
        font,
        color: rgb(gray, gray, gray),
      }),
    );
  }

  /** Lines of `text` no wider than `widthMm`, broken between words. */
  wrap(text: string, widthMm: number, size: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (line !== '' && this.widthOf(candidate, size) > widthMm) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line !== '') lines.push(line);
    return lines;
  }

  rule(fromXMm: number, toXMm: number, yMm: number, thicknessMm = 0.2, gray = 0): void {
    this.draw((page, heightPt) =>
      page.drawLine({
        start: { x: fromXMm * POINTS_PER_MM, y: heightPt - yMm * POINTS_PER_MM },
        end: { x: toXMm * POINTS_PER_MM, y: heightPt - yMm * POINTS_PER_MM },
        thickness: thicknessMm * POINTS_PER_MM,
        color: rgb(gray, gray, gray),
      }),
    );
  }

  /** A filled rectangle, top left at (x, y). */
  fill(xMm: number, yMm: number, widthMm: number, heightMm: number, gray: number): void {
    this.draw((page, heightPt) =>
      page.drawRectangle({
        x: xMm * POINTS_PER_MM,
        y: heightPt - (yMm + heightMm) * POINTS_PER_MM,
        width: widthMm * POINTS_PER_MM,
        height: heightMm * POINTS_PER_MM,
        color: rgb(gray, gray, gray),
      }),
    );
  }

  /** Every page, `heightMm` high when given (receipts), else the writer's page height. */
  async finish(heightMm = this.heightMm): Promise<Buffer> {
    const size: [number, number] = [this.widthMm * POINTS_PER_MM, heightMm * POINTS_PER_MM];
    for (const drawings of this.pages) {
      const page = this.pdf.addPage(size);
      for (const drawing of drawings) drawing(page, size[1]);
    }
    return Buffer.from(await this.pdf.save({ useObjectStreams: false }));
  }
}
