/**
 * Training of the punctuation tagger's linear-chain CRF (`server/src/restore/punctTagger.ts`): the gradient of a
 * sequence's negative log-likelihood with respect to its emission and transition scores (expected minus observed, from
 * forward–backward), and AdaGrad over the hashed (feature, tag) weights. Checked against finite differences in
 * `test/restore/linearChainCrf.test.ts`.
 */
import { CrfScores, posteriors, sequenceScore } from '../../src/restore/linearChainCrf';
import { K, PunctTagger, taggerScores, weightIndex } from '../../src/restore/punctTagger';
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
  rate?: number;
  seed?: number;
  /** Called after each epoch with the weights so far (for choosing the epoch on dev data). */
  afterEpoch?: (epoch: number, m: PunctTagger) => void;
}

/** AdaGrad on the sum of the runs' negative log-likelihoods, one run at a time, in a seeded random order. */
export function trainTagger(runs: readonly TaggedRun[], o: TrainOptions): PunctTagger {
  const weights = new Float32Array(1 << o.bits);
  const g2 = new Float32Array(1 << o.bits).fill(1e-2);
  const trans = new Float64Array((K + 1) * K);
  const t2 = new Float64Array((K + 1) * K).fill(1e-2);
  const rate = o.rate ?? 0.1;
  const m: PunctTagger = { version: 'training', bits: o.bits, weights, trans };
  const rng = seededRng(o.seed ?? 1);
  const order = runs.map((_, i) => i);
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
        for (let y = 0; y < K; y++) {
          const g = dEmit[i * K + y];
          if (Math.abs(g) < 1e-4) continue;
          for (const h of hs) {
            const w = weightIndex(h, y, o.bits);
            g2[w] += g * g;
            weights[w] -= (rate * g) / Math.sqrt(g2[w]);
          }
        }
      });
      for (let j = 0; j < dTrans.length; j++) {
        t2[j] += dTrans[j] * dTrans[j];
        trans[j] -= (rate * dTrans[j]) / Math.sqrt(t2[j]);
      }
    }
    o.afterEpoch?.(e, m);
  }
  return m;
}

/** Mean negative log-likelihood per position of labelled runs. */
export function meanNll(m: PunctTagger, runs: readonly TaggedRun[]): number {
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
