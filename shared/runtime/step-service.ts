import type { Span } from '@opentelemetry/api';
import { DocumentErrorCode } from '../../contracts/events/common.js';
import type { DocumentEvent, DocumentEventType } from '../../contracts/events/document-events.js';
import { readAppendedDocumentEvent } from '../../contracts/events/registry.js';
import { isAppError, isRetriable } from '../errors/app-error.js';
import { decide, type DocumentCommand, type StepEvent } from '../document/document-decider.js';
import type { DocumentState } from '../document/document-state.js';
import { isFinished } from '../document/document-queries.js';
import { documentStreamName, foldDocument, toNewEvents } from '../document/document-stream.js';
import { documentLogger, type Logger } from '../logging/logger.js';
import type { BusMessage, EventBus, Subscription } from '../ports/event-bus.js';
import type { EventStore, RecordedEvent } from '../ports/event-store.js';
import { kontorMetrics, secondsSince } from '../telemetry/kontor-metrics.js';
import { inSpan, SpanAttribute } from '../telemetry/tracing.js';
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
export type Step = (input: StepInput) => Promise<StepEvent[]>;

/** What a step is called in metrics and spans: download, render, recognize, extract, sign. */
export type StepStage = 'download' | 'render' | 'recognize' | 'extract' | 'sign';

/** What became of one message: events recorded, nothing to do, failed for good, or thrown back for a retry. */
type StepOutcome = 'recorded' | 'skipped' | 'failed' | 'retry';

export interface StepServiceOptions {
  /** The consumer group, and the producer named in the events it records. */
  name: string;
  stage: StepStage;
  store: EventStore;
  bus: EventBus;
  logger: Logger;
  /** Event types that may make this step due. */
  triggers: DocumentEventType[];
  step: Step;
  concurrency?: number;
  /**
   * Events that, recorded by another step while this one ran, leave what it found valid: a sibling step's
   * result that is no input of this one. When only such events came between, a conflicting append records
   * what the step found on the fresh state (the decider judges it again) instead of running the step again.
   */
  unaffectedBy?: DocumentEventType[];
}

const MAX_CONFLICT_RETRIES = 3;

/** Completed and failed documents are counted where the decision is recorded, once per document. */
const countOutcomes = (tenantId: string, events: DocumentEvent[]): void => {
  for (const event of events) {
    if (event.type === 'ProcessingCompleted') kontorMetrics().documentsCompleted.add(1, { tenant: tenantId });
    if (event.type === 'ProcessingFailed')
      kontorMetrics().documentsFailed.add(1, { tenant: tenantId, error_code: event.data.code, stage: event.data.stage });
  }
};

/**
 * Runs a step for every bus message that may make it due: load the stream, skip finished documents,
 * run the step, let the document decider say what to record (and whether the document is now
 * complete), append with the expected revision. A concurrent append makes it run again on fresh state,
 * unless only results the step does not read came between (`unaffectedBy`): then it decides again on fresh state.
 */
export const createStepService = (options: StepServiceOptions, now: () => Date = () => new Date()): Service => {
  const { name, stage, store, bus, logger, triggers, step, unaffectedBy = [] } = options;
  let subscription: Subscription | null = null;

  const record = async (state: DocumentState, command: DocumentCommand, cause: RecordedEvent): Promise<DocumentEvent[]> => {
    const events = decide(command, state);
    if (events.length === 0) return events;
    const origin = { tenantId: state.tenantId, documentId: state.documentId, producer: name, causationId: cause.eventId };
    await store.append(documentStreamName(state.documentId), toNewEvents(events, origin), state.revision);
    countOutcomes(state.tenantId, events);
    return events;
  };

  const handleOnce = async (recorded: RecordedEvent, log: Logger, span: Span): Promise<StepOutcome | 'conflict'> => {
    const state = foldDocument(await store.readStream(recorded.streamName));
    if (!state || isFinished(state)) return 'skipped';
    if (state.conversion) span.setAttribute(SpanAttribute.pages, state.conversion.pages.length);
    const found = await step({ state, trigger: readAppendedDocumentEvent(recorded), logger: log });
    if (found.length === 0) return 'skipped';
    let decidedOn: DocumentState | null = state;
    for (let attempt = 0; decidedOn && attempt <= MAX_CONFLICT_RETRIES; attempt++) {
      try {
        const events = await record(decidedOn, { type: 'RecordStepResults', data: { events: found, at: now().toISOString() } }, recorded);
        if (events.length === 0) return 'skipped';
        log.info({ events: events.map((event) => event.type) }, `${name} recorded`);
        return 'recorded';
      } catch (error) {
        if (!(isAppError(error) && error.code === 'wrong_expected_revision')) throw error;
        decidedOn = await stillValidOn(decidedOn, recorded.streamName);
      }
    }
    return 'conflict';
  };

  /** The fresh state when everything recorded since `state` leaves what the step found valid (see `unaffectedBy`), else null. */
  const stillValidOn = async (state: DocumentState, streamName: string): Promise<DocumentState | null> => {
    if (unaffectedBy.length === 0) return null;
    const history = await store.readStream(streamName);
    const since = history.filter((event) => event.revision > state.revision);
    const fresh = foldDocument(history);
    return fresh && !isFinished(fresh) && since.every((event) => (unaffectedBy as string[]).includes(event.type)) ? fresh : null;
  };

  const recordFailure = async (recorded: RecordedEvent, error: unknown): Promise<void> => {
    const state = foldDocument(await store.readStream(recorded.streamName));
    if (!state) return;
    const detail = error instanceof Error ? error.message : String(error);
    const known = DocumentErrorCode.safeParse(isAppError(error) ? error.code : undefined);
    const code = known.success ? known.data : 'processing_failed';
    await record(state, { type: 'FailProcessing', data: { code, stage: name, detail } }, recorded);
  };

  const handle = async (message: BusMessage): Promise<void> => {
    const recorded = message.event;
    if (!(triggers as string[]).includes(recorded.type)) return;
    const { tenantId, documentId, traceparent } = recorded.metadata;
    const log = documentLogger(logger, tenantId, documentId);
    const attributes = { [SpanAttribute.documentId]: documentId, [SpanAttribute.tenantId]: tenantId, [SpanAttribute.step]: stage };
    await inSpan(
      `${name} ${recorded.type}`,
      traceparent,
      async (span) => {
        const started = performance.now();
        const finish = (outcome: StepOutcome) => {
          span.setAttribute(SpanAttribute.outcome, outcome);
          // Messages that were not this step's turn take no time worth a histogram bucket.
          if (outcome !== 'skipped') kontorMetrics().stepDuration.record(secondsSince(started), { step: stage, outcome });
        };
        try {
          for (let attempt = 0; attempt <= MAX_CONFLICT_RETRIES; attempt++) {
            const outcome = await handleOnce(recorded, log, span);
            if (outcome !== 'conflict') return finish(outcome);
          }
          throw new Error(`${name}: stream kept changing while deciding`);
        } catch (error) {
          if (isRetriable(error)) {
            log.warn({ err: error }, `${name} failed, will retry`);
            finish('retry');
            throw error;
          }
          log.error({ err: error }, `${name} failed for good`);
          await recordFailure(recorded, error);
          finish('failed');
        }
      },
      attributes,
    );
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
          kontorMetrics().deadLetters.add(1, { consumer_group: name });
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
