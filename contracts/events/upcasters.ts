import type { z } from 'zod';
import type { DocumentConvertedV2, DocumentEventType, TextRecognizedV1 } from './document-events.js';

/**
 * Upcasters lift a payload from version N to N+1 of the same event type, so events written years ago
 * are read in today's shape. Key: `<type>@<from version>`. Golden fixtures of every version, in
 * `fixtures/`, are read through them by `registry.test.ts`.
 */
export type Upcaster = (data: unknown) => unknown;
export type UpcasterTable = Partial<Record<`${DocumentEventType}@${number}`, Upcaster>>;

export const upcasters: UpcasterTable = {
  /** Every v1 page has its raster: v2 only allows a page none, so a v1 payload is a v2 payload as it is. */
  'DocumentConverted@1': (data) => data,
  /** A v2 page left without a raster showed only text; one with a raster may have painted anything. */
  'DocumentConverted@2': (data) => {
    const converted = data as z.infer<typeof DocumentConvertedV2>;
    return { ...converted, pages: converted.pages.map((page) => ({ ...page, showsOnlyText: page.image === null })) };
  },
  /** v1 kept no word positions: its pages have none to offer. */
  'TextRecognized@1': (data) => ({
    pages: (data as z.infer<typeof TextRecognizedV1>).pages.map((page) => ({ ...page, words: null })),
  }),
};
