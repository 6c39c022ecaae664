#!/usr/bin/env node
// Summarises a V8 `.cpuprofile` (from `node --cpu-prof`, e.g. BENCH_CPU_PROF=dir with tools/bench/api-serve.mjs):
// the functions with the most self time, and where the time goes by package (self time of the frames of each
// node_modules package, our bundle, node's internals, GC, idle).
//   node tools/bench/profile/top-costs.mjs file.cpuprofile [rows=25] [last seconds] [until seconds]
// `last` keeps only the profile's last seconds (the timed run, without the start: module loading, migrations,
// schema compiling, the sign-up); `until` also leaves out the profile's final seconds, so a window of one timed run
// among several (api-serve.mjs prints each run's `last` and `until` with BENCH_CPU_PROF).
import { readFileSync } from 'node:fs';

const [file, rowsArg, skipArg, untilArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: top-costs.mjs file.cpuprofile [rows] [last seconds] [until seconds]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 25);
const keptMicros = skipArg === undefined ? Infinity : Number(skipArg) * 1e6;
const profile = JSON.parse(readFileSync(file, 'utf8'));

// Self time per node: the sampled intervals attributed to the node that was on top of the stack.
const selfMicros = new Map();
const duration = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
const skipMicros = duration - keptMicros;
const endMicros = duration - Number(untilArg ?? 0) * 1e6;
let elapsed = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const delta = profile.timeDeltas[i + 1] ?? 0;
  elapsed += profile.timeDeltas[i] ?? 0;
  if (elapsed < skipMicros || elapsed > endMicros) continue;
  selfMicros.set(profile.samples[i], (selfMicros.get(profile.samples[i]) ?? 0) + delta);
}
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);

/** Where a frame comes from: a package in node_modules, our bundle, node itself, or V8's own entries. */
function origin(frame) {
  const url = frame.url ?? '';
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1];
  if (url.includes('/apps/api/')) return 'wingmate api';
  if (url.startsWith('node:')) return url;
  if (!url) return `(${frame.functionName || 'native'})`;
  return url;
}

const byFunction = new Map();
const byOrigin = new Map();
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id) ?? 0;
  if (!micros) continue;
  const frame = node.callFrame;
  const where = origin(frame);
  const key = `${frame.functionName || '(anonymous)'}  ${where}:${frame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  byOrigin.set(where, (byOrigin.get(where) ?? 0) + micros);
}

const percent = (micros) => `${((100 * micros) / total).toFixed(1).padStart(5)} %`;
const busy = total - (byOrigin.get('((idle))') ?? 0);
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${percent(busy)} busy`);
console.log('\nself time by origin');
for (const [where, micros] of [...byOrigin].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
  console.log(`  ${percent(micros)}  ${where}`);
}
console.log('\nself time by function');
for (const [key, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
  console.log(`  ${percent(micros)}  ${key}`);
}
