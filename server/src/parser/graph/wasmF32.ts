/**
 * The graph parser's run-time products in float32 SIMD (four lanes per instruction; the transition parser's kernels,
 * `wasmMatVec.ts`, keep `dot`'s float64 sums bit for bit and do two). Only the graph parser's run-time path uses
 * these (journal, "graph parser speed: float32 kernels"): its results differ from the JavaScript reference by float32
 * rounding (relative ~1e-6 on a product; `graphF32.test.ts` bounds it on real sentences), which moves a head on few words.
 *
 * One module, three functions over byte offsets into its own memory:
 * - `gemm(a, rows, k, x, count, out, outStride)`: out[t·outStride + m] (float64) = Σ_j a[m·k + j] · x[t·k + j] for
 *   m < rows, t < count, a and x float32, rows and k multiples of 4. A block of four rows (4·k floats, in the first-level
 *   cache) is multiplied by every vector before the next block, so the matrix is read from memory once a call: one call
 *   for all of a sentence's words (W·X) reads it once a sentence, where a product per word read it once a word.
 *   Each (row, vector) pair sums in four float32 lanes (k ≡ 0…3 mod 4), then (l0 + l1) + (l2 + l3);
 * - `matvec(a, rows, k, stride, b, out)`: the LSTM's recurrent product with `wasmMatVec.ts`'s signature (so that
 *   `wasmLstm.ts`'s body calls it as its function 0): b (k float64) rounded to float32 at out + 8·rows (the caller
 *   leaves 4·k bytes there), then `gemm` of one vector; `stride` must be k;
 * - `lstm`: `wasmLstm.ts`'s body (the gates, cell and fast activations in float64, as there) over this product.
 */
import { lstmBody } from '../wasmLstm';
import {
  BLOCK, br, brIf, countedLoop, END, I32_AND, I32_LT_S, IF, F32_FROM_F64, F64_FROM_F32, f64load, f64store, get, I32, i32, I32_ADD, I32_GE_S, I32_MUL, I32_SHL, leb, LOOP, MODULE_HEADER, name, section, set, V128, vec,
  WasmMemory, WasmModule,
} from '../wasmAssembly';

const v128load = (offset: number) => [0xfd, 0x00, 4, ...leb(offset)];
const V128_ZERO = [0xfd, 0x0c, ...new Array(16).fill(0)];
const F32X4_ADD = [0xfd, ...leb(0xe4)];
const F32X4_MUL = [0xfd, ...leb(0xe6)];
const f32lane = (l: number) => [0xfd, 0x1f, l];
const F32_ADD = [0x92];
const F32_STORE = [0x38, 2, 0];
const CALL = (f: number) => [0x10, f];

// gemm's parameters, then its locals.
const [A, ROWS, K, X, COUNT, OUT, OSTRIDE] = [0, 1, 2, 3, 4, 5, 6];
const [M, T, J, RB, R1, R2, R3, XT, KB, O, XT2, PAIRS] = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18];
const [XV, XV2, WV] = [19, 20, 21];
/** Accumulators: four rows × two vectors. */
const ACCS = [[22, 23, 24, 25], [26, 27, 28, 29]];

/** The four lanes of the f32x4 in local `acc`: (l0 + l1) + (l2 + l3), widened to float64. */
const laneSum = (acc: number) => [
  ...get(acc), ...f32lane(0), ...get(acc), ...f32lane(1), ...F32_ADD,
  ...get(acc), ...f32lane(2), ...get(acc), ...f32lane(3), ...F32_ADD,
  ...F32_ADD, ...F64_FROM_F32,
];

/**
 * The four rows' products with `vectors` vectors (1 or 2) starting at vector t: each row's 16 bytes are loaded once
 * for both vectors (four rows × two vectors: eight sums in registers, six loads a step for 32 products).
 */
const rowBlock = (vectors: number) => {
  const xs = [XT, XT2].slice(0, vectors);
  const xvs = [XV, XV2];
  const rowStart = [RB, R1, R2, R3];
  return [
    ...get(X), ...get(T), ...get(KB), ...I32_MUL, ...I32_ADD, ...set(XT),
    ...get(XT), ...get(KB), ...I32_ADD, ...set(XT2),
    ...xs.flatMap((_, v) => ACCS[v].flatMap((acc) => [...V128_ZERO, ...set(acc)])),
    ...i32(0), ...set(J),
    ...BLOCK, ...LOOP, // j < kb, 16 bytes (four entries) at a time
    ...get(J), ...get(KB), ...I32_GE_S, ...brIf(1),
    ...xs.flatMap((x, v) => [...get(x), ...get(J), ...I32_ADD, ...v128load(0), ...set(xvs[v])]),
    ...rowStart.flatMap((row, r) => [
      ...get(row), ...get(J), ...I32_ADD, ...v128load(0), ...set(WV),
      ...xs.flatMap((_, v) => [...get(ACCS[v][r]), ...get(WV), ...get(xvs[v]), ...F32X4_MUL, ...F32X4_ADD, ...set(ACCS[v][r])]),
    ]),
    ...get(J), ...i32(16), ...I32_ADD, ...set(J),
    ...br(0),
    ...END, ...END,
    // out + (t + v)·outStride + 8·m, the block's four results for each vector
    ...xs.flatMap((_, v) => [
      ...get(OUT), ...get(T), ...i32(v), ...I32_ADD, ...get(OSTRIDE), ...I32_MUL, ...I32_ADD, ...get(M), ...i32(3), ...I32_SHL, ...I32_ADD, ...set(O),
      ...ACCS[v].flatMap((acc, r) => [...get(O), ...laneSum(acc), ...f64store(8 * r)]),
    ]),
  ];
};

