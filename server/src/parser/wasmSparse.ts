/**
 * The bucketed perceptron tables' lookups (`SparseWeights.score` for the tagger's joined tables and the relation
 * labeller) in WebAssembly (journal, "parser speed", 2026-11-22). A lookup adds each found entry's 16-bit weight into
 * the integer sum of its class; in V8's JavaScript that scattered add into an Int32Array costs ~4–5 ns an entry on this
 * machine, in WebAssembly about half, and a tagger decision adds ~950 entries. The sums are integers (int32, wrapping
 * exactly as an Int32Array store does; a decision's sums are far below 2^31), so any implementation gives the same sums
 * and the same scores bit for bit. The steps are `SparseWeights.score`'s: touch every feature's bucket first (the loads
 * do not depend on each other), then scan each bucket's rows for the feature's row and add its entries. Here the touch
 * also reads the two cache lines after each bucket's start (`TOUCH_AHEAD`; journal, "parser speed", 2026-11-23), where
 * the row sought and its entries mostly lie (a found row is ~1.7 rows and ~6 entries into its bucket and holds ~25
 * entries for the tagger): the scan then rarely waits on memory (−7% of a parse's time, measured sentence by sentence
 * against touching the start alone; a third line bought nothing more).
 *
 * The table's two arrays move into the instance's memory (the JavaScript arrays become views of it: no second copy).
 * The module is assembled here from its opcodes, as `wasmMatVec.ts` does; without WebAssembly, or with
 * `PUNCTEME_NO_WASM=1`, `SparseWeights` keeps its JavaScript loop.
 */

import {
  BLOCK, br, brIf, countedLoop, END, ensureBytes, F32_FROM_F64, F64, F64_ADD, F64_CEIL, F64_EQ, F64_FLOOR, F64_FROM_F32, F64_FROM_I32, F64_FROM_U32, F64_LT, F64_MUL, F64_SUB,
  f64const, f64load, f64store, get, I32, i32, I32_ADD, I32_AND, I32_EQZ, I32_FROM_F64, I32_GE_S, I32_LT_U, I32_MUL, I32_NE, I32_SHL, I32_SHR_U, I32_SUB, I32_XOR, IF, leb, LOOP,
  MODULE_HEADER, name, section, set, tee, vec, WasmMemory, WasmModule,
} from './wasmAssembly';

const load = (offset = 0) => [0x28, 2, ...leb(offset)];
const store = (offset = 0) => [0x36, 2, ...leb(offset)];
const EXTEND16_S = [0xc1];

// score(feat, n, mask, remBits, remMask, buckets, packed, acc) → touched: byte offsets of the features (n uint32
// hashes), of the bucket starts, of the rows, of the int32 sums by class.
const [FEAT, N, MASK, REM_BITS, REM_MASK, BUCKETS, PACKED, ACC] = [0, 1, 2, 3, 4, 5, 6, 7];
const [K, H, R, E, END_AT, HEAD, COUNT, X, LAST, Q, TOUCHED, AT] = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19];
/** Byte address of int32 entry `index` (a local) of the array at byte offset `base` (a local). */
const entry = (base: number, index: number[]) => [...get(base), ...index, ...i32(2), ...I32_SHL, ...I32_ADD];
/** The feature's key bits: feat[k] & mask. */
const key = [...entry(FEAT, get(K)), ...load(), ...get(MASK), ...I32_AND];

/** Bytes past a bucket's start that the touch reads (the last of its lines); the memory holds them past the table. */
const TOUCH_AHEAD = 128;

