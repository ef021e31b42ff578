/**
 * The graph parser's run-time products and LSTM in float32 SIMD (four lanes per instruction; the transition parser's
 * kernels, `wasmMatVec.ts` and `wasmLstm.ts`, keep JavaScript's float64 results bit for bit and do two). Only the
 * graph parser's run-time path uses these (journal, "graph parser speed: float32 kernels"): its results differ from
 * the float64 reference by float32 rounding (`graphF32.test.ts` bounds it on real sentences), which moved no head on
 * EWT dev.
 *
 * One module, seven functions over byte offsets into its own memory:
 * - `gemm(a, rows, k, x, count, out, outStride)`: out[t·outStride + m] (float64) = Σ_j a[m·k + j] · x[t·k + j] for
 *   m < rows, t < count, a and x float32, rows and k multiples of 4. A block of four rows (4·k floats, in the first-level
 *   cache) is multiplied by every vector before the next block, so the matrix is read from memory once a call: one call
 *   for all of a sentence's words (W·X) reads it once a sentence, where a product per word read it once a word. Two
 *   vectors at a time: each row's four entries are loaded once for both. Each (row, vector) pair sums in four float32
 *   lanes (k ≡ 0…3 mod 4), then (l0 + l2) + (l1 + l3);
 * - `gemm32`: the same, out float32 (out[t·outStride + m], outStride in bytes as for gemm);
 * - `gemm16`: gemm32 over int16 a and x (k a multiple of 8), each row's products summed exactly in four int32 lanes by
 *   i32x4.dot_i16x8_s, the lanes' float32 sum times the row's scale (float32, the rows' scales right after a);
 * - `lstm(wh, bias, table, words, wordStride, n, reverse, pre, hd)`: one LSTM direction over a sentence, all float32:
 *   word t's xproj (4·hd), h (hd) and c (hd) at words + t·wordStride (bytes); pre = xproj + b + Wh·h_prev, the gates
 *   σ(x) = 0.5 + 0.5·tanh(0.5·x) and tanh by `fastActivations.ts`'s table (float32 here) four units at a time, x
 *   clamped to the table's [−8, 8] (±1 there within 2.3e-7), c = i·g + f·c_prev (no f·c_prev at the first step),
 *   h = o·tanh(c);
 * - `lstm16(…, scale, hq, qh)`: the same with Wh as int16 rows (`quantizeRows`) and h_prev rounded to int16 (h · qh,
 *   at hq) each step, the recurrent products by i32x4.dot_i16x8_s: half the bytes of Wh read a step, and one
 *   instruction for eight products where float32 takes two for four. Rounding Wh and h moves the encoder's vectors by
 *   ~2e-4 of the largest, and with gemm16 for the upper layer's inputs ~5e-4 (float32 alone: ~2e-6); no head or
 *   relation of EWT dev moved (journal, "int16 products");
 * - `narrow16(src, srcStride, dst, dstStride, count, units, q)`: rows of float32 to int16, round(x · q) (ties to
 *   even), and `demote(…)` rows of float64 to float32: the copies between a sentence's stages, where a JavaScript
 *   loop an entry cost more than the products beside them.
 */
import { FAST_TANH } from '../fastActivations';
import {
  BLOCK, br, brIf, countedLoop, END, get, I32, i32, I32_ADD, I32_AND, I32_EQ, I32_GE_S, I32_LT_S, I32_MUL, I32_SHL, I32_SHR_U, I32_SUB, IF, leb, LOOP, MODULE_HEADER, name, section, set, tee,
  V128, vec, WasmMemory, WasmModule,
} from '../wasmAssembly';

