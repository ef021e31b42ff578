/**
 * Dot product of a[ao..ao+n) and b[bo..bo+n), four running sums: V8 does not vectorise, and independent sums let
 * the multiplies overlap (measured ~1.5× faster than one sum on this machine's Float64Arrays).
 */
export function dot(a: Float64Array, ao: number, b: Float64Array, bo: number, n: number): number {
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
