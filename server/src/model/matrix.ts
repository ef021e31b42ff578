/**
 * Small dense matrices (row-major Float64Array) for Algorithm 1. The automata of most slots have one state, so
 * most products are 1×1; the loops skip zero entries because the channel matrices are sparse.
 */
export interface Mat {
  rows: number;
  cols: number;
  d: Float64Array;
}

export function zeros(rows: number, cols: number): Mat {
  return { rows, cols, d: new Float64Array(rows * cols) };
}

/**
 * Buffers reused for intermediate matrices, one per role (Algorithm 1's forward-only pass, `inside.ts` and
 * `forwardNodes.ts`, roles 0–5, each holding one intermediate while the next is made): the callers are not re-entrant.
 */
const scratch: Float64Array[] = [];

/** A zeroed rows×cols matrix in the buffer of `role`, valid until that role is asked for again. */
export function scratchMat(role: number, rows: number, cols: number): Mat {
  const size = rows * cols;
  let b = scratch[role];
  if (!b || b.length < size) scratch[role] = b = new Float64Array(Math.max(size, 2 * (b?.length ?? 0)));
  const d = b.subarray(0, size);
  d.fill(0);
  return { rows, cols, d };
}

export function identity(n: number): Mat {
  const m = zeros(n, n);
  for (let i = 0; i < n; i++) m.d[i * n + i] = 1;
  return m;
}

export function mul(a: Mat, b: Mat): Mat {
  const out = zeros(a.rows, b.cols);
  mulInto(out, a, b, false);
  return out;
}

/** out (+)= a·b */
export function mulInto(out: Mat, a: Mat, b: Mat, accumulate: boolean): void {
  const n = a.rows, m = a.cols, p = b.cols;
  if (m !== b.rows) throw new Error(`matrix shapes ${a.rows}×${m} · ${b.rows}×${p}`);
  const od = out.d, ad = a.d, bd = b.d;
  if (!accumulate) od.fill(0);
  for (let i = 0; i < n; i++) {
    const oi = i * p;
    for (let k = 0; k < m; k++) {
      const v = ad[i * m + k];
      if (v === 0) continue;
      const bk = k * p;
      for (let j = 0; j < p; j++) od[oi + j] += v * bd[bk + j];
    }
  }
}

/** out += scale · aᵀ·b */
export function mulTransAInto(out: Mat, a: Mat, b: Mat, scale = 1): void {
  // (aᵀb)[i][j] = Σ_k a[k][i] b[k][j]
  const n = a.cols, m = a.rows, p = b.cols;
  const od = out.d, ad = a.d, bd = b.d;
  for (let k = 0; k < m; k++) {
    for (let i = 0; i < n; i++) {
      const v = ad[k * n + i] * scale;
      if (v === 0) continue;
      const oi = i * p, bk = k * p;
      for (let j = 0; j < p; j++) od[oi + j] += v * bd[bk + j];
    }
  }
}

/** out += scale · a·bᵀ (skips zero entries of a) */
export function mulTransBInto(out: Mat, a: Mat, b: Mat, scale = 1): void {
  const n = a.rows, m = a.cols, p = b.rows;
  const od = out.d, ad = a.d, bd = b.d;
  for (let i = 0; i < n; i++) {
    const oi = i * p;
    for (let k = 0; k < m; k++) {
      const v = ad[i * m + k] * scale;
      if (v === 0) continue;
      for (let j = 0; j < p; j++) od[oi + j] += v * bd[j * m + k];
    }
  }
}

export function addScaled(out: Mat, a: Mat, scale: number): void {
  const od = out.d, ad = a.d;
  for (let i = 0; i < od.length; i++) od[i] += scale * ad[i];
}

export function dot(a: Mat, b: Mat): number {
  let s = 0;
  for (let i = 0; i < a.d.length; i++) s += a.d[i] * b.d[i];
  return s;
}

export function outer(col: Float64Array, row: Float64Array): Mat {
  const m = zeros(col.length, row.length);
  for (let i = 0; i < col.length; i++) {
    if (col[i] === 0) continue;
    for (let j = 0; j < row.length; j++) m.d[i * row.length + j] = col[i] * row[j];
  }
  return m;
}

export function transpose(a: Mat): Mat {
  const t = zeros(a.cols, a.rows);
  for (let i = 0; i < a.rows; i++) for (let j = 0; j < a.cols; j++) t.d[j * a.rows + i] = a.d[i * a.cols + j];
  return t;
}
