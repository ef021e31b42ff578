/**
 * The neural scorer's largest run-time cost, W1_k·v (a matrix times a vector per word and MLP position), in
 * WebAssembly with 128-bit SIMD: two float64 lanes per instruction where V8's JavaScript does one. Results are bit
 * for bit those of `dot` (`dot.ts`): `dot` keeps four running sums s0…s3 over k ≡ 0…3 (mod 4), adds the tail to s0
 * and returns ((s0 + s1) + s2) + s3; here lanes (s0, s1) and (s2, s3) are two f64x2 sums, each lane a separate
 * IEEE multiply and add exactly as in JavaScript (WebAssembly has no implicit fused multiply-add), then the same tail
 * and the same final additions.
 *
 * The module is assembled here from its opcodes (about 200 bytes, no toolchain needed): one exported function
 * `matvec(a, rows, n, stride, b, out)` over byte offsets into its own memory, out[m] = Σ_{k<n} a[m·stride + k] · b[k].
 * A kernel copies its matrix into that memory once; each product copies the vector in and the results out.
 */

import type { Weights } from './dot';

import { BLOCK, br, brIf, countedLoop, END, ensureBytes, F64, F64_ADD, F64_FROM_F32, F64_MUL, f64load, f64store, get, I32, i32, I32_ADD, I32_GE_S, I32_GT_S, I32_SHL, I32_SUB, leb, LOOP, MODULE_HEADER, name, section, set, V128, vec, WasmMemory, WasmModule } from './wasmAssembly';

// SIMD instructions used by the function bodies (the numeric ones are `wasmAssembly.ts`'s).
const F64_STORE = f64store();
const v128load = (offset: number) => [0xfd, 0x00, 3, ...leb(offset)];
const V128_ZERO = [0xfd, 0x0c, ...new Array(16).fill(0)];
const F64X2_ADD = [0xfd, ...leb(0xf0)];
const F64X2_MUL = [0xfd, ...leb(0xf2)];
const lane = (l: number) => [0xfd, 0x21, l]; // f64x2.extract_lane

// Loading float32 entries widened to float64.
const V128_LOAD64_ZERO = (offset: number) => [0xfd, 0x5d, 3, ...leb(offset)];
const F64X2_PROMOTE_LOW = [0xfd, 0x5f];
const F32_LOAD = [0x2a, 2, 0];

// Parameters 0–5 (byte offsets, counts), then locals.
const [A, ROWS, N, STRIDE, B, OUT] = [0, 1, 2, 3, 4, 5];
const [M, K, ROW, ROW_BYTES, ACC01, ACC23, S0] = [6, 7, 8, 9, 10, 11, 12];
// The four-row block's: rows 1–3's starts, where its four-wide loop stopped, rows 1–3's sums, two entries of b each.
const [ROW1, ROW2, ROW3, K_END] = [13, 14, 15, 16];
const [ACC01_1, ACC23_1, ACC01_2, ACC23_2, ACC01_3, ACC23_3, B01, B23] = [17, 18, 19, 20, 21, 22, 23, 24];

/**
 * matvec's body over a float64 matrix, or over a float32 one (journal, "the combination made shippable": the run-time θ
 * is float32, so its matrices are copied as they are, in half the memory): each float32 entry is widened exactly
 * (`f64x2.promote_low_f32x4`, `f64.promote_f32`) before the same float64 multiply, so the products are the same.
 *
 * Rows go four at a time while four remain, then one at a time (journal, "parser speed", 2026-11-23). A row's sums are
 * a chain of dependent additions (each lane of s0…s3 in `dot`'s order), so one row at a time waits on the adder's
 * latency; four rows' chains overlap, and each pair of b's entries is loaded once for the four. Every row still
 * computes exactly its own sums in its own order, so every result is unchanged.
 */
