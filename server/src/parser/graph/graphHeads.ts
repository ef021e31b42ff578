/**
 * A graph-based parser's two heads over the BiLSTM vectors of the neural encoder (Dozat & Manning 2017):
 *
 * - **arcs**: each word r gets a head-role and a dependent-role projection, hd_r = leaky(Wh·v_r + bh) and
 *   dd_r = leaky(Wd·v_r + bd) (`arc` units each); the score of head h for dependent d is the biaffine
 *   s(h, d) = hd_hᵀ·U·dd_d + uᵀ·hd_h = hd_h · (U·dd_d + u). Each dependent's heads (every word but itself, and the
 *   root, whose vector is the encoder's learned root row) go through a softmax; the loss is the gold head's
 *   cross-entropy;
 * - **relations**: the relation of d → h from an MLP over the sum of two projections,
 *   z = Lh·v_h + Ld·v_d + lb, s = Lw·leaky(z) + lc (the auxiliary relation head's form, `auxiliaryHeads.ts`, with the
 *   projections made once per word, not once per pair); trained on the gold head, its cross-entropy added to the arcs'.
 *
 * The heads' parameters are one flat block of θ (`HeadLayout`, offsets from the block's start), so that one Adam, one
 * training state and one gradient check cover encoder and heads alike. What parsing reads is here; the loss, its
 * gradient and the initial weights are training's (`server/research/parser/biaffine/biaffineHeads.ts`).
 */
import { matVec, Weights } from '../dot';
import { MatVecKernel } from '../wasmMatVec';

/** Slope of the leaky ReLU below 0 (Dozat & Manning's activation). */
export const LEAK = 0.1;

export interface HeadDims {
  /** Width of a BiLSTM vector (2 × the LSTM's units per direction). */
  V: number;
  /** Units of each arc projection (head role, dependent role). */
  arc: number;
  /** Hidden units of the relation MLP. */
  label: number;
  /** Number of relations. */
  relations: number;
}

/**
 * Offsets (from the heads' block) of the tensors, row-major. The four matrices that read a word's vector come first
 * and in one block (`proj`: Wh, Wd, Lh, Ld, each row V wide), so that one matrix–vector product per word gives all
 * four projections (one WebAssembly kernel at run time).
 */
export interface HeadLayout {
  dims: HeadDims;
  /** (2·arc + 2·label) × V: the start of Wh. */
  proj: number;
  /** arc × V each */
  wh: number;
  wd: number;
  /** label × V each */
  lh: number;
  ld: number;
  /** arc each */
  bh: number;
  bd: number;
  /** arc × arc, arc */
  U: number;
  u: number;
  /** label */
  lb: number;
  /** relations × label, relations */
  lw: number;
  lc: number;
  size: number;
}

/** Rows of the projection block: what one product per word gives. */
export function projectionRows(l: HeadLayout): number {
  return 2 * l.dims.arc + 2 * l.dims.label;
}

export function headLayout(dims: HeadDims): HeadLayout {
  const { V, arc: A, label: M, relations: K } = dims;
  let at = 0;
  const take = (n: number) => ((at += n), at - n);
  const l = {
    dims,
    proj: 0,
    wh: take(A * V), wd: take(A * V), lh: take(M * V), ld: take(M * V),
    bh: take(A), bd: take(A), U: take(A * A), u: take(A),
    lb: take(M), lw: take(K * M), lc: take(K),
    size: 0,
  };
  l.size = at;
  return l;
}

export function leaky(z: number): number {
  return z > 0 ? z : LEAK * z;
}

/** What the heads computed of one sentence: the projections (kept for the backward pass and for labelling). */
export interface HeadForward {
  n: number;
  /** (n + 1) × arc: head-role projections of the words and the root (row n). */
  hd: Float64Array;
  /** n × arc: dependent-role projections; q = U·dd_d + u. */
  dd: Float64Array;
  q: Float64Array;
  /** (n + 1) × label and n × label: the relation MLP's head-role and dependent-role products (before the bias). */
  lh: Float64Array;
  ld: Float64Array;
}

/**
 * The heads' three matrix products in WebAssembly (`wasmMatVec.ts`: `dot`'s sums bit for bit) — the projection block,
 * U and the relation MLP's output layer — for a θ that no longer changes (a snapshot's); undefined without
 * WebAssembly SIMD.
 */
export interface HeadKernels {
  proj: MatVecKernel;
  U: MatVecKernel;
  lw: MatVecKernel;
}

