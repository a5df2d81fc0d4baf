import { trace, isSpanContextValid } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { expect } from 'chai';
import { startTelemetry } from './telemetry.js';
import { currentTraceparent, inLeafSpan, inSpan } from './tracing.js';

describe('startTelemetry', () => {
  it('given no trace exporter, spans carry a trace id to pass on but record nothing', async () => {
    const telemetry = startTelemetry({ serviceName: 'kontor', env: {} });
    try {
      const { outer, inner, traceparent } = await inSpan('outer', undefined, async (outer) =>
        inSpan('inner', undefined, async (inner) => ({ outer, inner, traceparent: currentTraceparent() })),
      );
      expect(outer.isRecording()).to.equal(false);
      expect(isSpanContextValid(outer.spanContext())).to.equal(true);
      expect(inner.spanContext().traceId).to.equal(outer.spanContext().traceId);
      expect(traceparent).to.match(new RegExp(`^00-${outer.spanContext().traceId}-${inner.spanContext().spanId}-00$`));
    } finally {
      await telemetry.shutdown();
    }
  });

  it('given span processors, spans are recorded and handed to them', async () => {
    const exporter = new InMemorySpanExporter();
    const processor = new SimpleSpanProcessor(exporter);
    const telemetry = startTelemetry({ serviceName: 'kontor', env: {}, spanProcessors: [processor] });
    try {
      const span = trace.getTracer('kontor').startSpan('recorded');
      expect(span.isRecording()).to.equal(true);
      span.end();
      await processor.forceFlush();
      expect(exporter.getFinishedSpans().map((finished) => finished.name)).to.deep.equal(['recorded']);
    } finally {
      await telemetry.shutdown();
    }
  });

  it('given no trace exporter, a leaf span is not made: its work runs under the trace around it, with a span that records nothing', async () => {
    const telemetry = startTelemetry({ serviceName: 'kontor', env: {} });
    try {
      const { outer, leaf, traceparent } = await inSpan('outer', undefined, async (outer) =>
        inLeafSpan('leaf', undefined, async (leaf) => ({ outer, leaf, traceparent: currentTraceparent() })),
      );
      expect(leaf.isRecording()).to.equal(false);
      expect(isSpanContextValid(leaf.spanContext())).to.equal(false);
      expect(traceparent).to.equal(`00-${outer.spanContext().traceId}-${outer.spanContext().spanId}-00`);
    } finally {
      await telemetry.shutdown();
    }
  });

  it('given span processors, a leaf span is recorded like any other', async () => {
    const exporter = new InMemorySpanExporter();
    const processor = new SimpleSpanProcessor(exporter);
    const telemetry = startTelemetry({ serviceName: 'kontor', env: {}, spanProcessors: [processor] });
    try {
      expect(await inLeafSpan('leaf', undefined, async (leaf) => leaf.isRecording())).to.equal(true);
      await processor.forceFlush();
      expect(exporter.getFinishedSpans().map((finished) => finished.name)).to.deep.equal(['leaf']);
    } finally {
      await telemetry.shutdown();
    }
  });
});
