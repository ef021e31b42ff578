/**
 * Linear multiclass scorers over hashed features in the compact sparse form we ship and run (training's averaged
 * perceptron, `training/parser/averagedPerceptron.ts`, turns into it).
 */
import { WasmBucketTable, WasmDenseTable, WASM_MAX_FEATURES } from './wasmSparse';
import { FeatureBuffer } from './hash';

/** A scorer's rows as stored: ascending keys, row i's entries at [offsets[i], offsets[i+1]) of classes / values. */
export interface Sorted {
  keys: Uint32Array;
  offsets: Uint32Array;
  classes: Uint8Array;
  values: Int16Array;
}

export interface Scorer {
  readonly nClasses: number;
  /** Adds the score of every class into `out` (which it first zeroes). */
  score(f: FeatureBuffer, out: Float64Array): void;
}

/** The ordered table of a scorer of few classes (see `SparseWeights`), as built and as a model file may store it. */
/**
 * The bucketed layout of a scorer of many classes exactly as laid out in memory (`SparseWeights.bucketedTable`), as
 * a model file may store it (the tagger's joined tables, `jointWeights.ts`, model file version 4).
 */
export interface BucketedTable {
  buckets: Uint32Array;
  packed: Int32Array;
  remBits: number;
  rows: number;
  entries: number;
}

export interface OrderedTable {
  /** Slot p is rows[p · (nClasses + 1) …] = [tag, weight of each class]. */
  rows: Int16Array;
  homeSlots: number;
  maxShift: number;
  /** Nonzero weights in the table. */
  entries: number;
}

/** Scorers with at most this many classes keep their weights inline in the lookup table. */
const DENSE_MAX = 4;

/**
 * Shipped weights: for each used row (sorted `keys`), its nonzero classes and int16 weights. A parse is dominated by
 * one lookup per feature, so the layout is built for lookups, and for size: the language server keeps it for as long
 * as an editor is open.
 *
 * Few classes (the transition scorer, 150 lookups a decision): an ordered open-addressing table at load 0.7. A row's
 * home slot is monotone in its key (⌊key · slots / 2^bits⌋) and rows are placed in key order, each at its home or
 * just after the previous row, so the table is sorted and a row lies within `maxShift` slots after its home. A slot
 * is one int16 record: a tag that gives the key back from the slot's position (key − base(slot) + 1; 0 = empty), then
 * all `nClasses` weights (absent ones 0, scored as fround(q · scale), exactly the float32 the model was trained
 * with). A lookup scans from the home slot until it meets its key, a larger one or an empty slot: one memory access,
 * as in the hashed table this replaces (12-byte slots at load 0.64), in 8-byte slots.
 *
 * Many classes (taggers, labellers): rows grouped in buckets by their top bits (about four rows a bucket) in key
 * order, in one Int32Array: each row is a header (its low key bits << 16 | its number of entries) followed by its
 * entries (class << 16 | uint16 weight), and `buckets` holds where each bucket starts. A lookup reads two cache
 * lines, the bucket's start and the bucket's rows (journal, "speed", 2026-11-21; the layout before kept the row headers
 * in an array of their own, a third line per lookup, and the one before that five separate arrays).
 *
 * Parser e12's lookup tables took 52 MB in the layout this replaces, 27.5 MB in this one, with the same scores bit for
 * bit (the same sums in the same order). `keys`, `offsets`, `classes` and `values` are rebuilt from the layout when
 * training or writing asks for them, so the loaded file's buffer can be freed. The layout itself is built on first
 * use or by `prepare()`, so that a scorer that is only read into another table (the tagger's, `jointWeights.ts`)
 * never builds one.
 *
 * Sums are exact whatever their order: a sparse row adds integers; a dense row adds float32 values
 * fround(q · scale), |q| ≤ 32767, which are all multiples of the smallest one's last bit, so a float64 sum of fewer
 * than 2^14 of them has no rounding. Scores may therefore be split, cached or joined without changing a decision.
 */
