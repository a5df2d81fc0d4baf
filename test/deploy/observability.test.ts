import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { expect } from 'chai';
import { parse } from 'yaml';
import { z } from 'zod';
import { ROOT } from './deploy-tools.js';

const RULES = path.join(ROOT, 'k8s/observability/kontor-alerts.yaml');
const DASHBOARD = path.join(ROOT, 'k8s/observability/kontor-dashboard.json');

/** Prometheus' rule file format (https://prometheus.io/docs/prometheus/latest/configuration/recording_rules/), strictly. */
const Duration = z.string().regex(/^(\d+(ms|s|m|h|d|w|y))+$/);
const RecordingRule = z.strictObject({
  record: z.string().regex(/^[a-zA-Z_:][a-zA-Z0-9_:]*$/),
  expr: z.string(),
  labels: z.record(z.string(), z.string()).optional(),
});
const AlertingRule = z.strictObject({
  alert: z.string().regex(/^[A-Z][A-Za-z0-9]*$/),
  expr: z.string(),
  for: Duration.optional(),
  keep_firing_for: Duration.optional(),
  labels: z.strictObject({ severity: z.enum(['warning', 'critical']) }),
  annotations: z.strictObject({ summary: z.string(), description: z.string(), runbook: z.string() }),
});
const RuleFile = z.strictObject({
  groups: z
    .array(
      z.strictObject({ name: z.string(), interval: Duration.optional(), rules: z.array(z.union([RecordingRule, AlertingRule])).min(1) }),
    )
    .min(1),
});

const Dashboard = z.object({
  uid: z.string(),
  title: z.string(),
  panels: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      gridPos: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
      targets: z.array(z.object({ refId: z.string(), expr: z.string() })).min(1),
    }),
  ),
});

/** The series names Kontor exposes: each instrument of shared/telemetry/kontor-metrics.ts as Prometheus names it. */
const exposedSeries = (): Set<string> => {
  const source = readFileSync(path.join(ROOT, 'shared/telemetry/kontor-metrics.ts'), 'utf8');
  const names = new Set<string>();
  for (const [, kind, name] of source.matchAll(/create(Counter|Histogram|UpDownCounter|ObservableGauge)\('(kontor_[a-z_]+)'/g)) {
    if (kind === 'Counter') names.add(`${name}_total`);
    else if (kind === 'Histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    else names.add(name!);
  }
  return names;
};

/** Where the PromQL parser of Prometheus' own UI found a syntax error, if anywhere. */
const syntaxErrorOf = (expr: string): string | null => {
  let error: string | null = null;
  parser.parse(expr).iterate({
    enter: (node) => {
      if (node.type.isError && error === null) error = `syntax error at ${node.from}: …${expr.slice(node.from, node.from + 30)}`;
    },
  });
  return error;
};

/** Grafana fills these in before Prometheus sees the query. */
const withGrafanaVariables = (expr: string) => expr.replaceAll('$tenant', '.*').replaceAll('$__rate_interval', '5m');

const metricNamesIn = (expr: string): string[] => [...expr.matchAll(/\b(kontor[_:][a-zA-Z0-9_:]+)/g)].map((match) => match[1]!);

const promtool = (): string | null => {
  const candidates = [process.env.PROMTOOL, path.join(process.env.TOOLS_DIR ?? path.join(ROOT, '.tools'), 'bin/promtool')].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found) return found;
  return spawnSync('sh', ['-c', 'command -v promtool'], { encoding: 'utf8' }).stdout.trim() || null;
};

describe('observability (k8s/observability)', () => {
  const rules = RuleFile.parse(parse(readFileSync(RULES, 'utf8')));
  const allRules = rules.groups.flatMap((group) => group.rules);
  const recorded = new Set(allRules.flatMap((rule) => ('record' in rule ? [rule.record] : [])));
  const alerts = allRules.flatMap((rule) => ('alert' in rule ? [rule] : []));
  const known = new Set([...exposedSeries(), ...recorded]);

  it('has a rule file in Prometheus’ format with an alert for a growing backlog, failures, slow steps and dead letters', () => {
    expect(alerts.map((alert) => alert.alert)).to.include.members([
      'KontorBacklogGrowing',
      'KontorDocumentsFailing',
      'KontorStepSlow',
      'KontorDeadLetters',
    ]);
    expect(alerts.find((alert) => alert.alert === 'KontorBacklogGrowing')!.for).to.equal('10m');
  });

  it('writes every rule and every dashboard query in valid PromQL, on metrics Kontor exposes', () => {
    const dashboard = Dashboard.parse(JSON.parse(readFileSync(DASHBOARD, 'utf8')));
    const queries = [
      ...allRules.map((rule) => ({ where: 'record' in rule ? rule.record : rule.alert, expr: rule.expr })),
      ...dashboard.panels.flatMap((panel) =>
        panel.targets.map((target) => ({ where: `panel “${panel.title}”`, expr: withGrafanaVariables(target.expr) })),
      ),
    ];
    for (const { where, expr } of queries) {
      expect(syntaxErrorOf(expr), where).to.equal(null);
      const unknown = metricNamesIn(expr).filter((name) => !known.has(name));
      expect(unknown, `${where} uses metrics no process exposes`).to.deep.equal([]);
    }
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).to.equal(dashboard.panels.length);
  });

  it('explains every alert in the README’s “Operating Kontor” section', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Operating Kontor'));
    expect(readme).to.include('## Operating Kontor');
    for (const { alert, annotations } of alerts) {
      expect(section, alert).to.include(alert);
      expect(annotations.runbook).to.include('#operating-kontor');
    }
  });

  it('passes `promtool check rules` when promtool is installed', function () {
    const tool = promtool();
    if (!tool) {
      console.log('    skipped: promtool not found (PROMTOOL, .tools/bin/promtool or PATH)');
      this.skip();
    }
    const result = spawnSync(tool!, ['check', 'rules', RULES], { encoding: 'utf8' });
    expect(result.status, `${result.stdout}${result.stderr}`).to.equal(0);
  });
});
