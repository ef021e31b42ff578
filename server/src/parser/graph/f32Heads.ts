/**
 * The graph parser's heads at run time with their products in float32 SIMD (`wasmF32.ts`), each as one
 * matrix–matrix product over the sentence: the projection block over every word's vector (and the root's), U over
 * every dependent-role projection, the arc scores as Q · HDᵀ, and the relation MLP's output layer over every word's
 * hidden layer (on the tree Eisner chose). What `RunTimeHeads` computes (the same activations and biases in float64),
 * not bit for bit: float32 sums (journal, "graph parser speed: float32 kernels").
 */
import type { Weights } from '../dot';
import { ensureBytes } from '../wasmAssembly';
import { bestRelation, HeadLayout, LEAK, projectionRows } from './graphHeads';
import { F32Exports, f32Instance, F32Layout } from './wasmF32';

/**
 * `graphHeads.ts`'s leaky ReLU, with its slope read once: in the CommonJS the sources run as, an imported name is
 * read through a getter at each use (a tenth of a second over EWT dev when read in the loops).
 */
const SLOPE = LEAK;
const leaky = (z: number) => (z > 0 ? z : SLOPE * z);

/** n rounded up to a multiple of 4 (the products take rows four at a time). */
const four = (n: number) => (n + 3) & ~3;

export class F32Heads {
  private readonly V: number;
  private readonly A: number;
  private readonly M: number;
  private readonly K: number;
  private readonly P: number;
  /** Byte offsets of the projection block (P × V), U (A × A) and the output layer (K rows, zero rows to a multiple of 4). */
  private readonly projAt: number;
  private readonly uAt: number;
  private readonly lwAt: number;
  private readonly dynamicAt: number;
  private readonly bh: Float64Array;
  private readonly bd: Float64Array;
  private readonly u: Float64Array;
  private readonly lb: Float64Array;
  private readonly lc: Float64Array;
  private words = -1;
  /** The sentence's areas: X, then the projections, DD, Q, HD, the arc scores, the hidden layers, their scores. */
  private at = { x: 0, p: 0, dd: 0, q: 0, hd: 0, s: 0, hid: 0, out: 0 };
  private f64: Float64Array;
  private f32: Float32Array;
  private score = new Float64Array(0);
  private readonly out: Float64Array;

  private constructor(private readonly api: F32Exports, th: Weights, at: number, l: HeadLayout) {
    const { V, arc: A, label: M, relations: K } = l.dims;
    this.V = V;
    this.A = A;
    this.M = M;
    this.K = K;
    const P = (this.P = projectionRows(l));
    const m = new F32Layout();
    this.projAt = m.take(P * V * 4);
    this.uAt = m.take(A * A * 4);
    this.lwAt = m.take(four(K) * M * 4);
    this.dynamicAt = m.bytes;
    ensureBytes(api.mem, this.dynamicAt);
    this.f64 = new Float64Array(api.mem.buffer);
    this.f32 = new Float32Array(api.mem.buffer);
    this.f32.set(th.subarray(at + l.proj, at + l.proj + P * V), this.projAt / 4);
    this.f32.set(th.subarray(at + l.U, at + l.U + A * A), this.uAt / 4);
    this.f32.set(th.subarray(at + l.lw, at + l.lw + K * M), this.lwAt / 4);
    const copy = (o: number, n: number) => Float64Array.from(th.subarray(at + o, at + o + n));
    this.bh = copy(l.bh, A);
    this.bd = copy(l.bd, A);
    this.u = copy(l.u, A);
    this.lb = copy(l.lb, M);
    this.lc = copy(l.lc, K);
    this.out = new Float64Array(K);
  }

  /** Undefined without WebAssembly SIMD, or for widths the four-lane products do not divide. */
  static create(th: Weights, at: number, l: HeadLayout): F32Heads | undefined {
    const { V, arc: A, label: M } = l.dims;
    if (V % 4 || A % 4 || M % 4) return undefined;
    const api = f32Instance();
    return api ? new F32Heads(api, th, at, l) : undefined;
  }