export class SparseWeights implements Scorer {
  private readonly mask: number;
  /**
   * The sorted arrays given to the constructor, until the layout is built from them (`prepare`, or the first score):
   * a scorer that is only read (`JointWeights.join`) never builds one. The lookup fields below belong to the built
   * layout.
   */
  private source?: Sorted;
  /** Dense layout (nClasses ≤ DENSE_MAX): slot p is denseRows[p · (nClasses + 1) …] = [tag, weight of each class]. */
  private denseRows?: Int16Array;
  private homeSlots: number = 0;
  private maxShift: number = 0;
  /**
   * Bucketed layout: bucket b is packed[buckets[b] … buckets[b+1] − 1], its rows in key order, each a header
   * (key's low `remBits` bits << 16 | number of entries) and then its entries (class << 16 | uint16 weight).
   */
  private remBits: number = 0;
  private remMask: number = 0;
  private buckets?: Uint32Array;
  private packed?: Int32Array;
  private rowCount = 0;
  readonly entries: number;

  constructor(
    readonly nClasses: number,
    readonly bits: number,
    readonly scale: number,
    keys: Uint32Array,
    offsets: Uint32Array,
    classes: Uint8Array,
    values: Int16Array,
  ) {
    if (!(bits >= 0 && bits <= 31)) throw new Error(`parser weights: ${bits}-bit rows are not supported`);
    this.mask = 2 ** bits - 1;
    const n = keys.length;
    for (let i = 1; i < n; i++) if (keys[i] <= keys[i - 1]) throw new Error('parser weights: row keys must be strictly ascending');
    if (n && keys[n - 1] > this.mask) throw new Error(`parser weights: row key ${keys[n - 1]} does not fit in ${bits} bits`);
    // Dense rows cannot hold an explicit zero weight, so such entries (none in files we write) are not counted.
    let entries = values.length;
    if (nClasses <= DENSE_MAX) for (let e = 0; e < values.length; e++) if (values[e] === 0) entries--;
    this.entries = entries;
    this.source = { keys, offsets, classes, values };
  }

  /**
   * A scorer of few classes from its ordered table exactly as `orderedTable` gave it (a model file that stores the
   * table as laid out in memory, `modelFile.ts`): nothing is built at load. The table's shape is checked, its rows
   * are trusted (they were written from a table this class built).
   */
  static fromOrderedTable(nClasses: number, bits: number, scale: number, t: OrderedTable): SparseWeights {
    if (nClasses > DENSE_MAX) throw new Error(`parser weights: an ordered table holds at most ${DENSE_MAX} classes, not ${nClasses}`);
    if (t.rows.length % (nClasses + 1) !== 0 || t.rows.length < (t.homeSlots + 1) * (nClasses + 1) || !(t.homeSlots >= 1) || !(t.maxShift >= 0))
      throw new Error('parser weights: malformed ordered table');
    const w = new SparseWeights(nClasses, bits, scale, new Uint32Array(0), new Uint32Array(1), new Uint8Array(0), new Int16Array(0));
    w.source = undefined;
    w.denseRows = t.rows;
    w.homeSlots = t.homeSlots;
    w.maxShift = t.maxShift;
    (w as { entries: number }).entries = t.entries;
    return w;
  }

  /**
   * A scorer of many classes from its bucketed layout exactly as `bucketedTable` gave it (load time; journal, "the
   * combination made shippable"): nothing is built at load. Its shape is checked, its rows are trusted (written from a
   * layout this class built).
   */
  static fromBucketedTable(nClasses: number, bits: number, scale: number, t: BucketedTable): SparseWeights {
    if (nClasses <= DENSE_MAX) throw new Error(`parser weights: a bucketed table holds more than ${DENSE_MAX} classes, not ${nClasses}`);
    const nb = t.buckets.length - 1;
    if (!(t.remBits >= 0 && t.remBits <= 16 && t.remBits <= bits) || nb !== 2 ** (bits - t.remBits) || t.packed.length !== t.buckets[nb] + 1 || t.buckets[nb] !== t.rows + t.entries)
      throw new Error('parser weights: malformed bucketed table');
    const w = new SparseWeights(nClasses, bits, scale, new Uint32Array(0), new Uint32Array(1), new Uint8Array(0), new Int16Array(0));
    w.source = undefined;
    w.remBits = t.remBits;
    w.remMask = 2 ** t.remBits - 1;
    w.buckets = t.buckets;
    w.packed = t.packed;
    w.rowCount = t.rows;
    (w as { entries: number }).entries = t.entries;
    return w;
  }

