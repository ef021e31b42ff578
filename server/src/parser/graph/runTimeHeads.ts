/**
 * The heads of a snapshot (θ never changes) when parsing: what `headForward`, `arcScores` and `labelScores` compute,
 * the same values bit for bit, with less work (journal, "graph parser speed"):
 *
 * - the root's head-role projection (row n: its vector is θ's learned root row, the same in every sentence) is
 *   computed once, and of its products only that one (no word's relation is scored with the root as its head);
 * - the relation MLP's head-role product Lh·v_h only for the words Eisner made heads (about half of them), after the
 *   tree is known: the other words' were never read;
 * - the arc scores four candidate heads at a time, each score still its own sum over k in `arcScores`' order;
 * - the buffers are kept from sentence to sentence (grown when a sentence is longer).
 *
 * Each product is the same kernel's (or `matVec`'s) row by row, and every row's sum is independent of which rows are
 * computed with it (`wasmMatVec.ts`), so computing fewer rows changes none.
 */
import { matVec, Weights } from '../dot';
import { bestRelation, HeadKernels, HeadLayout, leaky, projectionRows } from './graphHeads';

export class RunTimeHeads {
  private readonly A: number;
  private readonly M: number;
  /** The root's hd (arc units). */
  private readonly rootHd: Float64Array;
  private words = -1;
  private hd = new Float64Array(0);
  private q = new Float64Array(0);
  private ld = new Float64Array(0);
  private lh = new Float64Array(0);
  private score = new Float64Array(0);
  private readonly row: Float64Array;
  private readonly dd: Float64Array;
  private readonly hidden: Float64Array;
  private readonly out: Float64Array;

  constructor(
    private readonly th: Weights,
    private readonly at: number,
    private readonly l: HeadLayout,
    private readonly kernels: HeadKernels | undefined,
    /** The root's vector (2H), θ's root row. */
    root: Float64Array,
  ) {
    const { arc: A, label: M, relations: K } = l.dims;
    this.A = A;
    this.M = M;
    this.row = new Float64Array(projectionRows(l));
    this.dd = new Float64Array(A);
    this.hidden = new Float64Array(M);
    this.out = new Float64Array(K);
    this.rootHd = new Float64Array(A);
    this.product(0, A, root, 0, this.row, 0);
    for (let k = 0; k < A; k++) this.rootHd[k] = leaky(this.row[k] + th[at + l.bh + k]);
  }

  /** Rows [from, from + count) of the projection block times v[vo …], into out[oo …]. */
  private product(from: number, count: number, v: Float64Array, vo: number, out: Float64Array, oo: number): void {
    const V = this.l.dims.V;
    if (this.kernels) this.kernels.proj.mul(from, count, v, vo, out, oo);
    else matVec(this.th, this.at + this.l.proj + from * V, count, V, v, vo, out, oo);
  }

  private grow(n: number): void {
    if (n <= this.words) return;
    const { A, M } = this;
    this.words = n;
    this.hd = new Float64Array((n + 1) * A);
    this.q = new Float64Array(n * A);
    this.ld = new Float64Array(n * M);
    this.lh = new Float64Array(n * M);
    this.score = new Float64Array(n * (n + 1));
  }

  /**
   * The arc scores of the n words whose vectors are rows of `v` (V wide): score[d·(n + 1) + h] as `arcScores` gives
   * them (h = n the root, h = d −∞), in a buffer valid until the next call.
   */
  arcs(v: Float64Array, n: number): Float64Array {
    this.grow(n);
    const { A, M, th, at, l, row, dd, hd, q, ld } = this;
    const V = l.dims.V;
    const oD = (l.wd - l.wh) / V, oLd = (l.ld - l.wh) / V;
    for (let r = 0; r < n; r++) {
      // Wh and Wd are the block's first 2·arc rows; Ld its last label rows.
      this.product(0, 2 * A, v, r * V, row, 0);
      this.product(oLd, M, v, r * V, row, oLd);
      for (let k = 0; k < A; k++) hd[r * A + k] = leaky(row[k] + th[at + l.bh + k]);
      for (let k = 0; k < A; k++) dd[k] = leaky(row[oD + k] + th[at + l.bd + k]);
      if (this.kernels) this.kernels.U.mul(0, A, dd, 0, q, r * A);
      else matVec(th, at + l.U, A, A, dd, 0, q, r * A);
      for (let k = 0; k < A; k++) q[r * A + k] += th[at + l.u + k];
      for (let m = 0; m < M; m++) ld[r * M + m] = row[oLd + m];
    }
    hd.set(this.rootHd, n * A);
    const R = n + 1;
    const s = this.score;
    for (let d = 0; d < n; d++) {
      const qd = d * A;
      let h = 0;
      // Four heads at a time: four independent sums, each over k in order (as `arcScores` adds them).
      for (; h + 3 <= n; h += 4) {
        const h0 = h * A, h1 = h0 + A, h2 = h1 + A, h3 = h2 + A;
        let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (let k = 0; k < A; k++) {
          const x = q[qd + k];
          s0 += hd[h0 + k] * x;
          s1 += hd[h1 + k] * x;
          s2 += hd[h2 + k] * x;
          s3 += hd[h3 + k] * x;
        }
        s[d * R + h] = s0;
        s[d * R + h + 1] = s1;
        s[d * R + h + 2] = s2;
        s[d * R + h + 3] = s3;
      }
      for (; h <= n; h++) {
        const hh = h * A;
        let x = 0;
        for (let k = 0; k < A; k++) x += hd[hh + k] * q[qd + k];
        s[d * R + h] = x;
      }
      s[d * R + d] = -Infinity;
    }
    return s;
  }

  /**
   * Each word's best relation (not `rootRelation`; exactly `rootRelation` for the root's child) on the tree `head`
   * of the sentence `arcs` last scored, whose vectors are `v`.
   */
  relations(v: Float64Array, n: number, head: Int32Array, rootRelation: number, scores?: Float64Array): Int32Array {
    const { M, th, at, l, lh, ld, hidden, out } = this;
    const V = l.dims.V;
    const K = l.dims.relations;
    const oLh = (l.lh - l.wh) / V;
    const done = new Uint8Array(n);
    const deprel = new Int32Array(n);
    for (let d = 0; d < n; d++) {
      const h = head[d];
      if (h === n) {
        deprel[d] = rootRelation;
        continue;
      }
      if (!done[h]) {
        this.product(oLh, M, v, h * V, lh, h * M);
        done[h] = 1;
      }
      for (let m = 0; m < M; m++) hidden[m] = leaky(lh[h * M + m] + ld[d * M + m] + th[at + l.lb + m]);
      if (this.kernels) this.kernels.lw.mul(0, K, hidden, 0, out, 0);
      else matVec(th, at + l.lw, K, M, hidden, 0, out, 0);
      for (let c = 0; c < K; c++) out[c] += th[at + l.lc + c];
      if (scores) scores.set(out.subarray(0, K), d * K);
      deprel[d] = bestRelation(out, rootRelation);
    }
    return deprel;
  }
}
