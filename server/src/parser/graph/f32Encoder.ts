/**
 * The graph parser's encoder at run time: what `NeuralScorer.forward` computes (the same input tables, the same
 * stacked BiLSTM, the same fast activations' table), in float32 SIMD (`wasmF32.ts`): each LSTM direction (the
 * recurrent products, the gates and cells four units at a time), and each upper layer's input products as one
 * matrix–matrix product over the sentence's words (W_x · X) instead of one matrix–vector product a word; the
 * recurrent products in int16 (`lstm16`: the recurrence was the largest share of parsing, and it reads all of Wh at
 * every word), and so the upper layer's input products (`gemm16`, the next largest). Not bit-identical to `forward`:
 * float32 arithmetic, int16 weights and h (journal, "graph parser speed: float32 kernels", "int16 products"). The
 * transition parser keeps `forward`.
 *
 * Everything a sentence passes through lives in one WebAssembly memory, in float32: each direction's words (its input
 * projection, then h and c) and the layer's output (both directions' h side by side) for the layer above.
 */
import { BatchProduct, InputTables, MAX_ROWS } from '../inputTables';
import { NeuralInput } from '../neuralNet';
import { NeuralScorer } from '../neuralScorer';
import { FAST_TANH } from '../fastActivations';
import { ensureBytes } from '../wasmAssembly';
import { F32Exports, f32Instance, F32Layout, lstm16Range, quantizeRows } from './wasmF32';

/** Byte offsets of one LSTM direction's recurrent weights (int16), their rows' scales (float32) and bias. */
interface Recurrence {
  wh: number;
  scale: number;
  b: number;
}

export class F32Encoder {
  private readonly H: number;
  private readonly G: number;
  private readonly V: number;
  /** Float32 entries a word holds in a direction's words area: xproj (4H), h (H), c (H). */
  private readonly W: number;
  private readonly tables: InputTables;
  /** Per layer, per direction: byte offsets of Wh (int16, `lstm16`'s), its rows' scales and b. */
  private readonly lstm: Array<[Recurrence, Recurrence]>;
  /** `lstm16`'s integer range, and where it puts h_prev as int16. */
  private readonly q: number;
  private readonly hqAt: number;
  /**
   * Per layer above the first, per direction: byte offset of Wx (int16, 4H × 2H, its rows' scales after it, as
   * `gemm16` reads them), and the range its inputs (the layer below's h) are rounded to.
   */
  private readonly wx: Array<[number, number]>;
  private readonly qx: number;
  /** Both directions' Wx of the first layer, each input part's columns a block (R × its columns) at R · col. */
  private readonly wx0At: number;
  /** The blocks copied from θ so far (by their first column): each when a part first misses a row. */
  private readonly wx0Done = new Set<number>();
  private readonly tableAt: number;
  private readonly preAt: number;
  /** Where the sentence's areas start: X (words × 2H), `batch`'s two, then the two directions' words. */
  private readonly dynamicAt: number;
  private words = 0;
  private xAt = 0;
  /** `batch`'s areas: a part's missing rows (words × D) and their products (words × 2 · 4H), float32. */
  private batchXAt = 0;
  private batchOutAt = 0;
  private wordsAt: [number, number] = [0, 0];
  /** The input projections' float64 sums of each direction (`InputTables.project`'s, written through `xproj`). */
  private xprojAt: [number, number] = [0, 0];
  private f32: Float32Array;
  private xproj: [Float64Array, Float64Array] = [new Float64Array(0), new Float64Array(0)];
  private v = new Float64Array(0);
  private readonly root: Float64Array;
  private readonly empty: Float64Array;
  private readonly product: BatchProduct = (col, k, w, count, rows, at) => this.batch(col, k, w, count, rows, at);

  private constructor(private readonly api: F32Exports, private readonly net: NeuralScorer) {
    const l = net.layout;
    const th = net.theta;
    const H = (this.H = l.dims.lstm);
    const G = (this.G = 4 * H);
    const V = (this.V = 2 * H);
    this.W = G + 2 * H;
    // The tables' rows are computed by `batch`, a sentence's missing rows of a part in one product.
    this.tables = new InputTables(l, th, net.fixed, MAX_ROWS, false);
    const m = new F32Layout();
    this.wx0At = m.take(2 * G * l.D * 4);
    this.lstm = [l, ...l.upper].map(() => [0, 1].map(() => ({ wh: m.take(G * H * 2), scale: m.take(G * 4), b: m.take(G * 4) })) as [Recurrence, Recurrence]);
    this.q = lstm16Range(H);
    this.hqAt = m.take(H * 2);
    this.wx = l.upper.map(() => [m.take(G * V * 2 + G * 4), m.take(G * V * 2 + G * 4)]);
    this.qx = lstm16Range(V);
    this.tableAt = m.take(FAST_TANH.table.length * 4);
    this.preAt = m.take(G * 4);
    this.dynamicAt = m.bytes;
    ensureBytes(api.mem, this.dynamicAt);
    this.f32 = new Float32Array(api.mem.buffer);
    [l, ...l.upper].forEach((t, layer) => {
      for (let d = 0; d < 2; d++) {
        const at = this.lstm[layer][d];
        const wh = quantizeRows(th.subarray(t.wh[d].offset, t.wh[d].offset + G * H), G, H, this.q);
        new Int16Array(api.mem.buffer).set(wh.values, at.wh / 2);
        this.f32.set(wh.scales, at.scale / 4);
        this.f32.set(th.subarray(t.bias[d].offset, t.bias[d].offset + G), at.b / 4);
      }
    });
    l.upper.forEach((u, layer) => {
      for (let d = 0; d < 2; d++) {
        const wx = quantizeRows(th.subarray(u.wx[d].offset, u.wx[d].offset + G * V), G, V, this.qx);
        new Int16Array(api.mem.buffer).set(wx.values, this.wx[layer][d] / 2);
        this.f32.set(wx.scales, (this.wx[layer][d] + G * V * 2) / 4);
      }
    });
    this.f32.set(FAST_TANH.table, this.tableAt / 4);
    this.root = Float64Array.from(th.subarray(l.root.offset, l.root.offset + V));
    this.empty = Float64Array.from(th.subarray(l.empty.offset, l.empty.offset + V));
  }

