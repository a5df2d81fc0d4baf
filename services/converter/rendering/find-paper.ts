import sharp from 'sharp';
import { rasterImage } from '../../../shared/imaging/page-raster.js';
import { RASTER_CHANNELS, type SourcePageRaster } from './source-page-raster.js';
import { analysisGrey, type Grey } from './analysis-grey.js';

/** Fine enough to place a sheet's edge within a few pixels of a phone photo, small enough to scan quickly. */
const ANALYSIS_WIDTH_PX = 600;
/** A sheet's edge is looked for in the outer part of the photo only: the sheet fills most of it. */
const SEARCH_SHARE = 0.35;
/** Rows (or columns) sampled per side, across the middle of the side. */
const SAMPLES_PER_SIDE = 48;
const SAMPLED_SPAN = [0.12, 0.88] as const;
/** Pixels either side of an edge compared, at the analysis size. */
const EDGE_WINDOW = 6;
/** The sheet is at least this much brighter than what it lies on (the light falls on both alike). */
const MIN_EDGE_RATIO = 1.12;
/** What lies next to the sheet is even: a table or a cloth, not the text of a page. */
const MAX_BACKGROUND_SPREAD = 0.1;
/** Points within this many analysis pixels of a side's line lie on it. */
const LINE_TOLERANCE = 2;
/** A side's line must be found in at least this share of its samples. */
const MIN_INLIER_SHARE = 0.5;
/** Sides lean at most this much (tan): a photo taken askew, not a sheet turned on purpose. */
const MAX_SIDE_SLOPE = Math.tan((15 * Math.PI) / 180);
/** A found sheet covers at least this share of the photo. */
const MIN_AREA_SHARE = 0.25;
/** The crop stays this many analysis pixels inside the found edges, clear of their blur and shadow. */
const EDGE_INSET = 1.5;

interface Point {
  x: number;
  y: number;
}

/** A side of the sheet as `across = slope * along + offset`: x by y for the left and right, y by x for the top and bottom. */
interface SideLine {
  slope: number;
  offset: number;
}