const gemmBody = () => [
  ...vec([[12, I32], [3 + 8, V128]]),
  ...get(K), ...i32(2), ...I32_SHL, ...set(KB), // bytes a row (and a vector)
  ...get(COUNT), ...i32(-2), ...I32_AND, ...set(PAIRS), // the vectors taken two at a time
  ...i32(0), ...set(M),
  ...countedLoop(M, get(ROWS), [
    // the block's rows: a + m·kb, and the next three
    ...get(A), ...get(M), ...get(KB), ...I32_MUL, ...I32_ADD, ...set(RB),
    ...get(RB), ...get(KB), ...I32_ADD, ...set(R1),
    ...get(R1), ...get(KB), ...I32_ADD, ...set(R2),
    ...get(R2), ...get(KB), ...I32_ADD, ...set(R3),
    ...i32(0), ...set(T),
    ...countedLoop(T, get(PAIRS), rowBlock(2), 2),
    ...get(PAIRS), ...get(COUNT), ...I32_LT_S, ...IF, ...rowBlock(1), ...END, // an odd last vector (t = pairs)
  ], 4),
  ...END,
];

// matvec's parameters (wasmMatVec.ts's signature), then its locals.
const [MA, MROWS, MK, , MB, MOUT] = [0, 1, 2, 3, 4, 5];
const [MJ, MX] = [6, 7];
const matvecBody = () => [
  ...vec([[2, I32]]),
  ...get(MOUT), ...get(MROWS), ...i32(3), ...I32_SHL, ...I32_ADD, ...set(MX),
  ...i32(0), ...set(MJ),
  ...countedLoop(MJ, get(MK), [
    ...get(MX), ...get(MJ), ...i32(2), ...I32_SHL, ...I32_ADD,
    ...get(MB), ...get(MJ), ...i32(3), ...I32_SHL, ...I32_ADD, ...f64load(), ...F32_FROM_F64,
    ...F32_STORE,
  ]),
  ...get(MA), ...get(MROWS), ...get(MK), ...get(MX), ...i32(1), ...get(MOUT), ...i32(0), ...CALL(2),
  ...END,
];

function moduleBytes(): Uint8Array {
  const ints = (n: number) => [0x60, ...vec(Array.from({ length: n }, () => [I32])), 0];
  const bodies = [matvecBody(), lstmBody(), gemmBody()];
  return Uint8Array.from([
    ...MODULE_HEADER,
    ...section(1, vec([ints(6), ints(10), ints(7)])),
    // function 0 matvec (the LSTM body calls it), 1 lstm, 2 gemm
    ...section(3, vec([[0], [1], [2]])),
    ...section(5, vec([[0x00, 1]])),
    ...section(7, vec([[...name('mem'), 0x02, 0], [...name('lstm'), 0x00, 1], [...name('gemm'), 0x00, 2]])),
    ...section(10, vec(bodies.map((b) => [...leb(b.length), ...b]))),
  ]);
}

export interface F32Exports {
  mem: WasmMemory;
  lstm: (wh: number, bias: number, table: number, words: number, wordStride: number, n: number, reverse: number, pre: number, rec: number, hd: number) => void;
  gemm: (a: number, rows: number, k: number, x: number, count: number, out: number, outStride: number) => void;
}

const MODULE = new WasmModule<F32Exports>(moduleBytes);

/** A fresh instance (its own memory), or undefined without WebAssembly SIMD (or with `PUNCTEME_NO_WASM=1`). */
export function f32Instance(): F32Exports | undefined {
  try {
    return MODULE.instantiate();
  } catch {
    return undefined;
  }
}

/**
 * Areas of one instance's memory laid out in order, 16-byte aligned; `take` reserves one and gives its byte offset.
 * The memory grows only in `reserve` (views of it must be made again after).
 */
export class F32Layout {
  private end = 0;

  take(bytes: number): number {
    const at = this.end;
    this.end += Math.ceil(bytes / 16) * 16;
    return at;
  }

  get bytes(): number {
    return this.end;
  }
}