export function matvecBody(float32: boolean): number[] {
  const shift = float32 ? 2 : 3;
  /** k-th entry of a row starting at byte address `row` (a local) / of the vector, as a byte address. */
  const entryAt = (row: number) => [...get(row), ...get(K), ...i32(shift), ...I32_SHL, ...I32_ADD];
  const vecAt = [...get(B), ...get(K), ...i32(3), ...I32_SHL, ...I32_ADD];
  // Two entries of the row from byte offset o as an f64x2, and one as an f64.
  const pair = (o: number) => (float32 ? [...V128_LOAD64_ZERO(o), ...F64X2_PROMOTE_LOW] : v128load(o));
  const one = float32 ? [...F32_LOAD, ...F64_FROM_F32] : f64load(0);
  /** acc += two entries of the row (from byte o past entry k) × b's pair `b` (an f64x2 expression). */
  const addPair = (acc: number, row: number, o: number, b: number[]) => [...get(acc), ...entryAt(row), ...pair(o), ...b, ...F64X2_MUL, ...F64X2_ADD, ...set(acc)];
  /**
   * The tail (k from `k` to n, into s0) of the row starting at `row`, whose four-wide sums are in `acc01`, `acc23`,
   * and out[outIndex] = ((s0 + s1) + s2) + s3.
   */
  const finish = (row: number, acc01: number, acc23: number, outIndex: number) => [
    ...get(acc01), ...lane(0), ...set(S0),
    ...countedLoop(K, get(N), [...get(S0), ...entryAt(row), ...one, ...vecAt, ...f64load(0), ...F64_MUL, ...F64_ADD, ...set(S0)]),
    ...get(OUT), ...i32(8 * outIndex), ...I32_ADD,
    ...get(S0), ...get(acc01), ...lane(1), ...F64_ADD, ...get(acc23), ...lane(0), ...F64_ADD, ...get(acc23), ...lane(1), ...F64_ADD,
    ...F64_STORE,
  ];
  const block = [[ROW, ACC01, ACC23], [ROW1, ACC01_1, ACC23_1], [ROW2, ACC01_2, ACC23_2], [ROW3, ACC01_3, ACC23_3]];
  return [
    // locals: m, k, row, rowBytes (i32); acc01, acc23 (v128); s0 (f64); row1–3, kEnd (i32); rows 1–3's sums, b01, b23 (v128)
    ...vec([[4, I32], [2, V128], [1, F64], [4, I32], [8, V128]]),
    ...get(STRIDE), ...i32(shift), ...I32_SHL, ...set(ROW_BYTES),
    ...get(A), ...set(ROW),
    ...i32(0), ...set(M),
    ...countedLoop(M, [...get(ROWS), ...i32(3), ...I32_SUB], [ // four rows while m + 3 < rows
      ...get(ROW), ...get(ROW_BYTES), ...I32_ADD, ...set(ROW1),
      ...get(ROW1), ...get(ROW_BYTES), ...I32_ADD, ...set(ROW2),
      ...get(ROW2), ...get(ROW_BYTES), ...I32_ADD, ...set(ROW3),
      ...block.flatMap(([, a01, a23]) => [...V128_ZERO, ...set(a01), ...V128_ZERO, ...set(a23)]),
      ...i32(0), ...set(K),
      ...BLOCK, ...LOOP, // k + 3 < n, four at a time
      ...get(K), ...i32(3), ...I32_ADD, ...get(N), ...I32_GE_S, ...brIf(1),
      ...vecAt, ...v128load(0), ...set(B01),
      ...vecAt, ...v128load(16), ...set(B23),
      ...block.flatMap(([row, a01, a23]) => [...addPair(a01, row, 0, get(B01)), ...addPair(a23, row, float32 ? 8 : 16, get(B23))]),
      ...get(K), ...i32(4), ...I32_ADD, ...set(K),
      ...br(0),
      ...END, ...END,
      ...get(K), ...set(K_END),
      ...block.flatMap(([row, a01, a23], r) => [...get(K_END), ...set(K), ...finish(row, a01, a23, r)]),
      ...get(ROW3), ...get(ROW_BYTES), ...I32_ADD, ...set(ROW),
      ...get(OUT), ...i32(32), ...I32_ADD, ...set(OUT),
    ], 4),
    ...countedLoop(M, get(ROWS), [ // the rows left, one at a time
      ...V128_ZERO, ...set(ACC01),
      ...V128_ZERO, ...set(ACC23),
      ...i32(0), ...set(K),
      ...BLOCK, ...LOOP, // k + 3 < n, four at a time
      ...get(K), ...i32(3), ...I32_ADD, ...get(N), ...I32_GE_S, ...brIf(1),
      ...addPair(ACC01, ROW, 0, [...vecAt, ...v128load(0)]),
      ...addPair(ACC23, ROW, float32 ? 8 : 16, [...vecAt, ...v128load(16)]),
      ...get(K), ...i32(4), ...I32_ADD, ...set(K),
      ...br(0),
      ...END, ...END,
      ...finish(ROW, ACC01, ACC23, 0),
      ...get(ROW), ...get(ROW_BYTES), ...I32_ADD, ...set(ROW),
      ...get(OUT), ...i32(8), ...I32_ADD, ...set(OUT),
    ]),
    ...END,
  ];
}

