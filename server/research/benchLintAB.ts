/**
 * The lint's CPU per sentence, this checkout against another, in one process: both engines loaded side by side, then
 * rounds of EWT test sentences that neither has seen (the model remembers log-probabilities by content, so a text
 * linted twice is cheaper the second time; a user's new text is not), each round linted by both on fresh linters,
 * sentence by sentence in turn (which goes first alternating), so that the machine's load, which drifts over
 * seconds, falls on both alike. Only the ratio of a round's two figures means anything on a shared machine.
 *
 *   npx tsx server/research/benchLintAB.ts --root OTHER_CHECKOUT [--per-round 250] [--rounds 8] [--warm 200]
 */
import * as path from 'path';
import { parseArgs } from 'util';
import { cpuMs } from './eval/cpuTime';

const { values: opt } = parseArgs({
  options: {
    root: { type: 'string' },
    'per-round': { type: 'string', default: '250' },
    rounds: { type: 'string', default: '8' },
    warm: { type: 'string', default: '200' },
  },
});
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
  const here = engineAt(path.resolve(__dirname, '../..'));
  const other = engineAt(path.resolve(opt.root!));
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
  console.log(`ratio this / other: min ${ratios[0].toFixed(3)} median ${ratios[ratios.length >> 1].toFixed(3)} max ${ratios[ratios.length - 1].toFixed(3)}`);
}

main();