  /** The built bucketed layout (many classes), as a model file may store it; undefined for the ordered table. */
  get bucketedTable(): BucketedTable | undefined {
    this.prepare();
    return this.packed ? { buckets: this.buckets!, packed: this.packed, remBits: this.remBits, rows: this.rowCount, entries: this.entries } : undefined;
  }

  /** The built ordered table (few classes), as a model file may store it; undefined for the bucketed layout. */
  get orderedTable(): OrderedTable | undefined {
    this.prepare();
    return this.denseRows ? { rows: this.denseRows, homeSlots: this.homeSlots, maxShift: this.maxShift, entries: this.entries } : undefined;
  }

  /** Builds the lookup layout now (a loaded parser does this at load, not in its first sentence). */
  prepare(): void {
    const src = this.source;
    if (!src) return;
    this.source = undefined;
    const { keys, offsets, classes, values } = src;
    const nClasses = this.nClasses;
    const bits = this.bits;
    const n = keys.length;
    if (nClasses <= DENSE_MAX) {
      [this.denseRows, this.homeSlots, this.maxShift] = buildOrderedTable(keys, offsets, classes, values, nClasses, bits);
      return;
    }
    // About four rows a bucket: a lookup scans a few rows, and the bucket index costs a byte a row. A header holds
    // 16 key bits and a count below 2^16 (classes are 8-bit).
    let bucketBits = Math.min(bits, Math.max(0, Math.round(Math.log2(Math.max(1, n / 4)))));
    bucketBits = Math.max(bucketBits, bits - 16);
    this.remBits = bits - bucketBits;
    this.remMask = 2 ** this.remBits - 1;
    this.rowCount = n;
    const nb = 2 ** bucketBits;
    const buckets = (this.buckets = new Uint32Array(nb + 1));
    for (let i = 0; i < n; i++) buckets[(keys[i] >>> this.remBits) + 1] += 1 + offsets[i + 1] - offsets[i];
    for (let b = 0; b < nb; b++) buckets[b + 1] += buckets[b];
    // One spare slot at the end, so that `locate` may touch the start of an empty last bucket.
    const packed = (this.packed = new Int32Array(n + offsets[n] + 1));
    for (let i = 0, w = 0; i < n; i++) {
      packed[w++] = (keys[i] & this.remMask) * 65536 + (offsets[i + 1] - offsets[i]);
      for (let e = offsets[i]; e < offsets[i + 1]; e++) packed[w++] = (classes[e] << 16) | (values[e] & 0xffff);
    }
  }

  /**
   * Reads, for every feature of `f`, the memory its lookup will need first (the home slot; the bucket with its first
   * row and entry), and keeps those positions for `score`. The loads do not depend on each other and there is no
   * branch, so the memory system fetches them all at once instead of one miss after another (the tables are far
   * larger than the cache). (Touching a whole sentence's tagger features, or the second tagger scorer's, ahead of
   * time was measured and bought nothing more.) `score` has built the layout before it calls this.
   */
  private locate(f: FeatureBuffer): Int32Array {
    const n = f.n;
    const at = this.scratch(n);
    const mask = this.mask;
    let touched = 0;
    if (this.denseRows) {
      const rows = this.denseRows;
      const R = this.nClasses + 1;
      const perKey = this.homeSlots / (mask + 1);
      for (let k = 0; k < n; k++) {
        const p = Math.floor((f.buf[k] & mask) * perKey);
        at[k] = p;
        touched ^= rows[p * R];
      }
    } else {
      const buckets = this.buckets!;
      const packed = this.packed!;
      const remBits = this.remBits;
      for (let k = 0; k < n; k++) {
        const b = (f.buf[k] & mask) >>> remBits;
        at[k] = b;
        touched ^= packed[buckets[b]];
      }
    }
    this.touched = touched;
    return at;
  }