// SIMD instructions (prefix 0xfd).
const simd = (op: number) => [0xfd, ...leb(op)];
const v128load = (offset = 0) => [0xfd, 0x00, 4, ...leb(offset)];
const V128_STORE = [0xfd, 0x0b, 4, 0];
const LOAD64_SPLAT = [0xfd, 0x0a, 3, 0];
const V128_ZERO = [0xfd, 0x0c, ...new Array(16).fill(0)];
/** i8x16.shuffle of two f32x4 by float lanes (0–3 the first operand's, 4–7 the second's). */
const shuffle = (lanes: number[]) => [0xfd, 0x0d, ...lanes.flatMap((l) => [4 * l, 4 * l + 1, 4 * l + 2, 4 * l + 3])];
/** An f32x4 of four copies of v. */
const f32x4 = (v: number) => [0xfd, 0x0c, ...Array.from({ length: 4 }, () => [...new Uint8Array(new Float32Array([v]).buffer)]).flat()];
const [F32X4_ADD, F32X4_SUB, F32X4_MUL, F32X4_PMIN, F32X4_PMAX] = [simd(0xe4), simd(0xe5), simd(0xe6), simd(0xea), simd(0xeb)];
const [I32X4_ADD, I32X4_SUB] = [simd(0xae), simd(0xb1)];
const [I32X4_DOT_I16X8_S, I16X8_NARROW_I32X4_S, I32X4_TRUNC_SAT_F32X4_S, F32X4_FROM_I32X4_S, F32X4_NEAREST, F32X4_SPLAT] = [simd(0xba), simd(0x85), simd(0xf8), simd(0xfa), simd(0x6a), simd(0x13)];
const F32_FROM_I32 = [0xb2];
const F32X4_DEMOTE_F64X2_ZERO = simd(0x5e);
const F64X2_PROMOTE_LOW = simd(0x5f);
const i32lane = (l: number) => [0xfd, 0x1b, l];
const SELECT = [0x1b];
const IF_V128 = [0x04, V128];
const ELSE = [0x05];

// gemm's parameters, then its locals.
const [A, ROWS, K, X, COUNT, OUT, OSTRIDE] = [0, 1, 2, 3, 4, 5, 6];
const [M, T, J, RB, R1, R2, R3, XT, KB, O, XT2, PAIRS] = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18];
const [XV, XV2, WV, U01, U23] = [19, 20, 21, 22, 23];
/** gemm16's: where the rows' scales start (after the matrix). */
const SCALES = 32;
/** Accumulators: four rows × two vectors. */
const ACCS = [[24, 25, 26, 27], [28, 29, 30, 31]];

/**
 * The four rows' sums as one f32x4, from their four-lane sums in the locals `accs` (rows a, b, c, d): lanes
 * transposed and added, u01 = (a0+a2, b0+b2, a1+a3, b1+b3) and u23 likewise (in locals u01, u23), then
 * (u01's first half, u23's first half) + (their second halves): each row's (l0 + l2) + (l1 + l3).
 */
const fourSums = (accs: number[], u01 = U01, u23 = U23) => [
  ...get(accs[0]), ...get(accs[1]), ...shuffle([0, 4, 1, 5]), ...get(accs[0]), ...get(accs[1]), ...shuffle([2, 6, 3, 7]), ...F32X4_ADD, ...set(u01),
  ...get(accs[2]), ...get(accs[3]), ...shuffle([0, 4, 1, 5]), ...get(accs[2]), ...get(accs[3]), ...shuffle([2, 6, 3, 7]), ...F32X4_ADD, ...set(u23),
  ...get(u01), ...get(u23), ...shuffle([0, 1, 4, 5]), ...get(u01), ...get(u23), ...shuffle([2, 3, 6, 7]), ...F32X4_ADD,
];

/**
 * The four rows' products with `vectors` vectors (1 or 2) starting at vector t: each row's 16 bytes are loaded once
 * for both vectors (four rows × two vectors: eight sums in registers, six loads a step for 32 products).
 */
