/**
 * Fits the learned decision over introductory commas waiting for the document's habit
 * (`src/engine/correction/style/habitDecision.ts`, `models/en/lint-introductory-habit.json`) on the examples of
 * `habitDecisionExamples.ts`: AdaGrad logistic regression over the hashed features on edited-english train, stopped on
 * dev log-loss; the threshold is the lowest at which each dev set's documents as written (edited-english's, EWT's) have
 * no more omissions reported than the hand-set gates reported on the same omissions, so that the model is compared with the gates at their false-alarm
 * count. Documents the linter finds error-prone are left out of both (the gates still decide there).
 *
 *   npx tsx server/research/habit/fitHabitDecision.ts --train TRAIN.jsonl[,…] --dev DEV.jsonl[,…] [--out FILE] [--l2 X] [--lr X]
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { featureIndex } from '../../src/restore/hashedLogistic';
import { fitAdagrad, LabelledExample, probOf } from '../smallModels/adagradLogistic';
import { HabitDecisionJson } from '../../src/engine/correction/style/introductoryHabit';
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
    /** Leave out the omissions the comma-gap model does not back (`errorProneOnly`): the model decides only the others. */
    'gap-gate': { type: 'boolean' },
    /** The threshold's rule: `per-set` (no more on either dev set than the gates) or `pooled` (no more on both together). */
    rule: { type: 'string', default: 'per-set' },
    /**
     * K-fold cross-validation over train's documents: the model against the gates on omissions their tuning never saw
     * (they were tuned on dev), and the threshold: the least at which, on each set, the out-of-fold probabilities report
     * no more omissions as written than the gates (the larger of the two sets'), in place of dev's rule.
     */
    cv: { type: 'string' },
    /** Every dev omission with its label, the gates' decision and the model's probability, as JSON lines. */
    dump: { type: 'string' },
  },
});

/** The examples of one or more files (comma-separated), error-prone documents left out. */
const read = (files: string): HabitExample[] => files.split(',').flatMap(readOne);
const readOne = (file: string): HabitExample[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as HabitExample)
    .filter((e) => !e.errorProne);

