/** One sample of Prometheus' text exposition format. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a scrape (comments and blank lines skipped). */
export const parsePrometheusText = (text: string): Sample[] =>
  text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .flatMap((line) => {
      const match = SAMPLE.exec(line);
      if (!match) return [];
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map(([, name, value]) => [name!, value!]));
      return [{ name: match[1]!, labels, value: Number(match[3]) }];
    });

/** The samples of one metric whose labels include `labels`. */
export const samplesOf = (samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] =>
  samples.filter((sample) => sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value));

/** The sum of those samples (0 when there are none). */
export const sumOf = (samples: Sample[], name: string, labels: Record<string, string> = {}): number =>
  samplesOf(samples, name, labels).reduce((sum, sample) => sum + sample.value, 0);
