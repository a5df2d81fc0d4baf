import { expect } from 'chai';
import { exportsSignal, otlpProtocol, serviceNameOf } from './telemetry-environment.js';

describe('telemetry environment', () => {
  it('exports nothing when no OpenTelemetry variable is set', () => {
    expect(exportsSignal({}, 'TRACES')).to.equal(false);
    expect(exportsSignal({}, 'METRICS')).to.equal(false);
  });

  it('exports a signal once an OTLP endpoint is set, the common one or the signal’s own', () => {
    expect(exportsSignal({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, 'TRACES')).to.equal(true);
    expect(exportsSignal({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://tempo:4318/v1/traces' }, 'TRACES')).to.equal(true);
    expect(exportsSignal({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://tempo:4318/v1/traces' }, 'METRICS')).to.equal(false);
  });

  it('follows OTEL_<SIGNAL>_EXPORTER, where `none` wins over an endpoint', () => {
    expect(exportsSignal({ OTEL_TRACES_EXPORTER: 'console' }, 'TRACES')).to.equal(true);
    expect(exportsSignal({ OTEL_METRICS_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, 'METRICS')).to.equal(
      false,
    );
  });

  it('takes the signal’s OTLP protocol before the common one, http/protobuf by default', () => {
    expect(otlpProtocol({}, 'METRICS')).to.equal('http/protobuf');
    expect(otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, 'METRICS')).to.equal('grpc');
    expect(otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc', OTEL_EXPORTER_OTLP_METRICS_PROTOCOL: 'http/json' }, 'METRICS')).to.equal(
      'http/json',
    );
  });

  it('names the all-in-one process kontor and every other kontor-<service>', () => {
    expect(serviceNameOf('kontor')).to.equal('kontor');
    expect(serviceNameOf('embedded')).to.equal('kontor');
    expect(serviceNameOf('extractor')).to.equal('kontor-extractor');
  });
});
