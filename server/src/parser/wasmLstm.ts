/**
 * One LSTM direction of the neural scorer at run time (`lstmForward` when parsing) in WebAssembly (for speed;
 * journal, "parser speed", 2026-11-23): every step's recurrent product Wh·h_prev, the gates and the cell in one call
 * per direction and sentence, where JavaScript called WebAssembly for the product at each step and then ran the gates,
 * ~160 interpolated activations a step, itself.
 *
 * Every value is what `lstmForward` computes with the fast activations, bit for bit: the product is `wasmMatVec.ts`'s
 * matvec over Wh as θ holds it (float32 when parsing; its body is reused here, `dot`'s sums); pre = (xproj + b) + rec; each activation is
 * `fastTanh`'s (`fastActivations.ts`) operations in its order on its table (floats in WebAssembly are IEEE doubles,
 * without fused multiply-adds, as in JavaScript), the sigmoid 0.5 + 0.5 · fastTanh(0.5 · x); c = i·g + (f·c_prev, or
 * 0 at the first step), h = o · fastTanh(c). `lstmWasm.test.ts` compares them with `lstmForward`.
 *
 * The kernel does not fill `lstmForward`'s cache (gates, cells): only training's backward pass reads it, and training
 * runs the JavaScript. Without WebAssembly SIMD (or with `PUNCTEME_NO_WASM=1`) `create` gives undefined.
 */
import type { Weights } from './dot';
import { FAST_TANH } from './fastActivations';
import { matvecBody } from './wasmMatVec';
import {
  countedLoop, END, ensureBytes, F64, F64_ADD, F64_FROM_I32, F64_GE, F64_GT, F64_MUL, F64_NE, F64_SUB, f64const, f64load, f64store, get, I32, i32, I32_ADD, I32_EQ, I32_FROM_F64,
  I32_GE_S, I32_LT_S, I32_MUL, I32_SHL, I32_SUB, IF, leb, MODULE_HEADER, name, section, set, tee, vec, WasmMemory, WasmModule,
} from './wasmAssembly';

const CALL = (f: number) => [0x10, f];
/** `if` / `else` whose arms leave one f64. */
const IF_F64 = [0x04, F64];
const ELSE = [0x05];
const SELECT = [0x1b];

// lstm(wh, bias, table, words, wordStride, n, reverse, pre, rec, hd): byte offsets of Wh (4·hd × hd, as θ holds it), b
// (float64 4·hd), fastTanh's table, and the words: word t's xproj (4·hd), then its h (hd), then its c (hd), float64,
// word t + 1 wordStride entries further; pre and rec are 4·hd float64 each.
const [WH, BIAS, TABLE, WORDS, WSTRIDE, N, REVERSE, PRE, REC, HD] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const [STEP, T, PREV, J, K, G, TI, WT, WP] = [10, 11, 12, 13, 14, 15, 16, 17, 18];
const [X, TT, A, GI, GF, GO, GG, C] = [19, 20, 21, 22, 23, 24, 25, 26];

/** Byte address of float64 entry `index` of the area at byte offset `base`. */
const f64At = (base: number[], index: number[]) => [...base, ...index, ...i32(3), ...I32_SHL, ...I32_ADD];

/** fastTanh of the f64 `value` leaves, exactly as `fastActivations.ts` computes it. */
function fastTanh(value: number[]): number[] {
  const { lo, hi, scale } = FAST_TANH;
  const knot = (offset: number) => [...get(TABLE), ...get(TI), ...i32(3), ...I32_SHL, ...I32_ADD, ...f64load(offset)];
  return [
    ...value, ...tee(X), ...f64const(lo), ...F64_GT,
    ...IF_F64,
    ...get(X), ...f64const(hi), ...F64_GE,
    ...IF_F64, ...f64const(1),
    ...ELSE,
    // t = (x − LO) · SCALE; i = t | 0; a = T[i]; a + (T[i + 1] − a) · (t − i)
    ...get(X), ...f64const(lo), ...F64_SUB, ...f64const(scale), ...F64_MUL, ...tee(TT), ...I32_FROM_F64, ...set(TI),
    ...knot(0), ...tee(A),
    ...knot(8), ...get(A), ...F64_SUB,
    ...get(TT), ...get(TI), ...F64_FROM_I32, ...F64_SUB,
    ...F64_MUL, ...F64_ADD,
    ...END,
    ...ELSE, // x ≤ LO, or NaN: x !== x ? x : −1
    ...get(X), ...f64const(-1), ...get(X), ...get(X), ...F64_NE, ...SELECT,
    ...END,
  ];
}

