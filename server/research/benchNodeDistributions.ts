/**
 * CPU time of the punctuation model's node distributions as the comma prior asks for them (prepare a tree, then
 * `nodeProbs` for every node: the Attach scores of issue 37's "first pass"), on the trees the engine builds for EWT
 * dev sentences. Give it another checkout's root to time that code in this process's place (run the two in turn,
 * alternating: the machine is shared, so only the ratio of neighbouring runs means anything). `--dump FILE` writes
 * every probability (float64, in order) so that two checkouts' outputs can be compared byte for byte (`cmp`).
 *
 *   npx tsx server/research/benchNodeDistributions.ts [--root DIR] [--sentences 600] [--runs 5] [--dump FILE]
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';

const { values: opt } = parseArgs({
  options: {
    root: { type: 'string', default: path.resolve(__dirname, '../..') },
    sentences: { type: 'string', default: '600' },
    runs: { type: 'string', default: '5' },
    dump: { type: 'string' },
  },
});
const root = path.resolve(opt.root!);
const from = (p: string) => require(path.join(root, 'server/src', p)); // eslint-disable-line @typescript-eslint/no-require-imports

interface Job {
  m: { core: { prepare(t: unknown): { info: { n: number } }; normaliseSlot(s: string[]): string[]; nodeProbs(p: unknown, w: number, s: string[][]): Float64Array } };
  tree: { words: object; slots: string[][] };
}

function main(): void {
  const { PunctModelImpl } = from('model/index');
  const { readTreebank } = from('data/treebank');
  const { loadEngineParts, makeLinter } = from('engine/index');
  // The trees the lint's comma prior sees (its own parses, both models), recorded from one lint of the sentences.
  const recorded: Job[] = [];
  let recording = true;
  const prepare = PunctModelImpl.prototype.prepare;
  PunctModelImpl.prototype.prepare = function (this: Job['m'], tree: Job['tree']) {
    if (recording && tree.slots) recorded.push({ m: this, tree });
    return prepare.call(this, tree);
  };
  const dev = path.join(root, '../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu');
  const texts = (readTreebank(dev).sentences as Array<{ text?: string }>)
    .map((s) => s.text ?? '')
    .filter((t) => t.trim() !== '')
    .slice(0, Number(opt.sentences));
  const linter = makeLinter(loadEngineParts());
  for (const t of texts) linter.lint(t);
  recording = false;
  const seen = new Set<object>();
  const jobs = recorded.filter((j) => !seen.has(j.tree.words) && seen.add(j.tree.words));
  const pass = (): Float64Array[] => {
    const out: Float64Array[] = [];
    for (const { m, tree } of jobs) {
      const prep = m.core.prepare(tree); // a fresh prepared tree: nothing remembered from the last pass
      const slots = tree.slots.map((s) => m.core.normaliseSlot(s));
      for (let w = 1; w <= prep.info.n; w++) out.push(m.core.nodeProbs(prep, w, slots));
    }
    return out;
  };
  pass();
  const us: number[] = [];
  for (let r = 0; r < Number(opt.runs); r++) {
    const c0 = process.cpuUsage();
    pass();
    const c = process.cpuUsage(c0);
    us.push((c.user + c.system) / jobs.length);
  }
  us.sort((a, b) => a - b);
  console.log(`${root}: ${jobs.length} trees, CPU µs per tree min ${us[0].toFixed(1)} median ${us[us.length >> 1].toFixed(1)} max ${us[us.length - 1].toFixed(1)}`);
  if (opt.dump) {
    const all = pass();
    const flat = new Float64Array(all.reduce((n, a) => n + a.length, 0));
    let at = 0;
    for (const a of all) (flat.set(a, at), (at += a.length));
    fs.writeFileSync(opt.dump, Buffer.from(flat.buffer));
    console.log(`${flat.length} probabilities written to ${opt.dump}`);
  }
}

main();
