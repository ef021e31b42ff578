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
 */
export class SparseWeights implements Scorer {
  private readonly tableMask: number;
  private readonly shift: number;
  private readonly mask: number;
  /** Dense layout (nClasses ≤ DENSE_MAX): slot s = [key+1, w_0 … w_{C−1}] as Int32 / Float32 views of one buffer. */
  private readonly denseKeys?: Int32Array;
  private readonly denseWeights?: Float32Array;
  private readonly stride: number;
  /** Sparse layout: slot s = [key+1, first entry, end entry]; entries packed as class << 16 | uint16 weight. */
  private readonly slots?: Int32Array;
  private readonly packed?: Int32Array;

  constructor(
    readonly nClasses: number,
    readonly bits: number,
    readonly scale: number,
    readonly keys: Uint32Array,
    readonly offsets: Uint32Array,
    readonly classes: Uint8Array,
    readonly values: Int16Array,
  ) {
    this.mask = (1 << bits) - 1;
    let cap = 16;
    while (cap < keys.length * 1.5) cap *= 2;
    this.tableMask = cap - 1;
    this.shift = homeShift(bits, this.tableMask);
    if (nClasses <= DENSE_MAX) {
      this.stride = 1 + nClasses;
      [this.denseKeys, this.denseWeights] = buildDenseTable(keys, offsets, classes, values, scale, this.stride, this.tableMask, this.shift);
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
      for (let k = 0; k < f.n; k++) {
        const row = f.buf[k] & this.mask;
        const key = row + 1;
        let p = home(row, shift);
        for (;;) {
          const o = p * stride;
          const found = keys[o];
          if (found === key) {
            for (let c = 0; c < C; c++) out[c] += w[o + 1 + c];
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

  get entries(): number {
    return this.values.length;
  }

  /** A copy without the entries whose weight is below `minAbs` (to trade accuracy for size after training). */
  pruned(minAbs: number): SparseWeights {
    const keys: number[] = [];
    const offsets: number[] = [0];
    const classes: number[] = [];
    const values: number[] = [];
    for (let i = 0; i < this.keys.length; i++) {
      for (let e = this.offsets[i]; e < this.offsets[i + 1]; e++) {
        if (Math.abs(this.values[e] * this.scale) < minAbs) continue;
        classes.push(this.classes[e]);
        values.push(this.values[e]);
      }
      if (classes.length > offsets[offsets.length - 1]) {
        keys.push(this.keys[i]);
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
  keys: Uint32Array, offsets: Uint32Array, classes: Uint8Array, values: Int16Array, scale: number, stride: number, tableMask: number, shift: number,
): [Int32Array, Float32Array] {
  const buf = new ArrayBuffer(4 * (tableMask + 1) * stride);
  const tk = new Int32Array(buf);
  const tw = new Float32Array(buf);
  for (let i = 0; i < keys.length; i++) {
    let p = home(keys[i], shift);
    while (tk[p * stride] !== 0) p = (p + 1) & tableMask;
    const o = p * stride;
    tk[o] = keys[i] + 1;
    for (let e = offsets[i]; e < offsets[i + 1]; e++) tw[o + 1 + classes[e]] = values[e] * scale;
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
