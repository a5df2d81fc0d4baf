import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

/**
 * `npx tsx bench/service/profile-window.ts PROFILE.cpuprofile --from µs --to µs [--top 40]`: where a V8 CPU profile's
 * samples between two monotonic times (as cpu-probe.ts prints them with `--cpu-prof`) went: self time by function
 * and by package or source file, so one section of a probe (the creates) can be read apart from the rest of the run.
 */
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { from: { type: 'string', default: '0' }, to: { type: 'string', default: '1e30' }, top: { type: 'string', default: '40' } },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const profile = JSON.parse(await readFile(positionals[0]!, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const [from, to] = [Number(args.from), Number(args.to)];
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
let total = 0;
let at = profile.startTime;
for (let index = 0; index < profile.samples.length; index++) {
  at += profile.timeDeltas[index]!;
  const next = profile.timeDeltas[index + 1] ?? 0;
  if (at < from || at > to) continue;
  const { functionName, url, lineNumber } = nodes.get(profile.samples[index]!)!.callFrame;
  if (functionName === '(idle)') continue;
  const file = url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1').replace(/^.*\/(dist|kontor[^/]*)\//, '');
  const micros = next;
  total += micros;
  byFunction.set(
    `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`,
    (byFunction.get(`${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`) ?? 0) + micros,
  );
  byFile.set(file || '(native)', (byFile.get(file || '(native)') ?? 0) + micros);
}
const show = (title: string, entries: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top)))
    console.log(`${(micros / 1000).toFixed(1).padStart(9)} ms ${((100 * micros) / total).toFixed(1).padStart(5)} %  ${name}`);
};
console.log(`busy in the window: ${(total / 1000).toFixed(0)} ms`);
show('self time by package or file', byFile);
show('self time by function', byFunction);