const scoreBody = [
  ...vec([[12, I32]]),
  // Touch: touched ^= packed[start] ^ the words 64 and 128 bytes after it, start = buckets[key >>> remBits], for every
  // feature.
  ...i32(0), ...set(K),
  ...countedLoop(K, get(N), [
    ...get(TOUCHED),
    ...get(PACKED), ...get(BUCKETS), ...key, ...get(REM_BITS), ...I32_SHR_U, ...i32(2), ...I32_SHL, ...I32_ADD, ...load(), ...i32(2), ...I32_SHL, ...I32_ADD, ...tee(AT),
    ...load(), ...I32_XOR,
    ...get(AT), ...load(64), ...I32_XOR,
    ...get(AT), ...load(TOUCH_AHEAD), ...I32_XOR,
    ...set(TOUCHED),
  ]),
  // Scan: each feature's bucket, rows in key order, each a header (low key bits << 16 | entry count) and its entries.
  ...i32(0), ...set(K),
  ...countedLoop(K, get(N), [
    ...key, ...set(H),
    ...get(H), ...get(REM_MASK), ...I32_AND, ...set(R),
    ...get(BUCKETS), ...get(H), ...get(REM_BITS), ...I32_SHR_U, ...i32(2), ...I32_SHL, ...I32_ADD, ...tee(AT),
    ...load(), ...set(E),
    ...get(AT), ...load(4), ...set(END_AT),
    ...BLOCK, ...LOOP, // the bucket's rows
    ...get(E), ...get(END_AT), ...I32_GE_S, ...brIf(1),
    ...entry(PACKED, get(E)), ...load(), ...set(HEAD),
    ...get(HEAD), ...i32(0xffff), ...I32_AND, ...set(COUNT),
    // A row below the feature's: skip it and its entries.
    ...get(HEAD), ...i32(16), ...I32_SHR_U, ...get(R), ...I32_LT_U,
    ...IF, ...get(E), ...i32(1), ...I32_ADD, ...get(COUNT), ...I32_ADD, ...set(E), ...br(1), ...END,
    // Past it: the feature has no row.
    ...get(HEAD), ...i32(16), ...I32_SHR_U, ...get(R), ...I32_NE, ...brIf(1),
    // Its row: acc[class] += weight for each entry (class << 16 | weight as 16 bits).
    ...get(E), ...i32(1), ...I32_ADD, ...tee(X), ...get(COUNT), ...I32_ADD, ...set(LAST),
    ...countedLoop(X, get(LAST), [
      ...entry(PACKED, get(X)), ...load(), ...set(Q),
      ...get(ACC), ...get(Q), ...i32(16), ...I32_SHR_U, ...i32(2), ...I32_SHL, ...I32_ADD, ...tee(AT),
      ...get(AT), ...load(), ...get(Q), ...EXTEND16_S, ...I32_ADD, ...store(),
    ]),
    ...br(1),
    ...END, ...END,
  ]),
  ...get(TOUCHED),
  ...END,
];

// dense(feat, n, mask, perKey, perSlot, shift, rows, at, out, scale, classes) → touched: `SparseWeights.score` over
// the ordered table of few classes (`buildOrderedTable`), with the same float64 operations in the same order: a
// feature's home slot floor(key · perKey); slot p holds the row key ceil((p − shift) · perSlot) + tag − 1 (tag 0:
// empty); the row's weights q add fround(q · scale) to out[c] (f32.demote_f64 rounds to nearest, as Math.fround).
const [D_FEAT, D_N, D_MASK, D_PER_KEY, D_PER_SLOT, D_SHIFT, D_ROWS, D_AT, D_OUT, D_SCALE, D_C] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const [D_K, D_P, D_ROW, D_TAG, D_O, D_CC, D_TOUCHED, D_STRIDE, D_ADDR, D_KEY] = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20];
const load16s = [0x2e, 1, 0];
/** The feature's key bits: feat[k] & mask. */
const dKey = [...get(D_FEAT), ...get(D_K), ...i32(2), ...I32_SHL, ...I32_ADD, ...load(), ...get(D_MASK), ...I32_AND];
/** Byte address of slot p's first int16 (its tag): rows + p · stride. */
const slotAt = [...get(D_ROWS), ...get(D_P), ...get(D_STRIDE), ...I32_MUL, ...I32_ADD];

