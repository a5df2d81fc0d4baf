import type { PdfRegion } from '../../converter/index.js';

const POINTS_PER_MM = 72 / 25.4;
/**
 * A drawing thinner than this and at least LINE_MIN_ASPECT times as long is a rule, a border or an underline, or a
 * run of eight modules or more of a code drawn run by run, whose shorter runs make its figure all the same.
 */
const LINE_MAX_WIDTH = 1.5 * POINTS_PER_MM;
const LINE_MIN_ASPECT = 8;
/** Drawings this close belong to one figure: a code drawn module by module is many small touching boxes. */
const JOINING_GAP = 1 * POINTS_PER_MM;
/** A figure smaller than this either way holds no code the search could read (21 modules of 1 px at 150 dpi are 3.6 mm). */
const MIN_CODE_SIDE = 5 * POINTS_PER_MM;
/** Searched with this much page around it: a code's quiet zone (the Swiss QR-bill's is 5 mm) and what a box may miss. */
const MARGIN = 3 * POINTS_PER_MM;
/** Places covering more of the page than this are searched as one drawing of the page: one render is cheaper than many. */
const MAX_SHARE_OF_PAGE = 0.4;
const MAX_PLACES = 8;

const width = (region: PdfRegion) => region.right - region.left;
const height = (region: PdfRegion) => region.bottom - region.top;
const isLine = (region: PdfRegion) => {
  const [thin, long] = [Math.min(width(region), height(region)), Math.max(width(region), height(region))];
  return thin < LINE_MAX_WIDTH && long >= LINE_MIN_ASPECT * thin;
};
const near = (a: PdfRegion, b: PdfRegion) =>
  a.left - JOINING_GAP <= b.right && b.left - JOINING_GAP <= a.right && a.top - JOINING_GAP <= b.bottom && b.top - JOINING_GAP <= a.bottom;
const union = (a: PdfRegion, b: PdfRegion): PdfRegion => ({
  left: Math.min(a.left, b.left),
  top: Math.min(a.top, b.top),
  right: Math.max(a.right, b.right),
  bottom: Math.max(a.bottom, b.bottom),
});

/** The drawings joined into figures: boxes near each other merged until no two figures are near. */
const figuresOf = (drawings: PdfRegion[]): PdfRegion[] => {
  // Sorted by their left side, a code's modules join the figure they grow, pass after pass until none joins another.
  let figures = [...drawings].sort((a, b) => a.left - b.left);
  for (let merged = true; merged;) {
    merged = false;
    const next: PdfRegion[] = [];
    for (const box of figures) {
      const at = next.findIndex((figure) => near(figure, box));
      if (at < 0) next.push(box);
      else {
        next[at] = union(next[at]!, box);
        merged = true;
      }
    }
    figures = next;
  }
  return figures;
};

/**
 * Where on a page with a text layer a QR code may be, from where the page draws anything but text (see
 * `OpenPdf.drawings`): text cannot make a code, and neither can rules and borders, so the search looks only at
 * the figures the other drawings make (pictures, a code's path or its modules, filled boxes) that are large enough
 * to hold a readable code, each with a margin. Empty: nothing to search. Null: search the whole page, when the
 * figures cover much of it or are many (a page of drawings), as one drawing of the page costs less then.
 */
export const codePlaces = (drawings: PdfRegion[], page: { widthPt: number; heightPt: number }): PdfRegion[] | null => {
  const figures = figuresOf(drawings.filter((drawing) => !isLine(drawing))).filter(
    (figure) => width(figure) >= MIN_CODE_SIDE && height(figure) >= MIN_CODE_SIDE,
  );
  const places = figuresOf(
    figures.map((figure) => ({
      left: Math.max(0, figure.left - MARGIN),
      top: Math.max(0, figure.top - MARGIN),
      right: Math.min(page.widthPt, figure.right + MARGIN),
      bottom: Math.min(page.heightPt, figure.bottom + MARGIN),
    })),
  );
  const area = places.reduce((sum, place) => sum + width(place) * height(place), 0);
  return places.length > MAX_PLACES || area > MAX_SHARE_OF_PAGE * page.widthPt * page.heightPt ? null : places;
};