  score(f: FeatureBuffer, out: Float64Array): void {
    const C = this.nClasses;
    if (this.source) this.prepare();
    // The lookups in WebAssembly where it can (`wasmSparse.ts`: the same sums, in the same order, faster).
    if (f.n <= WASM_MAX_FEATURES) {
      if (this.wasmTable === undefined) this.moveToWasm();
      const wt = this.wasmTable;
      if (wt instanceof WasmBucketTable) {
        this.touched = wt.score(f.buf, f.n, this.mask, this.remBits, this.remMask, C, this.scale, out);
        return;
      }
      if (wt) {
        const perKey = this.homeSlots / (this.mask + 1);
        const perSlot = (this.mask + 1) / this.homeSlots;
        this.touched = wt.score(f.buf, f.n, this.mask, perKey, perSlot, this.maxShift, C, this.scale, out);
        return;
      }
    }
    out.fill(0, 0, C);
    const at = this.locate(f);
    const n = f.n;
    const mask = this.mask;
    if (this.denseRows) {
      const rows = this.denseRows;
      const R = C + 1;
      const scale = this.scale;
      const perSlot = (mask + 1) / this.homeSlots;
      const shift = this.maxShift;
      for (let k = 0; k < n; k++) {
        const row = f.buf[k] & mask;
        for (let p = at[k]; ; p++) {
          const tag = rows[p * R];
          if (tag === 0) break;
          const key = Math.ceil((p - shift) * perSlot) + tag - 1;
          if (key < row) continue;
          if (key === row) for (let c = 0, o = p * R + 1; c < C; c++) out[c] += Math.fround(rows[o + c] * scale);
          break;
        }
      }
      return;
    }
    const buckets = this.buckets!;
    const packed = this.packed!;
    const remMask = this.remMask;
    // Integer sums in an Int32Array (cheaper than adding to doubles), moved to `out` (exact in float64) and scaled
    // once at the end; in chunks of 2^16 features, so that no int32 sum can overflow (|q| < 2^15).
    const acc = this.sums;
    for (let k0 = 0; k0 < n; k0 += 65536) {
      for (let k = k0, kEnd = Math.min(n, k0 + 65536); k < kEnd; k++) {
        const r = f.buf[k] & mask & remMask;
        const b = at[k];
        for (let e = buckets[b], end = buckets[b + 1]; e < end; ) {
          const h = packed[e];
          const rx = h >>> 16;
          const count = h & 0xffff;
          if (rx < r) {
            e += 1 + count;
            continue;
          }
          if (rx === r)
            for (let x = e + 1, last = e + 1 + count; x < last; x++) {
              const p = packed[x];
              acc[p >>> 16] += (p << 16) >> 16;
            }
          break;
        }
      }
      for (let c = 0; c < C; c++) {
        out[c] += acc[c];
        acc[c] = 0;
      }
    }
    for (let c = 0; c < C; c++) out[c] *= this.scale;
  }

  /**
   * The layout in WebAssembly memory (`wasmSparse.ts`), made at the first score: `buckets` and `packed`, or
   * `denseRows`, become views of it. Null where WebAssembly is unavailable (the JavaScript loops below score).
   */
  private wasmTable: WasmBucketTable | WasmDenseTable | null | undefined = undefined;

  /**
   * Gives the layout memory of its own, at load: WebAssembly memory where it can (`wasmSparse.ts`; the tables are then
   * never copied twice, and no freed copy is left behind in the process's heap), else copies of the arrays it was
   * given, which may be views of a model file's buffer (`modelFile.ts`).
   */
  ownLayout(): void {
    this.prepare();
    if (this.wasmTable === undefined) this.moveToWasm();
    if (this.wasmTable) return;
    if (this.denseRows) this.denseRows = this.denseRows.slice();
    if (this.buckets) this.buckets = this.buckets.slice();
    if (this.packed) this.packed = this.packed.slice();
  }

  private moveToWasm(): void {
    if (this.denseRows) {
      const t = WasmDenseTable.create(this.denseRows);
      this.wasmTable = t ?? null;
      if (t) this.denseRows = t.rows;
      return;
    }
    const t = WasmBucketTable.create(this.buckets!, this.packed!);
    this.wasmTable = t ?? null;
    if (t) {
      this.buckets = t.buckets;
      this.packed = t.packed;
    }
  }