const denseBody = [
  ...vec([[9, I32], [1, F64]]),
  // stride = (classes + 1) · 2 bytes; out[c] = 0
  ...get(D_C), ...i32(1), ...I32_ADD, ...i32(1), ...I32_SHL, ...set(D_STRIDE),
  ...i32(0), ...set(D_CC),
  ...countedLoop(D_CC, get(D_C), [...get(D_OUT), ...get(D_CC), ...i32(3), ...I32_SHL, ...I32_ADD, ...f64const(0), ...f64store()]),
  // Touch: at[k] = p = floor(key · perKey); touched ^= rows[p · R]
  ...i32(0), ...set(D_K),
  ...countedLoop(D_K, get(D_N), [
    ...dKey, ...F64_FROM_U32, ...get(D_PER_KEY), ...F64_MUL, ...F64_FLOOR, ...I32_FROM_F64, ...set(D_P),
    ...get(D_AT), ...get(D_K), ...i32(2), ...I32_SHL, ...I32_ADD, ...get(D_P), ...store(),
    ...get(D_TOUCHED), ...slotAt, ...load16s, ...I32_XOR, ...set(D_TOUCHED),
  ]),
  // Scan each feature's slots from its home.
  ...i32(0), ...set(D_K),
  ...countedLoop(D_K, get(D_N), [
    ...dKey, ...set(D_ROW),
    ...get(D_AT), ...get(D_K), ...i32(2), ...I32_SHL, ...I32_ADD, ...load(), ...set(D_P),
    ...BLOCK, ...LOOP, // slots p, p + 1, … until an empty one or the row
    ...slotAt, ...tee(D_ADDR), ...load16s, ...tee(D_TAG), ...I32_EQZ, ...brIf(1),
    // key = (ceil((p − shift) · perSlot) + tag) − 1, exact integers in float64 as in JavaScript
    ...get(D_P), ...get(D_SHIFT), ...I32_SUB, ...F64_FROM_I32, ...get(D_PER_SLOT), ...F64_MUL, ...F64_CEIL,
    ...get(D_TAG), ...F64_FROM_I32, ...F64_ADD, ...f64const(1), ...F64_SUB, ...set(D_KEY),
    ...get(D_KEY), ...get(D_ROW), ...F64_FROM_I32, ...F64_LT,
    ...IF, ...get(D_P), ...i32(1), ...I32_ADD, ...set(D_P), ...br(1), ...END,
    ...get(D_KEY), ...get(D_ROW), ...F64_FROM_I32, ...F64_EQ,
    ...IF,
    // out[c] += fround(q · scale) for each class, q = the slot's int16 weights after its tag
    ...i32(0), ...set(D_CC),
    ...countedLoop(D_CC, get(D_C), [
      ...get(D_OUT), ...get(D_CC), ...i32(3), ...I32_SHL, ...I32_ADD, ...tee(D_O),
      ...get(D_O), ...f64load(),
      ...get(D_ADDR), ...get(D_CC), ...i32(1), ...I32_ADD, ...i32(1), ...I32_SHL, ...I32_ADD, ...load16s, ...F64_FROM_I32,
      ...get(D_SCALE), ...F64_MUL, ...F32_FROM_F64, ...F64_FROM_F32,
      ...F64_ADD, ...f64store(),
    ]),
    ...END,
    ...br(1),
    ...END, ...END,
  ]),
  ...get(D_TOUCHED),
  ...END,
];

const MODULE_BYTES = Uint8Array.from([
  ...MODULE_HEADER,
  ...section(
    1,
    vec([
      [0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [I32], [I32], [I32]]), ...vec([[I32]])],
      [0x60, ...vec([[I32], [I32], [I32], [F64], [F64], [I32], [I32], [I32], [I32], [F64], [I32]]), ...vec([[I32]])],
    ]),
  ),
  ...section(3, vec([[0], [1]])),
  ...section(5, vec([[0x00, 1]])),
  ...section(7, vec([[...name('mem'), 0x02, 0], [...name('score'), 0x00, 0], [...name('dense'), 0x00, 1]])),
  ...section(10, vec([[...leb(scoreBody.length), ...scoreBody], [...leb(denseBody.length), ...denseBody]])),
]);

interface Exports {
  mem: WasmMemory;
  score: (feat: number, n: number, mask: number, remBits: number, remMask: number, buckets: number, packed: number, acc: number) => number;
  dense: (feat: number, n: number, mask: number, perKey: number, perSlot: number, shift: number, rows: number, at: number, out: number, scale: number, classes: number) => number;
}

const MODULE = new WasmModule<Exports>(MODULE_BYTES);

/** Features a call takes (more go through JavaScript); their sums stay far below 2^31 (|weight| < 2^15). */
export const WASM_MAX_FEATURES = 4096;
/** Sums by class (classes are 8-bit). */
const MAX_CLASSES = 256;

/** A bucketed table in WebAssembly memory, and its lookups. */
export class WasmBucketTable {
  /** The table's arrays, now views of the instance's memory. */
  readonly buckets: Uint32Array;
  readonly packed: Int32Array;
  private readonly feat: Uint32Array;
  private readonly acc: Int32Array;
  private readonly run: Exports['score'];
  private readonly featAt: number;
  private readonly accAt: number;
  private readonly bucketsAt: number;
  private readonly packedAt: number;

