/**
 * Training's part of the graph-based parser's heads (`server/src/parser/graph/graphHeads.ts`, which holds the layout
 * and what parsing computes): the initial weights, and both losses of a sentence with their gradient with respect to
 * the heads' θ and to the encoder's vectors.
 */
import { Weights } from '../../../src/parser/dot';
import { arcScores, headForward, HeadLayout, labelScores, LEAK } from '../../../src/parser/graph/graphHeads';
import { softmaxCrossEntropy } from '../../../src/training/parser/softmaxLoss';

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

/** d leaky / dz at the point where it gave `a` (the sign of a is the sign of z). */
function leakySlope(a: number): number {
  return a > 0 ? 1 : LEAK;
}

/**
 * Both losses of one sentence with its gold heads (head[d] = n for the root) and relation ids: adds their gradient
 * with respect to the heads' θ into grad[at …] and with respect to the vectors into dV (rows of V, the root's at row
 * n). Returns the arc and relation cross-entropies summed over the words. `mask` (partial supervision, 1 = the word's
 * head and relation are known): a word with 0 adds no loss and no gradient; its vector still gets the gradient of
 * the known words that may take it as their head. `weight` scales every word's losses and gradient (1: as is).
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
  mask?: Uint8Array,
  weight = 1,
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
    if (mask && !mask[d]) continue;
    arc += weight * softmaxCrossEntropy(s.subarray(d * rows, (d + 1) * rows), rows, head[d], ds);
    if (weight !== 1) for (let h = 0; h < rows; h++) ds[h] *= weight;
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
    if (mask && !mask[d]) continue;
    const h = head[d];
    labelScores(th, at, l, f, h, d, hidden, sl);
    label += weight * softmaxCrossEntropy(sl, K, deprel[d], dsl);
    if (weight !== 1) for (let c = 0; c < K; c++) dsl[c] *= weight;
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