const rowBlock = (vectors: number, out32: boolean, int16: boolean) => {
  const xs = [XT, XT2].slice(0, vectors);
  const product = int16 ? [...I32X4_DOT_I16X8_S, ...I32X4_ADD] : [...F32X4_MUL, ...F32X4_ADD];
  // int16: each row's four int32 lanes as float32, their sum times the row's scale
  const sums = (accs: number[]) =>
    int16 ? [...accs.flatMap((acc) => [...get(acc), ...F32X4_FROM_I32X4_S, ...set(acc)]), ...fourSums(accs), ...get(SCALES), ...get(M), ...i32(2), ...I32_SHL, ...I32_ADD, ...v128load(), ...F32X4_MUL] : fourSums(accs);
  const xvs = [XV, XV2];
  const rowStart = [RB, R1, R2, R3];
  return [
    ...get(X), ...get(T), ...get(KB), ...I32_MUL, ...I32_ADD, ...set(XT),
    ...get(XT), ...get(KB), ...I32_ADD, ...set(XT2),
    ...xs.flatMap((_, v) => ACCS[v].flatMap((acc) => [...V128_ZERO, ...set(acc)])),
    ...i32(0), ...set(J),
    ...BLOCK, ...LOOP, // j < kb, 16 bytes (four entries, or eight int16) at a time
    ...get(J), ...get(KB), ...I32_GE_S, ...brIf(1),
    ...xs.flatMap((x, v) => [...get(x), ...get(J), ...I32_ADD, ...v128load(), ...set(xvs[v])]),
    ...rowStart.flatMap((row, r) => [
      ...get(row), ...get(J), ...I32_ADD, ...v128load(), ...set(WV),
      ...xs.flatMap((_, v) => [...get(ACCS[v][r]), ...get(WV), ...get(xvs[v]), ...product, ...set(ACCS[v][r])]),
    ]),
    ...get(J), ...i32(16), ...I32_ADD, ...set(J),
    ...br(0),
    ...END, ...END,
    // out + (t + v)·outStride + m · (4 or 8): the block's four results for each vector
    ...xs.flatMap((_, v) => [
      ...get(OUT), ...get(T), ...i32(v), ...I32_ADD, ...get(OSTRIDE), ...I32_MUL, ...I32_ADD, ...get(M), ...i32(out32 ? 2 : 3), ...I32_SHL, ...I32_ADD, ...set(O),
      ...(out32
        ? [...get(O), ...sums(ACCS[v]), ...V128_STORE]
        : [...fourSums(ACCS[v]), ...set(WV), ...get(O), ...get(WV), ...F64X2_PROMOTE_LOW, ...V128_STORE, ...get(O), ...i32(16), ...I32_ADD, ...get(WV), ...get(WV), ...shuffle([2, 3, 0, 1]), ...F64X2_PROMOTE_LOW, ...V128_STORE]),
    ]),
  ];
};

const gemmBody = (out32: boolean, int16 = false) => [
  ...vec([[12, I32], [5 + 8, V128], [1, I32]]),
  ...get(K), ...i32(int16 ? 1 : 2), ...I32_SHL, ...set(KB), // bytes a row (and a vector)
  ...get(A), ...get(ROWS), ...get(KB), ...I32_MUL, ...I32_ADD, ...set(SCALES),
  ...get(COUNT), ...i32(-2), ...I32_AND, ...set(PAIRS), // the vectors taken two at a time
  ...i32(0), ...set(M),
  ...countedLoop(M, get(ROWS), [
    // the block's rows: a + m·kb, and the next three
    ...get(A), ...get(M), ...get(KB), ...I32_MUL, ...I32_ADD, ...set(RB),
    ...get(RB), ...get(KB), ...I32_ADD, ...set(R1),
    ...get(R1), ...get(KB), ...I32_ADD, ...set(R2),
    ...get(R2), ...get(KB), ...I32_ADD, ...set(R3),
    ...i32(0), ...set(T),
    ...countedLoop(T, get(PAIRS), rowBlock(2, out32, int16), 2),
    ...get(PAIRS), ...get(COUNT), ...I32_LT_S, ...IF, ...rowBlock(1, out32, int16), ...END, // an odd last vector (t = pairs)
  ], 4),
  ...END,
];

// lstm's parameters (lstm16's first nine), then lstm16's three more; each kernel's locals follow its parameters.
const [WH, BIAS, TABLE, WORDS, WSTRIDE, N, REVERSE, PRE, HD, SCALE, HQ, QH] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

/** An LSTM kernel's locals from index `base`: 15 i32, then 22 v128 (tanh4's scratch among them). */
function lstmLocals(base: number) {
  const i = (k: number) => base + k;
  return {
    STEP: i(0), LT: i(1), PREV: i(2), LJ: i(3), GB: i(4), HB: i(5), WT: i(6), WP: i(7), L0: i(8), L1: i(9), L2: i(10), L3: i(11), HP: i(12), MR: i(13), LK: i(14),
    LACC: [i(15), i(16), i(17), i(18)],
    LXV: i(19), TT: i(20), IDX: i(21), FR: i(22), QV: i(23), S01: i(27), S23: i(28), LA: i(29), GI: i(30), GF: i(31), GO: i(32), GG: i(33), CV: i(34), LU01: i(35), LU23: i(36),
  };
}
type LstmLocals = ReturnType<typeof lstmLocals>;

