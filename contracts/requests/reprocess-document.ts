import { z } from 'zod';
import { ReprocessingScope } from '../events/document-events.js';

/**
 * The body of a reprocessing request: what to redo. `extraction` reads the recognized text again (the
 * extractor's rules changed); `conversion` also renders and recognizes the pages again (conversion,
 * OCR, extraction and the searchable PDF).
 */
export const ReprocessDocumentBody = z
  .object({
    data: z
      .object({
        type: z.literal('reprocessing'),
        attributes: z
          .object({
            scope: ReprocessingScope,
            reason: z.string().trim().min(1).max(2000).optional(),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();
