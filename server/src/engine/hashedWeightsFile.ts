/**
 * The binary file of a hashed logistic model (`sentence-joins.bin`, `comma-gaps.bin`): the weights as the engine holds
 * them, so that loading fills one Float32Array from two typed arrays. As JSON the sentence-join model's 438,786
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

/** The header and dense weights in `raw` (the file's bytes); throws, saying why, on anything but a `what` file. */
export function decodeHashedWeights<H extends HashedWeightsHeader>(raw: Buffer, magic: string, what: string): { header: H; weights: Float32Array } {
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
  const weights = new Float32Array(2 ** bits);
  let n = 0;
  for (let w = 0; w < words; w++) {
    for (let word = bitmap[w]; word !== 0; word &= word - 1) {
      if (n === nonZero) throw new Error('more weights marked than stored');
      weights[(w << 5) | (31 - Math.clz32(word & -word))] = values[n++] / scale;
    }
  }
  if (n !== nonZero) throw new Error(`${n} weights marked, ${nonZero} stored`);
  return { header, weights };
}
