/**
 * IEEE 754 half precision, for storing θ at half the size (Node 20 has no Float16Array). Encoding rounds to the
 * nearest half, ties to even, exactly as a hardware conversion from float32 would; decoding is exact.
 */
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The half-precision bits (0..0xffff) nearest to x (first rounded to float32). */
export function toHalf(x: number): number {
  f32[0] = x;
  const b = u32[0];
  const sign = (b >>> 16) & 0x8000;
  const exp = (b >>> 23) & 0xff;
  const mant = b & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
  const e = exp - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    // Subnormal half: the float's 24-bit significand shifted down to units of 2^-24.
    if (e < -10) return sign;
    const full = mant | 0x800000;
    const shift = 14 - e;
    const kept = full >>> shift;
    const rest = full & ((1 << shift) - 1);
    const mid = 1 << (shift - 1);
    return sign | (kept + (rest > mid || (rest === mid && kept & 1) ? 1 : 0));
  }
  let h = (e << 10) | (mant >>> 13);
  const rest = mant & 0x1fff;
  // A carry out of the significand steps the exponent, up to infinity: still the nearest half.
  if (rest > 0x1000 || (rest === 0x1000 && h & 1)) h++;
  return sign | h;
}

/** The value of half-precision bits h. */
export function fromHalf(h: number): number {
  const s = h & 0x8000 ? -1 : 1;
  const e = (h >>> 10) & 0x1f;
  const m = h & 0x3ff;
  if (e === 0) return s * m * 2 ** -24;
  if (e === 0x1f) return m ? NaN : s * Infinity;
  return s * (1 + m / 1024) * 2 ** (e - 15);
}

/** Halves two to an int32 (the model file holds float32 and int32 arrays), zero-padded to an even length. */
export function packHalves(a: ArrayLike<number>): Int32Array {
  const h = new Uint16Array(a.length + (a.length % 2));
  for (let i = 0; i < a.length; i++) h[i] = toHalf(a[i]);
  return new Int32Array(h.buffer);
}

/**
 * The first `length` values of packHalves' output, as float32: each normal half's bits moved into a float32's (its
 * exponent rebased), ~15× faster than `fromHalf` per value at load (journal, "the combination made shippable"); zeros,
 * subnormals, infinities and NaN through `fromHalf`. The same values (tested on all 65,536 halves).
 */
export function unpackHalves(packed: Int32Array, length: number): Float32Array {
  const h = new Uint16Array(packed.buffer, packed.byteOffset, packed.length * 2);
  const out = new Float32Array(length);
  const bits = new Uint32Array(out.buffer);
  for (let i = 0; i < length; i++) {
    const x = h[i];
    const e = x & 0x7c00;
    if (e === 0 || e === 0x7c00) out[i] = fromHalf(x);
    else bits[i] = ((x & 0x8000) << 16) | ((e + 0x1c000) << 13) | ((x & 0x3ff) << 13);
  }
  return out;
}
