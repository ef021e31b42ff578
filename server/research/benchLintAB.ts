/**
 * The lint's CPU per sentence, this checkout against another, in one process: both engines loaded side by side, then
 * rounds of EWT test sentences that neither has seen (the model remembers log-probabilities by content, so a text
 * linted twice is cheaper the second time; a user's new text is not), each round linted by both on fresh linters,
 * sentence by sentence in turn (which goes first alternating), so that the machine's load, which drifts over
 * seconds, falls on both alike. Only the ratio of a round's two figures means anything on a shared machine.
 *
 * The engine loaded first runs 3–9% faster (the same commit against itself: 0.91–0.96 loaded first, 1.01–1.04
 * second), more than a 5% criterion. `--load-order other-first` loads the other checkout first; `--both-ways` runs
 * the benchmark once in each order, each in a child process, and reports the geometric mean of the two medians, in
 * which that bias cancels.
 *
 *   npx tsx server/research/benchLintAB.ts --root OTHER_CHECKOUT [--per-round 250] [--rounds 8] [--warm 200] [--both-ways]
 */
import { spawnSync } from 'child_process';
import * as path from 'path';
import { parseArgs } from 'util';
import { cpuMs } from './eval/cpuTime';

const { values: opt } = parseArgs({
  options: {
    root: { type: 'string' },
    'per-round': { type: 'string', default: '250' },
    rounds: { type: 'string', default: '8' },
    warm: { type: 'string', default: '200' },
    'load-order': { type: 'string', default: 'this-first' },
    'both-ways': { type: 'boolean', default: false },
  },
});
if (opt['load-order'] !== 'this-first' && opt['load-order'] !== 'other-first') throw new Error('--load-order this-first|other-first');
if (!opt.root) throw new Error('--root OTHER_CHECKOUT is required');

interface Engine {
  name: string;
  /** A fresh linter (the parser's memo emptied): its lint of one text. */
  fresh: () => (text: string) => number;
}

function engineAt(root: string): Engine {
  const from = (p: string) => require(path.join(root, 'server/src', p)); // eslint-disable-line @typescript-eslint/no-require-imports
  const { loadEngineParts, makeLinter } = from('engine/index');
  const parts = loadEngineParts();
  if (parts.modelError) throw parts.modelError;
  return {
    name: root,
    fresh: () => {
      const memo = (parts.analyser as { memo?: Map<unknown, unknown> }).memo;
      if (memo instanceof Map) memo.clear();
      const linter = makeLinter(parts);
      return (t) => linter.lint(t).length;
    },
  };
}

function main(): void {
  const { readTreebank } = require(path.resolve(__dirname, '../src/data/treebank')); // eslint-disable-line @typescript-eslint/no-require-imports
  const read = (f: string): string[] =>
    (readTreebank(path.resolve(__dirname, '../../../shared/data/ud-english-ewt', f)).sentences as Array<{ text?: string }>)
      .map((s) => s.text ?? '')
      .filter((t) => t.trim() !== '');
  const perRound = Number(opt['per-round']);
  const test = read('en_ewt-ud-test.conllu');
  const warm = read('en_ewt-ud-dev.conllu').slice(0, Number(opt.warm));
  const [hereRoot, otherRoot] = [path.resolve(__dirname, '../..'), path.resolve(opt.root!)];
  // Loaded in the order asked for (the engine loaded first runs faster).
  let here: Engine, other: Engine;
  if (opt['load-order'] === 'other-first') [other, here] = [engineAt(otherRoot), engineAt(hereRoot)];
  else [here, other] = [engineAt(hereRoot), engineAt(otherRoot)];
  for (const e of [other, here]) {
    const lint = e.fresh();
    for (const t of warm) lint(t);
  }
  const ratios: number[] = [];
  const rounds = Math.min(Number(opt.rounds), Math.floor(test.length / perRound));
  for (let r = 0; r < rounds; r++) {
    const texts = test.slice(r * perRound, (r + 1) * perRound);
    const lints = { here: here.fresh(), other: other.fresh() };
    const ms = { here: 0, other: 0 };
    const findings = { here: 0, other: 0 };
    const run = (k: 'here' | 'other', t: string) => (ms[k] += cpuMs(() => (findings[k] += lints[k](t))));
    texts.forEach((t, i) => (i % 2 ? (run('here', t), run('other', t)) : (run('other', t), run('here', t))));
    const ratio = ms.here / ms.other;
    ratios.push(ratio);
    console.log(
      `round ${r + 1}: ${texts.length} new sentences, CPU ms a sentence: this ${(ms.here / texts.length).toFixed(2)}, other ${(ms.other / texts.length).toFixed(2)}, ratio ${ratio.toFixed(3)} (findings ${findings.here} / ${findings.other})`,
    );
  }
  ratios.sort((a, b) => a - b);
  console.log(`ratio this / other (${opt['load-order']}): min ${ratios[0].toFixed(3)} median ${ratios[ratios.length >> 1].toFixed(3)} max ${ratios[ratios.length - 1].toFixed(3)}`);
}

/** The benchmark in each load order, each in a child process of its own; the geometric mean of their medians. */
function bothWays(): void {
  const args = process.argv.slice(2).filter((a) => a !== '--both-ways');
  const medians: number[] = [];
  for (const order of ['this-first', 'other-first']) {
    const child = spawnSync(process.execPath, [...process.execArgv, __filename, ...args, '--load-order', order], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    process.stdout.write(child.stdout);
    const m = /median ([\d.]+)/.exec(child.stdout);
    if (child.status !== 0 || !m) throw new Error(`the ${order} run failed (exit ${child.status})`);
    medians.push(Number(m[1]));
  }
  console.log(`ratio this / other, the load order's bias cancelled: ${Math.sqrt(medians[0] * medians[1]).toFixed(3)} (medians ${medians.map((m) => m.toFixed(3)).join(', ')})`);
}

if (opt['both-ways']) bothWays();
else main();