/** The sheet's corners in image pixels. */
export interface PaperCorners {
  topLeft: Point;
  topRight: Point;
  bottomRight: Point;
  bottomLeft: Point;
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Where, between `from` and `to`, the values fall most steeply from one even stretch to a darker one. */
const steepestFall = (values: readonly number[], from: number, to: number): number => {
  let best = { at: from, ratio: 0 };
  for (let at = Math.max(from, EDGE_WINDOW + 1); at < to; at++) {
    const ratio = mean(values.slice(at - EDGE_WINDOW - 1, at - 1)) / Math.max(1, mean(values.slice(at + 1, at + EDGE_WINDOW + 1)));
    if (ratio > best.ratio) best = { at, ratio };
  }
  return best.at;
};

/**
 * The sheet's edge when the even stretch before the step to paper at `step` is no table but a dark band
 * printed at the sheet's own edge (a coloured header running off the paper): the stretch is clearly darker
 * than what lies at the image's border, so the sheet begins where the border gives way to the band.
 * A shadow the sheet casts is no band: it darkens gradually, and is uneven.
 */
const sheetEdgeBeforeBand = (values: readonly number[], step: number): number => {
  const border = mean(values.slice(0, EDGE_WINDOW));
  const before = values.slice(step - EDGE_WINDOW - 1, step - 1);
  if (border / Math.max(1, mean(before)) < MIN_EDGE_RATIO) return step;
  const bandStart = steepestFall(values, EDGE_WINDOW + 1, step - EDGE_WINDOW);
  const band = values.slice(bandStart + 2, step - 1);
  if (band.length < EDGE_WINDOW) return step;
  const level = mean(band);
  const spread = Math.sqrt(mean(band.map((value) => (value - level) ** 2))) / Math.max(1, level);
  return border / Math.max(1, level) >= MIN_EDGE_RATIO && spread <= MAX_BACKGROUND_SPREAD ? bandStart : step;
};

/**
 * Where, walking inwards along `values`, an even stretch gives way to a clearly brighter one: the edge of
 * a sheet lying on something darker (or the outer edge of a dark band printed along the sheet's edge, see
 * `sheetEdgeBeforeBand`). Null when no such step comes within the searched length.
 */
const edgeAlong = (values: readonly number[]): number | null => {
  const limit = Math.floor(values.length * SEARCH_SHARE);
  let best: { at: number; ratio: number } | null = null;
  for (let at = EDGE_WINDOW + 1; at < limit; at++) {
    const before = values.slice(at - EDGE_WINDOW - 1, at - 1);
    const after = values.slice(at + 1, at + EDGE_WINDOW + 1);
    const [outside, inside] = [mean(before), mean(after)];
    const ratio = inside / Math.max(1, outside);
    if (best) {
      // The step's sharpest point, where the blurred edge is steepest.
      if (ratio > best.ratio) best = { at, ratio };
      else if (at > best.at + EDGE_WINDOW) break;
      continue;
    }
    if (ratio < MIN_EDGE_RATIO) continue;
    const spread = Math.sqrt(mean(before.map((value) => (value - outside) ** 2))) / Math.max(1, outside);
    if (spread <= MAX_BACKGROUND_SPREAD) best = { at, ratio };
  }
  return best ? sheetEdgeBeforeBand(values, best.at) : null;
};

/** Least squares with the farthest points dropped until all lie on the line; null when too few do. */
const fitLine = (points: readonly { along: number; across: number }[], samples: number): SideLine | null => {
  let kept = [...points];
  for (let round = 0; round < 5 && kept.length >= 2; round++) {
    const [alongMean, acrossMean] = [mean(kept.map((point) => point.along)), mean(kept.map((point) => point.across))];
    let [covariance, variance] = [0, 0];
    for (const point of kept) {
      covariance += (point.along - alongMean) * (point.across - acrossMean);
      variance += (point.along - alongMean) ** 2;
    }
    const slope = variance === 0 ? 0 : covariance / variance;
    const line = { slope, offset: acrossMean - slope * alongMean };
    const residual = (point: { along: number; across: number }) => Math.abs(point.across - (line.slope * point.along + line.offset));
    const worst = Math.max(...kept.map(residual));
    if (worst <= LINE_TOLERANCE) {
      return kept.length >= MIN_INLIER_SHARE * samples && Math.abs(line.slope) <= MAX_SIDE_SLOPE ? line : null;
    }
    const sorted = kept.map(residual).sort((a, b) => a - b);
    const cut = Math.max(LINE_TOLERANCE, 2 * sorted[Math.floor(sorted.length / 2)]!);
    kept = kept.filter((point) => residual(point) <= Math.min(cut, worst - 1e-9));
  }
  return null;
};

type Side = 'left' | 'right' | 'top' | 'bottom';

/** The line of one side of the sheet, from edges found along rows (left, right) or columns (top, bottom). */
const sideLine = ({ data, width, height }: Grey, side: Side): SideLine | null => {
  const horizontal = side === 'left' || side === 'right';
  const [alongLength, acrossLength] = horizontal ? [height, width] : [width, height];
  const points: { along: number; across: number }[] = [];
  for (let sample = 0; sample < SAMPLES_PER_SIDE; sample++) {
    const along = Math.round(alongLength * (SAMPLED_SPAN[0] + ((SAMPLED_SPAN[1] - SAMPLED_SPAN[0]) * sample) / (SAMPLES_PER_SIDE - 1)));
    const values: number[] = [];
    for (let step = 0; step < acrossLength; step++) {
      const across = side === 'left' || side === 'top' ? step : acrossLength - 1 - step;
      values.push(data[horizontal ? along * width + across : across * width + along]!);
    }
    const found = edgeAlong(values);
    if (found !== null) points.push({ along, across: side === 'left' || side === 'top' ? found : acrossLength - 1 - found });
  }
  return fitLine(points, SAMPLES_PER_SIDE);
};

/** Where a left or right side (x by y) meets a top or bottom side (y by x). */
const meet = (upright: SideLine, level: SideLine): Point => {
  const x = (upright.slope * level.offset + upright.offset) / (1 - upright.slope * level.slope);
  return { x, y: level.slope * x + level.offset };
};

const area = ({ topLeft, topRight, bottomRight, bottomLeft }: PaperCorners): number => {
  const corners = [topLeft, topRight, bottomRight, bottomLeft];
  let twice = 0;
  for (let index = 0; index < 4; index++) {
    const [a, b] = [corners[index]!, corners[(index + 1) % 4]!];
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
};

/**
 * The corners of a sheet photographed lying on something darker (a desk, a table, a cloth), found by the
 * straight, bright-over-dark edges along its four sides; null when the image shows no such sheet, as a
 * scan or a rendered page, whose paper fills it.
 */
export const findPaper = async (raster: SourcePageRaster): Promise<PaperCorners | null> => {
  const grey = await analysisGrey(raster, ANALYSIS_WIDTH_PX, 0.8);
  const [left, right, top, bottom] = (['left', 'right', 'top', 'bottom'] as const).map((side) => sideLine(grey, side));
  if (!left || !right || !top || !bottom) return null;
  const inset = (line: SideLine, inwards: 1 | -1): SideLine => ({ slope: line.slope, offset: line.offset + inwards * EDGE_INSET });
  const [l, r, t, b] = [inset(left, 1), inset(right, -1), inset(top, 1), inset(bottom, -1)];
  // Back to the image's pixels, whose centres the analysis pixels' centres stand for.
  const [sx, sy] = [raster.widthPx / grey.width, raster.heightPx / grey.height];
  const full = ({ x, y }: Point): Point => ({ x: (x + 0.5) * sx - 0.5, y: (y + 0.5) * sy - 0.5 });
  const corners = { topLeft: full(meet(l, t)), topRight: full(meet(r, t)), bottomRight: full(meet(r, b)), bottomLeft: full(meet(l, b)) };
  if (area(corners) < MIN_AREA_SHARE * raster.widthPx * raster.heightPx) return null;
  return corners;
};

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The affine map (least squares over the four corners) taking the sheet's corners to an upright rectangle. */
const sheetMap = (corners: PaperCorners, width: number, height: number) => {
  const pairs: [Point, Point][] = [
    [corners.topLeft, { x: 0, y: 0 }],
    [corners.topRight, { x: width, y: 0 }],
    [corners.bottomRight, { x: width, y: height }],
    [corners.bottomLeft, { x: 0, y: height }],
  ];
  // Normal equations of [x y 1] · [a b c] = target, solved for each target coordinate.
  const solve = (target: (point: Point) => number): [number, number, number] => {
    const m = [
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ];
    const v = [0, 0, 0];
    for (const [source, destination] of pairs) {
      const row = [source.x, source.y, 1];
      for (let i = 0; i < 3; i++) {
        v[i]! += row[i]! * target(destination);
        for (let j = 0; j < 3; j++) m[i]![j]! += row[i]! * row[j]!;
      }
    }
    // Cramer's rule on the 3x3 system.
    const det = (a: number[][]) =>
      a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) -
      a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) +
      a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
    const whole = det(m);
    const column = (index: number) => det(m.map((row, i) => row.map((value, j) => (j === index ? v[i]! : value))));
    return [column(0) / whole, column(1) / whole, column(2) / whole];
  };
  const [a, b, c] = solve((point) => point.x);
  const [d, e, f] = solve((point) => point.y);
  return { matrix: [a, b, d, e] as const, offset: { x: c, y: f } };
};

