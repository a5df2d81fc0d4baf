import { expect } from 'chai';
import { ApiClient } from '../../harness/api-client.js';
import { eventually } from '../support/eventually.js';
import { KontorProcess } from '../../harness/kontor-process.js';
import { OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver.js';
import { pictureOfText } from '../support/pdf-with-pictures.js';

const TENANT = { id: 'tenant-a', token: 'token-a-0123456789' };

describe('e2e: traces and metrics leave the process by the standard OpenTelemetry variables', function () {
  this.timeout(180_000);
  let receiver: OtlpReceiver;
  let kontor: KontorProcess;
  let api: ApiClient;

  before(async () => {
    receiver = await OtlpReceiver.start();
    kontor = await KontorProcess.start({
      AUTH_TOKENS: `${TENANT.id}=${TENANT.token}`,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '200',
      OTEL_METRIC_EXPORT_INTERVAL: '1000',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=e2e',
    });
    api = new ApiClient(kontor.baseUrl, TENANT.token);
  });

  after(async () => {
    await kontor?.destroy();
    await receiver?.stop();
  });

  it('given a scanned page submitted, then one trace holds every span from the request to the projector, OCR per page included', async () => {
    const collection = `/v1/${TENANT.id}/documents`;
    const scan = await pictureOfText('Invoice 4711 Total 12.50', 1200, 240);
    const created = await api.post(collection, { data: { type: 'documents', attributes: { base64_files: [scan.toString('base64')] } } });
    expect(created.status).to.equal(201);
    const documentId = created.body.data.id as string;
    await api.waitUntilProcessed(`${collection}/${documentId}`);

    const request = await eventually(async () => {
      const found = receiver.spans.find((span) => span.name === `POST ${collection}`);
      expect(found, 'the request span').to.not.equal(undefined);
      return found!;
    });
    const traced = (): ReceivedSpan[] => receiver.spans.filter((span) => span.traceId === request.traceId);
    // Spans are exported in batches as each step ends, and the projector projects after every event, so
    // the trace is complete only once every step's span has arrived (a done document may still be publishing).
    await eventually(async () => {
      const names = traced().map((span) => span.name);
      for (const name of [
        'converter DocumentSubmitted',
        'extractor-recognition DocumentConverted',
        'ocr page',
        'extractor TextRecognized',
        'converter-publishing TextRecognized',
        'projector project',
      ]) {
        expect(names, name).to.include(name);
      }
    }, 20_000);

    const spans = traced();
    expect(new Set(spans.map((span) => span.service))).to.deep.equal(new Set(['kontor']));

    // The HTTP auto-instrumentation's server span is where the trace starts.
    const server = spans.find((span) => span.scope === '@opentelemetry/instrumentation-http' && span.name.startsWith('POST'));
    expect(server, 'the HTTP server span').to.not.equal(undefined);
    expect(request.parentSpanId).to.equal(server!.spanId);

    const recognition = spans.find((span) => span.name === 'extractor-recognition DocumentConverted')!;
    expect(recognition.attributes).to.include({
      'kontor.document.id': documentId,
      'kontor.tenant.id': TENANT.id,
      'kontor.step': 'recognize',
      'kontor.pages': 1,
      'kontor.outcome': 'recorded',
    });
    const ocrPage = spans.find((span) => span.name === 'ocr page')!;
    expect(ocrPage.parentSpanId).to.equal(recognition.spanId);
    expect(ocrPage.attributes).to.include({ 'kontor.page.number': 1 });
  });

  it('then the metrics are pushed over OTLP as well', async () => {
    await eventually(async () => {
      for (const name of [
        'kontor_documents_submitted',
        'kontor_documents_completed',
        'kontor_step_duration_seconds',
        'kontor_backlog_messages',
      ]) {
        expect([...receiver.metricNames], name).to.include(name);
      }
    });
  });
});
