/**
 * The neural relation labeller (journal, "a neural relation labeller"): relation scores for each arc d → h of a
 * finished tree from the neural transition scorer's BiLSTM vectors (`SentenceForward.v`, frozen: the parse does not
 * change), an MLP
 *
 *   z = b1 + Σ_f E[row_f] + Wd·v_d + Wh·v_h,   s = W2·tanh(z) + b2   (one score per relation),
 *
 * where the rows E[row_f] are looked up for a few discrete facts about the arc (`arcLookups`): its direction and
 * distance, the UPOS and XPOS of d and h, and what the perceptron labeller thinks of it (its best and second-best
 * relation and the margin between them, bucketed), so that the MLP learns where the BiLSTM's context should overrule
 * the perceptron. `labelArcs` adds weight × s to the perceptron's scores.
 *
 * Speed: Wd·v and Wh·v are linear in each word's vector, so run time computes them once per word (`prepare`), and
 * an arc costs seven row lookups, tanh and the K × M output layer. Training (`neuralLabellerTrain.ts`) computes the
 * same sums per arc in the same order, so both paths give the same scores bit for bit. Run time does the products in
 * WebAssembly SIMD where it can (`wasmMatVec.ts`, `dot`'s results bit for bit; journal, "parser speed", 2026-11-22): Wd
 * and Wh, which are adjacent in θ, as one matrix of 2M rows, and W2; θ is copied into the kernels at the first
 * `prepare`, so it must not change after that.
 */
import { matVec } from './dot';
import { MatVecKernel } from './wasmMatVec';
import { distanceBucket, TagIds } from './parseFeatures';

export interface LabellerDims {
  /** Width of a BiLSTM vector (2H of the neural scorer). */
  input: number;
  hidden: number;
  /** Number of relations (the parser model's `deprels`, root included). */
  classes: number;
  /** Sizes of the parser model's UPOS and XPOS tag sets. */
  upos: number;
  xpos: number;
  /** Ascending bounds of the perceptron's margin buckets (margin ≤ cuts[0] is bucket 0, …). */
  marginCuts: number[];
}

/** Direction (head left or right of d) × the 8 distance buckets of `distanceBucket`. */
export const ARC_BUCKETS = 16;

/** The lookup tables, in the order of their rows in E and of the sum in `arcHidden`. */
export const LOOKUPS = ['arc', 'uposD', 'uposH', 'xposD', 'xposH', 'best', 'second', 'margin'] as const;

function tableRows(d: LabellerDims): number[] {
  return [ARC_BUCKETS, d.upos, d.upos, d.xpos, d.xpos, d.classes, d.classes, d.marginCuts.length + 1];
}

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
  /** rows × hidden: the lookup tables, one after another */
  e: number;
  /** First row of each lookup table in E. */
  firstRow: number[];
  rows: number;
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
  if (!(I > 0 && M > 0 && K > 1 && dims.upos > 0 && dims.xpos > 0)) throw new Error(`bad labeller dims ${JSON.stringify(dims)}`);
  const firstRow: number[] = [];
  let rows = 0;
  for (const r of tableRows(dims)) firstRow.push(rows), (rows += r);
  let at = 0;
  const take = (n: number) => ((at += n), at - n);
  const wd = take(M * I), wh = take(M * I), e = take(rows * M), b1 = take(M), w2 = take(K * M), b2 = take(K);
  return { dims, wd, wh, e, firstRow, rows, b1, w2, b2, size: at };
}

/**
 * The rows of E that arc d → h reads, into out[at …]: `p` holds the perceptron labeller's scores of the arc, of
 * which relation `exclude` (the root) is never a candidate.
 */
export function arcLookups(l: LabellerLayout, d: number, h: number, tags: TagIds, p: ArrayLike<number>, exclude: number, out: Int32Array, at: number): void {
  const K = l.dims.classes;
  let best = -1, second = -1;
  for (let c = 0; c < K; c++) {
    if (c === exclude) continue;
    if (best < 0 || p[c] > p[best]) (second = best), (best = c);
    else if (second < 0 || p[c] > p[second]) second = c;
  }
  const margin = p[best] - p[second];
  const cuts = l.dims.marginCuts;
  let m = 0;
  while (m < cuts.length && margin > cuts[m]) m++;
  const f = l.firstRow;
  out[at] = f[0] + arcBucket(d, h);
  out[at + 1] = f[1] + tags.upos[d];
  out[at + 2] = f[2] + tags.upos[h];
  out[at + 3] = f[3] + tags.xpos[d];
  out[at + 4] = f[4] + tags.xpos[h];
  out[at + 5] = f[5] + best;
  out[at + 6] = f[6] + second;
  out[at + 7] = f[7] + m;
}

