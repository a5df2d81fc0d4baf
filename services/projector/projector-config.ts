import { z } from 'zod';

/** Settings of the document view, shared by every process that builds one (projector, gateway, query). */
export const ViewConfig = z.object({
  /** Rough processing time per file, for `estimated_time_of_completion` while processing. */
  ESTIMATED_SECONDS_PER_FILE: z.coerce.number().positive().default(30),
});
export type ViewConfig = z.infer<typeof ViewConfig>;

export const viewOptions = (config: ViewConfig) => ({ estimatedSecondsPerFile: config.ESTIMATED_SECONDS_PER_FILE });
