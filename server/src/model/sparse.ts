/**
 * Sparse (CSR) matrices for the puncteme matrices M(l) of the slot automata. With the noisy channel a marked slot's
 * automaton has ~28–80 states and every puncteme has a non-zero matrix there, but only 4–10% of its entries are
 * non-zero: dense, the cached matrices of a few dozen automata took ~100 MB. The products below visit the non-zero
 * entries in exactly the order the dense kernels of `matrix.ts` do (which skip zeros of their left operand), and
 * every skipped term is an exact +0 or −0 added to a sum that is never −0, so results are bit-for-bit those of the
 * dense computation (tested against it).
 */
import { Mat, zeros } from './matrix';

export interface SparseMat {
  rows: number;
  cols: number;
  /** Row r's entries are idx/val[ptr[r] … ptr[r+1]), columns ascending. */
  ptr: Int32Array;
  idx: Int32Array;
  val: Float64Array;
}

/**
 * An all-zero CSR matrix with room for `nnz` entries, its three arrays views of one buffer: the automata caches hold
 * tens of thousands of small matrices, and every separate typed array costs ~200 bytes of its own (measured: 25 MB
 * for 14 MB of entries with three buffers a matrix).
 */
function allocSparse(rows: number, cols: number, nnz: number): SparseMat {
  const buf = new ArrayBuffer(8 * nnz + 4 * (rows + 1 + nnz));
  const val = new Float64Array(buf, 0, nnz);
  const ptr = new Int32Array(buf, 8 * nnz, rows + 1);
  const idx = new Int32Array(buf, 8 * nnz + 4 * (rows + 1), nnz);
  return { rows, cols, ptr, idx, val };
}

export function toSparse(m: Mat): SparseMat {
  let nnz = 0;
  for (let q = 0; q < m.d.length; q++) if (m.d[q] !== 0) nnz++;
  const out = allocSparse(m.rows, m.cols, nnz);
  const { ptr, idx, val } = out;
  let e = 0;
  for (let i = 0; i < m.rows; i++) {
    for (let j = 0; j < m.cols; j++) {
      const v = m.d[i * m.cols + j];
      if (v !== 0) ((idx[e] = j), (val[e++] = v));
    }
    ptr[i + 1] = e;
  }
  return out;
}

export function toDense(s: SparseMat): Mat {
  const m = zeros(s.rows, s.cols);
  for (let i = 0; i < s.rows; i++) for (let e = s.ptr[i]; e < s.ptr[i + 1]; e++) m.d[i * s.cols + s.idx[e]] = s.val[e];
  return m;
}

export function transposeSparse(s: SparseMat): SparseMat {
  const out = allocSparse(s.cols, s.rows, s.val.length);
  const { ptr, idx, val } = out;
  for (let e = 0; e < s.idx.length; e++) ptr[s.idx[e] + 1]++;
  for (let j = 0; j < s.cols; j++) ptr[j + 1] += ptr[j];
  const next = ptr.slice(0, s.cols);
  // Rows of s in ascending order: each transposed row receives its columns ascending.
  for (let i = 0; i < s.rows; i++)
    for (let e = s.ptr[i]; e < s.ptr[i + 1]; e++) {
      const t = next[s.idx[e]]++;
      idx[t] = i;
      val[t] = s.val[e];
    }
  return out;
}

/** Buffers of `toSparseScratch` per slot, grown as needed. */
const scratchCsr: Array<{ ptr: Int32Array; idx: Int32Array; val: Float64Array }> = [];

/**
 * `toSparse(m)` in buffers of `slot` that the next call for that slot reuses: for a matrix multiplied at once (Algorithm
 * 1 builds a dense C_l per group of pairs, mostly zeros, and multiplies by it once; and each node's M, used by all its
 * groups).
 */
