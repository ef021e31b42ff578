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
 * Shipped weights: for each used row (sorted `keys`), its nonzero classes and int16 weights. An open-addressing
 * table built at load time maps a row to its entries in O(1).
 */
export class SparseWeights implements Scorer {
  private readonly table: Int32Array;
  private readonly tableMask: number;
  private readonly mask: number;

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
    while (cap < keys.length * 2) cap *= 2;
    this.tableMask = cap - 1;
    this.table = new Int32Array(cap).fill(-1);
    for (let i = 0; i < keys.length; i++) {
      let p = (Math.imul(keys[i], 0x9e3779b1) >>> 0) & this.tableMask;
      while (this.table[p] !== -1) p = (p + 1) & this.tableMask;
      this.table[p] = i;
    }
  }

  private find(row: number): number {
    let p = (Math.imul(row, 0x9e3779b1) >>> 0) & this.tableMask;
    for (;;) {
      const i = this.table[p];
      if (i === -1 || this.keys[i] === row) return i;
      p = (p + 1) & this.tableMask;
    }
  }

  score(f: FeatureBuffer, out: Float64Array): void {
    out.fill(0, 0, this.nClasses);
    for (let k = 0; k < f.n; k++) {
      const i = this.find(f.buf[k] & this.mask);
      if (i < 0) continue;
      for (let e = this.offsets[i]; e < this.offsets[i + 1]; e++) out[this.classes[e]] += this.values[e];
    }
    for (let c = 0; c < this.nClasses; c++) out[c] *= this.scale;
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
