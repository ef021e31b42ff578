/**
 * The averaged perceptron that trains the tagger's, the transition parser's and the labeller's linear scorers
 * (Collins 2002, averaged with the "w − u/t" trick); `toSparse` turns it into the compact `SparseWeights` that ship.
 */
import { FeatureBuffer } from '../../parser/hash';
import { Scorer, SparseWeights } from '../../parser/weights';

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
