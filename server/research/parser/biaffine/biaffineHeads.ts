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
 * training state and one gradient check cover encoder and heads alike.
 */
import { matVec, Weights } from '../../../src/parser/dot';
import { MatVecKernel } from '../../../src/parser/wasmMatVec';
import { softmaxCrossEntropy } from '../../../src/training/parser/softmaxLoss';

/** Slope of the leaky ReLU below 0 (Dozat & Manning's activation). */
const LEAK = 0.1;

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

/** Glorot-uniform matrices; zero biases and a zero biaffine U and u (every head scores 0 at the start). */
export function initialHeads(l: HeadLayout, theta: Float64Array, at: number, rand: () => number): void {
  const { V, arc: A, label: M, relations: K } = l.dims;
  const fill = (offset: number, count: number, fanIn: number, fanOut: number) => {
    const scale = Math.sqrt(6 / (fanIn + fanOut));
    for (let i = 0; i < count; i++) theta[at + offset + i] = (2 * rand() - 1) * scale;
  };
  fill(l.wh, A * V, V, A);
  fill(l.wd, A * V, V, A);
  fill(l.lh, M * V, V, M);
  fill(l.ld, M * V, V, M);
  fill(l.lw, K * M, M, K);
}

function leaky(z: number): number {
  return z > 0 ? z : LEAK * z;
}

/** d leaky / dz at the point where it gave `a` (the sign of a is the sign of z). */
function leakySlope(a: number): number {
  return a > 0 ? 1 : LEAK;
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

/**
 * Both losses of one sentence with its gold heads (head[d] = n for the root) and relation ids: adds their gradient
 * with respect to the heads' θ into grad[at …] and with respect to the vectors into dV (rows of V, the root's at row
 * n). Returns the arc and relation cross-entropies summed over the words.
 */
export function headLoss(
  th: Weights,
  grad: Float64Array,
  at: number,
  l: HeadLayout,
  v: Float64Array,
  n: number,
  head: Int32Array,
  deprel: Int32Array,
  dV: Float64Array,
): { arc: number; label: number } {
  const { V, arc: A, label: M, relations: K } = l.dims;
  const f = headForward(th, at, l, v, n);
  const rows = n + 1;
  const s = arcScores(l, f);
  const ds = new Float64Array(rows);
  const dhd = new Float64Array(rows * A);
  const dq = new Float64Array(n * A);
  let arc = 0;
  for (let d = 0; d < n; d++) {
    arc += softmaxCrossEntropy(s.subarray(d * rows, (d + 1) * rows), rows, head[d], ds);
    for (let h = 0; h < rows; h++) {
      const g = ds[h];
      if (h === d || g === 0) continue;
      for (let k = 0; k < A; k++) {
        dhd[h * A + k] += g * f.q[d * A + k];
        dq[d * A + k] += g * f.hd[h * A + k];
      }
    }
  }
  // Relations on the gold arcs.
  const hidden = new Float64Array(M);
  const sl = new Float64Array(K);
  const dsl = new Float64Array(K);
  const dlh = new Float64Array(rows * M);
  const dld = new Float64Array(n * M);
  let label = 0;
  for (let d = 0; d < n; d++) {
    const h = head[d];
    labelScores(th, at, l, f, h, d, hidden, sl);
    label += softmaxCrossEntropy(sl, K, deprel[d], dsl);
    for (let c = 0; c < K; c++) {
      const g = dsl[c];
      grad[at + l.lc + c] += g;
      const w = at + l.lw + c * M;
      for (let m = 0; m < M; m++) {
        grad[w + m] += g * hidden[m];
      }
    }
    for (let m = 0; m < M; m++) {
      let dz = 0;
      for (let c = 0; c < K; c++) dz += dsl[c] * th[at + l.lw + c * M + m];
      dz *= leakySlope(hidden[m]);
      grad[at + l.lb + m] += dz;
      dlh[h * M + m] += dz;
      dld[d * M + m] += dz;
    }
  }
  // q = U·dd + u: into U, u and dd; then through the leaky units into the projections' weights and v.
  const ddd = new Float64Array(n * A);
  for (let d = 0; d < n; d++) {
    for (let i = 0; i < A; i++) {
      const g = dq[d * A + i];
      if (g === 0) continue;
      grad[at + l.u + i] += g;
      const row = at + l.U + i * A;
      for (let k = 0; k < A; k++) {
        grad[row + k] += g * f.dd[d * A + k];
        ddd[d * A + k] += g * th[row + k];
      }
    }
  }
  const project = (w: number, b: number, out: Float64Array, dOut: Float64Array, r: number, units: number, act: boolean) => {
    const vr = r * V;
    for (let k = 0; k < units; k++) {
      let g = dOut[r * units + k];
      if (g === 0) continue;
      if (act) g *= leakySlope(out[r * units + k]);
      if (b >= 0) grad[at + b + k] += g;
      const row = at + w + k * V;
      for (let j = 0; j < V; j++) {
        grad[row + j] += g * v[vr + j];
        dV[vr + j] += g * th[row + j];
      }
    }
  };
  for (let r = 0; r < rows; r++) {
    project(l.wh, l.bh, f.hd, dhd, r, A, true);
    project(l.lh, -1, f.lh, dlh, r, M, false);
    if (r === n) continue;
    project(l.wd, l.bd, f.dd, ddd, r, A, true);
    project(l.ld, -1, f.ld, dld, r, M, false);
  }
  return { arc, label };
}