export function toSparseScratch(m: Mat, slot = 0): SparseMat {
  const size = m.rows * m.cols;
  let b = scratchCsr[slot];
  if (!b) scratchCsr[slot] = b = { ptr: new Int32Array(1), idx: new Int32Array(0), val: new Float64Array(0) };
  if (b.ptr.length < m.rows + 1) b.ptr = new Int32Array(2 * (m.rows + 1));
  if (b.idx.length < size) [b.idx, b.val] = [new Int32Array(2 * size), new Float64Array(2 * size)];
  const { ptr, idx, val } = b, d = m.d;
  let e = 0;
  ptr[0] = 0;
  for (let i = 0; i < m.rows; i++) {
    for (let j = 0, q = i * m.cols; j < m.cols; j++, q++) {
      const v = d[q];
      if (v !== 0) ((idx[e] = j), (val[e++] = v));
    }
    ptr[i + 1] = e;
  }
  return { rows: m.rows, cols: m.cols, ptr, idx, val };
}

/**
 * out += a · b for sparse a and b (= `spMulInto(out, a, toDense(b))`, bit for bit): the same terms in the same order,
 * less those with a zero of b, each an exact ±0 (a finite entry of a times 0) added to a sum that is never −0. A
 * non-finite entry of a takes every column, as the dense kernel does.
 */
export function spSpMulInto(out: Mat, a: SparseMat, b: SparseMat): Mat {
  if (a.cols !== b.rows || out.rows !== a.rows || out.cols !== b.cols) throw new Error(`matrix shapes ${a.rows}×${a.cols} · ${b.rows}×${b.cols}`);
  for (let i = 0; i < a.rows; i++) {
    for (let e = a.ptr[i]; e < a.ptr[i + 1]; e++) addScaledRow(out.d, i * b.cols, a.val[e], b, a.idx[e]);
  }
  return out;
}

/** `spSpMul`'s row accumulator: per column its running sum, whether this row touched it, and the touched columns. */
let rowSum = new Float64Array(0);
let rowMark = new Int32Array(0);
let rowCols = new Int32Array(0);
let rowStamp = 0;
/** `spSpMul`'s entries of the product so far, grown as needed. */
let prodIdx = new Int32Array(256);
let prodVal = new Float64Array(256);

/**
 * a · b as a CSR matrix (= `toSparse(spSpMulInto(zeros(a.rows, b.cols), a, b))`, bit for bit) without the dense
 * matrix: each row's cells summed in a row accumulator in `spSpMulInto`'s order (a's entries ascending, b's row in
 * column order; a non-finite entry of a takes every column), each starting at +0 as the dense matrix does, and the
 * row's non-zero cells kept in column order as `toSparse` keeps them. The puncteme matrices of a slot's automaton
 * are made this way (`punctemeSparse`): through a dense n×n product they cost ~3% of the lint.
 */
export function spSpMul(a: SparseMat, b: SparseMat): SparseMat {
  if (a.cols !== b.rows) throw new Error(`matrix shapes ${a.rows}×${a.cols} · ${b.rows}×${b.cols}`);
  const cols = b.cols;
  if (rowSum.length < cols) [rowSum, rowMark, rowCols] = [new Float64Array(cols), new Int32Array(cols), new Int32Array(cols)];
  const ptr = new Int32Array(a.rows + 1);
  let nnz = 0;
  for (let i = 0; i < a.rows; i++) {
    if (++rowStamp > 0x3fffffff) (rowMark.fill(0), (rowStamp = 1));
    let touched = 0;
    for (let e = a.ptr[i]; e < a.ptr[i + 1]; e++) {
      const v = a.val[e], k = a.idx[e];
      const start = b.ptr[k], end = b.ptr[k + 1];
      if (v - v !== 0) {
        for (let j = 0, f = start; j < cols; j++) {
          if (rowMark[j] !== rowStamp) ((rowMark[j] = rowStamp), (rowSum[j] = 0), (rowCols[touched++] = j));
          rowSum[j] += v * (f < end && b.idx[f] === j ? b.val[f++] : 0);
        }
        continue;
      }
      for (let f = start; f < end; f++) {
        const j = b.idx[f];
        if (rowMark[j] !== rowStamp) ((rowMark[j] = rowStamp), (rowSum[j] = 0), (rowCols[touched++] = j));
        rowSum[j] += v * b.val[f];
      }
    }
    // The touched columns in ascending order (insertion sort: a row touches a few).
    for (let t = 1; t < touched; t++) {
      const j = rowCols[t];
      let u = t - 1;
      for (; u >= 0 && rowCols[u] > j; u--) rowCols[u + 1] = rowCols[u];
      rowCols[u + 1] = j;
    }
    if (prodIdx.length < nnz + touched) {
      const size = 2 * (nnz + touched);
      const idx = new Int32Array(size), val = new Float64Array(size);
      idx.set(prodIdx.subarray(0, nnz));
      val.set(prodVal.subarray(0, nnz));
      [prodIdx, prodVal] = [idx, val];
    }
    for (let t = 0; t < touched; t++) {
      const j = rowCols[t], x = rowSum[j];
      if (x !== 0) ((prodIdx[nnz] = j), (prodVal[nnz++] = x));
    }
    ptr[i + 1] = nnz;
  }
  const out = allocSparse(a.rows, cols, nnz);
  out.ptr.set(ptr);
  out.idx.set(prodIdx.subarray(0, nnz));
  out.val.set(prodVal.subarray(0, nnz));
  return out;
}