// addrows(out, src, count): out[i] += src[i] for i < count (byte offsets), two lanes at a time: each entry's one
// IEEE addition, as in JavaScript. Parameters 0–2, local 3 the byte position, local 4 the byte count.
const V128_STORE = [0xfd, 0x0b, 3, 0];
const F64X2 = { add: F64X2_ADD };
const [R_OUT, R_SRC, R_COUNT, R_I, R_BYTES] = [0, 1, 2, 3, 4];
const outAt = [...get(R_OUT), ...get(R_I), ...I32_ADD];
const srcAt = [...get(R_SRC), ...get(R_I), ...I32_ADD];
const addRowsBody = [
  ...vec([[2, I32]]),
  ...get(R_COUNT), ...i32(3), ...I32_SHL, ...set(R_BYTES),
  ...i32(0), ...set(R_I),
  ...BLOCK, ...LOOP, // i + 16 ≤ bytes: two entries
  ...get(R_I), ...i32(16), ...I32_ADD, ...get(R_BYTES), I32_GT_S, ...brIf(1),
  ...outAt, ...outAt, ...v128load(0), ...srcAt, ...v128load(0), ...F64X2.add, ...V128_STORE,
  ...get(R_I), ...i32(16), ...I32_ADD, ...set(R_I),
  ...br(0),
  ...END, ...END,
  ...countedLoop(R_I, get(R_BYTES), [...outAt, ...outAt, ...f64load(0), ...srcAt, ...f64load(0), ...F64_ADD, ...F64_STORE], 8), // the odd last entry
  ...END,
].flat();

// addwide(out, src, count): out[i] += src[i] for i < count, out float64 and src float32 (byte offsets), two lanes at a
// time: each entry widened exactly (f64x2.promote_low_f32x4, f64.promote_f32) and added with one IEEE addition, as
// JavaScript adds a Float32Array's entry to a number. Local 3 the entry index, local 4 the count of pairs × 2.
const [W_OUT, W_SRC, W_COUNT, W_I] = [0, 1, 2, 3];
const wOutAt = [...get(W_OUT), ...get(W_I), ...i32(3), ...I32_SHL, ...I32_ADD];
const wSrcAt = [...get(W_SRC), ...get(W_I), ...i32(2), ...I32_SHL, ...I32_ADD];
const addWideBody = [
  ...vec([[1, I32]]),
  ...i32(0), ...set(W_I),
  ...BLOCK, ...LOOP, // i + 2 ≤ count: two entries
  ...get(W_I), ...i32(2), ...I32_ADD, ...get(W_COUNT), I32_GT_S, ...brIf(1),
  ...wOutAt, ...wOutAt, ...v128load(0), ...wSrcAt, ...V128_LOAD64_ZERO(0), ...F64X2_PROMOTE_LOW, ...F64X2.add, ...V128_STORE,
  ...get(W_I), ...i32(2), ...I32_ADD, ...set(W_I),
  ...br(0),
  ...END, ...END,
  ...countedLoop(W_I, get(W_COUNT), [...wOutAt, ...wOutAt, ...f64load(0), ...wSrcAt, ...F32_LOAD, ...F64_FROM_F32, ...F64_ADD, ...F64_STORE]), // the odd last entry
  ...END,
].flat();

const body = matvecBody(false);
const body32 = matvecBody(true);

const MODULE_BYTES = Uint8Array.from([
  ...MODULE_HEADER,
  // types: (i32 × 6) → (), (i32 × 3) → ()
  ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [I32]]), 0], [0x60, ...vec([[I32], [I32], [I32]]), 0]])),
  // function 0 (matvec) and 3 (matvec32) have type 0, functions 1 (addrows) and 2 (addwide) type 1
  ...section(3, vec([[0], [1], [1], [0]])),
  ...section(5, vec([[0x00, 1]])), // one memory, at least one page
  ...section(7, vec([[...name('mem'), 0x02, 0], [...name('matvec'), 0x00, 0], [...name('addrows'), 0x00, 1], [...name('addwide'), 0x00, 2], [...name('matvec32'), 0x00, 3]])),
  ...section(10, vec([[...leb(body.length), ...body], [...leb(addRowsBody.length), ...addRowsBody], [...leb(addWideBody.length), ...addWideBody], [...leb(body32.length), ...body32]])),
]);

interface Exports {
  mem: WasmMemory;
  matvec: (a: number, rows: number, n: number, stride: number, b: number, out: number) => void;
  addrows: (out: number, src: number, count: number) => void;
  addwide: (out: number, src: number, count: number) => void;
  matvec32: (a: number, rows: number, n: number, stride: number, b: number, out: number) => void;
}

/** The module; no instance where WebAssembly or its SIMD is not available (callers then use `matVec`). */
const MODULE = new WasmModule<Exports>(MODULE_BYTES);

/**
 * A row-major matrix (rows × n float64, row r copied from `source` at `offset` + r · `stride`) in WebAssembly
 * memory, multiplied by vectors; any consecutive block of its rows, and of its columns, can be used (`mul`).
 * Undefined from `create` when WebAssembly SIMD is unavailable.
 */
