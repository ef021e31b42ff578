/**
 * The shipped Attach weights θ at run time, without their zeros. θ is a hashed vector of 2²² int16 values of which
 * about 29% are non-zero (hash slots no training feature reached): a bitmap of the non-zero slots, the count of
 * non-zero slots before each 32-bit word of it (a rank directory), and the non-zero values in slot order take 3.4 MB
 * where the dense int16 vector took 8.4 MB. `get(i)` is exactly `q[i]`, so every score is unchanged.
 */
export class RankedInt16 {
  readonly length: number;
  private readonly bits: Uint32Array;
  private readonly rank: Uint32Array;
  private readonly values: Int16Array;

  /** From the dense vector, or from its stored layout (`thetaSidecar.ts`), checked for consistency. */
  constructor(q: Int16Array | RankedLayout) {
    if (!(q instanceof Int16Array)) {
      checkLayout(q);
      this.length = q.length;
      this.bits = q.bits;
      this.rank = q.rank;
      this.values = q.values;
      return;
    }
    this.length = q.length;
    const words = Math.ceil(q.length / 32);
    this.bits = new Uint32Array(words);
    this.rank = new Uint32Array(words);
    let nonZero = 0;
    for (let i = 0; i < q.length; i++) if (q[i] !== 0) nonZero++;
    this.values = new Int16Array(nonZero);
    let k = 0;
    for (let w = 0; w < words; w++) {
      this.rank[w] = k;
      let word = 0;
      for (let b = 0; b < 32; b++) {
        const i = w * 32 + b;
        if (i < q.length && q[i] !== 0) {
          word |= 1 << b;
          this.values[k++] = q[i];
        }
      }
      this.bits[w] = word >>> 0;
    }
  }

  /** The arrays as laid out in memory, for storing them (`thetaSidecar.ts`). */
  get layout(): RankedLayout {
    return { length: this.length, bits: this.bits, rank: this.rank, values: this.values };
  }

  /** θ's quantised value at slot i (0 where no feature landed). */
  get(i: number): number {
    const w = i >>> 5;
    const bit = i & 31;
    const word = this.bits[w];
    if (((word >>> bit) & 1) === 0) return 0;
    // The set bits below `bit` (a shift by 32 would be a shift by 0 in JavaScript, hence the special case).
    const below = bit === 0 ? 0 : word << (32 - bit);
    return this.values[this.rank[w] + popcount(below)];
  }

  /** The dense vector back (training and writing ask for it). */
  toInt16Array(): Int16Array {
    const q = new Int16Array(this.length);
    for (let i = 0; i < this.length; i++) q[i] = this.get(i);
    return q;
  }

  get byteLength(): number {
    return this.bits.byteLength + this.rank.byteLength + this.values.byteLength;
  }
}

/** θ as `RankedInt16` lays it out: the bitmap of non-zero slots, the rank directory, the non-zero values. */
export interface RankedLayout {
  length: number;
  bits: Uint32Array;
  rank: Uint32Array;
  values: Int16Array;
}

/** A stored layout must be one `RankedInt16` could have built: the rank directory counts the bitmap's bits. */
function checkLayout(l: RankedLayout): void {
  const words = Math.ceil(l.length / 32);
  if (l.bits.length !== words || l.rank.length !== words) throw new Error(`θ layout: ${l.bits.length} words for ${l.length} slots`);
  let k = 0;
  for (let w = 0; w < words; w++) {
    if (l.rank[w] !== k) throw new Error(`θ layout: the rank directory is wrong at word ${w}`);
    k += popcount(l.bits[w]);
  }
  if (k !== l.values.length) throw new Error(`θ layout: ${l.values.length} values for ${k} set bits`);
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
