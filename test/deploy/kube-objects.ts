import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';

// The parts of the Kubernetes objects the policy checks read. The schemas proper are checked by
// kubernetes-validate; these only give the checks typed access (unknown fields are dropped).

const Labels = z.record(z.string(), z.string());
const Metadata = z.object({ name: z.string(), labels: Labels.default({}) });
const Quantity = z.union([z.string(), z.number()]);
const Port = z.union([z.string(), z.number()]);

const Probe = z.object({ httpGet: z.object({ path: z.string(), port: Port }).optional() });

const Container = z.object({
  name: z.string(),
  image: z.string(),
  command: z.array(z.string()).optional(),
  ports: z.array(z.object({ name: z.string().optional(), containerPort: z.number() })).default([]),
  env: z
    .array(
      z.object({
        name: z.string(),
        value: z.string().optional(),
        valueFrom: z.object({ secretKeyRef: z.object({ name: z.string(), key: z.string() }).optional() }).optional(),
      }),
    )
    .default([]),
  envFrom: z
    .array(z.object({ configMapRef: z.object({ name: z.string() }).optional(), secretRef: z.object({ name: z.string() }).optional() }))
    .default([]),
  readinessProbe: Probe.optional(),
  livenessProbe: Probe.optional(),
  resources: z
    .object({ requests: z.record(z.string(), Quantity).default({}), limits: z.record(z.string(), Quantity).default({}) })
    .default({ requests: {}, limits: {} }),
  securityContext: z
    .object({
      readOnlyRootFilesystem: z.boolean().optional(),
      allowPrivilegeEscalation: z.boolean().optional(),
      capabilities: z.object({ drop: z.array(z.string()).default([]) }).optional(),
    })
    .default({}),
  volumeMounts: z.array(z.object({ name: z.string(), mountPath: z.string() })).default([]),
});
export type Container = z.infer<typeof Container>;

const PodSpec = z.object({
  terminationGracePeriodSeconds: z.number().optional(),
  securityContext: z.object({ runAsNonRoot: z.boolean().optional(), runAsUser: z.number().optional() }).default({}),
  containers: z.array(Container),
  volumes: z
    .array(
      z.object({
        name: z.string(),
        emptyDir: z.object({}).optional(),
        secret: z
          .object({ secretName: z.string(), items: z.array(z.object({ key: z.string(), path: z.string() })).default([]) })
          .optional(),
      }),
    )
    .default([]),
});

const Workload = z.object({
  kind: z.enum(['Deployment', 'StatefulSet']),
  metadata: Metadata,
  spec: z.object({
    replicas: z.number().optional(),
    strategy: z.object({ type: z.string() }).optional(),
    selector: z.object({ matchLabels: Labels }),
    template: z.object({ metadata: z.object({ labels: Labels }), spec: PodSpec }),
  }),
});
export type Workload = z.infer<typeof Workload>;

const Service = z.object({
  kind: z.literal('Service'),
  metadata: Metadata,
  spec: z.object({
    selector: Labels,
    ports: z.array(z.object({ name: z.string().optional(), port: z.number(), targetPort: Port.optional() })),
  }),
});

const Autoscaler = z.object({
  apiVersion: z.string(),
  kind: z.literal('HorizontalPodAutoscaler'),
  metadata: Metadata,
  spec: z.object({
    scaleTargetRef: z.object({ kind: z.string(), name: z.string() }),
    minReplicas: z.number().default(1),
    maxReplicas: z.number(),
  }),
});

const DisruptionBudget = z.object({
  kind: z.literal('PodDisruptionBudget'),
  metadata: Metadata,
  spec: z.object({ selector: z.object({ matchLabels: Labels }) }),
});

const Ingress = z.object({
  kind: z.literal('Ingress'),
  metadata: Metadata,
  spec: z.object({
    rules: z.array(
      z.object({
        host: z.string(),
        http: z.object({
          paths: z.array(
            z.object({
              path: z.string(),
              backend: z.object({
                service: z.object({ name: z.string(), port: z.object({ name: z.string().optional(), number: z.number().optional() }) }),
              }),
            }),
          ),
        }),
      }),
    ),
  }),
});

const KeyValues = z.object({
  kind: z.enum(['ConfigMap', 'Secret']),
  metadata: Metadata,
  data: z.record(z.string(), z.string()).default({}),
  stringData: z.record(z.string(), z.string()).default({}),
});

export interface Rendered {
  kinds: string[];
  workloads: Workload[];
  services: z.infer<typeof Service>[];
  autoscalers: z.infer<typeof Autoscaler>[];
  budgets: z.infer<typeof DisruptionBudget>[];
  ingresses: z.infer<typeof Ingress>[];
  configMaps: Map<string, Record<string, string>>;
  secrets: Map<string, Record<string, string>>;
}

/** The documents of one `kustomize build` output, sorted by what the checks need. */
export const readRendered = (file: string): Rendered => {
  const documents = parseAllDocuments(readFileSync(file, 'utf8')).map((document) =>
    z.object({ kind: z.string() }).passthrough().parse(document.toJS()),
  );
  const rendered: Rendered = {
    kinds: [],
    workloads: [],
    services: [],
    autoscalers: [],
    budgets: [],
    ingresses: [],
    configMaps: new Map(),
    secrets: new Map(),
  };
  for (const document of documents) {
    rendered.kinds.push(document.kind);
    if (document.kind === 'Deployment' || document.kind === 'StatefulSet') rendered.workloads.push(Workload.parse(document));
    if (document.kind === 'Service') rendered.services.push(Service.parse(document));
    if (document.kind === 'HorizontalPodAutoscaler') rendered.autoscalers.push(Autoscaler.parse(document));
    if (document.kind === 'PodDisruptionBudget') rendered.budgets.push(DisruptionBudget.parse(document));
    if (document.kind === 'Ingress') rendered.ingresses.push(Ingress.parse(document));
    if (document.kind === 'ConfigMap' || document.kind === 'Secret') {
      const object = KeyValues.parse(document);
      (object.kind === 'ConfigMap' ? rendered.configMaps : rendered.secrets).set(object.metadata.name, {
        ...object.data,
        ...object.stringData,
      });
    }
  }
  return rendered;
};

/** Whether a selector picks pods with these labels. */
export const selects = (selector: Record<string, string>, labels: Record<string, string>): boolean =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);

/** The replicas a workload runs with at least: its autoscaler's minimum, else its own count (default 1). */
export const minimumReplicas = (rendered: Rendered, workload: Workload): number => {
  const autoscaler = rendered.autoscalers.find(
    (hpa) => hpa.spec.scaleTargetRef.kind === workload.kind && hpa.spec.scaleTargetRef.name === workload.metadata.name,
  );
  return autoscaler?.spec.minReplicas ?? workload.spec.replicas ?? 1;
};

/** Every environment variable name a container gets, from its own env and from the objects it imports. */
export const environmentOf = (rendered: Rendered, container: Container): Map<string, string> => {
  const environment = new Map<string, string>();
  for (const source of container.envFrom) {
    const values = source.configMapRef
      ? rendered.configMaps.get(source.configMapRef.name)
      : source.secretRef
        ? rendered.secrets.get(source.secretRef.name)
        : undefined;
    for (const [name, value] of Object.entries(values ?? {})) environment.set(name, value);
  }
  for (const variable of container.env) {
    const reference = variable.valueFrom?.secretKeyRef;
    environment.set(variable.name, variable.value ?? (reference ? (rendered.secrets.get(reference.name)?.[reference.key] ?? '') : ''));
  }
  return environment;
};
