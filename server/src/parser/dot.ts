/**
 * Dot product of a[ao..ao+n) and b[bo..bo+n), four running sums: V8 does not vectorise, and independent sums let
 * the multiplies overlap (measured ~1.5× faster than one sum on this machine's Float64Arrays).
 */
/**
 * Weights as the products read them: float64 in training, float32 at run time (a loaded θ is float32 or float16 in the
 * model file, so keeping it float32 holds the same values in half the memory, and every product widens them exactly).
 */
export type Weights = Float64Array | Float32Array;

export function dot(a: Weights, ao: number, b: Float64Array, bo: number, n: number): number {
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  let k = 0;
  for (; k + 3 < n; k += 4) {
    s0 += a[ao + k] * b[bo + k];
    s1 += a[ao + k + 1] * b[bo + k + 1];
    s2 += a[ao + k + 2] * b[bo + k + 2];
    s3 += a[ao + k + 3] * b[bo + k + 3];
  }
  for (; k < n; k++) s0 += a[ao + k] * b[bo + k];
  return s0 + s1 + s2 + s3;
}

/**
 * out[oo + m] = dot(a, ao + m·n, b, bo, n) for the `rows` consecutive rows of a row-major matrix, two rows at a time
 * (journal, "load time and neural speed"): the two rows share each load of b, and each row keeps `dot`'s four running
 * sums in `dot`'s order, so every result is bit for bit what `dot` gives (~1.3–1.6× faster in a micro-benchmark at the
 * neural scorer's sizes; four rows at a time spill registers and are slower).
 */
export function matVec(a: Weights, ao: number, rows: number, n: number, b: Float64Array, bo: number, out: Float64Array, oo: number): void {
  let m = 0;
  for (; m + 1 < rows; m += 2) {
    const r0 = ao + m * n;
    const r1 = r0 + n;
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    let t0 = 0, t1 = 0, t2 = 0, t3 = 0;
    let k = 0;
    for (; k + 3 < n; k += 4) {
      const b0 = b[bo + k], b1 = b[bo + k + 1], b2 = b[bo + k + 2], b3 = b[bo + k + 3];
      s0 += a[r0 + k] * b0;
      s1 += a[r0 + k + 1] * b1;
      s2 += a[r0 + k + 2] * b2;
      s3 += a[r0 + k + 3] * b3;
      t0 += a[r1 + k] * b0;
      t1 += a[r1 + k + 1] * b1;
      t2 += a[r1 + k + 2] * b2;
      t3 += a[r1 + k + 3] * b3;
    }
    for (; k < n; k++) {
      s0 += a[r0 + k] * b[bo + k];
      t0 += a[r1 + k] * b[bo + k];
    }
    out[oo + m] = s0 + s1 + s2 + s3;
    out[oo + m + 1] = t0 + t1 + t2 + t3;
  }
  if (m < rows) out[oo + m] = dot(a, ao + m * n, b, bo, n);
}
