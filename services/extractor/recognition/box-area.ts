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
