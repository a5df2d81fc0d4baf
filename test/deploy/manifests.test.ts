import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';
import {
  DISTRIBUTED_SERVICES,
  hasServiceMain,
  INSTALL_TIMEOUT_MS,
  requireDeployTools,
  ROOT,
  type Run,
  serviceOfCommand,
  validateDeploy,
} from './deploy-tools.js';
import { environmentOf, minimumReplicas, readRendered, type Rendered, selects, type Workload } from './kube-objects.js';

/** The feed followers: exactly one each, since a second would repeat the work rather than share it. */
const SINGLE_FOLLOWERS = ['relay', 'projector', 'webhooks'];
const AUTOSCALED = ['gateway', 'extractor'];

/** The parts of a KEDA ScaledObject the checks read (its schema is checked by scripts/validate-deploy.sh). */
const ScaledObject = z.object({
  kind: z.literal('ScaledObject'),
  spec: z.object({
    scaleTargetRef: z.object({ name: z.string() }),
    minReplicaCount: z.number(),
    maxReplicaCount: z.number(),
    fallback: z.object({ replicas: z.number() }).optional(),
    triggers: z.array(z.object({ type: z.string(), metadata: z.record(z.string(), z.string()) })),
  }),
});

const componentOf = (workload: Workload) => workload.spec.template.metadata.labels['app.kubernetes.io/component'] ?? '';
const onlyContainer = (workload: Workload) => {
  expect(workload.spec.template.spec.containers, workload.metadata.name).to.have.lengthOf(1);
  return workload.spec.template.spec.containers[0]!;
};

