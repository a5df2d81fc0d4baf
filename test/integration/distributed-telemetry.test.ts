import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ensureSigningIdentity, generatedIdentityPaths } from '../../shared/signing/signing-identity.js';
import { ApiClient } from '../../harness/api-client.js';
import { corpusPath } from '../../harness/corpora.js';
import { eventually } from '../support/eventually.js';
import { freePort, ServiceProcess } from '../../harness/kontor-process.js';
import { OtlpReceiver } from '../support/otlp-receiver.js';
import { parsePrometheusText, samplesOf } from '../support/prometheus-text.js';
import { serverUrl } from './server-urls.js';

const TENANT = { id: 'acme', token: 'acme-telemetry-token' };
const SERVICES = ['query', 'gateway', 'relay', 'downloader', 'converter', 'extractor', 'projector'] as const;

/**
 * The distributed mode as an operator runs it, each service its own process exporting to one OTLP
 * receiver: a document's trace crosses the Kafka hop between processes, and the consumers' /metrics
 * report their groups' Kafka lag.
 */
describe('distributed: one trace across processes and Kafka, consumer lag on /metrics, reprocessing', function () {
  this.timeout(5 * 60_000);
  const processes = new Map<string, ServiceProcess>();
  let receiver: OtlpReceiver;
  let api: ApiClient;
  let signingDir: string;

  before(async function () {
    const run = randomBytes(4).toString('hex');
    signingDir = await mkdtemp(path.join(os.tmpdir(), 'kontor-signing-'));
    const identity = await ensureSigningIdentity(signingDir);
    receiver = await OtlpReceiver.start();
    const environment = {
      KONTOR_MODE: 'distributed',
      EVENT_STORE: 'postgres',
      POSTGRES_URL: serverUrl(this, 'POSTGRES_URL', 'start PostgreSQL with scripts/servers/postgres.sh'),
      POSTGRES_SCHEMA: `telemetry_${run}`,
      KAFKA_BROKERS: serverUrl(this, 'KAFKA_BROKERS', 'start Kafka with scripts/servers/kafka.sh'),
      KAFKA_TOPIC: `kontor.telemetry-${run}`,
      KAFKA_CLIENT_ID: `telemetry-${run}`,
      MONGO_URL: serverUrl(this, 'MONGO_URL', 'start FerretDB with scripts/servers/ferretdb.sh'),
      MONGO_DATABASE: `telemetry_${run}`,
      AUTH_TOKENS: `${TENANT.id}=${TENANT.token}`,
      OCR_WORKERS: '1',
      SIGNING_P12: generatedIdentityPaths(signingDir).p12,
      SIGNING_PASSPHRASE: identity.passphrase,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    };
    for (const name of SERVICES) {
      // The gateway hands reads to the query service, as in a deployment.
      const own: Record<string, string> = name === 'gateway' ? { QUERY_URL: processes.get('query')!.baseUrl } : {};
      processes.set(name, new ServiceProcess(`services/${name}/main.ts`, await freePort(), { ...environment, ...own }));
    }
    await Promise.all([...processes.values()].map((process) => process.launch()));
    api = new ApiClient(processes.get('gateway')!.baseUrl, TENANT.token);
  });

  after(async () => {
    await Promise.all([...processes.values()].map((process) => process.stop()));
    await receiver?.stop();
    if (signingDir) await rm(signingDir, { recursive: true, force: true });
  });

  it('given a submitted PDF, then one trace holds the spans of every process, Kafka produce and consume included', async () => {
    const collection = `/v1/${TENANT.id}/documents`;
    const pdf = await readFile(corpusPath('invoice2data/tests/compare/NetpresseInvoice.pdf'));
    const created = await api.post(collection, { data: { type: 'documents', attributes: { base64_files: [pdf.toString('base64')] } } });
    expect(created.status).to.equal(201);
    await api.waitUntilProcessed(`${collection}/${created.body.data.id}`, 180_000);

    const request = await eventually(() => receiver.spans.find((span) => span.name === `POST ${collection}`)!, 10_000, 100);
    expect(request, 'the request span').to.not.equal(undefined);
    await eventually(
      () =>
        expect(receiver.spans.filter((span) => span.traceId === request.traceId).map((span) => span.name)).to.include('projector project'),
      10_000,
      100,
    );

    const trace = receiver.spans.filter((span) => span.traceId === request.traceId);
    expect(new Set(trace.map((span) => span.service))).to.include.members([
      'kontor-gateway',
      'kontor-relay',
      'kontor-converter',
      'kontor-extractor',
      'kontor-projector',
    ]);
    const kafka = trace.filter((span) => span.scope === '@opentelemetry/instrumentation-kafkajs');
    expect(kafka.map((span) => span.service)).to.include.members(['kontor-relay', 'kontor-converter', 'kontor-extractor']);
  });

  it('then every consumer reports its groups’ Kafka lag on /metrics, back at 0', async () => {
    for (const [name, groups] of [
      ['converter', ['converter', 'converter-publishing']],
      ['extractor', ['extractor-recognition', 'extractor']],
    ] as const) {
      await eventually(
        async () => {
          const samples = parsePrometheusText(await (await fetch(`${processes.get(name)!.baseUrl}/metrics`)).text());
          const lag = samplesOf(samples, 'kontor_backlog_messages', { source: 'kafka_lag' });
          expect(lag.map((sample) => sample.labels.consumer_group).sort()).to.deep.equal([...groups].sort());
          expect(lag.map((sample) => sample.value)).to.deep.equal(groups.map(() => 0));
        },
        30_000,
        500,
      );
    }
  });

  it('given a done document, when its extraction is reprocessed across the processes, then a second reading with the extractor version is kept beside the first', async () => {
    const collection = `/v1/${TENANT.id}/documents`;
    const xml = await readFile(corpusPath('xrechnung/src/test/technical-cases/cius/01.05_minimal_test_ubl.xml'));
    const created = await api.post(collection, { data: { type: 'documents', attributes: { base64_files: [xml.toString('base64')] } } });
    const documentPath = `${collection}/${created.body.data.id}`;
    await api.waitUntilProcessed(documentPath, 180_000);

    const reprocessing = await api.post(`${documentPath}/reprocess`, {
      data: { type: 'reprocessing', attributes: { scope: 'extraction' } },
    });
    expect(reprocessing.status, JSON.stringify(reprocessing.body)).to.equal(202);
    const readings = await eventually(
      async () => {
        const answer = await api.get(`${documentPath}/extractions`);
        expect(answer.body.data).to.have.length(2);
        return answer.body.data as Array<{ attributes: { round: number; extractor_version: string | null } }>;
      },
      180_000,
      1000,
    );
    const done = await api.waitUntilProcessed(documentPath, 180_000);

    expect(readings.map((reading) => reading.attributes.round)).to.deep.equal([0, 1]);
    expect(readings[1]!.attributes.extractor_version).to.match(/\+[0-9a-f]{12}$/);
    expect(done.body.data.attributes.current_status).to.equal('done');
    const history = await api.get(`${documentPath}/events?filter[type]=ReprocessingRequested,DataExtracted`);
    expect(history.body.data.map((event: { attributes: { type: string } }) => event.attributes.type)).to.deep.equal([
      'DataExtracted',
      'ReprocessingRequested',
      'DataExtracted',
    ]);
  });
});