/**
 * out += aᵀ · b for sparse a and b (= `spSpMulInto(out, transposeSparse(a), b)`, bit for bit) without the transpose:
 * row k of a is added into the rows its columns name, k ascending, the order in which row i of aᵀ lists them, so
 * each cell's terms come in the same order.
 */
export function spTransMulInto(out: Mat, a: SparseMat, b: SparseMat): Mat {
  if (a.rows !== b.rows || out.rows !== a.cols || out.cols !== b.cols) throw new Error(`matrix shapes ${a.cols}×${a.rows} · ${b.rows}×${b.cols}`);
  for (let k = 0; k < a.rows; k++) {
    for (let e = a.ptr[k]; e < a.ptr[k + 1]; e++) addScaledRow(out.d, a.idx[e] * b.cols, a.val[e], b, k);
  }
  return out;
}

/**
 * out += a · b for a dense a and a sparse b (= `mulInto(out, a, toDense(b), true)`, bit for bit): the dense kernel's
 * terms in its order, less those with a zero of b, each an exact ±0 (a finite entry of a times 0) added to a sum that
 * is never −0. A non-finite entry of a (whose products with zeros are NaN) takes every column, as the dense one does.
 */
export function mulSpRightInto(out: Mat, a: Mat, b: SparseMat): void {
  if (a.cols !== b.rows || out.rows !== a.rows || out.cols !== b.cols) throw new Error(`matrix shapes ${a.rows}×${a.cols} · ${b.rows}×${b.cols}`);
  const m = a.cols, ad = a.d;
  for (let i = 0; i < a.rows; i++) {
    for (let k = 0; k < m; k++) {
      const v = ad[i * m + k];
      if (v !== 0) addScaledRow(out.d, i * b.cols, v, b, k);
    }
  }
}

/**
 * od[oi …] += v · row k of b, the terms in column order. A finite v skips the zeros of b (each product an exact ±0);
 * ±Infinity or NaN (whose product with 0 is NaN) takes every column, as a dense kernel does.
 */
function addScaledRow(od: Float64Array, oi: number, v: number, b: SparseMat, k: number): void {
  const end = b.ptr[k + 1], idx = b.idx, val = b.val;
  if (v - v !== 0) {
    let e = b.ptr[k];
    for (let j = 0; j < b.cols; j++) od[oi + j] += v * (e < end && idx[e] === j ? val[e++] : 0);
    return;
  }
  // Two entries a step (~15% faster in V8); a row's columns are distinct, so each cell's terms keep their order.
  let e = b.ptr[k];
  for (; e + 1 < end; e += 2) {
    od[oi + idx[e]] += v * val[e];
    od[oi + idx[e + 1]] += v * val[e + 1];
  }
  if (e < end) od[oi + idx[e]] += v * val[e];
}

/** a · b (= `mul(toDense(a), b)`). */
export function spMul(a: SparseMat, b: Mat): Mat {
  return spMulInto(zeros(a.rows, b.cols), a, b);
}