function main(): void {
  if (!opt.train || !opt.dev) throw new Error('--train TRAIN.jsonl --dev DEV.jsonl');
  const bits = Number(opt.bits);
  // Below `HABIT_MIN_GAP_PROBABILITY` (0.65): the gap feature's buckets up to 0.65's.
  const gapBacked = (e: HabitExample) => !opt['gap-gate'] || !e.features.some((f) => /^gap=[0-4]$/.test(f));
  const train = read(opt.train).filter(gapBacked);
  const dev = read(opt.dev).filter(gapBacked);
  const asLabelled = (xs: HabitExample[]): LabelledExample[] => xs.map((e) => ({ x: e.features.map((f) => featureIndex(f, bits)), y: e.y }));
  const count = (xs: HabitExample[], y: number) => xs.filter((e) => e.y === y).length;
  console.log(`train: ${count(train, 1)} corrupted omissions, ${count(train, 0)} as written; dev: ${count(dev, 1)} / ${count(dev, 0)}`);
  const cvThreshold = opt.cv ? crossValidate(train, Number(opt.cv), bits) : undefined;
  const { w, epoch } = fitAdagrad(asLabelled(train), asLabelled(dev), { bits, lr: Number(opt.lr), l2: Number(opt.l2), epochs: Number(opt.epochs) });
  const scored = dev.map((e) => ({ e, p: probOf(w, e.features.map((f) => featureIndex(f, bits))) }));
  if (opt.dump) fs.writeFileSync(opt.dump, scored.map((x) => JSON.stringify({ doc: x.e.doc, y: x.e.y, gates: x.e.gates, p: x.p, element: x.e.element })).join('\n') + '\n');
  // The area under the ROC curve on dev: how well the probability ranks lost commas above chosen omissions.
  const pos = scored.filter((s) => s.e.y === 1);
  const neg = scored.filter((s) => s.e.y === 0);
  let wins = 0;
  for (const a of pos) for (const b of neg) wins += a.p > b.p ? 1 : a.p === b.p ? 0.5 : 0;
  console.log(`dev AUC ${(wins / (pos.length * neg.length)).toFixed(3)}`);
  const gates = { pos: scored.filter((s) => s.e.y === 1 && s.e.gates).length, neg: scored.filter((s) => s.e.y === 0 && s.e.gates).length };
  console.log(`the hand-set gates on dev: ${gates.pos} of ${count(dev, 1)} corrupted omissions, ${gates.neg} of ${count(dev, 0)} as written`);
  const at = (t: number) => ({ t, pos: scored.filter((s) => s.e.y === 1 && s.p >= t).length, neg: scored.filter((s) => s.e.y === 0 && s.p >= t).length });
  const grid = [...new Set(scored.map((s) => s.p))].sort((a, b) => a - b).map(at);
  for (const t of [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
    const r = at(t);
    console.log(`  p ≥ ${t.toFixed(2)}: ${r.pos} corrupted, ${r.neg} as written`);
  }
  // On each dev set (edited-english's documents, EWT's) no more omissions as written reported than the gates reported.
  const sets = [(e: HabitExample) => !e.doc.startsWith('ewt:'), (e: HabitExample) => e.doc.startsWith('ewt:')];
  const withinGates = (t: number) => sets.every((isSet) => scored.filter((x) => isSet(x.e) && x.e.y === 0 && x.p >= t).length <= scored.filter((x) => isSet(x.e) && x.e.y === 0 && x.e.gates).length);
  const chosen = cvThreshold !== undefined ? at(cvThreshold) : (grid.find((r) => (opt.rule === 'pooled' ? r.neg <= gates.neg : withinGates(r.t))) ?? at(1.01));
  for (const [name, isSet] of [['edited-english', (e: HabitExample) => !e.doc.startsWith('ewt:')], ['EWT', (e: HabitExample) => e.doc.startsWith('ewt:')]] as const) {
    const own = scored.filter((x) => isSet(x.e));
    if (!own.length) continue;
    const n = (y: number, hit: (x: (typeof own)[number]) => boolean) => own.filter((x) => x.e.y === y && hit(x)).length;
    console.log(`  ${name} dev at the threshold: ${n(1, (x) => x.p >= chosen.t)} corrupted (gates ${n(1, (x) => x.e.gates)}), ${n(0, (x) => x.p >= chosen.t)} as written (gates ${n(0, (x) => x.e.gates)})`);
  }
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

/**
 * The model's out-of-fold probabilities on train (folds by document, each fold's model stopped at the epoch the full
 * fit's dev chose is not known here: a fixed 5 epochs), against the gates on the same omissions: the corrupted ones
 * found at the count of omissions as written that the gates report, per set.
 */
function crossValidate(train: HabitExample[], k: number, bits: number): number {
  const fold = (e: HabitExample) => {
    let h = 0;
    for (const ch of e.doc) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    return h % k;
  };
  const asLabelled = (xs: HabitExample[]): LabelledExample[] => xs.map((e) => ({ x: e.features.map((f) => featureIndex(f, bits)), y: e.y }));
  const scored: Array<{ e: HabitExample; p: number }> = [];
  for (let f = 0; f < k; f++) {
    const inFold = train.filter((e) => fold(e) === f);
    const { w } = fitAdagrad(asLabelled(train.filter((e) => fold(e) !== f)), asLabelled(inFold), { bits, lr: Number(opt.lr), l2: Number(opt.l2), epochs: 5 });
    for (const e of inFold) scored.push({ e, p: probOf(w, e.features.map((x) => featureIndex(x, bits))) });
  }
  let threshold = 0;
  for (const [name, isSet] of [['edited-english', (e: HabitExample) => !e.doc.startsWith('ewt:')], ['EWT', (e: HabitExample) => e.doc.startsWith('ewt:')]] as const) {
    const own = scored.filter((x) => isSet(x.e));
    if (!own.length) continue;
    const gatesNeg = own.filter((x) => x.e.y === 0 && x.e.gates).length;
    const gatesPos = own.filter((x) => x.e.y === 1 && x.e.gates).length;
    const negs = own.filter((x) => x.e.y === 0).map((x) => x.p).sort((a, b) => b - a);
    const t = gatesNeg < negs.length ? negs[gatesNeg] + 1e-12 : 0;
    const pos = own.filter((x) => x.e.y === 1 && x.p >= t).length;
    threshold = Math.max(threshold, t);
    console.log(`cross-validated on train, ${name}: at the gates' ${gatesNeg} of ${negs.length} as written (p ≥ ${t.toFixed(4)}), the model finds ${pos} corrupted, the gates ${gatesPos} (of ${own.filter((x) => x.e.y === 1).length})`);
  }
  return threshold;
}

if (require.main === module) main();
