/**
 * The BiLSTM punctuation tagger's forward pass (`bilstmMarginals`) at restoration's run time in float32 SIMD
 * (`parser/graph/wasmF32.ts`, four lanes an instruction where the float64 kernels do two): each direction's input
 * products as one matrix–matrix product over the run's words (Wx · X, the matrix read once a run instead of once a
 * word), each direction's recurrence in one call, and the tanh layer's products over every gap in one more. The
 * softmax layer (seven rows) stays in JavaScript. Not bit for bit `bilstmMarginals`: float32 sums
 * (`bilstmF32.test.ts` bounds the difference on real sentences). The linter's taggers keep `bilstmMarginals`.
 *
 * One WebAssembly memory holds the weights (θ is float32 already: copied, not rounded) and a run's areas: X (n × D),
 * each direction's words (xproj 4H, h H, c H a word, as `wasmF32.ts`'s lstm reads them), the gaps' inputs
 * U (n × 3H) and the tanh layer's products (n × hidden).
 */
import { matVec } from '../parser/dot';
import { FAST_TANH, fastTanh } from '../parser/fastActivations';
import { ensureBytes } from '../parser/wasmAssembly';
import { F32Exports, f32Instance, F32Layout } from '../parser/graph/wasmF32';
import { BILSTM_MARK_COUNT, BiLstmTagger, encodeRun, ID_STRIDE } from './bilstmTagger';

export class F32BiLstm {
  private readonly H: number;
  private readonly G: number;
  private readonly D: number;
  /** Float32 entries a word holds in a direction's words area: xproj (4H), h (H), c (H). */
  private readonly W: number;
  /** Byte offsets of each direction's Wx (4H × D), Wh (4H × H) and b (4H), of W1 (hidden × 3H) and of the table. */
  private readonly wx: [number, number];
  private readonly wh: [number, number];
  private readonly b: [number, number];
  private readonly w1: number;
  private readonly tableAt: number;
  private readonly preAt: number;
  private readonly dynamicAt: number;
  private words = 0;
  private xAt = 0;
  private wordsAt: [number, number] = [0, 0];
  private uAt = 0;
  private aAt = 0;
  private f32: Float32Array;
  private readonly b1: Float64Array;
  private readonly b2: Float64Array;

  private constructor(private readonly api: F32Exports, private readonly m: BiLstmTagger) {
    const { dims: d, layout: L, theta } = m;
    const H = (this.H = d.lstm);
    const G = (this.G = 4 * H);
    const D = (this.D = L.D);
    this.W = G + 2 * H;
    const mem = new F32Layout();
    this.wx = [mem.take(G * D * 4), mem.take(G * D * 4)];
    this.wh = [mem.take(G * H * 4), mem.take(G * H * 4)];
    this.b = [mem.take(G * 4), mem.take(G * 4)];
    this.w1 = mem.take(d.hidden * 3 * H * 4);
    this.tableAt = mem.take(FAST_TANH.table.length * 4);
    this.preAt = mem.take(G * 4);
    this.dynamicAt = mem.bytes;
    ensureBytes(api.mem, this.dynamicAt);
    const f32 = (this.f32 = new Float32Array(api.mem.buffer));
    const copy = (from: number, n: number, at: number) => f32.set(theta.subarray(from, from + n), at / 4);
    for (const dir of [0, 1] as const) {
      copy(L.wx[dir], G * D, this.wx[dir]);
      copy(L.wh[dir], G * H, this.wh[dir]);
      copy(L.b[dir], G, this.b[dir]);
    }
    copy(L.w1, d.hidden * 3 * H, this.w1);
    f32.set(FAST_TANH.table, this.tableAt / 4);
    this.b1 = Float64Array.from(theta.subarray(L.b1, L.b1 + d.hidden));
    this.b2 = Float64Array.from(theta.subarray(L.b2, L.b2 + BILSTM_MARK_COUNT));
  }

  /**
   * Undefined without WebAssembly SIMD, or for widths the four-lane products do not divide (the LSTM's state, its
   * input and the tanh layer), or for a tagger that reads written marks (restoration's do not).
   */
  static create(m: BiLstmTagger): F32BiLstm | undefined {
    const d = m.dims;
    if (d.lstm % 4 || m.layout.D % 4 || d.hidden % 4 || d.mark) return undefined;
    const api = f32Instance();
    return api ? new F32BiLstm(api, m) : undefined;
  }

