import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { expect } from 'chai';
import { EmbeddedConfig } from '../../services/embedded/embedded-config.js';
import { embeddedProcess } from '../../services/embedded/embedded-process.js';
import { parseConfig } from '../../shared/config/parse-config.js';
import { createLogger } from '../../shared/logging/logger.js';
import { startProcess, type RunningProcess } from '../../shared/runtime/run-process.js';
import { startTelemetry, type Telemetry } from '../../shared/telemetry/telemetry.js';
import { ApiClient } from '../../harness/api-client.js';
import { corpusPath } from '../../harness/corpora.js';

const TENANT = { id: 'tenant-a', token: 'token-a-0123456789' };

/**
 * Submits one document to every service running in this process (on whatever adapters `environment`
 * chooses) with an in-memory span exporter, and checks that every service's span, from the request to
 * the projector, carries the request's trace id: the context crossed every hop, bus included.
 */
export const describeOneDocumentTrace = (title: string, environment: (context: Mocha.Context) => Record<string, string>) =>
  describe(title, function () {
    this.timeout(180_000);
    const exporter = new InMemorySpanExporter();
    let telemetry: Telemetry | null = null;
    let dataDir: string;
    let kontor: RunningProcess | null = null;
    let api: ApiClient;
    const logLines: string[] = [];

    before(async function () {
      const extra = environment(this);
      telemetry = startTelemetry({ serviceName: 'kontor', spanProcessors: [new SimpleSpanProcessor(exporter)] });
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'kontor-trace-'));
      const config = parseConfig(EmbeddedConfig, { DATA_DIR: dataDir, PORT: '0', AUTH_TOKENS: `${TENANT.id}=${TENANT.token}`, ...extra });
      const logger = createLogger('kontor-test', 'info', { write: (line: string) => logLines.push(line) });
      kontor = await startProcess(embeddedProcess, config, logger);
      api = new ApiClient(`http://127.0.0.1:${(kontor.server.address() as AddressInfo).port}`, TENANT.token);
    });

    after(async () => {
      await kontor?.stop();
      await telemetry?.shutdown();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('given a submitted document, then every service’s span, gateway to projector, and every step’s log line about it share the request’s trace id', async () => {
      const collection = `/v1/${TENANT.id}/documents`;
      const pdf = await readFile(corpusPath('invoice2data/tests/compare/NetpresseInvoice.pdf'));
      const created = await api.post(collection, { data: { type: 'documents', attributes: { base64_files: [pdf.toString('base64')] } } });
      await api.waitUntilProcessed(`${collection}/${created.body.data.id}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));

      const spans = exporter.getFinishedSpans();
      const post = spans.find((span) => span.name === `POST ${collection}`);
      expect(post, 'the request span').to.not.equal(undefined);
      const traceId = post!.spanContext().traceId;
      const names = new Set(spans.filter((span) => span.spanContext().traceId === traceId).map((span) => span.name));

      for (const name of [
        'converter SourceFileStored',
        'extractor-recognition DocumentConverted',
        'extractor TextRecognized',
        'converter-publishing TextRecognized',
        'projector project',
      ]) {
        expect([...names], name).to.include(name);
      }

      // Every log line carries each key once (log stores such as Elasticsearch reject a line with a repeated key); the
      // steps' lines about the document name their step and carry tenant, document and trace.
      for (const line of logLines)
        for (const key of ['service', 'component', 'tenant_id', 'document_id', 'trace_id'])
          expect(line.split(`"${key}":`).length - 1, `${key} in ${line}`).to.be.at.most(1);
      const documentLines = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.document_id === created.body.data.id);
      expect(documentLines.map((entry) => entry.component)).to.include.members(['converter', 'extractor']);
      for (const entry of documentLines) expect(entry).to.include({ tenant_id: TENANT.id, trace_id: traceId });
    });
  });