/** fastSigmoid: 0.5 + 0.5 · fastTanh(0.5 · x). */
const fastSigmoid = (value: number[]) => [...f64const(0.5), ...f64const(0.5), ...fastTanh([...value, ...f64const(0.5), ...F64_MUL]), ...F64_MUL, ...F64_ADD];
/** pre[gate · hd + k] */
const preOf = (gate: number) => [...f64At(get(PRE), [...get(HD), ...i32(gate), ...I32_MUL, ...get(K), ...I32_ADD]), ...f64load()];

const lstmBody = () => [
  ...vec([[9, I32], [8, F64]]),
  ...get(HD), ...i32(2), ...I32_SHL, ...set(G),
  ...i32(0), ...set(STEP),
  ...countedLoop(STEP, get(N), [
    // t, and prev (−1 at the first step); wt, wp: the float64 index of word t's and word prev's entries
    ...get(N), ...i32(1), ...I32_SUB, ...get(STEP), ...I32_SUB, ...get(STEP), ...get(REVERSE), ...SELECT, ...set(T),
    ...get(T), ...i32(1), ...I32_ADD, ...get(T), ...i32(1), ...I32_SUB, ...get(REVERSE), ...SELECT, ...set(PREV),
    ...get(STEP), ...i32(0), ...I32_EQ, ...IF, ...i32(-1), ...set(PREV), ...END,
    ...get(T), ...get(WSTRIDE), ...I32_MUL, ...set(WT),
    ...get(PREV), ...get(WSTRIDE), ...I32_MUL, ...set(WP),
    // pre[j] = xproj_t[j] + b[j]
    ...i32(0), ...set(J),
    ...countedLoop(J, get(G), [
      ...f64At(get(PRE), get(J)),
      ...f64At(get(WORDS), [...get(WT), ...get(J), ...I32_ADD]), ...f64load(),
      ...f64At(get(BIAS), get(J)), ...f64load(),
      ...F64_ADD, ...f64store(),
    ]),
    // pre[j] += (Wh · h_prev)[j]
    ...get(PREV), ...i32(0), ...I32_GE_S,
    ...IF,
    ...get(WH), ...get(G), ...get(HD), ...get(HD), ...f64At(get(WORDS), [...get(WP), ...get(G), ...I32_ADD]), ...get(REC), ...CALL(0),
    ...i32(0), ...set(J),
    ...countedLoop(J, get(G), [
      ...f64At(get(PRE), get(J)),
      ...f64At(get(PRE), get(J)), ...f64load(),
      ...f64At(get(REC), get(J)), ...f64load(),
      ...F64_ADD, ...f64store(),
    ]),
    ...END,
    // The gates, the cell and h, for each k < hd.
    ...i32(0), ...set(K),
    ...countedLoop(K, get(HD), [
      ...fastSigmoid(preOf(0)), ...set(GI),
      ...fastSigmoid(preOf(1)), ...set(GF),
      ...fastSigmoid(preOf(2)), ...set(GO),
      ...fastTanh(preOf(3)), ...set(GG),
      // c = i·g + (f · c_prev, or 0 at the first step)
      ...get(GI), ...get(GG), ...F64_MUL,
      ...get(PREV), ...i32(0), ...I32_LT_S,
      ...IF_F64, ...f64const(0),
      ...ELSE, ...get(GF), ...f64At(get(WORDS), [...get(WP), ...get(G), ...I32_ADD, ...get(HD), ...I32_ADD, ...get(K), ...I32_ADD]), ...f64load(), ...F64_MUL,
      ...END,
      ...F64_ADD, ...set(C),
      ...f64At(get(WORDS), [...get(WT), ...get(G), ...I32_ADD, ...get(HD), ...I32_ADD, ...get(K), ...I32_ADD]), ...get(C), ...f64store(),
      // h = o · fastTanh(c)
      ...f64At(get(WORDS), [...get(WT), ...get(G), ...I32_ADD, ...get(K), ...I32_ADD]),
      ...get(GO), ...fastTanh(get(C)), ...F64_MUL, ...f64store(),
    ]),
  ]),
  ...END,
];

