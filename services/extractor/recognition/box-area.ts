/** A rectangle by its edges, in whatever unit its page uses (pixels, points). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const areaOf = (box: Box): number => Math.max(0, box.right - box.left) * Math.max(0, box.bottom - box.top);

/** The area two boxes have in common. */
export const sharedArea = (a: Box, b: Box): number =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/** Whether the box's centre lies in the region (a word belongs to the one region its centre is in). */
export const centreIsInside = (box: Box, region: Box): boolean => {
  const x = (box.left + box.right) / 2;
  const y = (box.top + box.bottom) / 2;
  return x >= region.left && x <= region.right && y >= region.top && y <= region.bottom;
};

/** Whether the box shares more than `share` of its own area with one of the others: the same print read twice. */
export const overlapsAnyOf = (box: Box, others: readonly Box[], share: number): boolean =>
  others.some((other) => sharedArea(box, other) > share * areaOf(box));
