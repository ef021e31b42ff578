/**
 * The binary file of a hashed logistic model (`sentence-joins.bin`, `comma-gaps.bin`): the weights as the engine holds
 * them (`HashedWeightTable` reads the file's arrays in place). As JSON the sentence-join model's 438,786
 * `[index, weight]` pairs cost ~0.13 s CPU and ~50 MB of the CLI's peak memory at every start (journal,
 * "Sentence-join model loading").
 *
 * A weight is stored as an integer count of 1/`scale`: the trainer rounds each weight to that step, so the file holds
 * exactly what the trainer wrote and decodes to the same Float32Array bit for bit (k / scale is the double nearest
 * the decimal k/scale, as JSON.parse reads it). A weight that does not fit an int16 at that scale is refused when
 * writing, never rounded.
 *
 * Layout: a 4-byte little-endian length L, then L bytes of JSON header (`magic`, `version`, `bits`, `scale`,
 * `nonZero` and whatever else the model keeps there, padded with spaces to a multiple of 4), then the bitmap of the
 * buckets that have a weight (uint32 × 2^bits/32, bucket i is bit i % 32 of word i / 32) and their weights in bucket
 * order (int16 × nonZero, little-endian).
 */

export interface HashedWeightsHeader {
  magic: string;
  version: string;
  bits: number;
  /** A stored value v is the weight v / scale. */
  scale: number;
  nonZero: number;
}

/** Sparse [hashed index, weight] pairs, each weight a multiple of 1/`scale`. */
export interface HashedWeights {
  version: string;
  bits: number;
  weights: ReadonlyArray<readonly [number, number]>;
}

/** The largest scale (at most `max`) at which every weight fits an int16: |w| · scale ≤ 32,767. */
export function int16Scale(weights: Iterable<number>, max = 1e4): number {
  let big = 0;
  for (const w of weights) big = Math.max(big, Math.abs(w));
  return big === 0 ? max : Math.min(max, Math.floor(32767 / big));
}

/**
 * The file's bytes for `m` with the header's `extra` fields (a model's thresholds); throws on a weight that is not a
 * multiple of 1/scale within int16, or an index out of range.
 */
export function encodeHashedWeights(magic: string, m: HashedWeights, scale: number, extra: Record<string, unknown> = {}): Buffer {
  if (!Number.isInteger(m.bits) || m.bits < 5 || m.bits > 30) throw new Error(`bits ${m.bits}: expected an integer in 5..30`);
  const size = 2 ** m.bits;
  const sorted = [...m.weights].filter(([, w]) => w !== 0).sort((a, b) => a[0] - b[0]);
  const bitmap = new Uint32Array(size / 32);
  const values = new Int16Array(sorted.length);
  sorted.forEach(([k, w], n) => {
    if (!Number.isInteger(k) || k < 0 || k >= size) throw new Error(`index ${k} outside 0..${size - 1}`);
    if (n > 0 && sorted[n - 1][0] === k) throw new Error(`index ${k} twice`);
    const v = Math.round(w * scale);
    if (v / scale !== w || v < -32768 || v > 32767) throw new Error(`weight ${w} (index ${k}) is not a multiple of 1/${scale} within int16`);
    bitmap[k >>> 5] |= 1 << (k & 31);
    values[n] = v;
  });
  const header = { ...extra, magic, version: m.version, bits: m.bits, scale, nonZero: values.length };
  let text = JSON.stringify(header);
  text += ' '.repeat((4 - ((4 + Buffer.byteLength(text)) % 4)) % 4);
  const head = Buffer.alloc(4);
  head.writeUInt32LE(Buffer.byteLength(text));
  const view = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  return Buffer.concat([head, Buffer.from(text), view(bitmap), view(values)]);
}

/**
 * The weights as the file holds them, read in place: the bitmap of the buckets that have a weight, the count of set
 * bits before each bitmap word, and the int16 values. `at(i)` is the float32 that a dense Float32Array of 2^bits would
 * hold (the same value / scale, rounded to float32 as storing it there rounds it), at about a quarter of its memory:
 * as dense arrays the sentence-join and comma-gap models took 4 MB each of the language server's resident memory,
 * with 40–45% of the buckets set (journal, "Speed: the window's first diagnostics, and memory").
 */
/** A hashed model's 2^bits weights, read one at a time. */
export interface WeightLookup {
  readonly length: number;
  /** The weight of bucket i. */
  at(i: number): number;
  /** All of them as one Float32Array (for tests and research). */
  dense(): Float32Array;
}

/** A Float32Array of weights as a `WeightLookup` (models built in memory: tests). */
export function weightLookupOf(weights: Float32Array): WeightLookup {
  return { length: weights.length, at: (i) => weights[i], dense: () => weights };
}

export class HashedWeightTable implements WeightLookup {
  /** 2^bits: the buckets. */
  readonly length: number;
  /** rank[w]: the set bits of bitmap words 0 … w−1, i.e. where word w's first value is. */
  private readonly rank: Int32Array;

  constructor(
    private readonly bitmap: Uint32Array,
    private readonly values: Int16Array,
    private readonly scale: number,
  ) {
    this.length = 32 * bitmap.length;
    this.rank = new Int32Array(bitmap.length);
    let n = 0;
    for (let w = 0; w < bitmap.length; w++) {
      this.rank[w] = n;
      n += popCount(bitmap[w]);
    }
    if (n !== values.length) throw new Error(`${n} weights marked, ${values.length} stored`);
  }

  /** The weight of bucket i (0 where none is stored). */
  at(i: number): number {
    const w = i >>> 5;
    const word = this.bitmap[w];
    const bit = 1 << (i & 31);
    if ((word & bit) === 0) return 0;
    return Math.fround(this.values[this.rank[w] + popCount(word & (bit - 1))] / this.scale);
  }

  /** All 2^bits weights as one Float32Array (for tests and research; the engine reads `at`). */
  dense(): Float32Array {
    const out = new Float32Array(this.length);
    for (let i = 0; i < this.length; i++) out[i] = this.at(i);
    return out;
  }
}

function popCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** The header and the weights in `raw` (the file's bytes); throws, saying why, on anything but a `what` file. */
export function decodeHashedWeights<H extends HashedWeightsHeader>(raw: Buffer, magic: string, what: string): { header: H; weights: HashedWeightTable } {
  if (raw.length < 4) throw new Error('truncated');
  const headLength = raw.readUInt32LE(0);
  let header: H;
  try {
    header = JSON.parse(raw.subarray(4, 4 + headLength).toString('utf8')) as H;
  } catch {
    throw new Error(`not a ${what}`);
  }
  if (header?.magic !== magic) throw new Error(`not a ${what}`);
  const { bits, scale, nonZero } = header;
  if (!Number.isInteger(bits) || bits < 5 || bits > 30 || !(scale > 0) || !Number.isInteger(nonZero)) throw new Error('bad header');
  const words = 2 ** bits / 32;
  const start = 4 + headLength;
  const expected = start + 4 * words + 2 * nonZero;
  if (raw.length !== expected) throw new Error(`${raw.length} bytes, expected ${expected}`);
  // Copied out of the file's buffer, which may be unaligned.
  const ab = raw.buffer.slice(raw.byteOffset + start, raw.byteOffset + expected);
  const bitmap = new Uint32Array(ab, 0, words);
  const values = new Int16Array(ab, 4 * words, nonZero);
  return { header, weights: new HashedWeightTable(bitmap, values, scale) };
}