/**
 * The sheet cut out of the photo and straightened to an upright rectangle at its own size: an affine map
 * from its four corners (a perspective seen from nearly straight above), resampled by sharp.
 */
export const cutOutPaper = async (raster: SourcePageRaster, corners: PaperCorners): Promise<SourcePageRaster> => {
  const widthPx = Math.round((distance(corners.topLeft, corners.topRight) + distance(corners.bottomLeft, corners.bottomRight)) / 2);
  const heightPx = Math.round((distance(corners.topLeft, corners.bottomLeft) + distance(corners.topRight, corners.bottomRight)) / 2);
  const { matrix, offset } = sheetMap(corners, widthPx, heightPx);
  const [a, b, d, e] = matrix;
  // sharp places the mapped image so its bounding box starts at (0, 0): a sheet's point q lies at q - offset - min.
  const frame = [
    [0, 0],
    [raster.widthPx, 0],
    [0, raster.heightPx],
    [raster.widthPx, raster.heightPx],
  ];
  const minX = Math.min(...frame.map(([x, y]) => a * x! + b * y!));
  const minY = Math.min(...frame.map(([x, y]) => d * x! + e * y!));
  const turned = await rasterImage(raster)
    .affine(
      [
        [a, b],
        [d, e],
      ],
      { background: '#ffffff', interpolator: sharp.interpolators.bicubic },
    )
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.max(0, Math.round(-offset.x - minX));
  const top = Math.max(0, Math.round(-offset.y - minY));
  const width = Math.min(widthPx, turned.info.width - left);
  const height = Math.min(heightPx, turned.info.height - top);
  if (width < 1 || height < 1) return raster;
  const pixels = await sharp(turned.data, {
    raw: { width: turned.info.width, height: turned.info.height, channels: turned.info.channels },
    limitInputPixels: false,
  })
    .extract({ left, top, width, height })
    .removeAlpha()
    .raw()
    .toBuffer();
  if (pixels.length !== width * height * RASTER_CHANNELS)
    throw new Error(`cutting out the sheet of page ${raster.sourcePage} changed its channels`);
  return { ...raster, pixels, widthPx: width, heightPx: height };
};