/** out += a · b; returns out (all zeros on entry: `spMul`). */
export function spMulInto(out: Mat, a: SparseMat, b: Mat): Mat {
  if (a.cols !== b.rows || out.rows !== a.rows || out.cols !== b.cols) throw new Error(`matrix shapes ${a.rows}×${a.cols} · ${b.rows}×${b.cols}`);
  const p = b.cols, od = out.d, bd = b.d;
  for (let i = 0; i < a.rows; i++) {
    const oi = i * p;
    for (let e = a.ptr[i]; e < a.ptr[i + 1]; e++) {
      const v = a.val[e], bk = a.idx[e] * p;
      for (let j = 0; j < p; j++) od[oi + j] += v * bd[bk + j];
    }
  }
  return out;
}

/** out += scale · a (= `addScaled(out, toDense(a), scale)` for an `out` without −0 entries). */
export function spAddScaled(out: Mat, a: SparseMat, scale: number): void {
  const od = out.d, c = a.cols;
  for (let i = 0; i < a.rows; i++) for (let e = a.ptr[i]; e < a.ptr[i + 1]; e++) od[i * c + a.idx[e]] += scale * a.val[e];
}

/** out += scale · aᵀ (= `spAddScaled(out, transposeSparse(a), scale)`: one term a cell, the same products). */
export function spAddScaledT(out: Mat, a: SparseMat, scale: number): void {
  const od = out.d, c = out.cols;
  for (let k = 0; k < a.rows; k++) for (let e = a.ptr[k]; e < a.ptr[k + 1]; e++) od[a.idx[e] * c + k] += scale * a.val[e];
}

/** ⟨a, b⟩ (= `dot(a, toDense(b))`). */
export function spDot(a: Mat, b: SparseMat): number {
  let s = 0;
  const c = b.cols;
  for (let i = 0; i < b.rows; i++) for (let e = b.ptr[i]; e < b.ptr[i + 1]; e++) s += a.d[i * c + b.idx[e]] * b.val[e];
  return s;
}

/** out += aᵀ · b (= `mulTransAInto(out, toDense(a), b)`). */
export function spMulTransAInto(out: Mat, a: SparseMat, b: Mat): void {
  const p = b.cols, od = out.d, bd = b.d;
  for (let k = 0; k < a.rows; k++) {
    const bk = k * p;
    for (let e = a.ptr[k]; e < a.ptr[k + 1]; e++) {
      const v = a.val[e], oi = a.idx[e] * p;
      for (let j = 0; j < p; j++) od[oi + j] += v * bd[bk + j];
    }
  }
}

/** m · v. */
export function spMatVec(m: SparseMat, v: Float64Array): Float64Array {
  const out = new Float64Array(m.rows);
  for (let i = 0; i < m.rows; i++) {
    let s = 0;
    for (let e = m.ptr[i]; e < m.ptr[i + 1]; e++) s += m.val[e] * v[m.idx[e]];
    out[i] = s;
  }
  return out;
}

/** vᵀ · m. */
export function spVecMat(v: Float64Array, m: SparseMat): Float64Array {
  const out = new Float64Array(m.cols);
  for (let i = 0; i < m.rows; i++) {
    const x = v[i];
    if (x === 0) continue;
    for (let e = m.ptr[i]; e < m.ptr[i + 1]; e++) out[m.idx[e]] += x * m.val[e];
  }
  return out;
}

/**
 * What a typed array costs beyond its elements: its JS object, its ArrayBuffer and the buffer's bookkeeping (V8 and
 * malloc), measured in the worker (heap + array buffers freed when the automata caches are dropped).
 */
export const TYPED_ARRAY_OVERHEAD_BYTES = 200;

/** Bytes held by `s`, its arrays' overheads included (for cache budgets). */
export function sparseBytes(s: SparseMat): number {
  // Distinct buffers among the three (a Set per matrix made the automata budget's byte count allocate ~10,000 Sets).
  const { ptr, idx, val } = s;
  const buffers = 1 + (idx.buffer !== ptr.buffer ? 1 : 0) + (val.buffer !== ptr.buffer && val.buffer !== idx.buffer ? 1 : 0);
  return s.ptr.byteLength + s.idx.byteLength + s.val.byteLength + 80 * 3 + TYPED_ARRAY_OVERHEAD_BYTES * buffers;
}
