import type { WrappedPdfiumModule } from '@embedpdf/pdfium';
import type { PdfPageContent, PdfRegion, PdfTextRun } from '../pdf-renderer.js';
import { apply, compose, objectMatrix, placedCorners, regionOf, shownMatrix, visitPageObjects } from './pdfium-geometry.js';
import { runTexts, SPACE_GAP, type PlacedGlyph } from './run-text.js';

/** FPDFPageObj_GetType's type of an image. */
const FPDF_PAGEOBJ_IMAGE = 3;
/** A stencil mask (glyphs of a Type 3 font, shapes in one colour) reads as one bit a pixel in no colour space. */
const STENCIL_BITS_PER_PIXEL = 1;
const FPDF_COLORSPACE_UNKNOWN = 0;

/**
 * PDFium's code for a hyphen printed at the end of a line ("Beamer-" over "Deckenhalterung"), which it tells
 * apart so that a search can join the word; the page prints a hyphen there.
 */
const LINE_END_HYPHEN = 0x02;
/** Set apart from the run before it by more than this part of the font size, a character starts a run of its own. */
const RUN_GAP = 0.6;
/** A character whose baseline is off the run's by more than this part of the size is on another line. */
const BASELINE_SHIFT = 0.2;

/**
 * PDFium's per-character text functions as its WebAssembly module exports them. The wrapped module's functions go
 * through Emscripten's `ccall` (argument conversion arrays, the export looked up by name, assertions) on every call,
 * which cost more than PDFium's own work for a character: a page's text is a dozen calls a character.
 */
interface CharacterExports {
  FPDFText_GetUnicode(textPage: number, index: number): number;
  FPDFText_IsGenerated(textPage: number, index: number): number;
  FPDFText_GetMatrix(textPage: number, index: number, matrix: number): number;
  FPDFText_GetFontSize(textPage: number, index: number): number;
  FPDFText_GetCharOrigin(textPage: number, index: number, x: number, y: number): number;
  FPDFText_GetLooseCharBox(textPage: number, index: number, rect: number): number;
  FPDFText_GetTextObject(textPage: number, index: number): number;
  FPDFTextObj_GetFont(textObject: number): number;
}

/**
 * What a page loaded in PDFium places on it, as it is shown (see `PdfPageContent`). Text runs are made of the
 * characters PDFium's text page lists, in content order: a run ends at a line break, a change of font size
 * or baseline, a gap wider than RUN_GAP of the font size, or a step back; where a run's word gaps are is told
 * from its glyphs (see `runTexts`, which reads the page's fonts too), and spaces do not widen its box. Pictures are
 * the image objects, in form XObjects too, stencil masks left out.
 */
