/**
 * What one training step of a cold-started full model costs per sentence (θ = 0, φ ~ N(0,1) as the paper starts,
 * `finalMarkOnRoot` and `outerLeftComma` on), on EWT train and on edited-english's silver train trees: CPU time of
 * `sentenceObjective` with gradients and the posterior regulariser, its distribution, and the slowest sentences with
 * their length and longest slot. Why a cold start is slow, measured, before anyone optimises it.
 *
 *   npx tsx server/research/coldStartCost.ts [--n 40] [--seed 1]
 */
import * as path from 'path';
import { parseArgs } from 'util';
import { readTreebank } from '../src/data/treebank';
import type { PunctuatedTree } from '../src/data/depunct';
import { newChannel } from '../src/model/channel';
import { ModelCore } from '../src/model/model';
import { newGradients, sentenceObjective } from '../src/training/model/objective';
import { attachVocabFromJson, modelAlphabet } from '../src/model/vocabulary';
import { buildModelVocab } from '../src/training/model/buildModelVocab';
import { seededRng } from '../src/model';
import { readSilverTrees } from './silverTrees';

function gaussian(rng: () => number): number {
  const u = Math.max(rng(), 1e-12), v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function main(): void {
  const { values } = parseArgs({ options: { n: { type: 'string', default: '40' }, seed: { type: 'string', default: '1' } } });
  const n = Number(values.n);
  const rng = seededRng(Number(values.seed));
  const ewt = readTreebank(path.resolve(__dirname, '../../../shared/data/ud-english-ewt/en_ewt-ud-train.conllu')).trees;
  const edited = readSilverTrees('train').map((s) => s.tree);
  const alphabet = modelAlphabet();
  const vocab = attachVocabFromJson(buildModelVocab([...ewt, ...edited]), alphabet);
  const logits = new Float64Array(alphabet.size * alphabet.size * 4).map(() => gaussian(rng));
  const core = new ModelCore({ vocab, channel: newChannel(alphabet, 'R', false, logits), weights: new Float64Array(1 << 22), eta: 1e-4, outerLeftComma: true, finalMarkOnRoot: true });
  const grads = newGradients(core);
  for (const [name, trees] of [['EWT train', ewt], ['edited-english train', edited]] as const) {
    const rows: Array<{ ms: number; words: number; longest: number; ec: number }> = [];
    for (let k = 0; k < n; k++) {
      const t: PunctuatedTree = trees[Math.floor(rng() * trees.length)];
      const prep = core.prepare(t);
      const t0 = process.cpuUsage();
      const r = sentenceObjective(core, prep, t.slots, 1, grads);
      const cpu = process.cpuUsage(t0);
      rows.push({ ms: (cpu.user + cpu.system) / 1000, words: t.words.length, longest: Math.max(...t.slots.map((s) => s.length)), ec: r?.expectedC ?? NaN });
    }
    const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
    const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))].toFixed(0);
    console.log(`${name}: ${n} sentences, CPU ms per sentence mean ${(ms.reduce((a, b) => a + b, 0) / n).toFixed(0)}, p50 ${q(0.5)}, p90 ${q(0.9)}, max ${q(1)}`);
    for (const r of [...rows].sort((a, b) => b.ms - a.ms).slice(0, 3)) console.log(`  ${r.ms.toFixed(0)} ms: ${r.words} words, longest slot ${r.longest} marks, E[c] ${r.ec.toFixed(3)}`);
  }
}

main();
