const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOR_TYPE_CHANNELS: Record<number, number> = { 0: 1, 2: 3 };

/** The compressed pixels of a PNG, which a PDF can show as they are (Flate with PNG predictors). */
export interface PngImageData {
  widthPx: number;
  heightPx: number;
  /** 1 for grey, 3 for RGB. */
  channels: number;
  /** The zlib stream of every IDAT chunk, joined. */
  deflated: Buffer;
}

/**
 * The image data of an 8-bit grey or RGB PNG without interlacing, or null for any other PNG (palette,
 * alpha, 16-bit, interlaced, damaged), which has to be decoded instead.
 */
export const pngImageData = (png: Buffer): PngImageData | null => {
  if (!png.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return null;
  let header: { widthPx: number; heightPx: number; channels: number } | null = null;
  const idat: Buffer[] = [];
  for (let offset = PNG_SIGNATURE.length; offset + 8 <= png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (data.length !== length) return null;
    if (type === 'IHDR') {
      const [bitDepth, colorType, , , interlace] = data.subarray(8, 13);
      const channels = COLOR_TYPE_CHANNELS[colorType!];
      if (bitDepth !== 8 || interlace !== 0 || channels === undefined) return null;
      header = { widthPx: data.readUInt32BE(0), heightPx: data.readUInt32BE(4), channels };
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      return header && idat.length > 0 ? { ...header, deflated: Buffer.concat(idat) } : null;
    }
    // length, type, data, CRC
    offset += 12 + length;
  }
  return null;
};