export const pdfiumPageContent = (pdfium: WrappedPdfiumModule, page: number, widthPt: number, heightPt: number): PdfPageContent => {
  const { pdfium: runtime } = pdfium;
  const characters = runtime.wasmExports as unknown as CharacterExports;
  const scratch = runtime.wasmExports.malloc(64);
  // Read straight from PDFium's memory (as Emscripten's `getValue` does, without its call and type switch a value);
  // the views are asked for each time, since the memory may have grown and been replaced.
  const double = (offset: number) => runtime.HEAPF64[(scratch + offset) >> 3]!;
  const float = (offset: number) => runtime.HEAPF32[(scratch + offset) >> 2]!;
  try {
    const shown = shownMatrix(pdfium, page, widthPt, heightPt, scratch);
    return { textRuns: textRuns(), pictures: pictures() };

    function textRuns(): PdfTextRun[] {
      const textPage = pdfium.FPDFText_LoadPage(page);
      if (!textPage) return [];
      type OpenRun = Omit<PdfTextRun, 'text'> & { size: number; glyphs: PlacedGlyph[] };
      const runs: OpenRun[] = [];
      let run: OpenRun | null = null;
      let spaceBefore: PlacedGlyph['spaceBefore'] = null;
      const endRun = () => {
        if (run) runs.push(run);
        run = null;
        spaceBefore = null;
      };
      try {
        for (let index = 0, count = pdfium.FPDFText_CountChars(textPage); index < count; index++) {
          const code = characters.FPDFText_GetUnicode(textPage, index);
          const character = code === LINE_END_HYPHEN ? '-' : String.fromCodePoint(code);
          if (code === 0 || character === '\r' || character === '\n') {
            endRun();
            continue;
          }
          // PDFium's marks of a word gap are spaces too: asked first, they are told apart from the content's.
          if (characters.FPDFText_IsGenerated(textPage, index) === 1) {
            spaceBefore ??= 'generated';
            continue;
          }
          if (/\s/.test(character)) {
            spaceBefore = 'printed';
            continue;
          }
          characters.FPDFText_GetMatrix(textPage, index, scratch);
          // The glyph's baseline direction on the page as shown; only text running left to right is kept.
          const [a, b] = [float(0), float(4)];
          const [along, across] = [a * shown[0] + b * shown[2], a * shown[1] + b * shown[3]];
          const scale = Math.hypot(along, across);
          const size = scale * characters.FPDFText_GetFontSize(textPage, index);
          if (size === 0 || Math.abs(across) > scale / 10 || along < 0) {
            endRun();
            continue;
          }
          characters.FPDFText_GetCharOrigin(textPage, index, scratch, scratch + 8);
          const [, baseline] = apply(shown, double(0), double(8));
          // FS_RECTF: left, top, right, bottom in page space; its corners as shown give the run's sides.
          characters.FPDFText_GetLooseCharBox(textPage, index, scratch + 16);
          const [boxLeft, boxTop, boxRight, boxBottom] = [float(16), float(20), float(24), float(28)];
          const [a0, , c0, , e0] = shown;
          // The corners' x as shown (`apply`'s first coordinate, in its order of operations).
          const [x1, x2, x3, x4] = [
            a0 * boxLeft + c0 * boxTop + e0,
            a0 * boxLeft + c0 * boxBottom + e0,
            a0 * boxRight + c0 * boxTop + e0,
            a0 * boxRight + c0 * boxBottom + e0,
          ];
          const [left, right] = [Math.min(x1, x2, x3, x4), Math.max(x1, x2, x3, x4)];
          const current: OpenRun | null = run;
          if (
            current &&
            (Math.abs(current.bottom - baseline) > BASELINE_SHIFT * size ||
              Math.abs(current.size - size) > 0.5 ||
              left - current.right > RUN_GAP * size ||
              left < current.left - SPACE_GAP * size)
          )
            endRun();
          const font = characters.FPDFTextObj_GetFont(characters.FPDFText_GetTextObject(textPage, index));
          if (run) {
            const open: OpenRun = run;
            open.glyphs.push({ character, left, right, font, spaceBefore });
            open.right = Math.max(open.right, right);
          } else {
            run = {
              left,
              right,
              top: baseline - size,
              bottom: baseline,
              size,
              glyphs: [{ character, left, right, font, spaceBefore: null }],
            };
          }
          spaceBefore = null;
        }
        endRun();
        const texts = runTexts(runs);
        return runs.map(({ left, top, right, bottom }, index) => ({ text: texts[index]!, left, top, right, bottom }));
      } finally {
        pdfium.FPDFText_ClosePage(textPage);
      }
    }

    function pictures(): PdfRegion[] {
      const found: PdfRegion[] = [];
      visitPageObjects(pdfium, page, scratch, (object, type, placement) => {
        if (type !== FPDF_PAGEOBJ_IMAGE || isStencilMask(object)) return;
        // An image is painted into the unit square its matrix maps.
        const own = objectMatrix(pdfium, object, scratch);
        if (!own) return;
        const corners = placedCorners(compose(compose(own, placement), shown), 0, 0, 1, 1);
        const region = regionOf(corners, widthPt, heightPt);
        if (region.right > region.left && region.bottom > region.top) found.push(region);
      });
      return found;
    }

    function isStencilMask(image: number): boolean {
      // FPDF_IMAGEOBJ_METADATA: width, height, horizontal and vertical dpi, bits per pixel, colour space, …
      if (!pdfium.FPDFImageObj_GetImageMetadata(image, page, scratch + 32)) return false;
      return (
        runtime.getValue(scratch + 48, 'i32') === STENCIL_BITS_PER_PIXEL &&
        runtime.getValue(scratch + 52, 'i32') === FPDF_COLORSPACE_UNKNOWN
      );
    }
  } finally {
    runtime.wasmExports.free(scratch);
  }
};
