/**
 * Training of the punctuation tagger's linear-chain CRF (`server/src/restore/punctTagger.ts`): the gradient of a
 * sequence's negative log-likelihood with respect to its emission and transition scores (expected minus observed, from
 * forward–backward), and AdaGrad over the hashed (feature, tag) weights, optionally averaged (the mean of the weights
 * after every update, which generalises better than the last ones). Checked against finite differences in
 * `test/restore/linearChainCrf.test.ts`.
 */
import { CrfScores, posteriors, sequenceScore } from '../../src/restore/linearChainCrf';
import { CrfTagger, taggerScores, weightIndex } from '../../src/restore/punctTagger';
import { seededRng } from '../../src/random/seededRng';

export interface NllGradient {
  nll: number;
  /** ∂nll/∂emit, n × K. */
  dEmit: Float64Array;
  /** ∂nll/∂trans, (K + 1) × K. */
  dTrans: Float64Array;
}

/** −log p(gold | x) and its gradient with respect to the scores. */
export function nllGradient(s: CrfScores, gold: readonly number[]): NllGradient {
  const { k, emit, trans } = s;
  const n = emit.length / k;
  const { logZ, alpha, beta, marginals } = posteriors(s);
  const dEmit = Float64Array.from(marginals);
  const dTrans = new Float64Array((k + 1) * k);
  for (let y = 0; y < k; y++) dTrans[k * k + y] += marginals[y];
  for (let i = 1; i < n; i++) {
    for (let p = 0; p < k; p++) {
      for (let y = 0; y < k; y++) {
        dTrans[p * k + y] += Math.exp(alpha[(i - 1) * k + p] + trans[p * k + y] + emit[i * k + y] + beta[i * k + y] - logZ);
      }
    }
  }
  gold.forEach((y, i) => {
    dEmit[i * k + y] -= 1;
    dTrans[(i === 0 ? k : gold[i - 1]) * k + y] -= 1;
  });
  return { nll: logZ - sequenceScore(s, gold), dEmit, dTrans };
}

export interface TaggedRun {
  /** Each position's feature hashes. */
  hashes: Int32Array[];
  tags: number[];
}

export interface TrainOptions {
  bits: number;
  epochs: number;
  /** The tags (absent: one a mark); the runs' tags index them. */
  tags?: readonly string[];
  rate?: number;
  seed?: number;
  /** Whether the model after an epoch is the average of the weights after every update so far (default false). */
  average?: boolean;
  /** Called after each epoch with the weights so far (for choosing the epoch on dev data). */
  afterEpoch?: (epoch: number, m: CrfTagger) => void;
}

/**
 * AdaGrad on the sum of the runs' negative log-likelihoods, one run at a time, in a seeded random order. With
 * `average`, the model passed to `afterEpoch` and returned is the running mean of the weights (kept without touching
 * every weight at every step: Σ_t w_t = c·w_c − Σ_t t·Δ_t, so the mean is w − u / c with u = Σ t·Δ_t).
 */
export function trainTagger(runs: readonly TaggedRun[], o: TrainOptions): CrfTagger {
  const k = o.tags?.length ?? 7;
  const weights = new Float32Array(1 << o.bits);
  const g2 = new Float32Array(1 << o.bits).fill(1e-2);
  const trans = new Float64Array((k + 1) * k);
  const t2 = new Float64Array((k + 1) * k).fill(1e-2);
  const u = o.average ? new Float64Array(1 << o.bits) : undefined;
  const uTrans = new Float64Array((k + 1) * k);
  let c = 1;
  const rate = o.rate ?? 0.1;
  const m: CrfTagger = { version: 'training', bits: o.bits, weights, trans, tags: o.tags };
  const rng = seededRng(o.seed ?? 1);
  const order = runs.map((_, i) => i);
  const current = (): CrfTagger => (u ? { ...m, weights: weights.map((v, j) => v - u[j] / c), trans: trans.map((v, j) => v - uTrans[j] / c) } : m);
  for (let e = 1; e <= o.epochs; e++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const r of order) {
      const run = runs[r];
      if (run.tags.length === 0) continue;
      const { dEmit, dTrans } = nllGradient(taggerScores(m, run.hashes), run.tags);
      run.hashes.forEach((hs, i) => {
        for (let y = 0; y < k; y++) {
          const g = dEmit[i * k + y];
          if (Math.abs(g) < 1e-4) continue;
          for (const h of hs) {
            const w = weightIndex(h, y, o.bits);
            g2[w] += g * g;
            const delta = (rate * g) / Math.sqrt(g2[w]);
            weights[w] -= delta;
            if (u) u[w] -= c * delta;
          }
        }
      });
      for (let j = 0; j < dTrans.length; j++) {
        t2[j] += dTrans[j] * dTrans[j];
        const delta = (rate * dTrans[j]) / Math.sqrt(t2[j]);
        trans[j] -= delta;
        uTrans[j] -= c * delta;
      }
      c++;
    }
    o.afterEpoch?.(e, current());
  }
  return current();
}

/** Mean negative log-likelihood per position of labelled runs. */
export function meanNll(m: CrfTagger, runs: readonly TaggedRun[]): number {
  let nll = 0;
  let n = 0;
  for (const run of runs) {
    if (run.tags.length === 0) continue;
    const s = taggerScores(m, run.hashes);
    nll += posteriors(s).logZ - sequenceScore(s, run.tags);
    n += run.tags.length;
  }
  return nll / Math.max(1, n);
}
