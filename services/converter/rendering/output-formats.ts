/** Page rasters stay lossless for OCR; previews and thumbnails are for people, so JPEG keeps them small. */
export const pageImageFormat = { mimeType: 'image/png', extension: 'png' } as const;
export const scaledCopyFormat = { mimeType: 'image/jpeg', extension: 'jpg' } as const;
