import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { ROOT } from './deploy-tools.js';

// The parts of a Compose file the cross-checks read. The full compose-spec schema is checked by
// compose-validate (compose-go); this gives the checks typed access and needs no tool.

const Scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const ComposeService = z.object({
  image: z.string().optional(),
  build: z.union([z.string(), z.object({ context: z.string(), dockerfile: z.string().optional() })]).optional(),
  command: z.union([z.string(), z.array(z.string())]).optional(),
  environment: z.record(z.string(), Scalar).default({}),
  depends_on: z
    .union([
      z.array(z.string()),
      z.record(z.string(), z.object({ condition: z.enum(['service_started', 'service_healthy', 'service_completed_successfully']) })),
    ])
    .optional(),
  healthcheck: z
    .object({
      test: z.union([z.string(), z.array(z.string())]),
      interval: z.string(),
      timeout: z.string(),
      retries: z.number(),
      start_period: z.string().optional(),
    })
    .optional(),
  ports: z.array(z.union([z.string(), z.number()])).default([]),
  stop_grace_period: z.string().optional(),
  volumes: z.array(z.string()).default([]),
});
export type ComposeService = z.infer<typeof ComposeService>;

const ComposeFile = z.object({
  name: z.string(),
  services: z.record(z.string(), ComposeService),
  volumes: z.record(z.string(), z.null().or(z.object({}))).default({}),
});
export type ComposeFile = z.infer<typeof ComposeFile>;

/** `${NAME:-default}` and `${NAME}` as Compose resolves them in an empty environment, which is how compose-validate runs. */
export const interpolate = (value: string): string =>
  value.replace(/\$\{[A-Z0-9_]+(?::?-([^}]*))?\}/g, (_match, fallback: string | undefined) => fallback ?? '');

/** A Compose file of the project root, with YAML merge keys (`<<: *anchor`) resolved as Compose does. */
export const readComposeFile = (file: string): ComposeFile =>
  ComposeFile.parse(parse(readFileSync(path.join(ROOT, file), 'utf8'), { merge: true }));

/** The names a service waits for, whichever form depends_on takes. */
export const dependenciesOf = (service: ComposeService): Array<{ name: string; condition: string }> => {
  const dependsOn = service.depends_on;
  if (!dependsOn) return [];
  if (Array.isArray(dependsOn)) return dependsOn.map((name) => ({ name, condition: 'service_started' }));
  return Object.entries(dependsOn).map(([name, { condition }]) => ({ name, condition }));
};

/** The host side of each published port (`[ip:]host:container`), after interpolation. */
export const publishedPorts = (service: ComposeService): string[] =>
  service.ports
    .map((port) => interpolate(String(port)))
    .flatMap((port) => (port.includes(':') ? [port.slice(0, port.lastIndexOf(':'))] : []));

/** A Compose duration such as `60s`, `2m` or `1m30s`, in seconds. */
export const durationSeconds = (duration: string): number => {
  const parts = [...duration.matchAll(/(\d+)(h|m|s)/g)];
  if (parts.map((part) => part[0]).join('') !== duration) throw new Error(`unsupported duration ${duration}`);
  return parts.reduce((total, [, amount, unit]) => total + Number(amount) * (unit === 'h' ? 3600 : unit === 'm' ? 60 : 1), 0);
};