  private constructor(api: Exports, buckets: Uint32Array, packed: Int32Array) {
    const mem = api.mem;
    this.featAt = 0;
    this.accAt = WASM_MAX_FEATURES * 4;
    this.bucketsAt = this.accAt + MAX_CLASSES * 4;
    this.packedAt = this.bucketsAt + buckets.length * 4;
    const bytes = this.packedAt + packed.length * 4 + TOUCH_AHEAD + 4;
    ensureBytes(mem, bytes);
    const buffer = mem.buffer;
    this.feat = new Uint32Array(buffer, this.featAt, WASM_MAX_FEATURES);
    this.acc = new Int32Array(buffer, this.accAt, MAX_CLASSES);
    this.buckets = new Uint32Array(buffer, this.bucketsAt, buckets.length);
    this.buckets.set(buckets);
    this.packed = new Int32Array(buffer, this.packedAt, packed.length);
    this.packed.set(packed);
    this.run = api.score;
  }

  /** The table moved into WebAssembly memory, or undefined without WebAssembly (or memory for it). */
  static create(buckets: Uint32Array, packed: Int32Array): WasmBucketTable | undefined {
    try {
      const api = MODULE.instantiate();
      return api ? new WasmBucketTable(api, buckets, packed) : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * out[c] = the integer sum of class c over the rows of the n ≤ WASM_MAX_FEATURES features in `buf` (key bits
   * `mask`), times `scale`, for c < nClasses: what `SparseWeights.score` computes. Returns the touched loads' I32_XOR.
   */
  score(buf: Uint32Array, n: number, mask: number, remBits: number, remMask: number, nClasses: number, scale: number, out: Float64Array): number {
    const feat = this.feat;
    for (let k = 0; k < n; k++) feat[k] = buf[k];
    const touched = this.run(this.featAt, n, mask, remBits, remMask, this.bucketsAt, this.packedAt, this.accAt);
    const acc = this.acc;
    for (let c = 0; c < nClasses; c++) {
      // As `SparseWeights.score`: 0 + the integer sum, then the scale.
      out[c] = (0 + acc[c]) * scale;
      acc[c] = 0;
    }
    return touched;
  }
}

/** An ordered table of few classes (`buildOrderedTable`) in WebAssembly memory, and its lookups. */
export class WasmDenseTable {
  /** The table's slots, now a view of the instance's memory. */
  readonly rows: Int16Array;
  private readonly feat: Uint32Array;
  private readonly out: Float64Array;
  private readonly run: Exports['dense'];
  private readonly featAt: number;
  private readonly atAt: number;
  private readonly outAt: number;
  private readonly rowsAt: number;

  private constructor(api: Exports, rows: Int16Array) {
    const mem = api.mem;
    this.featAt = 0;
    this.atAt = WASM_MAX_FEATURES * 4;
    this.outAt = 2 * WASM_MAX_FEATURES * 4;
    this.rowsAt = this.outAt + MAX_CLASSES * 8;
    const bytes = this.rowsAt + rows.length * 2;
    ensureBytes(mem, bytes);
    const buffer = mem.buffer;
    this.feat = new Uint32Array(buffer, this.featAt, WASM_MAX_FEATURES);
    this.out = new Float64Array(buffer, this.outAt, MAX_CLASSES);
    this.rows = new Int16Array(buffer, this.rowsAt, rows.length);
    this.rows.set(rows);
    this.run = api.dense;
  }

  /** The table moved into WebAssembly memory, or undefined without WebAssembly (or memory for it). */
  static create(rows: Int16Array): WasmDenseTable | undefined {
    try {
      const api = MODULE.instantiate();
      return api ? new WasmDenseTable(api, rows) : undefined;
    } catch {
      return undefined;
    }
  }

  /** `SparseWeights.score` over the ordered table for n ≤ WASM_MAX_FEATURES features; returns the touched I32_XOR. */
  score(buf: Uint32Array, n: number, mask: number, perKey: number, perSlot: number, shift: number, nClasses: number, scale: number, out: Float64Array): number {
    const feat = this.feat;
    for (let k = 0; k < n; k++) feat[k] = buf[k];
    const touched = this.run(this.featAt, n, mask, perKey, perSlot, shift, this.rowsAt, this.atAt, this.outAt, scale, nClasses);
    const sums = this.out;
    for (let c = 0; c < nClasses; c++) out[c] = sums[c];
    return touched;
  }
}