  /** Integer sums of `score` (bucketed layout; classes are 8-bit), all zero between calls. */
  private readonly sums = new Int32Array(256);

  /** Per-feature positions from `locate` to the scans of `score`. */
  private homes = new Int32Array(256);
  /** The XOR of what `locate` touched, kept so that the compiler keeps those loads. */
  touched = 0;

  private scratch(n: number): Int32Array {
    if (this.homes.length < n) this.homes = new Int32Array(Math.max(n, 2 * this.homes.length));
    return this.homes;
  }

  /** The used rows' keys, ascending (rebuilt from the layout). */
  get keys(): Uint32Array {
    return this.sorted().keys;
  }

  /** Row i's entries are [offsets[i], offsets[i+1]) of `classes` / `values`. */
  get offsets(): Uint32Array {
    return this.sorted().offsets;
  }

  get classes(): Uint8Array {
    return this.sorted().classes;
  }

  get values(): Int16Array {
    return this.sorted().values;
  }

  /** Bytes of the lookup layout (for benchmarks and tests of its size). */
  get layoutBytes(): number {
    this.prepare();
    const arrays = [this.denseRows, this.buckets, this.packed];
    return arrays.reduce((b, a) => b + (a?.byteLength ?? 0), 0);
  }

  /**
   * The sorted arrays the layout was built from, exactly (rows ascending, classes ascending within a row). Rebuilt
   * on first use and then kept: only training and writing ask, and they read all four arrays.
   */
  private sortedArrays?: Sorted;
  private sorted(): Sorted {
    return this.source ?? (this.sortedArrays ??= this.rebuildSorted());
  }

  private rebuildSorted(): { keys: Uint32Array; offsets: Uint32Array; classes: Uint8Array; values: Int16Array } {
    if (this.denseRows) return this.rebuildSortedDense(this.denseRows);
    const buckets = this.buckets!;
    const packed = this.packed!;
    const n = this.rowCount;
    const keys = new Uint32Array(n);
    const offsets = new Uint32Array(n + 1);
    const classes = new Uint8Array(this.entries);
    const values = new Int16Array(this.entries);
    for (let b = 0, i = 0, e = 0; b + 1 < buckets.length; b++)
      for (let x = buckets[b]; x < buckets[b + 1]; i++) {
        const count = packed[x] & 0xffff;
        keys[i] = b * 2 ** this.remBits + (packed[x++] >>> 16);
        for (const last = x + count; x < last; x++, e++) {
          classes[e] = packed[x] >>> 16;
          values[e] = (packed[x] << 16) >> 16;
        }
        offsets[i + 1] = e;
      }
    return { keys, offsets, classes, values };
  }

  private rebuildSortedDense(rows: Int16Array): { keys: Uint32Array; offsets: Uint32Array; classes: Uint8Array; values: Int16Array } {
    const C = this.nClasses;
    const R = C + 1;
    const perSlot = (this.mask + 1) / this.homeSlots;
    const keys: number[] = [];
    const offsets: number[] = [0];
    const classes = new Uint8Array(this.entries);
    const values = new Int16Array(this.entries);
    let e = 0;
    for (let p = 0; p * R < rows.length; p++) {
      if (rows[p * R] === 0) continue;
      keys.push(slotBase(p, this.maxShift, perSlot) + rows[p * R] - 1);
      for (let c = 0; c < C; c++) {
        const q = rows[p * R + 1 + c];
        if (q !== 0) ((classes[e] = c), (values[e++] = q));
      }
      offsets.push(e);
    }
    return { keys: Uint32Array.from(keys), offsets: Uint32Array.from(offsets), classes, values };
  }

  /** A copy without the entries whose weight is below `minAbs` (to trade accuracy for size after training). */
  pruned(minAbs: number): SparseWeights {
    const rows = selectEntries(this.sorted(), (c, v) => (Math.abs(v * this.scale) < minAbs ? -1 : c));
    return new SparseWeights(this.nClasses, this.bits, this.scale, rows.keys, rows.offsets, rows.classes, rows.values);
  }
}

/**
 * The rows of `src` with each entry's class mapped by `classOf` (−1 drops the entry) and the rows left empty dropped:
 * what pruning a scorer and taking one part of a joined table (`jointWeights.ts`) both do.
 */
