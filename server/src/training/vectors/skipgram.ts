/**
 * Skip-gram with negative sampling over subword units (fastText's `skipgram`): a centre word is the mean h of its
 * input rows (the word's own row, if it has one, and its n-gram buckets), and each context word c is told apart from
 * k words drawn from the unigram distribution to the power 0.75 by the logistic loss
 *   L = −log σ(h·v_c) − Σ_n log σ(−h·v_n).
 * Plain SGD with a learning rate falling linearly to zero, one example at a time, seeded: the same corpus and seed give
 * the same vectors. Training code only: what ships is the word vectors it produces (`pretrainedVectors.ts`).
 */
import { Rng, seededRng } from '../../random/seededRng';

export type Floats = Float32Array | Float64Array;

export interface SkipgramModel {
  dim: number;
  /** Input rows: the vocabulary's words, then the n-gram buckets. */
  input: Floats;
  /** Output (context) rows: one per vocabulary word. */
  output: Floats;
}

export interface SkipgramOptions {
  dim: number;
  /** Largest distance of a context word; each centre draws its own window 1..window, as word2vec does. */
  window: number;
  negatives: number;
  epochs: number;
  lr: number;
  /** Frequent words are dropped with probability 1 − √(t/f) − t/f (word2vec's subsampling); 0 keeps every word. */
  subsample: number;
  seed: number;
}

export const DEFAULT_SKIPGRAM: SkipgramOptions = { dim: 100, window: 5, negatives: 5, epochs: 5, lr: 0.05, subsample: 1e-4, seed: 1 };

function sigmoid(x: number): number {
  if (x > 30) return 1;
  if (x < -30) return 0;
  return 1 / (1 + Math.exp(-x));
}

/** h = the mean of the input rows `units`, into `h`. */
export function centreVector(m: SkipgramModel, units: ArrayLike<number>, h: Float64Array): void {
  const d = m.dim;
  h.fill(0);
  for (let u = 0; u < units.length; u++) {
    const o = units[u] * d;
    for (let j = 0; j < d; j++) h[j] += m.input[o + j];
  }
  const inv = 1 / units.length;
  for (let j = 0; j < d; j++) h[j] *= inv;
}

/**
 * The loss of centre h against `targets` (targets[0] the context word, the rest negatives), and its gradient:
 * dL/dh into `gh`, and dL/dv_t = coef[t] · h (coef[t] = σ(h·v_t) − label_t). Reads the model only.
 */
export function targetLoss(m: SkipgramModel, h: Float64Array, targets: ArrayLike<number>, gh: Float64Array, coef: Float64Array): number {
  const d = m.dim;
  gh.fill(0);
  let loss = 0;
  for (let t = 0; t < targets.length; t++) {
    const o = targets[t] * d;
    let s = 0;
    for (let j = 0; j < d; j++) s += h[j] * m.output[o + j];
    const p = sigmoid(s);
    const label = t === 0 ? 1 : 0;
    // −log σ(s) for the context word, −log σ(−s) = −log(1 − σ(s)) for a negative, kept finite.
    loss -= Math.log(Math.max(label ? p : 1 - p, 1e-300));
    const g = p - label;
    coef[t] = g;
    for (let j = 0; j < d; j++) gh[j] += g * m.output[o + j];
  }
  return loss;
}

/** Scratch buffers of one training step. */
export class StepBuffers {
  readonly h: Float64Array;
  readonly gh: Float64Array;
  readonly coef: Float64Array;
  constructor(dim: number, negatives: number) {
    this.h = new Float64Array(dim);
    this.gh = new Float64Array(dim);
    this.coef = new Float64Array(negatives + 1);
  }
}

/** One SGD step on the loss of centre `units` against `targets`: every output row, then every input row. Returns the loss. */
export function sgdStep(m: SkipgramModel, units: ArrayLike<number>, targets: ArrayLike<number>, lr: number, b: StepBuffers): number {
  const d = m.dim;
  centreVector(m, units, b.h);
  const loss = targetLoss(m, b.h, targets, b.gh, b.coef);
  for (let t = 0; t < targets.length; t++) {
    const o = targets[t] * d;
    const g = lr * b.coef[t];
    for (let j = 0; j < d; j++) m.output[o + j] -= g * b.h[j];
  }
  const scale = lr / units.length;
  for (let u = 0; u < units.length; u++) {
    const o = units[u] * d;
    for (let j = 0; j < d; j++) m.input[o + j] -= scale * b.gh[j];
  }
  return loss;
}

