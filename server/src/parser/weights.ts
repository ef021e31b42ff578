/**
 * Linear multiclass scorers over hashed features: the averaged perceptron used in training (dense typed arrays,
 * Collins 2002 averaging with the "w − u/t" trick) and the compact sparse form we ship and run.
 */
import { FeatureBuffer } from './hash';

export interface Scorer {
  readonly nClasses: number;
  /** Adds the score of every class into `out` (which it first zeroes). */
  score(f: FeatureBuffer, out: Float64Array): void;
}

/** Scorers with at most this many classes keep their weights inline in the lookup table. */
const DENSE_MAX = 4;

export class AveragedPerceptron implements Scorer {
  readonly W: Float32Array;
  /** Σ t·Δw, so that the average of w over all ticks is w − U/t. */
  readonly U: Float32Array;
  readonly mask: number;
  t = 1;

  constructor(
    readonly nClasses: number,
    readonly bits: number,
  ) {
    this.mask = (1 << bits) - 1;
    this.W = new Float32Array((1 << bits) * nClasses);
    this.U = new Float32Array((1 << bits) * nClasses);
  }

  score(f: FeatureBuffer, out: Float64Array): void {
    const C = this.nClasses;
    out.fill(0, 0, C);
    for (let k = 0; k < f.n; k++) {
      const r = (f.buf[k] & this.mask) * C;
      for (let c = 0; c < C; c++) out[c] += this.W[r + c];
    }
  }

  /** Perceptron update: towards `truth`, away from `guess`. */
  update(f: FeatureBuffer, truth: number, guess: number): void {
    if (truth === guess) return;
    const C = this.nClasses;
    const t = this.t;
    for (let k = 0; k < f.n; k++) {
      const r = (f.buf[k] & this.mask) * C;
      this.W[r + truth] += 1;
      this.U[r + truth] += t;
      this.W[r + guess] -= 1;
      this.U[r + guess] -= t;
    }
  }

  tick(): void {
    this.t++;
  }

  /** The averaged weights, quantised and pruned: entries with |w| below `minAbs` are dropped. */
  toSparse(minAbs: number): SparseWeights {
    const C = this.nClasses;
    const rows = 1 << this.bits;
    const avg = (i: number) => this.W[i] - this.U[i] / this.t;
    let maxAbs = 0;
    for (let i = 0; i < this.W.length; i++) maxAbs = Math.max(maxAbs, Math.abs(avg(i)));
    const scale = maxAbs > 0 ? maxAbs / 32767 : 1;
    const keys: number[] = [];
    const offsets: number[] = [0];
    const classes: number[] = [];
    const values: number[] = [];
    for (let r = 0; r < rows; r++) {
      let any = false;
      for (let c = 0; c < C; c++) {
        const w = avg(r * C + c);
        if (Math.abs(w) < minAbs) continue;
        const q = Math.round(w / scale);
        if (q === 0) continue;
        classes.push(c);
        values.push(q);
        any = true;
      }
      if (any) {
        keys.push(r);
        offsets.push(classes.length);
      }
    }
    return new SparseWeights(
      C,
      this.bits,
      scale,
      Uint32Array.from(keys),
      Uint32Array.from(offsets),
      Uint8Array.from(classes),
      Int16Array.from(values),
    );
  }
}

/**
 * Shipped weights: for each used row (sorted `keys`), its nonzero classes and int16 weights. At load time they are
 * laid out for lookup speed, since a parse is dominated by one random memory access per feature: an open-addressing
 * table whose slot holds the row key and its weights side by side (few classes: the transition scorer), or the key
 * and the bounds of its packed (class, weight) entries (many classes: tagger, labeller).
 *
 * Only the table is kept: it holds everything the sorted arrays did (weights stay int16; a dense slot's weight is
 * scored as fround(q · scale), exactly the float32 the table used to store), so `keys`, `offsets`, `classes` and
 * `values` are rebuilt from it when training or writing asks for them. The loaded file can then be freed: the
 * parser keeps 40 MB instead of 74 MB.
 */
