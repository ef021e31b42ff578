/**
 * Where the lint's CPU goes, by function and by source folder: a CPU profile (V8's sampling profiler, through
 * `node:inspector`) of the engine API linting EWT test sentences one a call, after a warm-up on EWT dev sentences so
 * that the JIT is warm but nothing the model or parser remembers by content is (as a user's new text finds it).
 * `--again` profiles a second pass over the same sentences too (what `bench:speed`'s timed runs measure: the
 * model's log-probabilities remembered, the parser's memo emptied). Writes the profile for DevTools with `--out`.
 *
 *   npx tsx server/research/profileLint.ts [--warm 300] [--limit 600] [--again] [--top 40] [--out FILE.cpuprofile]
 */
import * as fs from 'fs';
import * as inspector from 'inspector';
import * as path from 'path';
import { parseArgs } from 'util';
import { readTreebank } from '../src/data/treebank';
import { loadEngineParts, makeLinter } from '../src/engine';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const EWT = path.resolve(__dirname, '../../../shared/data/ud-english-ewt');
const sentences = (file: string, n: number) =>
  readTreebank(path.join(EWT, file))
    .sentences.map((s) => s.text ?? '')
    .filter((t) => t.trim() !== '')
    .slice(0, n);

export function post<T>(session: inspector.Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res as T))));
}

/** A source file's place, shortened to the repository's folders (`parser/`, `model/`, a dependency's name…). */
function placeOf(url: string): string {
  if (!url) return '(native)';
  const src = url.indexOf('/server/src/');
  if (src >= 0) return url.slice(src + '/server/src/'.length);
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) return 'node_modules/' + url.slice(nm + '/node_modules/'.length).split('/').slice(0, 1).join('/');
  return url.startsWith('node:') ? url : path.basename(url);
}

function folderOf(place: string): string {
  if (place.startsWith('node_modules/') || place.startsWith('(') || place.startsWith('node:')) return place;
  const parts = place.split('/');
  return parts.length > 1 ? parts.slice(0, parts.length === 2 ? 1 : 2).join('/') : place;
}

export function summarise(profile: Profile, top: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const folders = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const node = byId.get(id)!;
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'}  ${placeOf(f.url)}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    // Inclusive time per folder: each folder once per sample, however deep it recurs.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const fr = byId.get(at)!.callFrame;
      if (fr.functionName === '(root)') break;
      seen.add(folderOf(placeOf(fr.url)));
    }
    for (const s of seen) folders.set(s, (folders.get(s) ?? 0) + dt);
  });
  const pct = (x: number) => ((100 * x) / total).toFixed(1).padStart(5) + '%';
  console.log(`  ${(total / 1000).toFixed(0)} ms sampled`);
  console.log('  self time, top functions:');
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${pct(v)}  ${k}`);
  console.log('  inclusive time by folder (each folder once per sample):');
  for (const [k, v] of [...folders].sort((a, b) => b[1] - a[1]).slice(0, top)) if (v / total >= 0.005) console.log(`    ${pct(v)}  ${k}`);
}

async function main(): Promise<void> {
  const { values: opt } = parseArgs({
    options: {
      warm: { type: 'string', default: '300' },
      limit: { type: 'string', default: '600' },
      again: { type: 'boolean', default: false },
      top: { type: 'string', default: '40' },
      out: { type: 'string' },
    },
  });
  const parts = loadEngineParts();
  if (parts.modelError) throw parts.modelError;
  const warm = sentences('en_ewt-ud-dev.conllu', Number(opt.warm));
  const test = sentences('en_ewt-ud-test.conllu', Number(opt.limit));
  const warmLinter = makeLinter(parts);
  for (const t of warm) warmLinter.lint(t);
  const session = new inspector.Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.setSamplingInterval', { interval: 200 });
  const passes = opt.again ? ['new text', 'the same text again'] : ['new text'];
  for (const name of passes) {
    const memo = (parts.analyser as { memo?: Map<unknown, unknown> }).memo;
    if (memo instanceof Map) memo.clear();
    const linter = makeLinter(parts);
    await post(session, 'Profiler.start');
    const c0 = process.cpuUsage();
    for (const t of test) linter.lint(t);
    const c = process.cpuUsage(c0);
    const { profile } = await post<{ profile: Profile }>(session, 'Profiler.stop');
    console.log(`${name}: ${test.length} EWT test sentences, ${((c.user + c.system) / 1000 / test.length).toFixed(2)} ms CPU a sentence (profiler on)`);
    summarise(profile, Number(opt.top));
    if (opt.out) fs.writeFileSync(opt.out.replace(/(\.cpuprofile)?$/, `-${passes.indexOf(name)}.cpuprofile`), JSON.stringify(profile));
  }
  session.disconnect();
}

// Run as a script only (profileWindow.ts imports the summary).
if (require.main === module) void main();
