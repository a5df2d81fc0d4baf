/**
 * Fits the extractor's confidence calibration (services/extractor/fields/scoring/calibration.json) on the
 * tuning sources' observations and judges it on the held-out ones: a reliability table per source
 * (confidence bucket → share right) and the share right at confidence ≥ 0.9.
 *
 *   npm run bench:accuracy -- --observe --corpus generated-born-digital,shared --limit 40   (writes observations)
 *   npm run bench:calibrate -- --observations <file>[,<file>…] [--tuning <source>[,<source>…]] [--update-readme] [--shipped]
 *
 * --tuning names the sources fitted on (a name ending in * is a prefix; default generated-*); every
 * other source is held out. A corpus that mixes splits is observed as one source per split
 * ("independent-scanned/tuning", "independent-scanned/held-out"), so its tuning families can be named. Observations of one document in several files count once (the last).
 * --shipped judges the shipped calibration on the observations instead of fitting one (calibration.json is left as it
 * is): how it holds on new observations when too few sources could be observed again for a refit.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CalibrationModel, inputVector, MODEL_INPUT_NAMES, SHIPPED_CALIBRATION } from '../../../services/extractor/index.js';
import { fitCalibration } from './fit-calibration.js';
import type { Observation } from './observations.js';
import { reliabilityOf, reliabilityTable } from './reliability.js';

const HERE = import.meta.dirname;
const MODEL_FILE = join(HERE, '../../../services/extractor/fields/scoring/calibration.json');
const README = join(HERE, '../../README.md');
const README_START = '<!-- calibration-results:start -->';
const README_END = '<!-- calibration-results:end -->';

const { values: options } = parseArgs({
  options: {
    observations: { type: 'string', multiple: true },
    tuning: { type: 'string', default: 'generated-*' },
    'update-readme': { type: 'boolean', default: false },
    shipped: { type: 'boolean', default: false },
  },
});

const listOf = (values: readonly string[] | string | undefined) =>
  [values ?? []]
    .flat()
    .flatMap((value) => value.split(','))
    .filter(Boolean);
const files = listOf(options.observations);
if (files.length === 0) throw new Error('--observations <file> is required: run `npm run bench:accuracy -- --observe` first');
const tuning = listOf(options.tuning);
const isTuning = (source: string) => tuning.some((name) => (name.endsWith('*') ? source.startsWith(name.slice(0, -1)) : source === name));

const byValue = new Map<string, Observation>();
for (const file of files)
  for (const line of (await readFile(file, 'utf8')).split('\n').filter(Boolean)) {
    const observation = JSON.parse(line) as Observation;
    byValue.set(`${observation.source}\0${observation.sample}\0${observation.field}`, observation);
  }
const observations = [...byValue.values()];
// A file observed before a feature was added lacks it, and the fit would read it as NaN: observe again instead.
const lacking = observations.find((observation) => inputVector(observation.features).some((input) => !Number.isFinite(input)));
if (lacking)
  throw new Error(
    `${lacking.source} ${lacking.sample} ${lacking.field}: its features lack a model input (${MODEL_INPUT_NAMES.join(', ')}); observe it again with --observe`,
  );
const tuningObservations = observations.filter((observation) => isTuning(observation.source));
if (tuningObservations.length === 0) throw new Error(`no observations of a tuning source (${tuning.join(', ')})`);

const startedAt = new Date();
const command = `npm run bench:calibrate -- ${process.argv.slice(2).join(' ')}`;
const tuningSources = [...new Set(tuningObservations.map((observation) => observation.source))].sort();
const model = options.shipped
  ? SHIPPED_CALIBRATION
  : CalibrationModel.parse(
      fitCalibration(tuningObservations, { at: startedAt.toISOString(), command, tuningSources, observations: tuningObservations.length }),
    );
if (!options.shipped) await writeFile(MODEL_FILE, `${JSON.stringify(model, null, 2)}\n`);

const sources = [...new Set(observations.map((observation) => observation.source))];
const rows = [...sources.filter(isTuning), ...sources.filter((source) => !isTuning(source))].map((source) => ({
  role: isTuning(source) ? 'tuning' : 'held out',
  ...reliabilityOf(
    source,
    observations.filter((observation) => observation.source === source),
    model,
  ),
}));
const heldOut = observations.filter((observation) => !isTuning(observation.source));
if (heldOut.length > 0) rows.push({ role: 'held out', ...reliabilityOf('all held-out sources', heldOut, model) });

const cpuSeconds = (process.cpuUsage().user + process.cpuUsage().system) / 1e6;
const header =
  `Date: ${startedAt.toISOString()}; machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}; Node ${process.version}; ` +
  `command: \`${command}\`; ${observations.length} values (${tuningObservations.length} for tuning); fit and evaluation ${cpuSeconds.toFixed(1)} s CPU; ` +
  `load average (1/5/15 min) ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}; observations from: ${files.map((file) => `\`${file.split('/').at(-1)}\``).join(', ')}.`;
const markdown = [
  header,
  '',
  'Share of values right per calibrated confidence (as evidence shows it, two decimals), of how many values; ECE: expected calibration error.',
  '',
  reliabilityTable(rows),
].join('\n');
console.log(`\n${markdown}\n\n${options.shipped ? `Judged the shipped ${MODEL_FILE}` : `Wrote ${MODEL_FILE}`}`);

if (options['update-readme']) {
  const readme = await readFile(README, 'utf8');
  const [before, rest] = readme.split(README_START);
  const after = rest?.split(README_END)[1];
  if (before === undefined || after === undefined) throw new Error(`${README} has no ${README_START} … ${README_END} section to update`);
  await writeFile(README, `${before}${README_START}\n${markdown}\n${README_END}${after}`);
  console.log(`Updated ${README}`);
}