export class MatVecKernel {
  private readonly f64: Float64Array;
  private readonly run: Exports['matvec'];
  /** Bytes per matrix entry: 4 when the source is float32 (kept as float32, widened in each product), else 8. */
  private readonly entry: number;
  /** Float64 indices of the vector and output slots in memory. */
  private readonly vecAt: number;
  private readonly outAt: number;

  private constructor(api: Exports, source: Weights, offset: number, stride: number, readonly rows: number, readonly n: number) {
    const mem = api.mem;
    const float32 = source instanceof Float32Array;
    this.entry = float32 ? 4 : 8;
    const matrixBytes = Math.ceil((rows * n * this.entry) / 16) * 16;
    const bytes = matrixBytes + (n + rows) * 8;
    ensureBytes(mem, bytes);
    this.f64 = new Float64Array(mem.buffer);
    const matrix = float32 ? new Float32Array(mem.buffer, 0, rows * n) : this.f64;
    for (let r = 0; r < rows; r++) matrix.set(source.subarray(offset + r * stride, offset + r * stride + n), r * n);
    this.vecAt = matrixBytes / 8;
    this.outAt = this.vecAt + n;
    this.run = float32 ? api.matvec32 : api.matvec;
  }

  static create(source: Weights, offset: number, rows: number, n: number, stride = n): MatVecKernel | undefined {
    const api = MODULE.instantiate();
    return api ? new MatVecKernel(api, source, offset, stride, rows, n) : undefined;
  }

  /**
   * out[oo + m] = columns [col, col + width) of row (from + m) · b[bo … bo + width) for m < count: `dot`'s result
   * bit for bit (rounded to the nearest float32 when `out` is a Float32Array, as JavaScript stores it).
   */
  mul(from: number, count: number, b: Float64Array, bo: number, out: Float64Array | Float32Array, oo: number, col = 0, width = this.n): void {
    const f = this.f64;
    const n = this.n;
    // Plain copies, not `set` of `subarray`s: two typed-array views a product were most of its JavaScript time and
    // garbage (journal, "parser speed", 2026-11-22). The same values (a float32 `out` rounds each as `set` does).
    const vecAt = this.vecAt;
    for (let j = 0; j < width; j++) f[vecAt + j] = b[bo + j];
    this.run((from * n + col) * this.entry, count, width, n, vecAt * 8, this.outAt * 8);
    const outAt = this.outAt;
    for (let m = 0; m < count; m++) out[oo + m] = f[outAt + m];
  }
}

/**
 * Float64 (and float32) arrays in one WebAssembly memory, for sums of rows (the neural scorer's input projections):
 * `add` is out[i] += src[i] over float64 arrays, `addWidened` the same from a float32 array, two entries per
 * instruction, each entry the same IEEE addition as JavaScript's. All arrays are made at once (`create`), since
 * growing the memory would detach their views; pages never written stay unmapped, as in a zero-filled typed array.
 */
export class RowArena {
  readonly arrays: Array<Float64Array | Float32Array>;
  private readonly offsets: number[];
  private readonly run: Exports['addrows'];
  private readonly runWide: Exports['addwide'];

  private constructor(api: Exports, sizes: number[], float32: ReadonlySet<number>) {
    const mem = api.mem;
    this.offsets = [];
    let bytes = 0;
    sizes.forEach((n, i) => {
      this.offsets.push(bytes);
      bytes += Math.ceil((n * (float32.has(i) ? 4 : 8)) / 16) * 16;
    });
    ensureBytes(mem, bytes);
    this.arrays = sizes.map((n, i) => (float32.has(i) ? new Float32Array(mem.buffer, this.offsets[i], n) : new Float64Array(mem.buffer, this.offsets[i], n)));
    this.run = api.addrows;
    this.runWide = api.addwide;
  }

  /**
   * Arrays of these lengths (float64 entries; float32 for the indices in `float32`), or undefined without
   * WebAssembly SIMD or memory for them.
   */
  static create(sizes: number[], float32: readonly number[] = []): RowArena | undefined {
    try {
      const api = MODULE.instantiate();
      return api ? new RowArena(api, sizes, new Set(float32)) : undefined;
    } catch {
      return undefined; // more than WebAssembly's 4 GB, or no memory to reserve
    }
  }

  /** arrays[out][oo …] += arrays[src][so …], `count` entries, both float64. */
  add(out: number, oo: number, src: number, so: number, count: number): void {
    this.run(this.offsets[out] + oo * 8, this.offsets[src] + so * 8, count);
  }

  /** arrays[out][oo …] += arrays[src][so …], `count` entries, out float64 and src float32. */
  addWidened(out: number, oo: number, src: number, so: number, count: number): void {
    this.runWide(this.offsets[out] + oo * 8, this.offsets[src] + so * 4, count);
  }
}
