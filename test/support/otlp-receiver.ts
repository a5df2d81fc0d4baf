import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An attribute as OTLP/JSON encodes it. */
interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
}

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** The instrumentation scope that made it (`kontor`, `@opentelemetry/instrumentation-http`, …). */
  scope: string;
  service: string;
  attributes: Record<string, string | number | boolean>;
}

interface ExportTraceServiceRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{
      scope?: { name?: string };
      spans?: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string; attributes?: OtlpAttribute[] }>;
    }>;
  }>;
}

interface ExportMetricsServiceRequest {
  resourceMetrics?: Array<{ scopeMetrics?: Array<{ metrics?: Array<{ name: string }> }> }>;
}

const valueOf = ({ value }: OtlpAttribute): string | number | boolean =>
  value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue ?? ''));

const attributesOf = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(attributes.map((attribute) => [attribute.key, valueOf(attribute)]));

/**
 * A small OTLP/HTTP receiver with JSON encoding (OTEL_EXPORTER_OTLP_PROTOCOL=http/json), as a collector
 * would accept it on 127.0.0.1: keeps the spans and the names of the metrics it was sent.
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  readonly metricNames = new Set<string>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<OtlpReceiver> {
    const server = createServer();
    const receiver = new OtlpReceiver(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        if (request.url === '/v1/traces') receiver.takeSpans(body as ExportTraceServiceRequest);
        if (request.url === '/v1/metrics') receiver.takeMetrics(body as ExportMetricsServiceRequest);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private takeSpans(request: ExportTraceServiceRequest) {
    for (const { resource, scopeSpans = [] } of request.resourceSpans ?? []) {
      const service = String(attributesOf(resource?.attributes)['service.name']);
      for (const { scope, spans = [] } of scopeSpans) {
        for (const span of spans) {
          this.spans.push({ ...span, scope: scope?.name ?? '', service, attributes: attributesOf(span.attributes) });
        }
      }
    }
  }

  private takeMetrics(request: ExportMetricsServiceRequest) {
    for (const { scopeMetrics = [] } of request.resourceMetrics ?? []) {
      for (const { metrics = [] } of scopeMetrics) for (const { name } of metrics) this.metricNames.add(name);
    }
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
