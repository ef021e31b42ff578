/**
 * Inference in a linear-chain CRF (Lafferty et al. 2001): given the emission scores of n positions × K tags and the
 * transition scores, the log partition function and each position's tag marginals (forward–backward, in log space),
 * and the best tag sequence (Viterbi). Used by the punctuation tagger of restoration (`punctTagger.ts`); its training
 * (the gradient of the log-likelihood) lives in `server/research/restore/crfTraining.ts`.
 *
 * Scores are flat arrays: `emit[i * K + y]`; `trans[(K) * K + y]` is the start row (no tag before position 0) and
 * `trans[p * K + y]` the score of tag p followed by tag y.
 */

export interface CrfScores {
  /** Number of tags. */
  readonly k: number;
  /** n × K emission scores. */
  readonly emit: Float64Array;
  /** (K + 1) × K transition scores, the last row for the start. */
  readonly trans: Float64Array;
}

function logSumExp(xs: Float64Array, from: number, count: number): number {
  let m = -Infinity;
  for (let j = 0; j < count; j++) m = Math.max(m, xs[from + j]);
  if (m === -Infinity) return m;
  let s = 0;
  for (let j = 0; j < count; j++) s += Math.exp(xs[from + j] - m);
  return m + Math.log(s);
}

/** Forward scores: alpha[i * K + y] = log Σ over tag prefixes ending in y at i of exp(score). */
export function forward({ k, emit, trans }: CrfScores): Float64Array {
  const n = emit.length / k;
  const alpha = new Float64Array(n * k);
  const tmp = new Float64Array(k);
  for (let y = 0; y < k; y++) alpha[y] = trans[k * k + y] + emit[y];
  for (let i = 1; i < n; i++) {
    for (let y = 0; y < k; y++) {
      for (let p = 0; p < k; p++) tmp[p] = alpha[(i - 1) * k + p] + trans[p * k + y];
      alpha[i * k + y] = logSumExp(tmp, 0, k) + emit[i * k + y];
    }
  }
  return alpha;
}

/** Backward scores: beta[i * K + y] = log Σ over tag suffixes after y at i of exp(score) (0 at the last position). */
export function backward({ k, emit, trans }: CrfScores): Float64Array {
  const n = emit.length / k;
  const beta = new Float64Array(n * k);
  const tmp = new Float64Array(k);
  for (let i = n - 2; i >= 0; i--) {
    for (let p = 0; p < k; p++) {
      for (let y = 0; y < k; y++) tmp[y] = trans[p * k + y] + emit[(i + 1) * k + y] + beta[(i + 1) * k + y];
      beta[i * k + p] = logSumExp(tmp, 0, k);
    }
  }
  return beta;
}

/** log Z, the log of the sum over every tag sequence of exp(score): −∞ when no sequence is allowed. */
export function logPartition(s: CrfScores): number {
  const n = s.emit.length / s.k;
  return n === 0 ? 0 : logSumExp(forward(s), (n - 1) * s.k, s.k);
}

export interface CrfPosteriors {
  logZ: number;
  alpha: Float64Array;
  beta: Float64Array;
  /** n × K tag marginals P(y_i = y | x). */
  marginals: Float64Array;
}

export function posteriors(s: CrfScores): CrfPosteriors {
  const n = s.emit.length / s.k;
  const alpha = forward(s);
  const beta = backward(s);
  const logZ = n === 0 ? 0 : logSumExp(alpha, (n - 1) * s.k, s.k);
  const marginals = new Float64Array(n * s.k);
  for (let j = 0; j < n * s.k; j++) marginals[j] = Math.exp(alpha[j] + beta[j] - logZ);
  return { logZ, alpha, beta, marginals };
}

/** The highest-scoring tag sequence. */
export function viterbi({ k, emit, trans }: CrfScores): number[] {
  const n = emit.length / k;
  if (n === 0) return [];
  const delta = new Float64Array(n * k);
  const back = new Int32Array(n * k);
  for (let y = 0; y < k; y++) delta[y] = trans[k * k + y] + emit[y];
  for (let i = 1; i < n; i++) {
    for (let y = 0; y < k; y++) {
      let best = -Infinity;
      let arg = 0;
      for (let p = 0; p < k; p++) {
        const v = delta[(i - 1) * k + p] + trans[p * k + y];
        if (v > best) ((best = v), (arg = p));
      }
      delta[i * k + y] = best + emit[i * k + y];
      back[i * k + y] = arg;
    }
  }
  let y = 0;
  for (let c = 1; c < k; c++) if (delta[(n - 1) * k + c] > delta[(n - 1) * k + y]) y = c;
  const out = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) {
    out[i] = y;
    y = back[i * k + y];
  }
  return out;
}

/** The score of one tag sequence (Σ emissions + transitions). */
export function sequenceScore({ k, emit, trans }: CrfScores, tags: readonly number[]): number {
  let s = 0;
  tags.forEach((y, i) => {
    s += emit[i * k + y] + trans[(i === 0 ? k : tags[i - 1]) * k + y];
  });
  return s;
}