export function selectEntries(src: Sorted, classOf: (c: number, v: number) => number): Sorted {
  const keys: number[] = [];
  const offsets: number[] = [0];
  const classes: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < src.keys.length; i++) {
    for (let e = src.offsets[i]; e < src.offsets[i + 1]; e++) {
      const c = classOf(src.classes[e], src.values[e]);
      if (c < 0) continue;
      classes.push(c);
      values.push(src.values[e]);
    }
    if (classes.length > offsets[offsets.length - 1]) {
      keys.push(src.keys[i]);
      offsets.push(classes.length);
    }
  }
  return { keys: Uint32Array.from(keys), offsets: Uint32Array.from(offsets), classes: Uint8Array.from(classes), values: Int16Array.from(values) };
}

/** Index of the best-scoring class among those `allowed` (all when omitted); ties go to the lowest index. */
export function argmax(scores: Float64Array, n: number, allowed?: (c: number) => boolean): number {
  let best = -1;
  for (let c = 0; c < n; c++) {
    if (allowed && !allowed(c)) continue;
    if (best < 0 || scores[c] > scores[best]) best = c;
  }
  return best;
}

/**
 * Load of the ordered table. Parser e12's transition scorer, scoring the features of 600 EWT dev sentences: at 0.7
 * (15.3 MB) as fast as the hashed table it replaces (25 MB), at 0.8 about 20% slower, at 0.85 30% (longer scans).
 */
const ORDERED_LOAD = 0.7;
/** Tags are int16; 0 marks an empty slot. */
const MAX_TAG = 32767;

/**
 * A key's home slot, ⌊key · slots / 2^bits⌋ (as a product by the precomputed ratio: monotone in the key, which is
 * all the table needs), and the smallest key that may sit in slot p: a key's home is at most `shift` slots before it,
 * so k ≥ (p − shift) · 2^bits / slots. Build and lookup use these same expressions (`score` inlines them), so a tag
 * gives its key back exactly whatever the rounding; the build checks that every tag fits.
 */
function homeSlot(key: number, perKey: number): number {
  return Math.floor(key * perKey);
}

function slotBase(p: number, shift: number, perSlot: number): number {
  return Math.ceil((p - shift) * perSlot);
}

/** Builds the ordered table of a dense scorer: [table, home slots, largest shift of a row from its home]. */
function buildOrderedTable(
  keys: Uint32Array, offsets: Uint32Array, classes: Uint8Array, values: Int16Array, C: number, bits: number,
): [Int16Array, number, number] {
  const n = keys.length;
  for (let load = ORDERED_LOAD; ; load /= 2) {
    const slots = Math.max(1, Math.ceil(n / load));
    const perKey = slots / 2 ** bits;
    const perSlot = 2 ** bits / slots;
    // Two passes, each placing row i at max(home, previous + 1): the first finds the largest shift (which every tag
    // depends on), the second writes the rows. (Load time, journal, "load time and neural speed": one pass fewer and no
    // array of positions than before, ~40% less time for the transition table; the same table.)
    let shift = 0;
    let next = 0;
    for (let i = 0; i < n; i++) {
      const home = homeSlot(keys[i], perKey);
      const at = home > next ? home : next;
      if (at - home > shift) shift = at - home;
      next = at + 1;
    }
    // Every home slot, and one empty slot after the last row, so that every scan ends inside the table.
    const R = C + 1;
    const rows = new Int16Array((Math.max(slots, next) + 1) * R);
    let fits = true;
    next = 0;
    for (let i = 0; i < n; i++) {
      const home = homeSlot(keys[i], perKey);
      const at = home > next ? home : next;
      next = at + 1;
      const tag = keys[i] - slotBase(at, shift, perSlot) + 1;
      if (!(tag >= 1 && tag <= MAX_TAG)) {
        fits = false; // rows crowd far from their homes (not seen in real models): a sparser table
        break;
      }
      const o = at * R;
      rows[o] = tag;
      for (let e = offsets[i]; e < offsets[i + 1]; e++) rows[o + 1 + classes[e]] = values[e];
    }
    if (fits) return [rows, slots, shift];
  }
}