  private grow(n: number): void {
    if (n <= this.words) return;
    const w = (this.words = Math.max(n, 2 * this.words, 64));
    const { V, A, M, K, P } = this;
    const R = four(w + 1);
    const m = new F32Layout();
    m.take(this.dynamicAt);
    this.at = {
      x: m.take((w + 1) * V * 4),
      p: m.take((w + 1) * P * 8),
      dd: m.take(w * A * 4),
      q: m.take(w * A * 4),
      hd: m.take(R * A * 4),
      s: m.take(w * R * 8),
      hid: m.take(w * M * 4),
      out: m.take(w * four(K) * 8),
    };
    ensureBytes(this.api.mem, m.bytes);
    this.f64 = new Float64Array(this.api.mem.buffer);
    this.f32 = new Float32Array(this.api.mem.buffer);
    this.score = new Float64Array(w * (w + 1));
  }

  /**
   * The arc scores of the n words whose vectors are rows of `v` (V wide, the root's row n): score[d·(n + 1) + h]
   * (h = n the root, h = d −∞), in a buffer valid until the next call.
   */
  arcs(v: Float64Array, n: number): Float64Array {
    this.grow(n);
    const { V, A, P, api, at, f64, f32 } = this;
    const R = four(n + 1);
    for (let i = 0, x = at.x / 4; i < (n + 1) * V; i++) f32[x + i] = v[i];
    api.gemm(this.projAt, P, V, at.x, n + 1, at.p, P * 8);
    // hd (the root's too) and dd, leaky over the products and biases; hd's rows past the root zero (never read).
    const p = at.p / 8, hd = at.hd / 4, dd = at.dd / 4;
    for (let r = 0; r <= n; r++) for (let k = 0; k < A; k++) f32[hd + r * A + k] = leaky(f64[p + r * P + k] + this.bh[k]);
    f32.fill(0, hd + (n + 1) * A, hd + R * A);
    for (let r = 0; r < n; r++) for (let k = 0; k < A; k++) f32[dd + r * A + k] = leaky(f64[p + r * P + A + k] + this.bd[k]);
    // q = U·dd + u, into Q's float32 rows (the products land in the score area, free until the scores)
    api.gemm(this.uAt, A, A, at.dd, n, at.s, A * 8);
    const s8 = at.s / 8, q = at.q / 4;
    for (let r = 0; r < n; r++) for (let k = 0; k < A; k++) f32[q + r * A + k] = f64[s8 + r * A + k] + this.u[k];
    // score[d][h] = hd_h · q_d: the rows of HD times each q
    api.gemm(at.hd, R, A, at.q, n, at.s, R * 8);
    const s = this.score;
    const W = n + 1;
    for (let d = 0; d < n; d++) {
      for (let h = 0; h < W; h++) s[d * W + h] = f64[s8 + d * R + h];
      s[d * W + d] = -Infinity;
    }
    return s;
  }

  /**
   * Each word's best relation (not `rootRelation`; exactly `rootRelation` for the root's child) on the tree `head`
   * of the sentence `arcs` last scored.
   */
  relations(n: number, head: Int32Array, rootRelation: number, scores?: Float64Array): Int32Array {
    const { P, A, M, K, api, at, f64, f32, out, lb, lc } = this;
    const KR = four(K);
    const p = at.p / 8, hid = at.hid / 4;
    // Each word's hidden layer (a root child's is never read: its row is left as it was).
    for (let d = 0; d < n; d++) {
      const h = head[d];
      if (h === n) continue;
      for (let m = 0; m < M; m++) f32[hid + d * M + m] = leaky(f64[p + h * P + 2 * A + m] + f64[p + d * P + 2 * A + M + m] + lb[m]);
    }
    api.gemm(this.lwAt, KR, M, at.hid, n, at.out, KR * 8);
    const deprel = new Int32Array(n);
    const o = at.out / 8;
    for (let d = 0; d < n; d++) {
      if (head[d] === n) {
        deprel[d] = rootRelation;
        continue;
      }
      for (let c = 0; c < K; c++) out[c] = f64[o + d * KR + c] + lc[c];
      if (scores) scores.set(out.subarray(0, K), d * K);
      deprel[d] = bestRelation(out, rootRelation);
    }
    return deprel;
  }
}
