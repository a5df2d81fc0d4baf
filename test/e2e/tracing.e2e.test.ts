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
import { registerTracing } from '../../shared/telemetry/tracer-provider.js';
import { ApiClient } from '../support/api-client.js';
import { corpusFile, createBody, documentsPath, TENANT_A } from './kontor-fixture.js';

describe('e2e: one document, one trace', function () {
  this.timeout(120_000);
  const exporter = new InMemorySpanExporter();
  const provider = registerTracing([new SimpleSpanProcessor(exporter)]);
  let dataDir: string;
  let kontor: RunningProcess;
  let api: ApiClient;

  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kontor-trace-'));
    const config = parseConfig(EmbeddedConfig, { DATA_DIR: dataDir, PORT: '0', AUTH_TOKENS: `${TENANT_A.id}=${TENANT_A.token}` });
    kontor = await startProcess(embeddedProcess, config, createLogger('kontor-test', 'silent'));
    api = new ApiClient(`http://127.0.0.1:${(kontor.server.address() as AddressInfo).port}`, TENANT_A.token);
  });

  after(async () => {
    await kontor?.stop();
    await provider.shutdown();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('given a submitted document, then every service’s span, gateway to projector, shares the request’s trace id', async () => {
    const pdf = await readFile(corpusFile('invoice2data/tests/compare/NetpresseInvoice.pdf'));
    const created = await api.post(documentsPath(TENANT_A.id), createBody({ base64_files: [pdf.toString('base64')] }));
    await api.waitUntilProcessed(`${documentsPath(TENANT_A.id)}/${created.body.data.id}`);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const spans = exporter.getFinishedSpans();
    const post = spans.find((span) => span.name === `POST ${documentsPath(TENANT_A.id)}`);
    expect(post, 'the request span').to.not.equal(undefined);
    const traceId = post!.spanContext().traceId;
    const names = new Set(spans.filter((span) => span.spanContext().traceId === traceId).map((span) => span.name));

    for (const name of ['converter SourceFileStored', 'extractor-recognition DocumentConverted', 'extractor TextRecognized', 'projector project']) {
      expect([...names], name).to.include(name);
    }
  });
});