/**
 * fastTanh of the f32x4 `value` leaves, four lanes at once: the table's interpolation at t = (x − lo) · scale, t
 * clamped to [0.5, knots] (x within 2e-3 of −8 reads the table as at −8 + 2e-3: a difference under 1e-8). The knot
 * i = floor(t) by rounding: (t − 0.5) + 2^23 lands on an integer (ties to even; when t is an integer that may give
 * i = t − 1 with t − i = 1, the same point), whose float bits minus 2^23's are i; cheaper than SIMD truncation.
 */
function tanh4(value: number[], { TT, IDX, FR, S01, S23, LA }: LstmLocals): number[] {
  const { lo, hi, scale } = FAST_TANH;
  const MAGIC = 2 ** 23;
  // (T[i], T[i + 1]) of lane l, splat over the vector's two halves
  const knots = (l: number) => [...get(TABLE), ...get(IDX), ...i32lane(l), ...i32(2), ...I32_SHL, ...I32_ADD, ...LOAD64_SPLAT];
  return [
    ...value, ...f32x4(scale), ...F32X4_MUL, ...f32x4(-lo * scale), ...F32X4_ADD,
    ...f32x4(0.5), ...F32X4_PMAX, ...f32x4((hi - lo) * scale), ...F32X4_PMIN, ...set(TT),
    ...get(TT), ...f32x4(0.5), ...F32X4_SUB, ...f32x4(MAGIC), ...F32X4_ADD, ...set(IDX), // i + 2^23, a float
    ...get(TT), ...get(IDX), ...f32x4(MAGIC), ...F32X4_SUB, ...F32X4_SUB, ...set(FR), // t − i
    ...get(IDX), ...f32x4(MAGIC), ...I32X4_SUB, ...set(IDX), // i, the bits' difference
    ...knots(0), ...knots(1), ...shuffle([0, 1, 4, 5]), ...set(S01),
    ...knots(2), ...knots(3), ...shuffle([0, 1, 4, 5]), ...set(S23),
    // a = (T[i0], T[i1], T[i2], T[i3]); a + (b − a) · (t − i)
    ...get(S01), ...get(S23), ...shuffle([0, 2, 4, 6]), ...tee(LA),
    ...get(S01), ...get(S23), ...shuffle([1, 3, 5, 7]), ...get(LA), ...F32X4_SUB, ...get(FR), ...F32X4_MUL, ...F32X4_ADD,
  ];
}

const sigmoid4 = (value: number[], l: LstmLocals) => [...f32x4(0.5), ...f32x4(0.5), ...tanh4([...value, ...f32x4(0.5), ...F32X4_MUL], l), ...F32X4_MUL, ...F32X4_ADD];
/** A byte address: the sum of the parts (each leaves an i32). */
const at = (...parts: number[][]) => [...parts.flatMap((p, i) => (i ? [...p, ...I32_ADD] : p))];

/**
 * h_prev (hd floats at hp) as int16 at hq: round(h · qh), eight at a time (|h| < 1, so within ±qh; hd a multiple of
 * 8).
 */
const quantizeH = (l: LstmLocals) => [
  ...get(QH), ...F32_FROM_I32, ...F32X4_SPLAT, ...set(l.QV),
  ...i32(0), ...set(l.LJ),
  ...countedLoop(l.LJ, get(l.HB), [
    ...at(get(HQ), [...get(l.LJ), ...i32(1), ...I32_SHR_U]),
    ...at(get(l.HP), get(l.LJ)), ...v128load(), ...get(l.QV), ...F32X4_MUL, ...F32X4_NEAREST, ...I32X4_TRUNC_SAT_F32X4_S,
    ...at(get(l.HP), get(l.LJ)), ...v128load(16), ...get(l.QV), ...F32X4_MUL, ...F32X4_NEAREST, ...I32X4_TRUNC_SAT_F32X4_S,
    ...I16X8_NARROW_I32X4_S, ...V128_STORE,
  ], 32),
];

/**
 * pre += Wh · h_prev, four rows at a time. Float32: each row's sum in four lanes, as gemm's. Int16 (`lstm16`): Wh's
 * rows as int16 (hd entries, 2·hd bytes a row) and h_prev quantized (`quantizeH`), each row's products summed exactly
 * in four int32 lanes by i32x4.dot_i16x8_s, the lanes then as float32 sums, times the row's scale (float32 at SCALE).
 */