export class SparseWeights implements Scorer {
  private readonly tableMask: number;
  private readonly shift: number;
  private readonly mask: number;
  /** Dense layout (nClasses ≤ DENSE_MAX): slot s = [key+1 (int32), q_0 … q_{C−1} (int16)], `stride` int32s. */
  private readonly denseKeys?: Int32Array;
  private readonly denseWeights?: Int16Array;
  private readonly stride: number;
  /** Sparse layout: slot s = [key+1, first entry, end entry]; entries packed as class << 16 | uint16 weight. */
  private readonly slots?: Int32Array;
  private readonly packed?: Int32Array;
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
    this.mask = (1 << bits) - 1;
    // Dense slots cannot hold an explicit zero weight, so such entries (none in files we write) are not counted.
    this.entries = nClasses <= DENSE_MAX ? values.reduce((n, q) => n + (q !== 0 ? 1 : 0), 0) : values.length;
    let cap = 16;
    while (cap < keys.length * 1.5) cap *= 2;
    this.tableMask = cap - 1;
    this.shift = homeShift(bits, this.tableMask);
    if (nClasses <= DENSE_MAX) {
      this.stride = 1 + Math.ceil(nClasses / 2);
      [this.denseKeys, this.denseWeights] = buildDenseTable(keys, offsets, classes, values, this.stride, this.tableMask, this.shift);
    } else {
      this.stride = 3;
      [this.slots, this.packed] = buildSparseTable(keys, offsets, classes, values, this.tableMask, this.shift);
    }
  }

  score(f: FeatureBuffer, out: Float64Array): void {
    const C = this.nClasses;
    out.fill(0, 0, C);
    const tm = this.tableMask;
    const shift = this.shift;
    if (this.denseKeys) {
      const keys = this.denseKeys;
      const w = this.denseWeights!;
      const stride = this.stride;
      const scale = this.scale;
      for (let k = 0; k < f.n; k++) {
        const row = f.buf[k] & this.mask;
        const key = row + 1;
        let p = home(row, shift);
        for (;;) {
          const o = p * stride;
          const found = keys[o];
          if (found === key) {
            const wo = 2 * o + 2;
            for (let c = 0; c < C; c++) out[c] += Math.fround(w[wo + c] * scale);
            break;
          }
          if (found === 0) break;
          p = (p + 1) & tm;
        }
      }
      return;
    }
    const slots = this.slots!;
    const packed = this.packed!;
    for (let k = 0; k < f.n; k++) {
      const row = f.buf[k] & this.mask;
      const key = row + 1;
      let p = home(row, shift);
      for (;;) {
        const found = slots[p * 3];
        if (found === key) {
          for (let e = slots[p * 3 + 1], end = slots[p * 3 + 2]; e < end; e++) {
            const x = packed[e];
            out[x >>> 16] += (x << 16) >> 16;
          }
          break;
        }
        if (found === 0) break;
        p = (p + 1) & tm;
      }
    }
    for (let c = 0; c < C; c++) out[c] *= this.scale;
  }

  /** The used rows' keys, ascending (rebuilt from the table). */
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

  /**
   * The sorted arrays the table was built from, exactly (rows ascending, classes ascending within a row). Rebuilt on
   * first use and then kept: only training and writing ask, and they read all four arrays.
   */
  private sortedArrays?: { keys: Uint32Array; offsets: Uint32Array; classes: Uint8Array; values: Int16Array };
  private sorted(): { keys: Uint32Array; offsets: Uint32Array; classes: Uint8Array; values: Int16Array } {
    return (this.sortedArrays ??= this.rebuildSorted());
  }

  private rebuildSorted(): { keys: Uint32Array; offsets: Uint32Array; classes: Uint8Array; values: Int16Array } {
    const C = this.nClasses;
    const rows: Array<{ key: number; first: number; end: number; slot: number }> = [];
    const n = this.tableMask + 1;
    if (this.denseKeys) {
      for (let p = 0; p < n; p++) if (this.denseKeys[p * this.stride] !== 0) rows.push({ key: this.denseKeys[p * this.stride] - 1, first: 0, end: 0, slot: p });
    } else {
      for (let p = 0; p < n; p++) if (this.slots![p * 3] !== 0) rows.push({ key: this.slots![p * 3] - 1, first: this.slots![p * 3 + 1], end: this.slots![p * 3 + 2], slot: p });
    }
    rows.sort((a, b) => a.key - b.key);
    const keys = Uint32Array.from(rows, (r) => r.key);
    const offsets = new Uint32Array(rows.length + 1);
    const classes = new Uint8Array(this.entries);
    const values = new Int16Array(this.entries);
    let e = 0;
    rows.forEach((r, i) => {
      if (this.denseKeys) {
        const wo = 2 * r.slot * this.stride + 2;
        for (let c = 0; c < C; c++) {
          const q = this.denseWeights![wo + c];
          if (q !== 0) ((classes[e] = c), (values[e++] = q));
        }
      } else {
        for (let x = r.first; x < r.end; x++) {
          classes[e] = this.packed![x] >>> 16;
          values[e++] = (this.packed![x] << 16) >> 16;
        }
      }
      offsets[i + 1] = e;
    });
    return { keys, offsets, classes, values };
  }

  /** A copy without the entries whose weight is below `minAbs` (to trade accuracy for size after training). */
  pruned(minAbs: number): SparseWeights {
    const src = this.sorted();
    const keys: number[] = [];
    const offsets: number[] = [0];
    const classes: number[] = [];
    const values: number[] = [];
    for (let i = 0; i < src.keys.length; i++) {
      for (let e = src.offsets[i]; e < src.offsets[i + 1]; e++) {
        if (Math.abs(src.values[e] * this.scale) < minAbs) continue;
        classes.push(src.classes[e]);
        values.push(src.values[e]);
      }
      if (classes.length > offsets[offsets.length - 1]) {
        keys.push(src.keys[i]);
        offsets.push(classes.length);
      }
    }
    return new SparseWeights(this.nClasses, this.bits, this.scale, Uint32Array.from(keys), Uint32Array.from(offsets), Uint8Array.from(classes), Int16Array.from(values));
  }
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
 * A row's home slot: the top bits of its key. Keys are hash values (uniform), and the mapping is monotone, so
 * inserting the sorted keys sweeps the table front to back, which keeps building it at load time cheap.
 */