/** Draws words by count^0.75 from a table, as word2vec does. */
export class NegativeTable {
  private readonly table: Int32Array;
  constructor(counts: ArrayLike<number>, size = 10_000_000) {
    let total = 0;
    for (let i = 0; i < counts.length; i++) total += Math.pow(counts[i], 0.75);
    this.table = new Int32Array(size);
    let w = 0;
    let cum = Math.pow(counts[0], 0.75) / total;
    for (let k = 0; k < size; k++) {
      this.table[k] = w;
      if ((k + 1) / size > cum && w < counts.length - 1) {
        w++;
        cum += Math.pow(counts[w], 0.75) / total;
      }
    }
  }
  draw(rand: Rng): number {
    return this.table[Math.floor(rand() * this.table.length)];
  }
}

export interface SkipgramCorpus {
  /** Sentences as word ids (0..words−1, most frequent first not required). */
  sentences: Int32Array[];
  /** Occurrences of each word in `sentences`. */
  counts: ArrayLike<number>;
  /** Input rows of each word: its own row (= its id) and its n-gram buckets (offset by the vocabulary size). */
  units: Int32Array[];
  buckets: number;
}

/** Trains from a seeded random start (input rows uniform in ±1/dim, output rows zero, as fastText starts). */
export function trainSkipgram(c: SkipgramCorpus, o: SkipgramOptions, log: (m: string) => void = () => undefined): SkipgramModel {
  const rand = seededRng(o.seed);
  const words = c.counts.length;
  const d = o.dim;
  const m: SkipgramModel = { dim: d, input: new Float32Array((words + c.buckets) * d), output: new Float32Array(words * d) };
  for (let i = 0; i < m.input.length; i++) m.input[i] = (rand() * 2 - 1) / d;
  const negatives = new NegativeTable(c.counts);
  let total = 0;
  for (let i = 0; i < words; i++) total += c.counts[i];
  const keep = new Float64Array(words);
  for (let i = 0; i < words; i++) {
    const f = c.counts[i] / total;
    keep[i] = o.subsample > 0 ? Math.min(1, Math.sqrt(o.subsample / f) + o.subsample / f) : 1;
  }
  const b = new StepBuffers(d, o.negatives);
  const targets = new Int32Array(o.negatives + 1);
  const budget = total * o.epochs;
  let seen = 0;
  const kept = new Int32Array(c.sentences.reduce((a, s) => Math.max(a, s.length), 0));
  for (let epoch = 1; epoch <= o.epochs; epoch++) {
    let loss = 0;
    let steps = 0;
    for (let si = 0; si < c.sentences.length; si++) {
      const s = c.sentences[si];
      if (si > 0 && si % 20000 === 0) log(`epoch ${epoch}: ${si} sentences, mean loss ${(loss / Math.max(1, steps)).toFixed(4)}`);
      let n = 0;
      for (let i = 0; i < s.length; i++) if (rand() < keep[s[i]]) kept[n++] = s[i];
      const lr = o.lr * Math.max(1e-4, 1 - seen / budget);
      seen += s.length;
      for (let i = 0; i < n; i++) {
        const w = kept[i];
        const span = 1 + Math.floor(rand() * o.window);
        for (let j = Math.max(0, i - span); j <= Math.min(n - 1, i + span); j++) {
          if (j === i) continue;
          targets[0] = kept[j];
          for (let k = 1; k <= o.negatives; k++) {
            let neg = negatives.draw(rand);
            if (neg === kept[j]) neg = negatives.draw(rand);
            targets[k] = neg;
          }
          loss += sgdStep(m, c.units[w], targets, lr, b);
          steps++;
        }
      }
    }
    log(`epoch ${epoch}: mean loss ${(loss / Math.max(1, steps)).toFixed(4)} over ${steps} pairs`);
  }
  return m;
}

/** The vector of a word read as `units` (fastText's word vector: the mean of its input rows). */
export function wordVector(m: SkipgramModel, units: ArrayLike<number>): Float64Array {
  const h = new Float64Array(m.dim);
  centreVector(m, units, h);
  return h;
}
