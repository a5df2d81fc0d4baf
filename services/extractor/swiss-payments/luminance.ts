import type { GrayImage } from './gray-image.js';

/** sRGB values as linear light: luminance is a weighted sum of linear light (as libvips computes it for sharp's `grayscale()`). */
const LINEAR = Float32Array.from({ length: 256 }, (_, value) => {
  const share = value / 255;
  return share <= 0.04045 ? share / 12.92 : ((share + 0.055) / 1.055) ** 2.4;
});
/** Linear light back to sRGB values, looked up in steps fine enough to round as the formula does but at a rare edge. */
const ENCODING_STEPS = 1 << 14;
const ENCODED = Uint8Array.from({ length: ENCODING_STEPS + 1 }, (_, step) => {
  const light = step / ENCODING_STEPS;
  return Math.round(255 * (light <= 0.0031308 ? 12.92 * light : 1.055 * light ** (1 / 2.4) - 0.055));
});

/**
 * The luminance of 8-bit sRGB pixels. Computed here rather than by sharp's `grayscale()`, whose colour
 * conversion took two thirds of the time to read a page (80 of 120 ms for an A4 page at 300 dpi); grey
 * pixels, most of a document, are their own luminance.
 */
const luminanceOf = (rgb: Uint8Array, pixels: number): Uint8ClampedArray => {
  const gray = new Uint8ClampedArray(pixels);
  for (let pixel = 0, at = 0; pixel < pixels; pixel++, at += 3) {
    const red = rgb[at]!;
    const green = rgb[at + 1]!;
    const blue = rgb[at + 2]!;
    gray[pixel] =
      red === green && green === blue
        ? red
        : ENCODED[Math.round((0.2126 * LINEAR[red]! + 0.7152 * LINEAR[green]! + 0.0722 * LINEAR[blue]!) * ENCODING_STEPS)]!;
  }
  return gray;
};

/**
 * A view of a page as the QR search is handed it: 8-bit sRGB pixels (three bytes each, as drawn or decoded),
 * row by row. Its luminance is taken where the search runs (see `grayImageOfRgb`), so the pixels can be
 * handed to another thread as they are.
 */
export interface RgbPixels {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/** A page's RGB pixels (see `RgbPixels`) as luminance. */
export const grayImageOfRgb = ({ rgb, width, height }: RgbPixels): GrayImage => ({
  data: luminanceOf(rgb, width * height),
  width,
  height,
});