export function headKernels(th: Weights, at: number, l: HeadLayout): HeadKernels | undefined {
  const { V, arc: A, label: M, relations: K } = l.dims;
  const proj = MatVecKernel.create(th, at + l.proj, projectionRows(l), V);
  const U = MatVecKernel.create(th, at + l.U, A, A);
  const lw = MatVecKernel.create(th, at + l.lw, K, M);
  return proj && U && lw ? { proj, U, lw } : undefined;
}

/**
 * The projections of a sentence's n words (and the root, row n) from `v`, rows of V (the encoder's vectors: the
 * words, then the root's), by `matVec` over θ or by the same products in `kernels`.
 */
export function headForward(
  th: Weights,
  at: number,
  l: HeadLayout,
  v: Float64Array,
  n: number,
  kernels?: HeadKernels,
): HeadForward {
  const { V, arc: A, label: M } = l.dims;
  const P = projectionRows(l);
  const hd = new Float64Array((n + 1) * A);
  const dd = new Float64Array(n * A);
  const q = new Float64Array(n * A);
  const lh = new Float64Array((n + 1) * M);
  const ld = new Float64Array(n * M);
  const row = new Float64Array(P);
  // Offsets of Wd, Lh, Ld's results within a row's product.
  const oD = l.wd - l.wh, oLh = l.lh - l.wh, oLd = l.ld - l.wh;
  for (let r = 0; r <= n; r++) {
    if (kernels) kernels.proj.mul(0, P, v, r * V, row, 0);
    else matVec(th, at + l.proj, P, V, v, r * V, row, 0);
    for (let k = 0; k < A; k++) hd[r * A + k] = leaky(row[k] + th[at + l.bh + k]);
    for (let m = 0; m < M; m++) lh[r * M + m] = row[oLh / V + m];
    if (r === n) continue;
    for (let k = 0; k < A; k++) dd[r * A + k] = leaky(row[oD / V + k] + th[at + l.bd + k]);
    if (kernels) kernels.U.mul(0, A, dd, r * A, q, r * A);
    else matVec(th, at + l.U, A, A, dd, r * A, q, r * A);
    for (let k = 0; k < A; k++) q[r * A + k] += th[at + l.u + k];
    for (let m = 0; m < M; m++) ld[r * M + m] = row[oLd / V + m];
  }
  return { n, hd, dd, q, lh, ld };
}

/** Arc scores: out[d·(n + 1) + h] = s(h, d) for every word d and candidate head h (h = n: the root; h = d: −∞). */
export function arcScores(l: HeadLayout, f: HeadForward, out: Float64Array = new Float64Array(f.n * (f.n + 1))): Float64Array {
  const A = l.dims.arc;
  const n = f.n;
  for (let d = 0; d < n; d++) {
    const qd = d * A;
    for (let h = 0; h <= n; h++) {
      if (h === d) {
        out[d * (n + 1) + h] = -Infinity;
        continue;
      }
      const hh = h * A;
      let s = 0;
      for (let k = 0; k < A; k++) s += f.hd[hh + k] * f.q[qd + k];
      out[d * (n + 1) + h] = s;
    }
  }
  return out;
}

/**
 * The relation other than `rootRelation` (the root's child's alone) scoring highest in `scores`, the first on a tie;
 * none of those `excluded` marks when given (`caseConstraint.ts`).
 */
export function bestRelation(scores: Float64Array, rootRelation: number, excluded?: Uint8Array): number {
  let best = -1;
  for (let c = 0; c < scores.length; c++) if (c !== rootRelation && !excluded?.[c] && (best < 0 || scores[c] > scores[best])) best = c;
  return best;
}

/**
 * Relation scores of the arc d → h into out[0..relations): the MLP's hidden layer into `hidden` (after leaky) for the
 * backward pass.
 */
export function labelScores(
  th: Weights,
  at: number,
  l: HeadLayout,
  f: HeadForward,
  h: number,
  d: number,
  hidden: Float64Array,
  out: Float64Array,
  kernels?: HeadKernels,
): void {
  const { label: M, relations: K } = l.dims;
  for (let m = 0; m < M; m++) hidden[m] = leaky(f.lh[h * M + m] + f.ld[d * M + m] + th[at + l.lb + m]);
  if (kernels) kernels.lw.mul(0, K, hidden, 0, out, 0);
  else matVec(th, at + l.lw, K, M, hidden, 0, out, 0);
  for (let c = 0; c < K; c++) out[c] += th[at + l.lc + c];
}