function recurrent(l: LstmLocals, int16: boolean): number[] {
  const { MR, L0, L1, L2, L3, LACC, LJ, HB, GB, HP, LXV, LU01, LU23 } = l;
  const rowBytes = int16 ? [...get(HB), ...i32(1), ...I32_SHR_U] : get(HB);
  const x = int16 ? HQ : HP;
  const step = int16
    ? (row: number, r: number) => [...get(LACC[r]), ...at(get(row), get(LJ)), ...v128load(), ...get(LXV), ...I32X4_DOT_I16X8_S, ...I32X4_ADD, ...set(LACC[r])]
    : (row: number, r: number) => [...get(LACC[r]), ...at(get(row), get(LJ)), ...v128load(), ...get(LXV), ...F32X4_MUL, ...F32X4_ADD, ...set(LACC[r])];
  const sums = int16
    ? [...LACC.flatMap((acc) => [...get(acc), ...F32X4_FROM_I32X4_S, ...set(acc)]), ...fourSums(LACC, LU01, LU23), ...at(get(SCALE), get(MR)), ...v128load(), ...F32X4_MUL]
    : fourSums(LACC, LU01, LU23);
  return [
    ...i32(0), ...set(MR),
    ...countedLoop(MR, get(GB), [ // mr: the block's byte offset in pre (row m = mr / 4)
      ...get(WH), ...get(MR), ...i32(2), ...I32_SHR_U, ...rowBytes, ...I32_MUL, ...I32_ADD, ...set(L0),
      ...get(L0), ...rowBytes, ...I32_ADD, ...set(L1),
      ...get(L1), ...rowBytes, ...I32_ADD, ...set(L2),
      ...get(L2), ...rowBytes, ...I32_ADD, ...set(L3),
      ...LACC.flatMap((acc) => [...V128_ZERO, ...set(acc)]),
      ...i32(0), ...set(LJ),
      ...BLOCK, ...LOOP,
      ...get(LJ), ...rowBytes, ...I32_GE_S, ...brIf(1),
      ...at(get(x), get(LJ)), ...v128load(), ...set(LXV),
      ...[L0, L1, L2, L3].flatMap(step),
      ...get(LJ), ...i32(16), ...I32_ADD, ...set(LJ),
      ...br(0),
      ...END, ...END,
      ...at(get(PRE), get(MR)), ...at(get(PRE), get(MR)), ...v128load(), ...sums, ...F32X4_ADD, ...V128_STORE,
    ], 16),
  ];
}

