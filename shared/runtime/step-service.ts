import { DocumentErrorCode } from '../../contracts/events/common.js';
import type { DocumentEvent, DocumentEventType } from '../../contracts/events/document-events.js';
import { readDocumentEvent } from '../../contracts/events/registry.js';
import { isAppError, isRetriable } from '../errors/app-error.js';
import type { DocumentState } from '../document/document-state.js';
import { allStepsRecorded, isFinished } from '../document/document-queries.js';
import { documentStreamName, foldDocument, toNewEvents } from '../document/document-stream.js';
import { evolve } from '../document/evolve.js';
import { documentLogger, type Logger } from '../logging/logger.js';
import type { BusMessage, EventBus, Subscription } from '../ports/event-bus.js';
import type { EventStore, RecordedEvent } from '../ports/event-store.js';
import { inSpan } from '../telemetry/tracing.js';
import type { Service } from './service.js';

export interface StepInput {
  state: DocumentState;
  trigger: DocumentEvent;
  logger: Logger;
}

/**
 * One processing step: does its I/O through ports and returns the events its pure core decided.
 * Returns [] when the step has nothing to do (already recorded, or not its turn), which makes
 * redelivered messages harmless.
 */
export type Step = (input: StepInput) => Promise<DocumentEvent[]>;

export interface StepServiceOptions {
  name: string;
  store: EventStore;
  bus: EventBus;
  logger: Logger;
  /** Event types that may make this step due. */
  triggers: DocumentEventType[];
  step: Step;
  concurrency?: number;
}

const MAX_CONFLICT_RETRIES = 3;

/** Appends ProcessingCompleted with whichever step records the last thing a document needs. */
const withCompletion = (state: DocumentState, decided: DocumentEvent[], now: () => Date): DocumentEvent[] => {
  const after = decided.reduce<DocumentState | null>(
    (current, event) => evolve(current, event, { revision: state.revision, recordedAt: state.updatedAt }),
    state,
  );
  if (!after || after.completion || !allStepsRecorded(after)) return decided;
  return [...decided, { type: 'ProcessingCompleted', data: { completedAt: now().toISOString() } }];
};

/**
 * Runs a step for every bus message that may make it due: load the stream, skip finished documents,
 * decide, append with the expected revision. A concurrent append makes it decide again on fresh state.
 */
export const createStepService = (options: StepServiceOptions, now: () => Date = () => new Date()): Service => {
  const { name, store, bus, logger, triggers, step } = options;
  let subscription: Subscription | null = null;

  const handleOnce = async (recorded: RecordedEvent, log: Logger): Promise<'done' | 'conflict'> => {
    const history = await store.readStream(recorded.streamName);
    const state = foldDocument(history);
    if (!state || isFinished(state)) return 'done';
    const decided = await step({ state, trigger: readDocumentEvent(recorded), logger: log });
    if (decided.length === 0) return 'done';
    const events = withCompletion(state, decided, now);
    const newEvents = toNewEvents(events, {
      tenantId: state.tenantId,
      documentId: state.documentId,
      producer: name,
      causationId: recorded.eventId,
    });
    try {
      await store.append(documentStreamName(state.documentId), newEvents, state.revision);
    } catch (error) {
      if (isAppError(error) && error.code === 'wrong_expected_revision') return 'conflict';
      throw error;
    }
    log.info({ events: events.map((event) => event.type) }, `${name} recorded`);
    return 'done';
  };

  const recordFailure = async (recorded: RecordedEvent, error: unknown): Promise<void> => {
    const state = foldDocument(await store.readStream(recorded.streamName));
    if (!state || isFinished(state)) return;
    const detail = error instanceof Error ? error.message : String(error);
    const known = DocumentErrorCode.safeParse(isAppError(error) ? error.code : undefined);
    const code = known.success ? known.data : 'processing_failed';
    const events = toNewEvents([{ type: 'ProcessingFailed', data: { code, stage: name, detail } }], {
      tenantId: state.tenantId,
      documentId: state.documentId,
      producer: name,
      causationId: recorded.eventId,
    });
    await store.append(recorded.streamName, events, state.revision);
  };

  const handle = async (message: BusMessage): Promise<void> => {
    const recorded = message.event;
    if (!(triggers as string[]).includes(recorded.type)) return;
    const log = documentLogger(logger, recorded.metadata.tenantId, recorded.metadata.documentId);
    await inSpan(`${name} ${recorded.type}`, recorded.metadata.traceparent, async () => {
      try {
        for (let attempt = 0; attempt <= MAX_CONFLICT_RETRIES; attempt++) {
          if ((await handleOnce(recorded, log)) === 'done') return;
        }
        throw new Error(`${name}: stream kept changing while deciding`);
      } catch (error) {
        if (isRetriable(error)) {
          log.warn({ err: error }, `${name} failed, will retry`);
          throw error;
        }
        log.error({ err: error }, `${name} failed for good`);
        await recordFailure(recorded, error);
      }
    });
  };

  return {
    name,
    async start() {
      subscription = await bus.subscribe({
        group: name,
        handler: handle,
        concurrency: options.concurrency,
        onDeadLetter: async (message, error) => {
          const log = documentLogger(logger, message.event.metadata.tenantId, message.event.metadata.documentId);
          log.error({ err: error, event_id: message.event.eventId }, `${name} gave up on message; dead-lettered`);
          await recordFailure(message.event, error);
        },
      });
    },
    async stop() {
      await subscription?.stop();
      subscription = null;
    },
  };
};
