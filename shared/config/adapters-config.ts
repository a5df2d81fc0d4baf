import { z } from 'zod';
import { POSTGRES_SCHEMA_NAME } from '../adapters/postgres/postgres-schema-name.js';

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);

/**
 * Which adapters a process wires. `embedded` (the default) needs no server: a file event log, an
 * in-process bus, local blobs, a SQLite read model. `distributed` uses the servers named here.
 */
export const AdaptersConfig = z.object({
  KONTOR_MODE: z.enum(['embedded', 'distributed']).default('embedded'),
  DATA_DIR: z.string().min(1).default('./data'),
  EVENT_STORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
  POSTGRES_URL: z.string().optional(),
  /** Schema of the event store's tables, so several deployments can share one database. */
  POSTGRES_SCHEMA: z.string().regex(POSTGRES_SCHEMA_NAME).default('kontor'),
  EVENTSTORE_URL: z.string().optional(),
  KAFKA_BROKERS: commaList.optional(),
  KAFKA_CLIENT_ID: z.string().min(1).default('kontor'),
  KAFKA_TOPIC: z.string().min(1).default('kontor.document-events'),
  /** Partitions of the topics when Kontor creates them: the most consumers of one group (times their concurrency) that share the work. */
  KAFKA_PARTITIONS: z.coerce.number().int().positive().default(12),
  MONGO_URL: z.string().optional(),
  MONGO_DATABASE: z.string().min(1).default('kontor'),
  BUS_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  /**
   * Messages the embedded (in-process) bus lets all services but the downloader handle at once, on top of
   * each one's SERVICE_CONCURRENCY (one handled longer than 5 s, as a page's OCR can be, gives its place back);
   * 0: no such limit. They share one event loop: more at once only makes each take longer, and a new
   * tenant's document waits behind more of another tenant's.
   */
  BUS_MAX_HANDLING: z.coerce.number().int().nonnegative().default(2),
});
export type AdaptersConfig = z.infer<typeof AdaptersConfig>;

const requireServers = (config: AdaptersConfig, context: z.RefinementCtx) => {
  if (config.KONTOR_MODE !== 'distributed') return;
  const missing: Array<[string, boolean]> = [
    ['POSTGRES_URL', config.EVENT_STORE === 'postgres' && !config.POSTGRES_URL],
    ['EVENTSTORE_URL', config.EVENT_STORE === 'eventstoredb' && !config.EVENTSTORE_URL],
    ['KAFKA_BROKERS', !config.KAFKA_BROKERS?.length],
    ['MONGO_URL', !config.MONGO_URL],
  ];
  for (const [name, isMissing] of missing) {
    if (isMissing) context.addIssue({ code: 'custom', path: [name], message: 'required when KONTOR_MODE=distributed' });
  }
};

/** A process's one config schema: the adapter settings every process has, plus its own. */
export const processConfig = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ ...AdaptersConfig.shape, ...shape }).superRefine((config, context) => requireServers(config as AdaptersConfig, context));