  /** Undefined without WebAssembly SIMD, or for an LSTM width the eight-lane products do not divide. */
  static create(net: NeuralScorer): F32Encoder | undefined {
    if (net.layout.dims.lstm % 8 !== 0) return undefined;
    const api = f32Instance();
    return api ? new F32Encoder(api, net) : undefined;
  }

  /**
   * The input tables' missing rows of one part (`InputTables.prefill`): both directions' Wx columns [col, col + k)
   * times each of the `count` rows of w, as one product (gemm32), into rows[at[t] · R …].
   */
  private batch(col: number, k: number, w: Float64Array, count: number, rows: Float32Array, at: Int32Array): void {
    const R = 2 * this.G;
    const D = this.net.layout.D;
    const th = this.net.theta;
    const f32 = this.f32;
    const block = this.wx0At / 4 + R * col;
    if (!this.wx0Done.has(col)) {
      const wx = this.net.layout.wx[0].offset;
      for (let r = 0; r < R; r++) for (let j = 0; j < k; j++) f32[block + r * k + j] = th[wx + r * D + col + j];
      this.wx0Done.add(col);
    }
    if (k % 4) {
      for (let t = 0; t < count; t++) {
        for (let r = 0; r < R; r++) {
          let x = 0;
          for (let j = 0; j < k; j++) x += f32[block + r * k + j] * w[t * k + j];
          rows[at[t] * R + r] = x;
        }
      }
      return;
    }
    for (let i = 0, x = this.batchXAt / 4; i < count * k; i++) f32[x + i] = w[i];
    this.api.gemm32(block * 4, R, k, this.batchXAt, count, this.batchOutAt, R * 4);
    const out = this.batchOutAt / 4;
    for (let t = 0; t < count; t++) rows.set(f32.subarray(out + t * R, out + (t + 1) * R), at[t] * R);
  }

  private grow(n: number): void {
    if (n <= this.words) return;
    const w = (this.words = Math.max(n, 2 * this.words, 64));
    const { G, V, W } = this;
    const m = new F32Layout();
    m.take(this.dynamicAt);
    this.xAt = m.take(w * V * 4);
    this.batchXAt = m.take(w * this.net.layout.D * 4);
    this.batchOutAt = m.take(w * 2 * G * 4);
    this.wordsAt = [m.take(w * W * 4), m.take(w * W * 4)];
    this.xprojAt = [m.take(w * G * 8), m.take(w * G * 8)];
    ensureBytes(this.api.mem, m.bytes);
    this.f32 = new Float32Array(this.api.mem.buffer);
    this.xproj = [new Float64Array(this.api.mem.buffer, this.xprojAt[0], w * G), new Float64Array(this.api.mem.buffer, this.xprojAt[1], w * G)];
    this.v = new Float64Array((w + 2) * V);
  }

  /**
   * The sentence's vectors: (n + 2) × 2H, the words', then the root's (row n) and the empty position's (row n + 1),
   * in a buffer valid until the next call.
   */
  forward(input: NeuralInput): Float64Array {
    const n = input.n;
    this.grow(n);
    const { H, G, V, W, api, xproj } = this;
    this.tables.prefill(input, this.product);
    this.tables.project(input, xproj);
    const f32 = this.f32;
    const words = [this.wordsAt[0] / 4, this.wordsAt[1] / 4];
    // Each word's input projection, summed in float64 (`project`), rounded to float32 in its place.
    for (let d = 0; d < 2; d++) api.demote(this.xprojAt[d], G * 8, this.wordsAt[d], W * 4, n, G, 0);
    const layers = this.lstm.length;
    for (let layer = 0; layer < layers; layer++) {
      if (layer > 0) {
        // The layer below's h of both directions (within ±1), rounded to ±qx as int16 rows of X, then Wx · X for each
        // direction (`gemm16`).
        for (let d = 0; d < 2; d++) api.narrow16(this.wordsAt[d] + G * 4, W * 4, this.xAt + d * H * 2, V * 2, n, H, this.qx);
        for (let d = 0; d < 2; d++) api.gemm16(this.wx[layer - 1][d], G, V, this.xAt, n, this.wordsAt[d], W * 4);
      }
      for (let d = 0; d < 2; d++) {
        const at = this.lstm[layer][d];
        api.lstm16(at.wh, at.b, this.tableAt, this.wordsAt[d], W * 4, n, d, this.preAt, H, at.scale, this.hqAt, this.q);
      }
    }
    const v = this.v;
    for (let t = 0; t < n; t++) {
      for (let k = 0, o = t * V, h0 = words[0] + t * W + G, h1 = words[1] + t * W + G; k < H; k++) {
        v[o + k] = f32[h0 + k];
        v[o + H + k] = f32[h1 + k];
      }
    }
    v.set(this.root, n * V);
    v.set(this.empty, (n + 1) * V);
    return v.subarray(0, (n + 2) * V);
  }
}
