/**
 * The neural relation labeller (sixth session): relation scores for each arc d → h of a finished tree from the
 * neural transition scorer's BiLSTM vectors (`SentenceForward.v`, frozen: the parse does not change), an MLP
 *
 *   z = b1 + E[bucket(d, h)] + Wd·v_d + Wh·v_h,   s = W2·tanh(z) + b2   (one score per relation),
 *
 * where the bucket is the arc's direction and distance (`distanceBucket`). `labelArcs` adds weight × s to the
 * perceptron labeller's scores, so that the relations come from both (BiLSTM parsers label ~97% of the attached
 * words right, the perceptron ~95%).
 *
 * Speed: Wd·v and Wh·v are linear in each word's vector, so run time computes them once per word (not per arc) and
 * an arc costs a sum of four rows, tanh and the K × M output layer. Training (`neuralLabellerTrain.ts`) computes the
 * same sums per arc in the same order (`arcHidden`), so both paths give the same scores bit for bit.
 */
import { matVec } from './dot';
import { distanceBucket } from './parseFeatures';

export interface LabellerDims {
  /** Width of a BiLSTM vector (2H of the neural scorer). */
  input: number;
  hidden: number;
  /** Number of relations (the parser model's `deprels`, root included). */
  classes: number;
}

/** Direction (head left or right of d) × the 8 distance buckets of `distanceBucket`. */
export const LABELLER_BUCKETS = 16;

export function arcBucket(d: number, h: number): number {
  return (h < d ? 8 : 0) + distanceBucket(Math.abs(h - d));
}

/** Offsets of the tensors in the flat θ (row-major matrices). */
export interface LabellerLayout {
  dims: LabellerDims;
  /** hidden × input */
  wd: number;
  /** hidden × input */
  wh: number;
  /** LABELLER_BUCKETS × hidden */
  e: number;
  /** hidden */
  b1: number;
  /** classes × hidden */
  w2: number;
  /** classes */
  b2: number;
  size: number;
}

export function labellerLayout(dims: LabellerDims): LabellerLayout {
  const { input: I, hidden: M, classes: K } = dims;
  if (!(I > 0 && M > 0 && K > 0)) throw new Error(`bad labeller dims ${JSON.stringify(dims)}`);
  let at = 0;
  const take = (n: number) => ((at += n), at - n);
  const wd = take(M * I), wh = take(M * I), e = take(LABELLER_BUCKETS * M), b1 = take(M), w2 = take(K * M), b2 = take(K);
  return { dims, wd, wh, e, b1, w2, b2, size: at };
}

/** z = b1 + E[bucket] + pd + ph, the hidden pre-activation, in the one order both paths use. */
export function arcHidden(l: LabellerLayout, th: Float64Array, bucket: number, pd: Float64Array, pdo: number, ph: Float64Array, pho: number, z: Float64Array): void {
  const M = l.dims.hidden;
  const eo = l.e + bucket * M;
  for (let m = 0; m < M; m++) z[m] = th[l.b1 + m] + th[eo + m] + pd[pdo + m] + ph[pho + m];
}

/** out[oo + c] = b2[c] + W2[c]·a: the relation scores of hidden activations a. */
export function arcOutput(l: LabellerLayout, th: Float64Array, a: Float64Array, out: Float64Array, oo: number): void {
  const { hidden: M, classes: K } = l.dims;
  matVec(th, l.w2, K, M, a, 0, out, oo);
  for (let c = 0; c < K; c++) out[oo + c] += th[l.b2 + c];
}

export class NeuralLabeller {
  readonly layout: LabellerLayout;
  private words = 0;
  /** Per word: its BiLSTM vector (widened to float64), Wd·v and Wh·v. */
  private v = new Float64Array(0);
  private pd = new Float64Array(0);
  private ph = new Float64Array(0);
  private readonly z: Float64Array;

  constructor(
    dims: LabellerDims,
    readonly theta: Float64Array,
  ) {
    this.layout = labellerLayout(dims);
    if (theta.length !== this.layout.size) throw new Error(`labeller θ has ${theta.length} entries, its layout ${this.layout.size}`);
    this.z = new Float64Array(dims.hidden);
  }

  get classes(): number {
    return this.layout.dims.classes;
  }

  /**
   * Relation scores of every arc of a tree over n words: out[d·K + c] for word d and relation c (rows of words
   * attached to the root, h = n, are left alone: their relation is `root`). `v` holds (at least) n rows of the
   * BiLSTM vectors, row i at i·input.
   */
  scoreTree(v: ArrayLike<number>, n: number, head: Int32Array, out: Float64Array): void {
    const l = this.layout;
    const { input: I, hidden: M, classes: K } = l.dims;
    const th = this.theta;
    if (n > this.words) {
      this.words = Math.max(n, 2 * this.words, 64);
      this.v = new Float64Array(this.words * I);
      this.pd = new Float64Array(this.words * M);
      this.ph = new Float64Array(this.words * M);
    }
    const x = this.v, pd = this.pd, ph = this.ph, z = this.z;
    for (let i = 0; i < n * I; i++) x[i] = v[i];
    // Wh·v only for the words that head something (about half of them).
    const heads = new Uint8Array(n);
    for (let d = 0; d < n; d++) if (head[d] < n) heads[head[d]] = 1;
    for (let i = 0; i < n; i++) {
      if (head[i] < n) matVec(th, l.wd, M, I, x, i * I, pd, i * M);
      if (heads[i]) matVec(th, l.wh, M, I, x, i * I, ph, i * M);
    }
    for (let d = 0; d < n; d++) {
      const h = head[d];
      if (h >= n) continue;
      arcHidden(l, th, arcBucket(d, h), pd, d * M, ph, h * M, z);
      for (let m = 0; m < M; m++) z[m] = Math.tanh(z[m]);
      arcOutput(l, th, z, out, d * K);
    }
  }
}
