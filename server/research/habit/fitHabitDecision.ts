/**
 * Fits the learned decision over introductory commas waiting for the document's habit
 * (`src/engine/correction/style/habitDecision.ts`, `models/en/lint-introductory-habit.json`) on the examples of
 * `habitDecisionExamples.ts`: AdaGrad logistic regression over the hashed features on edited-english train, stopped on
 * dev log-loss; the threshold is the lowest at which dev's documents as written have no more omissions reported than
 * the hand-set gates reported on the same omissions, so that the model is compared with the gates at their false-alarm
 * count. Documents the linter finds error-prone are left out of both (the gates still decide there).
 *
 *   npx tsx server/research/habit/fitHabitDecision.ts --train TRAIN.jsonl --dev DEV.jsonl [--out FILE] [--l2 X] [--lr X]
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { featureIndex } from '../../src/restore/hashedLogistic';
import { fitAdagrad, LabelledExample, probOf } from '../smallModels/adagradLogistic';
import { HabitDecisionJson } from '../../src/engine/correction/style/habitDecision';
import type { HabitExample } from './habitDecisionExamples';

const { values: opt } = parseArgs({
  options: {
    train: { type: 'string' },
    dev: { type: 'string' },
    out: { type: 'string' },
    bits: { type: 'string', default: '12' },
    lr: { type: 'string', default: '0.1' },
    l2: { type: 'string', default: '0.0001' },
    epochs: { type: 'string', default: '40' },
  },
});

const read = (file: string): HabitExample[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as HabitExample)
    .filter((e) => !e.errorProne);

function main(): void {
  if (!opt.train || !opt.dev) throw new Error('--train TRAIN.jsonl --dev DEV.jsonl');
  const bits = Number(opt.bits);
  const train = read(opt.train);
  const dev = read(opt.dev);
  const asLabelled = (xs: HabitExample[]): LabelledExample[] => xs.map((e) => ({ x: e.features.map((f) => featureIndex(f, bits)), y: e.y }));
  const count = (xs: HabitExample[], y: number) => xs.filter((e) => e.y === y).length;
  console.log(`train: ${count(train, 1)} corrupted omissions, ${count(train, 0)} as written; dev: ${count(dev, 1)} / ${count(dev, 0)}`);
  const { w, epoch } = fitAdagrad(asLabelled(train), asLabelled(dev), { bits, lr: Number(opt.lr), l2: Number(opt.l2), epochs: Number(opt.epochs) });
  const scored = dev.map((e) => ({ e, p: probOf(w, e.features.map((f) => featureIndex(f, bits))) }));
  const gates = { pos: scored.filter((s) => s.e.y === 1 && s.e.gates).length, neg: scored.filter((s) => s.e.y === 0 && s.e.gates).length };
  console.log(`the hand-set gates on dev: ${gates.pos} of ${count(dev, 1)} corrupted omissions, ${gates.neg} of ${count(dev, 0)} as written`);
  const at = (t: number) => ({ t, pos: scored.filter((s) => s.e.y === 1 && s.p >= t).length, neg: scored.filter((s) => s.e.y === 0 && s.p >= t).length });
  const grid = [...new Set(scored.map((s) => s.p))].sort((a, b) => a - b).map(at);
  for (const t of [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
    const r = at(t);
    console.log(`  p ≥ ${t.toFixed(2)}: ${r.pos} corrupted, ${r.neg} as written`);
  }
  const chosen = grid.find((r) => r.neg <= gates.neg) ?? at(1.01);
  console.log(`threshold ${chosen.t.toFixed(4)}: ${chosen.pos} corrupted omissions (gates ${gates.pos}), ${chosen.neg} as written (gates ${gates.neg}); best epoch ${epoch}`);
  if (opt.out) {
    const weights: Array<[number, number]> = [];
    w.forEach((v, i) => {
      if (v !== 0) weights.push([i, Math.round(v * 1e5) / 1e5]);
    });
    const json: HabitDecisionJson & { note: string } = {
      version: `habit-decision-1 (${train.length} train examples, epoch ${epoch})`,
      bits,
      threshold: Math.round(chosen.t * 1e4) / 1e4,
      weights,
      note: 'edited-english train documents as written (0) and with the writers-error generator\'s introductory omissions (1): `npm run train:introductory-habit`',
    };
    fs.writeFileSync(opt.out, JSON.stringify(json) + '\n');
    console.log(`wrote ${opt.out}: ${weights.length} weights`);
  }
}

if (require.main === module) main();