const lstmBody = (int16: boolean) => {
  const l = lstmLocals(int16 ? 12 : 9);
  const { STEP, LT, PREV, LJ, GB, HB, WT, WP, HP, LK, GI, GF, GO, GG, CV } = l;
  return [
    ...vec([[15, I32], [4 + 18, V128]]),
    ...get(HD), ...i32(2), ...I32_SHL, ...set(HB),
    ...get(HB), ...i32(2), ...I32_SHL, ...set(GB),
    ...i32(0), ...set(STEP),
    ...countedLoop(STEP, get(N), [
      // t, and prev (−1 at the first step); wt, wp: their words' byte addresses
      ...get(N), ...i32(1), ...I32_SUB, ...get(STEP), ...I32_SUB, ...get(STEP), ...get(REVERSE), ...SELECT, ...set(LT),
      ...get(LT), ...i32(1), ...I32_ADD, ...get(LT), ...i32(1), ...I32_SUB, ...get(REVERSE), ...SELECT, ...set(PREV),
      ...get(STEP), ...i32(0), ...I32_EQ, ...IF, ...i32(-1), ...set(PREV), ...END,
      ...get(WORDS), ...get(LT), ...get(WSTRIDE), ...I32_MUL, ...I32_ADD, ...set(WT),
      ...get(WORDS), ...get(PREV), ...get(WSTRIDE), ...I32_MUL, ...I32_ADD, ...set(WP),
      ...get(WP), ...get(GB), ...I32_ADD, ...set(HP),
      // pre = xproj_t + b
      ...i32(0), ...set(LJ),
      ...countedLoop(LJ, get(GB), [
        ...at(get(PRE), get(LJ)), ...at(get(WT), get(LJ)), ...v128load(), ...at(get(BIAS), get(LJ)), ...v128load(), ...F32X4_ADD, ...V128_STORE,
      ], 16),
      // pre += Wh · h_prev
      ...get(PREV), ...i32(0), ...I32_GE_S,
      ...IF,
      ...(int16 ? quantizeH(l) : []),
      ...recurrent(l, int16),
      ...END,
      // the gates, the cell and h, four units at a time (k: byte offset in a gate's block)
      ...i32(0), ...set(LK),
      ...countedLoop(LK, get(HB), [
        ...sigmoid4([...at(get(PRE), get(LK)), ...v128load()], l), ...set(GI),
        ...sigmoid4([...at(get(PRE), get(HB), get(LK)), ...v128load()], l), ...set(GF),
        ...sigmoid4([...at(get(PRE), get(HB), get(HB), get(LK)), ...v128load()], l), ...set(GO),
        ...tanh4([...at(get(PRE), get(HB), get(HB), get(HB), get(LK)), ...v128load()], l), ...set(GG),
        // c = i·g + (f · c_prev, none at the first step)
        ...get(GI), ...get(GG), ...F32X4_MUL,
        ...get(PREV), ...i32(0), ...I32_LT_S,
        ...IF_V128, ...V128_ZERO,
        ...ELSE, ...get(GF), ...at(get(WP), get(GB), get(HB), get(LK)), ...v128load(), ...F32X4_MUL,
        ...END,
        ...F32X4_ADD, ...set(CV),
        ...at(get(WT), get(GB), get(HB), get(LK)), ...get(CV), ...V128_STORE,
        // h = o · tanh(c)
        ...at(get(WT), get(GB), get(LK)), ...get(GO), ...tanh4(get(CV), l), ...F32X4_MUL, ...V128_STORE,
      ], 16),
    ]),
    ...END,
  ];
};

// narrow16's and demote's parameters (rows of `units` entries: count of them from src and to dst, each side's stride in
// bytes; narrow16's q), then their locals.
const [C_SRC, C_SSTRIDE, C_DST, C_DSTRIDE, C_COUNT, C_UNITS, C_Q] = [0, 1, 2, 3, 4, 5, 6];
const [C_T, C_J, C_SP, C_DP, C_END, C_QV] = [7, 8, 9, 10, 11, 12];

/** Over the rows, 32 source bytes a step: `step` gets the row's source address (+ j) in C_SP and destination in C_DP. */
const rowsLoop = (sourceBytes: number, step: number[]) => [
  ...i32(0), ...set(C_T),
  ...countedLoop(C_T, get(C_COUNT), [
    ...get(C_SRC), ...get(C_T), ...get(C_SSTRIDE), ...I32_MUL, ...I32_ADD, ...set(C_SP),
    ...get(C_DST), ...get(C_T), ...get(C_DSTRIDE), ...I32_MUL, ...I32_ADD, ...set(C_DP),
    ...get(C_SP), ...get(C_UNITS), ...i32(sourceBytes), ...I32_MUL, ...I32_ADD, ...set(C_END),
    ...BLOCK, ...LOOP,
    ...get(C_SP), ...get(C_END), ...I32_GE_S, ...brIf(1),
    ...step,
    ...get(C_SP), ...i32(32), ...I32_ADD, ...set(C_SP),
    ...br(0),
    ...END, ...END,
  ]),
];

/** float32 rows (units a multiple of 8) to int16: round(x · q), eight at a time (|x| ≤ 1 keeps them within ±q). */
const narrow16Body = () => [
  ...vec([[5, I32], [1, V128]]),
  ...get(C_Q), ...F32_FROM_I32, ...F32X4_SPLAT, ...set(C_QV),
  ...rowsLoop(4, [
    ...get(C_DP),
    ...get(C_SP), ...v128load(), ...get(C_QV), ...F32X4_MUL, ...F32X4_NEAREST, ...I32X4_TRUNC_SAT_F32X4_S,
    ...get(C_SP), ...v128load(16), ...get(C_QV), ...F32X4_MUL, ...F32X4_NEAREST, ...I32X4_TRUNC_SAT_F32X4_S,
    ...I16X8_NARROW_I32X4_S, ...V128_STORE,
    ...get(C_DP), ...i32(16), ...I32_ADD, ...set(C_DP),
  ]),
  ...END,
];

