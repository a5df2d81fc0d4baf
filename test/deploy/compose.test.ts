import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import {
  type ComposeFile,
  type ComposeService,
  dependenciesOf,
  durationSeconds,
  interpolate,
  publishedPorts,
  readComposeFile,
} from './compose-files.js';
import {
  COMPOSE_VALIDATE,
  DISTRIBUTED_SERVICES,
  hasServiceMain,
  INSTALL_TIMEOUT_MS,
  requireDeployTools,
  ROOT,
  run,
  serviceOfCommand,
} from './deploy-tools.js';

const DISTRIBUTED = 'docker-compose.yml';
const EMBEDDED = 'docker-compose.embedded.yml';
const SERVERS = ['kafka', 'eventstore', 'mongodb'];

/** Kontor's own services are those built from the project's Dockerfile. */
const kontorServices = (compose: ComposeFile): Array<[string, ComposeService]> =>
  Object.entries(compose.services).filter(([, service]) => service.build !== undefined);

/** The host of a URL or `host:port` list entry, e.g. `kafka` of `kafka:9092` or of `esdb://eventstore:2113?tls=false`. */
const hostOf = (value: string) => new URL(value.includes('://') ? value : `tcp://${value}`).hostname;

describe('Compose files', () => {
  for (const file of [DISTRIBUTED, EMBEDDED]) {
    describe(file, () => {
      let compose: ComposeFile;
      before(() => {
        compose = readComposeFile(file);
      });

      it('has depends_on only on services of the file, each waiting until it is healthy', () => {
        for (const [name, service] of Object.entries(compose.services)) {
          for (const dependency of dependenciesOf(service)) {
            expect(Object.keys(compose.services), `${name} depends on ${dependency.name}`).to.include(dependency.name);
            expect(dependency.condition, `${name} → ${dependency.name}`).to.equal('service_healthy');
          }
        }
      });

      it('has a health check on every service', () => {
        for (const [name, service] of Object.entries(compose.services)) expect(service.healthcheck?.test, name).to.exist;
      });

      it('builds every Kontor service from the one Dockerfile and runs an entry point of the source tree', () => {
        expect(existsSync(path.join(ROOT, 'Dockerfile'))).to.equal(true);
        const images = new Set<string>();
        for (const [name, service] of kontorServices(compose)) {
          expect(service.build, name).to.equal('.');
          images.add(service.image ?? '');
          const entryPoint = serviceOfCommand(service.command);
          expect(entryPoint, `${name} runs ${String(service.command)}`).to.be.a('string');
          expect(hasServiceMain(entryPoint!), `services/${entryPoint}/main.ts`).to.equal(true);
        }
        expect([...images]).to.deep.equal(['kontor:latest']);
      });

      it('checks Kontor services on /readyz with node, and gives SIGTERM at least 60 s', () => {
        for (const [name, service] of kontorServices(compose)) {
          const test = service.healthcheck?.test;
          expect(test?.slice(0, 3), name).to.deep.equal(['CMD', 'node', '-e']);
          expect(String(test?.[3]), name).to.include("'http://127.0.0.1:8080/readyz'");
          expect(durationSeconds(service.stop_grace_period ?? '10s'), name).to.be.at.least(60);
        }
      });

      it('publishes each host port once', () => {
        const published = Object.values(compose.services).flatMap(publishedPorts);
        expect(published.length).to.be.above(0);
        expect(new Set(published).size, published.join(', ')).to.equal(published.length);
      });
    });
  }

  describe(`${DISTRIBUTED}: the distributed mode`, () => {
    let compose: ComposeFile;
    before(() => {
      compose = readComposeFile(DISTRIBUTED);
    });

    it('runs every distributed service, named after its entry point, next to Kafka, EventStoreDB and MongoDB', () => {
      expect(Object.keys(compose.services).sort()).to.deep.equal([...DISTRIBUTED_SERVICES, ...SERVERS].sort());
      for (const [name, service] of kontorServices(compose)) expect(serviceOfCommand(service.command), name).to.equal(name);
    });

    it('starts a Kontor service once the servers are healthy, the gateway also once the query service is', () => {
      for (const [name, service] of kontorServices(compose)) {
        const expected = name === 'gateway' ? [...SERVERS, 'query'] : SERVERS;
        expect(
          dependenciesOf(service)
            .map((dependency) => dependency.name)
            .sort(),
          name,
        ).to.deep.equal([...expected].sort());
      }
    });

    it('points every Kontor service at the servers of the file, in the distributed mode', () => {
      const clientIds = new Set<string>();
      for (const [name, service] of kontorServices(compose)) {
        const environment = Object.fromEntries(
          Object.entries(service.environment).map(([key, value]) => [key, interpolate(String(value ?? ''))]),
        );
        expect(environment.KONTOR_MODE, name).to.equal('distributed');
        expect(environment.EVENT_STORE, name).to.equal('eventstoredb');
        expect(hostOf(environment.EVENTSTORE_URL ?? ''), name).to.equal('eventstore');
        expect(hostOf(environment.MONGO_URL ?? ''), name).to.equal('mongodb');
        expect((environment.KAFKA_BROKERS ?? '').split(',').map(hostOf), name).to.deep.equal(['kafka']);
        clientIds.add(environment.KAFKA_CLIENT_ID ?? '');
      }
      expect(clientIds.size, 'one KAFKA_CLIENT_ID per service').to.equal(DISTRIBUTED_SERVICES.length);
      expect(hostOf(String(compose.services.gateway?.environment.QUERY_URL))).to.equal('query');
      expect(Object.keys(compose.services.gateway?.environment ?? {})).to.include('AUTH_TOKENS');
      expect(Object.keys(compose.services.query?.environment ?? {})).to.include('AUTH_TOKENS');
    });

    it('lets the extractor finish its OCR pages on shutdown (120 s)', () => {
      expect(durationSeconds(compose.services.extractor?.stop_grace_period ?? '')).to.equal(120);
    });
  });

  describe(`${EMBEDDED}: the embedded mode`, () => {
    it('runs the one embedded process with a volume for its data and no server', () => {
      const compose = readComposeFile(EMBEDDED);
      const services = Object.entries(compose.services);
      expect(services).to.have.lengthOf(1);
      const [, service] = services[0]!;
      expect(serviceOfCommand(service.command)).to.equal('embedded');
      expect(service.volumes.some((volume) => volume.endsWith(':/data'))).to.equal(true);
    });
  });

  describe('the Kontor health check one-liner', () => {
    let server: Server;
    let ready = true;
    let oneLiner: string;
    before(async () => {
      const test = readComposeFile(DISTRIBUTED).services.gateway?.healthcheck?.test;
      oneLiner = String(Array.isArray(test) ? test[3] : '');
      server = createServer((request, response) => {
        response.statusCode = request.url === '/readyz' && ready ? 200 : 503;
        response.end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    after(() => server.close());

    /** The one-liner's exit code against `port`; run asynchronously, since the server answers from this process. */
    const check = (port: number) =>
      new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, ['-e', oneLiner.replace('127.0.0.1:8080', `127.0.0.1:${port}`)], { stdio: 'ignore' });
        child.on('exit', (code) => resolve(code));
      });

    it('exits 0 when /readyz answers 200, 1 when it answers 503 or nothing listens', async () => {
      const port = (server.address() as AddressInfo).port;
      ready = true;
      expect(await check(port)).to.equal(0);
      ready = false;
      expect(await check(port)).to.equal(1);
      expect(await check(1)).to.equal(1);
    });
  });

  describe('against the compose-spec schema (compose-validate, the loader of docker compose)', function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    let scratch: string;
    before(function () {
      requireDeployTools(this);
      scratch = mkdtempSync(path.join(os.tmpdir(), 'kontor-compose-'));
    });
    after(() => {
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    });

    it('accepts both files', () => {
      const result = run(COMPOSE_VALIDATE, [DISTRIBUTED, EMBEDDED]);
      expect(result.status, result.stdout + result.stderr).to.equal(0);
      // The loader must see every service the file declares, none dropped or merged.
      for (const file of [DISTRIBUTED, EMBEDDED]) {
        const declared = Object.keys(readComposeFile(file).services).length;
        expect(result.stdout).to.include(`ok ${file}: ${declared} services`);
      }
    });

    /** Validates a copy of docker-compose.yml with one edit; the edit must apply, or the case tests nothing. */
    const validateBroken = (from: string | RegExp, to: string) => {
      const original = readFileSync(path.join(ROOT, DISTRIBUTED), 'utf8');
      const broken = original.replace(from, to);
      expect(broken, 'the edit did not apply').not.to.equal(original);
      const copy = path.join(scratch, `broken-${Math.random().toString(36).slice(2)}.yml`);
      writeFileSync(copy, broken);
      return run(COMPOSE_VALIDATE, [copy]);
    };

    it('rejects an unknown key', () => {
      const result = validateBroken(/^ {2}relay:\n/m, '$&    restart_policy: always\n');
      expect(result.status).to.equal(1);
      expect(result.stdout).to.match(/INVALID .*services\.relay\.restart_policy/);
    });

    it('rejects a value of the wrong type', () => {
      const result = validateBroken('stop_grace_period: 120s', 'stop_grace_period: [120]');
      expect(result.status).to.equal(1);
      expect(result.stdout).to.match(/INVALID .*services\.extractor\.stop_grace_period must be a string/);
    });

    it('rejects depends_on naming a service that does not exist', () => {
      const result = validateBroken(/^ {6}query:\n {8}condition: service_healthy/m, '      querry:\n        condition: service_healthy');
      expect(result.status).to.equal(1);
      expect(result.stdout).to.include('depends on undefined service "querry"');
    });
  });
});