/** z = b1 + Σ_f E[rows[ro + f]] + pd + ph, the hidden pre-activation, in the one order both paths use. */
export function arcHidden(l: LabellerLayout, th: Float64Array, rows: Int32Array, ro: number, pd: Float64Array, pdo: number, ph: Float64Array, pho: number, z: Float64Array): void {
  const M = l.dims.hidden;
  for (let m = 0; m < M; m++) z[m] = th[l.b1 + m];
  for (let k = 0; k < LOOKUPS.length; k++) {
    const eo = l.e + rows[ro + k] * M;
    for (let m = 0; m < M; m++) z[m] += th[eo + m];
  }
  for (let m = 0; m < M; m++) z[m] += pd[pdo + m] + ph[pho + m];
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
  /** Per word: its BiLSTM vector (widened to float64), and Wd·v then Wh·v (row i: pdh[i · 2M …], Wh·v at + M). */
  private v = new Float64Array(0);
  private pdh = new Float64Array(0);
  private readonly z: Float64Array;
  private readonly rows = new Int32Array(LOOKUPS.length);
  /** [Wd; Wh] (2M × I) and W2 (K × M) in WebAssembly, made at the first `prepare`; null without WebAssembly SIMD. */
  private kernels: { wdh: MatVecKernel; w2: MatVecKernel } | null | undefined;

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
   * Starts a tree over n words: each word's Wd·v (words attached to a word) and Wh·v (words heading one). `v` holds
   * (at least) n rows of BiLSTM vectors, row i at i · input.
   */
  prepare(v: ArrayLike<number>, n: number, head: Int32Array): void {
    const l = this.layout;
    const { input: I, hidden: M, classes: K } = l.dims;
    const th = this.theta;
    if (this.kernels === undefined) {
      // wh follows wd in θ (`labellerLayout`), so the two are one matrix of 2M rows.
      const wdh = MatVecKernel.create(th, l.wd, 2 * M, I);
      const w2 = wdh && MatVecKernel.create(th, l.w2, K, M);
      this.kernels = wdh && w2 ? { wdh, w2 } : null;
    }
    if (n > this.words) {
      this.words = Math.max(n, 2 * this.words, 64);
      this.v = new Float64Array(this.words * I);
      this.pdh = new Float64Array(this.words * 2 * M);
    }
    const x = this.v;
    for (let i = 0; i < n * I; i++) x[i] = v[i];
    const heads = new Uint8Array(n);
    for (let d = 0; d < n; d++) if (head[d] < n) heads[head[d]] = 1;
    const k = this.kernels?.wdh;
    for (let i = 0; i < n; i++) {
      const dep = head[i] < n;
      if (k) {
        // Rows [0, M) are Wd, [M, 2M) Wh: one product over the rows this word needs.
        if (dep && heads[i]) k.mul(0, 2 * M, x, i * I, this.pdh, i * 2 * M);
        else if (dep) k.mul(0, M, x, i * I, this.pdh, i * 2 * M);
        else if (heads[i]) k.mul(M, M, x, i * I, this.pdh, i * 2 * M + M);
        continue;
      }
      if (dep) matVec(th, l.wd, M, I, x, i * I, this.pdh, i * 2 * M);
      if (heads[i]) matVec(th, l.wh, M, I, x, i * I, this.pdh, i * 2 * M + M);
    }
  }

  /** Relation scores of arc d → h (h a word) of the prepared tree into out[0 … K), given the perceptron's scores p. */
  scoreArc(d: number, h: number, tags: TagIds, p: ArrayLike<number>, exclude: number, out: Float64Array): void {
    const l = this.layout;
    const M = l.dims.hidden;
    const z = this.z;
    arcLookups(l, d, h, tags, p, exclude, this.rows, 0);
    arcHidden(l, this.theta, this.rows, 0, this.pdh, d * 2 * M, this.pdh, h * 2 * M + M, z);
    for (let m = 0; m < M; m++) z[m] = Math.tanh(z[m]);
    const w2 = this.kernels?.w2;
    if (!w2) return arcOutput(l, this.theta, z, out, 0);
    // arcOutput's sums: W2·a (as `matVec`), then + b2.
    const K = l.dims.classes;
    w2.mul(0, K, z, 0, out, 0);
    for (let c = 0; c < K; c++) out[c] += this.theta[l.b2 + c];
  }
}
