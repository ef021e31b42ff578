/**
 * The BiLSTM punctuation tagger's forward pass (`bilstmMarginals`) at restoration's run time in float32 SIMD
 * (`parser/graph/wasmF32.ts`, four lanes an instruction where the float64 kernels do two): each direction's input
 * products as one matrix–matrix product over the run's words (Wx · X, the matrix read once a run instead of once a
 * word), each direction's recurrence in one call, and the tanh layer's and the softmax layer's products over every
 * gap in one call each; JavaScript adds the biases and takes the tanh and the softmax. Not bit for bit
 * `bilstmMarginals`: float32 sums (`bilstmF32.test.ts` bounds the difference on real sentences). The linter's taggers
 * keep `bilstmMarginals`.
 *
 * One WebAssembly memory holds the weights (θ is float32 already: copied, not rounded; the softmax layer's seven rows
 * and a zero row, the products taking four rows at a time) and a run's areas: X (n × D), each direction's words
 * (xproj 4H, h H, c H a word, as `wasmF32.ts`'s lstm reads them), the gaps' inputs U (n × 3H), the tanh layer's
 * products and then its activations (n × hidden) and the softmax layer's products (n × 8).
 */
import { FAST_TANH, fastTanh } from '../parser/fastActivations';
import { ensureBytes } from '../parser/wasmAssembly';
import { F32Exports, f32Instance, F32Layout } from '../parser/graph/wasmF32';
import { BILSTM_MARK_COUNT, BiLstmTagger, encodeRun, ID_STRIDE } from './bilstmTagger';

/**
 * Read once: in the CommonJS the sources run as, an imported name is read through a getter at each use (as
 * `f32Heads.ts` found), and this one is read per unit of every gap.
 */
const tanh = fastTanh;
/** The softmax layer's rows in the products: the marks, and zero rows to a multiple of four. */
const Y4 = (BILSTM_MARK_COUNT + 3) & ~3;
/** Words whose input ids are kept (`ids`); past this many the kept ones are dropped (they are exact to recompute). */
const MAX_KEPT_WORDS = 1 << 13;
/** The ids kept per word: `encodeRun`'s first five (the sixth, the written mark, is not read here). */
const KEPT_IDS = ID_STRIDE - 1;

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
  /** The softmax layer's weights (Y4 × hidden, rows past the marks zero). */
  private readonly w2: number;
  private readonly tableAt: number;
  private readonly preAt: number;
  private readonly dynamicAt: number;
  private words = 0;
  private xAt = 0;
  private wordsAt: [number, number] = [0, 0];
  private uAt = 0;
  private aAt = 0;
  private zAt = 0;
  /** Where each word's input ids are in `keptIds` (they depend on the word alone), by its written form. */
  private readonly kept = new Map<string, number>();
  private readonly keptIds = new Int32Array(MAX_KEPT_WORDS * KEPT_IDS);
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
    this.w2 = mem.take(Y4 * d.hidden * 4);
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
    copy(L.w2, BILSTM_MARK_COUNT * d.hidden, this.w2);
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
    this.zAt = mem.take(w * Y4 * 4);
    ensureBytes(this.api.mem, mem.bytes);
    this.f32 = new Float32Array(this.api.mem.buffer);
  }

  /** Where `encodeRun`'s ids of one word are in `keptIds`, computed on the word's first run. */
  private ids(word: string): number {
    let at = this.kept.get(word);
    if (at === undefined) {
      if (this.kept.size >= MAX_KEPT_WORDS) this.kept.clear();
      this.kept.set(word, (at = this.kept.size * KEPT_IDS));
      this.keptIds.set(encodeRun(this.m, [word]).subarray(0, KEPT_IDS), at);
    }
    return at;
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
    const ids = this.keptIds;
    for (let t = 0, o = this.xAt / 4; t < n; t++) {
      const i = this.ids(words[t]);
      o = row(f32, o, theta, L.eWord, ids[i], d.word);
      o = row(f32, o, theta, L.eFine, ids[i + 1], d.cluster);
      o = row(f32, o, theta, L.eCoarse, ids[i + 2], d.cluster);
      o = row(f32, o, theta, L.eSuffix, ids[i + 3], d.suffix);
      o = row(f32, o, theta, L.eShape, ids[i + 4], d.shape);
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
    const hd = d.hidden;
    api.gemm32(this.w1, hd, 3 * H, this.uAt, n, this.aAt, hd * 4);
    const b1 = this.b1, b2 = this.b2;
    for (let i = 0, at = this.aAt / 4; i < n * hd; i += hd) for (let j = 0; j < hd; j++) f32[at + i + j] = tanh(f32[at + i + j] + b1[j]);
    api.gemm32(this.w2, Y4, hd, this.aAt, n, this.zAt, Y4 * 4);
    const z = new Float64Array(Y);
    for (let t = 0, at = this.zAt / 4; t < n; t++, at += Y4) {
      let max = -Infinity;
      for (let y = 0; y < Y; y++) max = Math.max(max, (z[y] = f32[at + y] + b2[y]));
      let sum = 0;
      for (let y = 0; y < Y; y++) sum += (z[y] = Math.exp(z[y] - max));
      for (let y = 0; y < Y; y++) out[t * Y + y] = z[y] / sum;
    }
    return out;
  }
}

/** Copies θ's row `r` of the table at `base` (width entries) to f32 from o; returns the entry after it. */
function row(f32: Float32Array, o: number, theta: BiLstmTagger['theta'], base: number, r: number, width: number): number {
  for (let j = 0, from = base + r * width; j < width; j++) f32[o + j] = theta[from + j];
  return o + width;
}

const kernelOf = new WeakMap<BiLstmTagger, F32BiLstm | null>();

/** A tagger's float32 kernel, made on its first run; undefined where `F32BiLstm.create` gives none. */
export function f32Kernel(m: BiLstmTagger): F32BiLstm | undefined {
  let k = kernelOf.get(m);
  if (k === undefined) kernelOf.set(m, (k = F32BiLstm.create(m) ?? null));
  return k ?? undefined;
}