  private grow(n: number): void {
    if (n <= this.words) return;
    const w = (this.words = Math.max(n, 2 * this.words, 64));
    const mem = new F32Layout();
    mem.take(this.dynamicAt);
    this.xAt = mem.take(w * this.D * 4);
    this.wordsAt = [mem.take(w * this.W * 4), mem.take(w * this.W * 4)];
    this.uAt = mem.take(w * 3 * this.H * 4);
    this.aAt = mem.take(w * this.m.dims.hidden * 4);
    ensureBytes(this.api.mem, mem.bytes);
    this.f32 = new Float32Array(this.api.mem.buffer);
  }

  /** P(mark after each word | the run): n × BILSTM_MARK_COUNT, as `bilstmMarginals` (to float32 rounding). */
  marginals(words: readonly string[]): Float64Array {
    const n = words.length;
    const m = this.m;
    const { dims: d, layout: L, theta } = m;
    const Y = BILSTM_MARK_COUNT;
    const out = new Float64Array(n * Y);
    if (n === 0) return out;
    this.grow(n);
    const { H, G, D, W, api } = this;
    const f32 = this.f32;
    // X: each word's embedding rows side by side (`inputRows`).
    const ids = encodeRun(m, words);
    for (let t = 0, o = this.xAt / 4; t < n; t++) {
      const i = t * ID_STRIDE;
      const parts: Array<[number, number, number]> = [[L.eWord, ids[i], d.word], [L.eFine, ids[i + 1], d.cluster], [L.eCoarse, ids[i + 2], d.cluster], [L.eSuffix, ids[i + 3], d.suffix], [L.eShape, ids[i + 4], d.shape]];
      for (const [base, row, width] of parts) {
        const r = base + row * width;
        f32.set(theta.subarray(r, r + width), o);
        o += width;
      }
    }
    for (const dir of [0, 1] as const) {
      api.gemm32(this.wx[dir], G, D, this.xAt, n, this.wordsAt[dir], W * 4);
      api.lstm(this.wh[dir], this.b[dir], this.tableAt, this.wordsAt[dir], W * 4, n, dir, this.preAt, H);
    }
    // U: the gap after word t reads [h→_t; h←_t; h←_{t+1}] (zeros past the run's end), as `gapInput`.
    const fw = this.wordsAt[0] / 4 + G, bw = this.wordsAt[1] / 4 + G;
    for (let t = 0, u = this.uAt / 4; t < n; t++, u += 3 * H) {
      f32.copyWithin(u, fw + t * W, fw + t * W + H);
      f32.copyWithin(u + H, bw + t * W, bw + t * W + H);
      if (t + 1 < n) f32.copyWithin(u + 2 * H, bw + (t + 1) * W, bw + (t + 1) * W + H);
      else f32.fill(0, u + 2 * H, u + 3 * H);
    }
    api.gemm32(this.w1, d.hidden, 3 * H, this.uAt, n, this.aAt, d.hidden * 4);
    const a = new Float64Array(d.hidden), z = new Float64Array(Y);
    const { b1, b2 } = this;
    for (let t = 0, at = this.aAt / 4; t < n; t++, at += d.hidden) {
      for (let j = 0; j < d.hidden; j++) a[j] = fastTanh(f32[at + j] + b1[j]);
      matVec(theta, L.w2, Y, d.hidden, a, 0, z, 0);
      let max = -Infinity;
      for (let y = 0; y < Y; y++) max = Math.max(max, (z[y] += b2[y]));
      let sum = 0;
      for (let y = 0; y < Y; y++) sum += (z[y] = Math.exp(z[y] - max));
      for (let y = 0; y < Y; y++) out[t * Y + y] = z[y] / sum;
    }
    return out;
  }
}

const kernelOf = new WeakMap<BiLstmTagger, F32BiLstm | null>();

/** A tagger's float32 kernel, made on its first run; undefined where `F32BiLstm.create` gives none. */
export function f32Kernel(m: BiLstmTagger): F32BiLstm | undefined {
  let k = kernelOf.get(m);
  if (k === undefined) kernelOf.set(m, (k = F32BiLstm.create(m) ?? null));
  return k ?? undefined;
}
