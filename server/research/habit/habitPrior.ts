/**
 * How consistent one writer is with the comma after an introductory element the convention covers: per document of
 * edited-english (silver trees), the covered elements written with the comma (w) and without any mark (o). Fits a
 * beta-binomial, the writers' comma rates r ~ Beta(μc, (1 − μ)c), by maximum marginal likelihood over a grid: μ is
 * edited prose's rate, and c says how much one document's own elements should move the estimate for its next one
 * (the posterior predictive (μc + w) / (c + w + o)).
 *
 *   npx tsx server/research/habit/habitPrior.ts [--part train] [--ewt | --both]
 *
 * `--ewt`: EWT train's documents (gold trees) instead, web writers; `--both`: the two populations together.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseConllu } from '../../src/data/conllu';
import { depunctuate, PunctuatedTree } from '../../src/data/depunct';
import { parseArgs } from 'util';
import { treeInfo } from '../../src/engine/treeInfo';
import { conventionCovers, conventionShare, loadConvention, writtenIntroductions } from '../../src/engine/correction/style/introductoryConvention';
import { habitCount } from '../../src/engine/correction/style/introductoryHabit';
import { readSilverTrees } from '../silverTrees';
import type { EditedPart } from '../editedEnglish';

/** log Γ by Lanczos (g = 7). */
function logGamma(x: number): number {
  const g = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = g[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += g[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/** The beta-binomial log likelihood of the documents' counts (the binomial coefficients left out: they do not vary). */
export function betaBinomialLogLik(docs: ReadonlyArray<{ w: number; o: number }>, mu: number, c: number): number {
  const [a, b] = [mu * c, (1 - mu) * c];
  let ll = 0;
  for (const d of docs) ll += logBeta(a + d.w, b + d.o) - logBeta(a, b);
  return ll;
}

/** EWT train's gold trees as written, each with its document (`# newdoc id`): web writers' own habits. */
function* ewtTrain(): Generator<{ source: string; doc: number; tree: PunctuatedTree }> {
  const file = path.resolve(__dirname, '../../../../shared/data/ud-english-ewt/en_ewt-ud-train.conllu');
  let doc = -1;
  for (const s of parseConllu(fs.readFileSync(file, 'utf8'), file)) {
    if (s.comments.some((c) => c.startsWith('# newdoc id'))) doc++;
    const d = depunctuate(s);
    if (d.ok) yield { source: 'ewt', doc: Math.max(0, doc), tree: d.tree };
  }
}

function main(): void {
  const { values: opt } = parseArgs({ options: { part: { type: 'string', default: 'train' }, ewt: { type: 'boolean' }, both: { type: 'boolean' } } });
  const conv = loadConvention(path.resolve(__dirname, '../../../models/en/lint-introductory-convention.json'));
  if (!conv) throw new Error('no introductory convention model');
  const byDoc = new Map<string, { w: number; o: number }>();
  const elements = new Map<string, Array<{ y: number; mu: number }>>();
  const trees = opt.both ? [...readSilverTrees(opt.part as EditedPart), ...ewtTrain()] : opt.ewt ? ewtTrain() : readSilverTrees(opt.part as EditedPart);
  for (const s of trees) {
    const info = treeInfo(s.tree);
    const h = habitCount(s.tree, info, conv);
    const key = `${s.source}#${s.doc}`;
    for (const el of writtenIntroductions(s.tree, info)) {
      if (!conventionCovers(conv, el.keys)) continue;
      const els = elements.get(key) ?? [];
      els.push({ y: el.comma ? 1 : 0, mu: conventionShare(conv, el.keys)!.share });
      elements.set(key, els);
    }
    const d = byDoc.get(key) ?? { w: 0, o: 0 };
    byDoc.set(key, { w: d.w + h.written, o: d.o + h.omitted });
  }
  const docs = [...byDoc.values()].filter((d) => d.w + d.o > 0);
  const W = docs.reduce((s, d) => s + d.w, 0);
  const O = docs.reduce((s, d) => s + d.o, 0);
  console.log(`${opt.both ? `${opt.part} and EWT train` : opt.ewt ? 'EWT train' : opt.part}: ${byDoc.size} documents, ${docs.length} with covered elements; written ${W}, omitted ${O} (pooled rate ${(W / (W + O)).toFixed(3)})`);
  let best = { mu: 0, c: 0, ll: -Infinity };
  for (let mu = 0.5; mu <= 0.99; mu += 0.005) for (let c = 0.5; c <= 60; c *= 1.05) {
    const ll = betaBinomialLogLik(docs, mu, c);
    if (ll > best.ll) best = { mu, c, ll };
  }
  console.log(`beta-binomial fit: μ ${best.mu.toFixed(3)}, c ${best.c.toFixed(2)} (log likelihood ${best.ll.toFixed(1)})`);
  const pred = (w: number, o: number) => (best.mu * best.c + w) / (best.c + w + o);
  console.log('posterior predictive of a comma at the next covered element, by the document\'s other elements (w written, o omitted):');
  for (const [w, o] of [[0, 0], [1, 0], [0, 1], [2, 0], [1, 1], [0, 2], [3, 0], [2, 1], [1, 2], [3, 1], [5, 1], [2, 2], [0, 3]]) console.log(`  w ${w}, o ${o}: ${pred(w, o).toFixed(3)}`);
  const all = [...elements.values()].flat();
  const meanMu = all.reduce((s, e) => s + e.mu, 0) / all.length;
  const fit = fitHabitVariance([...elements.values()]);
  console.log(`per-element rates (mean μ ${meanMu.toFixed(3)}): habit variance s² ${fit.s2.toFixed(3)}; leave-one-out log likelihood ${fit.ll.toFixed(1)} against ${fit.ll0.toFixed(1)} with no habit (${all.length} elements)`);
}

main();

/**
 * The same documents with each covered element's own edited rate μᵢ (its description's share in the convention): a
 * writer's habit as a shift b of the log odds, b ~ N(0, s²), estimated for element i from the document's other
 * elements by one Newton step from 0 (Laplace), b̂ = Σⱼ (yⱼ − μⱼ) / (Σⱼ μⱼ(1 − μⱼ) + 1/s²), and the element's
 * predictive σ(logit μᵢ + b̂). Chooses s² by the leave-one-out log likelihood of the elements as written.
 */
export function fitHabitVariance(docs: ReadonlyArray<ReadonlyArray<{ y: number; mu: number }>>): { s2: number; ll: number; ll0: number } {
  const logit = (p: number) => Math.log(p / (1 - p));
  const sigma = (x: number) => 1 / (1 + Math.exp(-x));
  const ll = (s2: number) => {
    let total = 0;
    for (const els of docs) {
      let resid = 0;
      let info = 0;
      for (const e of els) [resid, info] = [resid + e.y - e.mu, info + e.mu * (1 - e.mu)];
      for (const e of els) {
        const b = s2 === 0 ? 0 : (resid - (e.y - e.mu)) / (info - e.mu * (1 - e.mu) + 1 / s2);
        const p = Math.min(1 - 1e-9, Math.max(1e-9, sigma(logit(e.mu) + b)));
        total += e.y ? Math.log(p) : Math.log(1 - p);
      }
    }
    return total;
  };
  let best = { s2: 0, ll: ll(0) };
  const ll0 = best.ll;
  for (let s2 = 0.05; s2 <= 20; s2 *= 1.15) {
    const v = ll(s2);
    if (v > best.ll) best = { s2, ll: v };
  }
  return { ...best, ll0 };
}