describe('deployment manifests (k8s/)', function () {
  this.timeout(INSTALL_TIMEOUT_MS);
  let scratch: string;
  let result: Run;
  const rendered = (name: string) => readRendered(path.join(scratch, 'rendered', `${name}.yaml`));

  before(function () {
    requireDeployTools(this);
    scratch = mkdtempSync(path.join(os.tmpdir(), 'kontor-deploy-'));
    result = validateDeploy([], { RENDER_DIR: path.join(scratch, 'rendered') });
  });

  after(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('builds every kustomization and validates every document against the Kubernetes schemas', () => {
    expect(result.status, `${result.stdout}\n${result.stderr}`).to.equal(0);
    expect(result.stdout).to.include(
      'kustomizations: 5 built (k8s/base k8s/embedded k8s/observability k8s/overlays/example k8s/overlays/keda)',
    );
    expect(result.stderr).to.include('custom resources: 2 passed against the CRD schemas in test/deploy/crds');
    expect(result.stdout).to.include('all valid');
  });

  describe('a broken copy of a Deployment is rejected', () => {
    /** Validates a copy of k8s/ with one file edited; the edit must apply, or the case tests nothing. */
    const validateBroken = (file: string, from: string | RegExp, to: string): Run => {
      const copy = path.join(scratch, `broken-${Math.random().toString(36).slice(2)}`);
      cpSync(path.join(ROOT, 'k8s'), path.join(copy, 'k8s'), { recursive: true });
      const target = path.join(copy, 'k8s', file);
      const original = readFileSync(target, 'utf8');
      const broken = original.replace(from, to);
      expect(broken, `the edit of ${file} did not apply`).not.to.equal(original);
      writeFileSync(target, broken);
      return validateDeploy([path.join(copy, 'k8s')], { RENDER_DIR: path.join(copy, 'rendered') });
    };

    it('an unknown field', () => {
      const broken = validateBroken(
        'base/gateway.yaml',
        'command: ["node", "dist/services/gateway/main.js"]',
        '$&\n          imagePullPolicee: Always',
      );
      expect(broken.status).to.equal(1);
      expect(broken.stderr).to.include("'imagePullPolicee' was unexpected");
      expect(broken.stdout).to.include('INVALID');
    });

    it('a value of the wrong type', () => {
      const broken = validateBroken('base/query.yaml', 'replicas: 2', 'replicas: "two"');
      expect(broken.status).to.equal(1);
      expect(broken.stderr).to.match(/deployment\/kontor-query .*'two' is not of type 'integer'/);
    });

    it('a missing required field', () => {
      const broken = validateBroken('base/downloader.yaml', /- name: downloader\n\s+image: kontor/, '- image: kontor');
      expect(broken.status).to.equal(1);
      expect(broken.stderr).to.match(/deployment\/kontor-downloader .*'name' is a required property/);
    });

    it('an unknown field of a custom resource (KEDA’s ScaledObject, against its vendored CRD schema)', () => {
      const broken = validateBroken('overlays/keda/scaled-objects.yaml', 'minReplicaCount: 3', 'minReplicaCont: 3');
      expect(broken.status).to.equal(1);
      expect(broken.stderr).to.match(
        /ScaledObject kontor-extractor .*Additional properties are not allowed \('minReplicaCont' was unexpected\)/,
      );
      expect(broken.stdout).to.include('INVALID');
    });

    it('a kustomization naming a file that does not exist', () => {
      const broken = validateBroken('base/kustomization.yaml', '  - relay.yaml', '  - relay-renamed.yaml');
      expect(broken.status).to.equal(1);
      expect(broken.stderr).to.include('kustomize build');
    });
  });

  for (const name of ['k8s_base', 'k8s_overlays_example']) {
    describe(`the distributed deployment (${name.replaceAll('_', '/')})`, () => {
      let manifests: Rendered;
      before(() => {
        manifests = rendered(name);
      });
      const workloadOf = (service: string) => {
        const workload = manifests.workloads.find((candidate) => componentOf(candidate) === service);
        expect(workload, `no workload for ${service}`).to.exist;
        return workload!;
      };

      it('runs each distributed service as one Deployment whose command is an entry point of the source tree', () => {
        expect(manifests.workloads.map(componentOf).sort()).to.deep.equal([...DISTRIBUTED_SERVICES].sort());
        for (const workload of manifests.workloads) {
          expect(workload.kind).to.equal('Deployment');
          const service = serviceOfCommand(onlyContainer(workload).command);
          expect(service, `${workload.metadata.name} runs ${String(onlyContainer(workload).command)}`).to.equal(componentOf(workload));
          expect(hasServiceMain(service!), `services/${service}/main.ts`).to.equal(true);
        }
      });

      it('probes /readyz for readiness and /healthz for liveness on the container port', () => {
        for (const workload of manifests.workloads) {
          const container = onlyContainer(workload);
          const portNames = container.ports.map((port) => port.name);
          expect(container.readinessProbe?.httpGet?.path, workload.metadata.name).to.equal('/readyz');
          expect(container.livenessProbe?.httpGet?.path, workload.metadata.name).to.equal('/healthz');
          expect(portNames, workload.metadata.name).to.include(container.readinessProbe?.httpGet?.port);
          expect(portNames, workload.metadata.name).to.include(container.livenessProbe?.httpGet?.port);
        }
      });

      it('sets CPU and memory requests and limits on every container', () => {
        for (const workload of manifests.workloads) {
          const { requests, limits } = onlyContainer(workload).resources;
          expect(Object.keys(requests), workload.metadata.name).to.include.members(['cpu', 'memory']);
          expect(Object.keys(limits), workload.metadata.name).to.include.members(['cpu', 'memory']);
        }
      });

      it('runs as non-root on a read-only root filesystem with an emptyDir for /tmp', () => {
        for (const workload of manifests.workloads) {
          const pod = workload.spec.template.spec;
          const container = onlyContainer(workload);
          expect(pod.securityContext.runAsNonRoot, workload.metadata.name).to.equal(true);
          expect(container.securityContext.readOnlyRootFilesystem, workload.metadata.name).to.equal(true);
          expect(container.securityContext.allowPrivilegeEscalation, workload.metadata.name).to.equal(false);
          const tmp = container.volumeMounts.find((mount) => mount.mountPath === '/tmp');
          expect(tmp, `${workload.metadata.name} mounts /tmp`).to.exist;
          expect(pod.volumes.find((volume) => volume.name === tmp!.name)?.emptyDir, workload.metadata.name).to.exist;
        }
      });

      it('gives SIGTERM 60 s to finish work in flight, the extractor 120 s', () => {
        for (const workload of manifests.workloads) {
          const expected = componentOf(workload) === 'extractor' ? 120 : 60;
          expect(workload.spec.template.spec.terminationGracePeriodSeconds, workload.metadata.name).to.equal(expected);
        }
      });

      it('runs the relay and the projector as single replicas, replaced rather than rolled', () => {
        for (const service of SINGLE_FOLLOWERS) {
          const workload = workloadOf(service);
          expect(workload.spec.replicas, service).to.equal(1);
          expect(workload.spec.strategy?.type, service).to.equal('Recreate');
          expect(manifests.autoscalers.map((hpa) => hpa.spec.scaleTargetRef.name)).not.to.include(workload.metadata.name);
        }
      });

      it('autoscales the gateway and the extractor with autoscaling/v2, leaving their replica count to the autoscaler', () => {
        expect(manifests.autoscalers.map((hpa) => hpa.spec.scaleTargetRef.name).sort()).to.deep.equal(
          AUTOSCALED.map((service) => `kontor-${service}`).sort(),
        );
        for (const autoscaler of manifests.autoscalers) {
          expect(autoscaler.apiVersion).to.equal('autoscaling/v2');
          const target = manifests.workloads.find((workload) => workload.metadata.name === autoscaler.spec.scaleTargetRef.name);
          expect(target?.kind).to.equal(autoscaler.spec.scaleTargetRef.kind);
          expect(target?.spec.replicas, `${target?.metadata.name} has replicas as well as an autoscaler`).to.equal(undefined);
          expect(autoscaler.spec.minReplicas).to.be.at.least(2).and.at.most(autoscaler.spec.maxReplicas);
        }
      });

      it('has a PodDisruptionBudget for exactly the Deployments that run more than one replica', () => {
        for (const workload of manifests.workloads) {
          const labels = workload.spec.template.metadata.labels;
          const budgets = manifests.budgets.filter((budget) => selects(budget.spec.selector.matchLabels, labels));
          expect(budgets, workload.metadata.name).to.have.lengthOf(minimumReplicas(manifests, workload) > 1 ? 1 : 0);
        }
        expect(manifests.budgets).to.have.lengthOf(
          manifests.workloads.filter((workload) => minimumReplicas(manifests, workload) > 1).length,
        );
      });

      it('exposes the gateway and the query service, each Service selecting one Deployment on a named container port', () => {
        expect(manifests.services.map((service) => service.metadata.name).sort()).to.deep.equal(['kontor-gateway', 'kontor-query']);
        for (const service of manifests.services) {
          const targets = manifests.workloads.filter((workload) => selects(service.spec.selector, workload.spec.template.metadata.labels));
          expect(targets.map(componentOf), service.metadata.name).to.have.lengthOf(1);
          const portNames = onlyContainer(targets[0]!).ports.map((port) => port.name);
          for (const port of service.spec.ports) expect(portNames, service.metadata.name).to.include(port.targetPort);
        }
      });

      it('routes both API path forms of the Ingress to the gateway, which forwards reads to the query Service', () => {
        expect(manifests.ingresses).to.have.lengthOf(1);
        const paths = manifests.ingresses[0]!.spec.rules.flatMap((rule) => rule.http.paths);
        expect(paths.map((entry) => entry.path).sort()).to.deep.equal(['/api/v1', '/v1']);
        for (const entry of paths) {
          const service = manifests.services.find((candidate) => candidate.metadata.name === entry.backend.service.name);
          expect(service?.metadata.name).to.equal('kontor-gateway');
          expect(service!.spec.ports.map((port) => port.name)).to.include(entry.backend.service.port.name);
        }
        const gateway = environmentOf(manifests, onlyContainer(workloadOf('gateway')));
        const queryService = manifests.services.find((service) => service.metadata.name === 'kontor-query')!;
        expect(gateway.get('QUERY_URL')).to.equal(
          `http://${queryService.metadata.name}${queryService.spec.ports[0]!.port === 80 ? '' : `:${queryService.spec.ports[0]!.port}`}`,
        );
      });

      it('refers only to ConfigMaps, Secrets and keys that are part of the deployment', () => {
        for (const workload of manifests.workloads) {
          const container = onlyContainer(workload);
          for (const source of container.envFrom) {
            if (source.configMapRef) expect([...manifests.configMaps.keys()], workload.metadata.name).to.include(source.configMapRef.name);
            if (source.secretRef) expect([...manifests.secrets.keys()], workload.metadata.name).to.include(source.secretRef.name);
          }
          for (const variable of container.env) {
            const reference = variable.valueFrom?.secretKeyRef;
            if (reference)
              expect(manifests.secrets.get(reference.name), `${workload.metadata.name} ${variable.name}`).to.have.property(reference.key);
          }
          for (const volume of workload.spec.template.spec.volumes) {
            if (!volume.secret) continue;
            const secret = manifests.secrets.get(volume.secret.secretName);
            expect(secret, `${workload.metadata.name} volume ${volume.name}`).to.exist;
            for (const item of volume.secret.items)
              expect(secret, `${workload.metadata.name} volume ${volume.name}`).to.have.property(item.key);
          }
        }
      });

      it('gives every process the distributed mode and its servers, and secrets only to those that need them', () => {
        for (const workload of manifests.workloads) {
          const service = componentOf(workload);
          const environment = environmentOf(manifests, onlyContainer(workload));
          expect(environment.get('KONTOR_MODE'), service).to.equal('distributed');
          const store = environment.get('EVENT_STORE');
          expect(store, service).to.be.oneOf(['postgres', 'eventstoredb']);
          expect(environment.get(store === 'postgres' ? 'POSTGRES_URL' : 'EVENTSTORE_URL'), service).to.be.a('string').and.not.be.empty;
          for (const name of ['KAFKA_BROKERS', 'KAFKA_CLIENT_ID', 'MONGO_URL', 'MONGO_DATABASE', 'PUBLIC_BASE_URL', 'LOG_LEVEL']) {
            expect(environment.get(name), `${service} ${name}`).to.be.a('string').and.not.be.empty;
          }
          expect(environment.has('AUTH_TOKENS'), `${service} AUTH_TOKENS`).to.equal(service === 'gateway' || service === 'query');
          expect(environment.has('SIGNING_PASSPHRASE'), `${service} SIGNING_PASSPHRASE`).to.equal(service === 'converter');
        }
        const environmentOfService = (service: string) => environmentOf(manifests, onlyContainer(workloadOf(service)));
        expect(environmentOfService('extractor').get('OCR_WORKERS')).to.match(/^[1-9][0-9]*$/);
        expect(environmentOfService('downloader').has('DOWNLOAD_ALLOWLIST')).to.equal(true);
        expect(environmentOfService('converter').get('SIGNING_P12')).to.match(/^\/.+\.p12$/);
      });
    });
  }

  it('changes the image and the replica counts in the example overlay', () => {
    const base = rendered('k8s_base');
    const example = rendered('k8s_overlays_example');
    const images = new Set(example.workloads.map((workload) => onlyContainer(workload).image));
    expect([...images]).to.have.lengthOf(1);
    expect([...images][0]).to.match(/^registry\.example\.com\/kontor:/);
    expect([...images][0]).not.to.equal(onlyContainer(base.workloads[0]!).image);
    const replicasOf = (manifests: Rendered) =>
      manifests.workloads.map((workload) => `${workload.metadata.name}=${minimumReplicas(manifests, workload)}`);
    expect(replicasOf(example)).not.to.deep.equal(replicasOf(base));
  });

  it('scales the converter and the extractor with KEDA on the Kafka lag of their consumer groups, CPU as a further trigger (k8s/overlays/keda)', () => {
    const keda = rendered('k8s_overlays_keda');
    const scaledObjects = parseAllDocuments(readFileSync(path.join(scratch, 'rendered', 'k8s_overlays_keda.yaml'), 'utf8'))
      .map((document) => ScaledObject.safeParse(document.toJS()))
      .flatMap((parsed) => (parsed.success ? [parsed.data] : []));
    const groupsOf = {
      'kontor-converter': ['converter', 'converter-publishing'],
      'kontor-extractor': ['extractor-recognition', 'extractor'],
    };
    expect(scaledObjects.map((scaled) => scaled.spec.scaleTargetRef.name).sort()).to.deep.equal(Object.keys(groupsOf));
    for (const scaled of scaledObjects) {
      const target = scaled.spec.scaleTargetRef.name as keyof typeof groupsOf;
      const workload = keda.workloads.find((candidate) => candidate.metadata.name === target)!;
      expect(workload.spec.replicas, `${target} has replicas as well as a ScaledObject`).to.equal(undefined);
      expect(
        keda.autoscalers.map((hpa) => hpa.spec.scaleTargetRef.name),
        `${target} has a second autoscaler`,
      ).not.to.include(target);
      const kafka = scaled.spec.triggers.filter((trigger) => trigger.type === 'kafka');
      expect(kafka.map((trigger) => trigger.metadata.consumerGroup)).to.deep.equal(groupsOf[target]);
      const environment = environmentOf(keda, onlyContainer(workload));
      for (const trigger of kafka) {
        expect(
          environment.has(trigger.metadata.bootstrapServersFromEnv!),
          `${target} has no ${trigger.metadata.bootstrapServersFromEnv}`,
        ).to.equal(true);
        expect(environment.has(trigger.metadata.topicFromEnv!), `${target} has no ${trigger.metadata.topicFromEnv}`).to.equal(true);
      }
      expect(scaled.spec.triggers.map((trigger) => trigger.type)).to.include('cpu');
      // The Kafka adapter makes 6 partitions: a replica beyond them would idle.
      expect(scaled.spec.maxReplicaCount).to.be.at.most(6);
      expect(scaled.spec.fallback?.replicas).to.be.at.least(scaled.spec.minReplicaCount);
    }
  });

  it('keeps the embedded mode as one single-replica StatefulSet with a volume for its data (k8s/embedded)', () => {
    const embedded = rendered('k8s_embedded');
    expect(embedded.workloads).to.have.lengthOf(1);
    const [statefulSet] = embedded.workloads;
    expect(statefulSet!.kind).to.equal('StatefulSet');
    expect(statefulSet!.spec.replicas).to.equal(1);
    expect(serviceOfCommand(onlyContainer(statefulSet!).command)).to.equal('embedded');
    expect(hasServiceMain('embedded')).to.equal(true);
    expect(onlyContainer(statefulSet!).volumeMounts.map((mount) => mount.mountPath)).to.include.members(['/data', '/tmp']);
  });
});
