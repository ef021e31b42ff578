/**
 * Trains the quote-register model (`engine/quoteRegister.ts`): P(logical punctuation | a document's register), on
 * edited-english TRAIN documents that show a quotation habit (at least 2 determinable placements, a majority:
 * `majorityQuoteStyle`), by L2-regularised logistic regression (full-batch gradient descent). The penalty is chosen by
 * 5-fold cross-validation on train (log loss); the dev part is only reported, and the threshold (`--min-american`)
 * is chosen on dev under the clean budget (`server/research/quotes/devFindings.ts`) and passed in.
 *
 *   npx tsx server/research/quotes/trainQuoteRegister.ts [--min-american 0.5] [--out models/en/quote-register.json]
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { EditedDocument, readEditedEnglish } from '../editedEnglish';
import { majorityQuoteStyle, quotePlacements } from '../../src/engine/rules/quotePlacement';
import { QuoteRegisterModel, logicalProbability, quoteRegisterFeatures } from '../../src/engine/quoteRegister';
import { expectedCalibrationError } from '../eval/ece';

const { values: opt } = parseArgs({ options: { 'min-american': { type: 'string', default: '0.5' }, out: { type: 'string' }, iterations: { type: 'string', default: '400' } } });

interface Example {
  features: string[];
  y: number;
  source: string;
}

const textOf = (d: EditedDocument) => d.paragraphs.join('\n\n');

function labelled(docs: readonly EditedDocument[]): Example[] {
  const out: Example[] = [];
  for (const d of docs) {
    const style = majorityQuoteStyle(quotePlacements(textOf(d)));
    if (style) out.push({ features: quoteRegisterFeatures(textOf(d)), y: style === 'british' ? 1 : 0, source: d.source });
  }
  return out;
}

/** L2-penalised logistic regression (bias unpenalised), by gradient descent with AdaGrad steps, over indexed features. */
function train(examples: readonly Example[], l2: number, iterations: number): Record<string, number> {
  const index = new Map<string, number>();
  const rows = examples.map((e) => Int32Array.from(e.features, (f) => index.get(f) ?? (index.set(f, index.size), index.size - 1)));
  const n = index.size;
  const bias = index.get('bias')!;
  const w = new Float64Array(n);
  const g2 = new Float64Array(n);
  const grad = new Float64Array(n);
  for (let it = 0; it < iterations; it++) {
    grad.fill(0);
    rows.forEach((row, k) => {
      let z = 0;
      for (const j of row) z += w[j];
      const r = (1 / (1 + Math.exp(-z)) - examples[k].y) / examples.length;
      for (const j of row) grad[j] += r;
    });
    for (let j = 0; j < n; j++) {
      const g = grad[j] + (j === bias ? 0 : l2 * w[j]);
      g2[j] += g * g;
      if (g2[j] > 0) w[j] -= (0.5 * g) / Math.sqrt(g2[j]);
    }
  }
  const out: Record<string, number> = {};
  for (const [f, j] of [...index].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (Math.abs(w[j]) >= 1e-3) out[f] = Math.round(w[j] * 1e4) / 1e4;
  return out;
}

const prob = (weights: Record<string, number>, features: readonly string[]) => {
  let z = 0;
  for (const f of features) z += weights[f] ?? 0;
  return 1 / (1 + Math.exp(-z));
};

function auc(ps: readonly number[], ys: readonly number[]): number {
  let num = 0;
  let den = 0;
  ps.forEach((p, i) => {
    if (!ys[i]) return;
    ps.forEach((q, j) => {
      if (ys[j]) return;
      den++;
      num += p > q ? 1 : p === q ? 0.5 : 0;
    });
  });
  return den ? num / den : NaN;
}

const logLoss = (ps: readonly number[], ys: readonly number[]) => -ps.reduce((a, p, i) => a + Math.log(ys[i] ? p : 1 - p), 0) / ps.length;

const iterations = Number(opt.iterations);
const all = readEditedEnglish();
const trainSet = labelled(all.filter((d) => d.part === 'train'));
console.log(`train: ${trainSet.length} documents with a habit, ${trainSet.filter((e) => e.y).length} logical`);

// The penalty by 5-fold cross-validation on train (folds by position, which interleaves the sources).
let best = { l2: 0, loss: Infinity, ps: [] as number[] };
for (const l2 of [0.003, 0.01, 0.03, 0.1]) {
  const ps: number[] = new Array(trainSet.length);
  for (let k = 0; k < 5; k++) {
    const w = train(trainSet.filter((_, i) => i % 5 !== k), l2, iterations);
    trainSet.forEach((e, i) => {
      if (i % 5 === k) ps[i] = prob(w, e.features);
    });
  }
  const ys = trainSet.map((e) => e.y);
  const loss = logLoss(ps, ys);
  console.log(`l2 ${l2}: cross-validated log loss ${loss.toFixed(4)}, AUC ${auc(ps, ys).toFixed(3)}, ECE ${expectedCalibrationError(ps, ys).toFixed(3)}`);
  if (loss < best.loss) best = { l2, loss, ps };
}
console.log(`chosen l2 ${best.l2}`);
const weights = train(trainSet, best.l2, iterations);
const model: QuoteRegisterModel = { format: 'puncteme-quote-register-1', weights, minAmerican: Number(opt['min-american']) };

// Dev, reported only: the documents with a habit (does P(logical) agree?) and those without one that write a `”.` or
// `”,` (whose quote findings the threshold decides).
const dev = all.filter((d) => d.part === 'dev');
const devSet = labelled(dev);
const dps = devSet.map((e) => prob(weights, e.features));
console.log(`dev with a habit: ${devSet.length}, AUC ${auc(dps, devSet.map((e) => e.y)).toFixed(3)}, log loss ${logLoss(dps, devSet.map((e) => e.y)).toFixed(4)}`);
for (const d of dev) {
  const c = quotePlacements(textOf(d));
  if (majorityQuoteStyle(c) || (c.british === 0 && c.american === 0)) continue;
  console.log(`  no habit ${d.source}:${d.index} american ${c.american} british ${c.british}: P(American) ${(1 - logicalProbability(model, textOf(d))).toFixed(3)}`);
}
const top = Object.entries(weights).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1])).slice(0, 30);
console.log(`features ${Object.keys(weights).length}; largest: ${top.map(([f, v]) => `${f} ${v}`).join(', ')}`);
if (opt.out) {
  fs.writeFileSync(opt.out, JSON.stringify(model) + '\n');
  console.log(`wrote ${opt.out}`);
}