/** The module for Wh of one type: function 0 is `wasmMatVec.ts`'s matvec over it, function 1 the LSTM. */
function moduleBytes(float32: boolean): Uint8Array {
  const matvec = matvecBody(float32);
  const lstm = lstmBody();
  return Uint8Array.from([
    ...MODULE_HEADER,
    // types: matvec (i32 × 6) → (), lstm (i32 × 10) → ()
    ...section(1, vec([[0x60, ...vec(Array.from({ length: 6 }, () => [I32])), 0], [0x60, ...vec(Array.from({ length: 10 }, () => [I32])), 0]])),
    ...section(3, vec([[0], [1]])),
    ...section(5, vec([[0x00, 1]])),
    ...section(7, vec([[...name('mem'), 0x02, 0], [...name('lstm'), 0x00, 1]])),
    ...section(10, vec([[...leb(matvec.length), ...matvec], [...leb(lstm.length), ...lstm]])),
  ]);
}

interface Exports {
  mem: WasmMemory;
  lstm: (wh: number, bias: number, table: number, words: number, wordStride: number, n: number, reverse: number, pre: number, rec: number, hd: number) => void;
}

/** Wh as parsing loads θ (float32) or as training holds it (float64); each assembled and compiled when first used. */
const MODULES = { float32: new WasmModule<Exports>(() => moduleBytes(true)), float64: new WasmModule<Exports>(() => moduleBytes(false)) };

/** An LSTM direction's Wh and b (from θ) in WebAssembly memory, and its forward pass over a sentence. */
export class LstmKernel {
  private readonly mem: WasmMemory;
  private readonly run: Exports['lstm'];
  private f64: Float64Array;
  /** Byte offsets of b, the table, pre, rec and the words' area; float64 entries a word holds there. */
  private readonly biasAt: number;
  private readonly tableAt: number;
  private readonly preAt: number;
  private readonly recAt: number;
  private readonly wordsAt: number;
  private readonly wordStride: number;

  private constructor(api: Exports, theta: Weights, wh: number, bias: number, private readonly H: number) {
    const G = 4 * H;
    const table = FAST_TANH.table;
    const float32 = theta instanceof Float32Array;
    this.mem = api.mem;
    this.run = api.lstm;
    this.biasAt = Math.ceil((G * H * (float32 ? 4 : 8)) / 16) * 16;
    this.tableAt = this.biasAt + G * 8;
    this.preAt = this.tableAt + table.length * 8;
    this.recAt = this.preAt + G * 8;
    this.wordsAt = this.recAt + G * 8;
    this.wordStride = G + 2 * H;
    ensureBytes(this.mem, this.wordsAt + 64 * this.wordStride * 8);
    const buffer = this.mem.buffer;
    // Wh as it is in θ: float32 when parsing (widened in each product, as JavaScript reads a Float32Array), else float64.
    (float32 ? new Float32Array(buffer, 0, G * H) : new Float64Array(buffer, 0, G * H)).set(theta.subarray(wh, wh + G * H));
    this.f64 = new Float64Array(buffer);
    for (let j = 0; j < G; j++) this.f64[this.biasAt / 8 + j] = theta[bias + j];
    this.f64.set(table, this.tableAt / 8);
  }

  /** Wh (4H × H at `wh`) and b (4H at `bias`) of θ; undefined without WebAssembly SIMD. */
  static create(theta: Weights, wh: number, bias: number, H: number): LstmKernel | undefined {
    try {
      const api = (theta instanceof Float32Array ? MODULES.float32 : MODULES.float64).instantiate();
      return api ? new LstmKernel(api, theta, wh, bias, H) : undefined;
    } catch {
      return undefined;
    }
  }

  /** `lstmForward` with the fast activations: h_t into out[t · stride + col …] (the cache is not filled). */
  forward(xproj: Float64Array, n: number, reverse: boolean, out: Float64Array, stride: number, col: number): void {
    const H = this.H;
    const G = 4 * H;
    const W = this.wordStride;
    const bytes = this.wordsAt + n * W * 8;
    if (bytes > this.mem.buffer.byteLength) {
      ensureBytes(this.mem, bytes);
      this.f64 = new Float64Array(this.mem.buffer);
    }
    const f = this.f64;
    const words = this.wordsAt / 8;
    for (let t = 0; t < n; t++) for (let j = 0, at = words + t * W; j < G; j++) f[at + j] = xproj[t * G + j];
    this.run(0, this.biasAt, this.tableAt, this.wordsAt, W, n, reverse ? 1 : 0, this.preAt, this.recAt, H);
    for (let t = 0; t < n; t++) for (let k = 0, at = words + t * W + G; k < H; k++) out[t * stride + col + k] = f[at + k];
  }
}