function home(key: number, shift: number): number {
  return shift >= 0 ? key >>> shift : key << -shift;
}

function homeShift(bits: number, tableMask: number): number {
  return bits - Math.log2(tableMask + 1);
}

function buildDenseTable(
  keys: Uint32Array, offsets: Uint32Array, classes: Uint8Array, values: Int16Array, stride: number, tableMask: number, shift: number,
): [Int32Array, Int16Array] {
  const buf = new ArrayBuffer(4 * (tableMask + 1) * stride);
  const tk = new Int32Array(buf);
  const tw = new Int16Array(buf);
  for (let i = 0; i < keys.length; i++) {
    let p = home(keys[i], shift);
    while (tk[p * stride] !== 0) p = (p + 1) & tableMask;
    const o = p * stride;
    tk[o] = keys[i] + 1;
    for (let e = offsets[i]; e < offsets[i + 1]; e++) tw[2 * o + 2 + classes[e]] = values[e];
  }
  return [tk, tw];
}

function buildSparseTable(
  keys: Uint32Array, offsets: Uint32Array, classes: Uint8Array, values: Int16Array, tableMask: number, shift: number,
): [Int32Array, Int32Array] {
  const slots = new Int32Array((tableMask + 1) * 3);
  const packed = new Int32Array(values.length);
  for (let e = 0; e < values.length; e++) packed[e] = (classes[e] << 16) | (values[e] & 0xffff);
  for (let i = 0; i < keys.length; i++) {
    let p = home(keys[i], shift);
    while (slots[p * 3] !== 0) p = (p + 1) & tableMask;
    slots[p * 3] = keys[i] + 1;
    slots[p * 3 + 1] = offsets[i];
    slots[p * 3 + 2] = offsets[i + 1];
  }
  return [slots, packed];
}
