import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Histogram } from '@opentelemetry/sdk-metrics';
import { expect } from 'chai';
import { startTestMeter } from '../../test/support/test-meter.js';
import type { DocumentEvent } from '../../contracts/events/document-events.js';
import { emptyAccountingData } from '../../contracts/events/extracted-data.js';
import { storedFile, submitted } from '../../test/support/given-document.js';
import { eventually } from '../../test/support/eventually.js';
import { openFileEventStore } from '../adapters/embedded/file-event-store.js';
import { createInProcessBus } from '../adapters/embedded/in-process-bus.js';
import { documentStreamName, toNewEvents } from '../document/document-stream.js';
import { AppError } from '../errors/app-error.js';
import { createLogger } from '../logging/logger.js';
import type { EventBus } from '../ports/event-bus.js';
import type { EventStore } from '../ports/event-store.js';
import { createStepService, type Step } from './step-service.js';

const DOCUMENT = 'doc-1';
const STREAM = documentStreamName(DOCUMENT);
const logger = createLogger('test', 'silent');

describe('runtime: a step service', () => {
  let directory: string;
  let store: EventStore;
  let bus: EventBus;

  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-step-'));
    store = await openFileEventStore(directory);
    bus = createInProcessBus({ maxAttempts: 2, backoffMs: () => 5 });
  });

  afterEach(async () => {
    await bus.close();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  const given = async (...events: DocumentEvent[]) => {
    await store.append(STREAM, toNewEvents(events, { tenantId: 'tenant-a', documentId: DOCUMENT, producer: 'test' }), 'any');
  };
  /** Delivers the stream's newest event to the service, as the relay would. */
  const deliverLast = async () => {
    const history = await store.readStream(STREAM);
    const last = history[history.length - 1]!;
    await bus.publish([{ key: DOCUMENT, event: last, headers: {} }]);
  };
  const typesInStream = async () => (await store.readStream(STREAM)).map((event) => event.type);
  const run = async (step: Step) => {
    const service = createStepService({ name: 'converter', stage: 'render', store, bus, logger, triggers: ['SourceFileStored'], step });
    await service.start();
    return service;
  };
  const converted: DocumentEvent = { type: 'DocumentConverted', data: { pages: [], thumbnail: null, failures: [] } };

  it('when its trigger arrives, then it appends what the step decided, caused by that event', async () => {
    await given(submitted({ sources: [{ index: 0, kind: 'upload' }] }), storedFile(0));
    const service = await run(async () => [converted]);

    await deliverLast();

    expect(await typesInStream()).to.deep.equal(['DocumentSubmitted', 'SourceFileStored', 'DocumentConverted']);
    const [, trigger, appended] = await store.readStream(STREAM);
    expect(appended!.metadata).to.include({ causationId: trigger!.eventId, producer: 'converter', tenantId: 'tenant-a' });
    await service.stop();
  });

  it('when the step records the last thing the document needs, then ProcessingCompleted comes with it', async () => {
    await given(submitted({ sources: [{ index: 0, kind: 'url', url: 'https://a.example/x.pdf' }] }));
    const downloader = createStepService({
      name: 'downloader',
      stage: 'download',
      store,
      bus,
      logger,
      triggers: ['DocumentSubmitted'],
      step: async () => [
        {
          type: 'DownloadFailed',
          data: { sourceIndex: 0, url: 'https://a.example/x.pdf', reason: 'http_status', detail: '404', httpStatus: 404 },
        },
      ],
    });
    await downloader.start();

    await deliverLast();

    expect(await typesInStream()).to.deep.equal(['DocumentSubmitted', 'DownloadFailed', 'ProcessingCompleted']);
    await downloader.stop();
  });

  it('given every step recorded but completion, when the last step is decided, then it is completed', async () => {
    await given(submitted({ sources: [{ index: 0, kind: 'upload' }] }), storedFile(0));
    const service = await run(async () => [converted]);
    const extractedSteps = createStepService({
      name: 'extractor',
      stage: 'extract',
      store,
      bus,
      logger,
      triggers: ['DocumentConverted'],
      step: async ({ state }) =>
        state.recognition
          ? []
          : [
              { type: 'TextRecognized', data: { pages: [] } },
              { type: 'DataExtracted', data: emptyExtraction },
            ],
    });
    await extractedSteps.start();

    await deliverLast();
    await deliverLast();

    await eventually(async () =>
      expect(await typesInStream()).to.deep.equal([
        'DocumentSubmitted',
        'SourceFileStored',
        'DocumentConverted',
        'TextRecognized',
        'DataExtracted',
        'ProcessingCompleted',
      ]),
    );
    await service.stop();
    await extractedSteps.stop();
  });

  it('when the same trigger is delivered twice, then the step decides nothing the second time', async () => {
    await given(submitted({ sources: [{ index: 0, kind: 'upload' }] }), storedFile(0));
    const service = await run(async ({ state }) => (state.conversion ? [] : [converted]));

    await deliverLast();
    const history = await store.readStream(STREAM);
    await bus.publish([{ key: DOCUMENT, event: history[1]!, headers: {} }]);

    expect(await typesInStream()).to.deep.equal(['DocumentSubmitted', 'SourceFileStored', 'DocumentConverted']);
    await service.stop();
  });

  it('when the step fails for good, then the document gets ProcessingFailed with the error’s document code', async () => {
    await given(submitted({ sources: [{ index: 0, kind: 'upload' }] }), storedFile(0));
    const service = await run(async () => {
      throw new AppError({ code: 'ocr_failed', status: 422, title: 'OCR failed', detail: 'unreadable page' });
    });

    await deliverLast();

    const failed = (await store.readStream(STREAM)).at(-1)!;
    expect(failed.type).to.equal('ProcessingFailed');
    expect(failed.data).to.deep.equal({ code: 'ocr_failed', stage: 'converter', detail: 'unreadable page' });
    await service.stop();
  });

  it('when the step keeps failing with retriable errors, then after the bus gives up the document is failed, not stuck', async () => {
    await given(submitted({ sources: [{ index: 0, kind: 'upload' }] }), storedFile(0));
    let attempts = 0;
    const service = await run(async () => {
      attempts++;
      throw new Error('blob store down');
    });

    await deliverLast();

    expect(attempts).to.equal(2);
    const failed = (await store.readStream(STREAM)).at(-1)!;
    expect(failed.type).to.equal('ProcessingFailed');
    expect(failed.data).to.include({ code: 'processing_failed', stage: 'converter' });
    await service.stop();
  });

  it('counts failed documents by tenant, error code and stage, times the step by outcome, and counts dead letters by group', async () => {
    const meter = startTestMeter();
    try {
      await given(submitted({ sources: [{ index: 0, kind: 'upload' }] }), storedFile(0));
      const service = await run(async () => {
        throw new Error('blob store down');
      });

      await deliverLast();

      expect((await meter.points('kontor_documents_failed')).map(({ attributes, value }) => ({ attributes, value }))).to.deep.equal([
        { attributes: { tenant: 'tenant-a', error_code: 'processing_failed', stage: 'converter' }, value: 1 },
      ]);
      expect((await meter.points('kontor_dead_letters')).map(({ attributes, value }) => ({ attributes, value }))).to.deep.equal([
        { attributes: { consumer_group: 'converter' }, value: 1 },
      ]);
      const timed = await meter.points('kontor_step_duration_seconds');
      expect(timed.map(({ attributes, value }) => ({ attributes, count: (value as Histogram).count }))).to.deep.equal([
        { attributes: { step: 'render', outcome: 'retry' }, count: 2 },
      ]);
      await service.stop();
    } finally {
      await meter.stop();
    }
  });

  describe('when a sibling step records its result while this step runs', () => {
    const blob = (name: string) => ({ hash: Buffer.from(name).toString('hex').padEnd(64, '0'), size: 100 });
    const file = (name: string, mimeType: string) => ({ blob: blob(name), fileName: name, mimeType });
    const page = {
      pageNumber: 1,
      sourceIndex: 0,
      sourcePage: 1,
      image: file('page-1.png', 'image/png'),
      preview: file('preview-1.jpg', 'image/jpeg'),
      widthPx: 2480,
      heightPx: 3508,
      showsOnlyText: false,
    };
    const signed: DocumentEvent = {
      type: 'DocumentSigned',
      data: { enhancedPdf: file('enhanced.pdf', 'application/pdf'), signedPdf: null },
    };
    /** An extraction whose first run finds the document signed meanwhile (the sibling's append lands first). */
    const extractionRacingSigning = async (unaffectedBy: DocumentEvent['type'][]) => {
      await given(
        submitted({ sources: [{ index: 0, kind: 'upload' }] }),
        storedFile(0),
        { type: 'DocumentConverted', data: { pages: [page], thumbnail: null, failures: [] } },
        {
          type: 'TextRecognized',
          data: { pages: [{ pageNumber: 1, text: 'Rechnung', method: 'text_layer', confidence: null, words: null }] },
        },
      );
      let runs = 0;
      const service = createStepService({
        name: 'extractor',
        stage: 'extract',
        store,
        bus,
        logger,
        triggers: ['TextRecognized'],
        unaffectedBy,
        step: async ({ state }) => {
          runs += 1;
          if (runs === 1) await given(signed);
          return state.extraction ? [] : [{ type: 'DataExtracted', data: emptyExtraction }];
        },
      });
      await service.start();
      await deliverLast();
      await service.stop();
      return { runs, types: (await typesInStream()).slice(4) };
    };

    it('given the step is unaffected by that result, then what it found is recorded on the fresh state without running it again', async () => {
      expect(await extractionRacingSigning(['DocumentSigned'])).to.deep.equal({
        runs: 1,
        types: ['DocumentSigned', 'DataExtracted', 'ProcessingCompleted'],
      });
    });

    it('given nothing said about that result, then the step runs again on the fresh state', async () => {
      expect(await extractionRacingSigning([])).to.deep.equal({
        runs: 2,
        types: ['DocumentSigned', 'DataExtracted', 'ProcessingCompleted'],
      });
    });
  });

  it('given a finished document, then it does not run the step at all', async () => {
    await given(
      submitted({ sources: [{ index: 0, kind: 'upload' }] }),
      { type: 'ProcessingCompleted', data: { completedAt: '2026-03-12T10:00:00.000Z' } },
      storedFile(0),
    );
    let ran = false;
    const service = await run(async () => {
      ran = true;
      return [converted];
    });

    await deliverLast();

    expect(ran).to.equal(false);
    await service.stop();
  });
});

const emptyExtraction = {
  documentType: 'other' as const,
  accountingDocument: emptyAccountingData(),
  senderAddress: null,
  receiverAddress: null,
  errorCodes: [],
  evidence: {},
};