/** float64 rows (units a multiple of 4) to float32, each rounded to nearest as a Float32Array stores it. */
const demoteBody = () => [
  ...vec([[5, I32], [1, V128]]),
  ...rowsLoop(8, [
    ...get(C_DP),
    ...get(C_SP), ...v128load(), ...F32X4_DEMOTE_F64X2_ZERO, ...get(C_SP), ...v128load(16), ...F32X4_DEMOTE_F64X2_ZERO, ...shuffle([0, 1, 4, 5]),
    ...V128_STORE,
    ...get(C_DP), ...i32(16), ...I32_ADD, ...set(C_DP),
  ]),
  ...END,
];

function moduleBytes(): Uint8Array {
  const ints = (n: number) => [0x60, ...vec(Array.from({ length: n }, () => [I32])), 0];
  const bodies = [gemmBody(false), gemmBody(true), lstmBody(false), lstmBody(true), gemmBody(true, true), narrow16Body(), demoteBody()];
  return Uint8Array.from([
    ...MODULE_HEADER,
    ...section(1, vec([ints(7), ints(9), ints(12)])),
    // functions 0 gemm, 1 gemm32, 4 gemm16, 5 narrow16 and 6 demote of type 0 (demote ignores its last), 2 lstm of
    // type 1, 3 lstm16 of type 2
    ...section(3, vec([[0], [0], [1], [2], [0], [0], [0]])),
    ...section(5, vec([[0x00, 1]])),
    ...section(7, vec([[...name('mem'), 0x02, 0], [...name('gemm'), 0x00, 0], [...name('gemm32'), 0x00, 1], [...name('lstm'), 0x00, 2], [...name('lstm16'), 0x00, 3], [...name('gemm16'), 0x00, 4], [...name('narrow16'), 0x00, 5], [...name('demote'), 0x00, 6]])),
    ...section(10, vec(bodies.map((b) => [...leb(b.length), ...b]))),
  ]);
}

type Gemm = (a: number, rows: number, k: number, x: number, count: number, out: number, outStride: number) => void;

export interface F32Exports {
  mem: WasmMemory;
  gemm: Gemm;
  gemm32: Gemm;
  gemm16: Gemm;
  narrow16: (src: number, srcStride: number, dst: number, dstStride: number, count: number, units: number, q: number) => void;
  demote: (src: number, srcStride: number, dst: number, dstStride: number, count: number, units: number, unused: number) => void;
  lstm: (wh: number, bias: number, table: number, words: number, wordStride: number, n: number, reverse: number, pre: number, hd: number) => void;
  lstm16: (wh: number, bias: number, table: number, words: number, wordStride: number, n: number, reverse: number, pre: number, hd: number, scale: number, hq: number, qh: number) => void;
}

const MODULE = new WasmModule<F32Exports>(moduleBytes);

/**
 * `lstm16`'s integer range for an LSTM of `hd` units: weights and h within ±q, q as large as keeps each int32 lane's
 * sum (hd / 4 products of at most q²) from overflowing (8,191 for 128 units).
 */
export function lstm16Range(hd: number): number {
  return Math.min(32767, Math.floor(Math.sqrt((2 ** 31 - 1) / (hd / 4))));
}

/**
 * A matrix (rows × k) as `lstm16` reads Wh: each row scaled to ±q by its largest |entry| and rounded to int16, and
 * the factor that takes a row's integer sums back (its largest |entry| / q², h being scaled by q too).
 */
export function quantizeRows(a: ArrayLike<number>, rows: number, k: number, q: number): { values: Int16Array; scales: Float32Array } {
  const values = new Int16Array(rows * k);
  const scales = new Float32Array(rows);
  for (let m = 0; m < rows; m++) {
    let largest = 0;
    for (let j = 0; j < k; j++) largest = Math.max(largest, Math.abs(a[m * k + j]));
    if (largest === 0) continue;
    for (let j = 0; j < k; j++) values[m * k + j] = Math.round((a[m * k + j] / largest) * q);
    scales[m] = largest / (q * q);
  }
  return { values, scales };
}

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
 * The caller grows the memory to `bytes` (`ensureBytes`; views of it must be made again after).
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
