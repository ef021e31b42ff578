/**
 * Small dense logistic regressions fitted exactly by Newton's method: a few features, thousands of examples (the
 * audience decision, `audience/fitAudience.ts`; the stack of restoration's cut evidence, `scripts/restore-joint-cuts.ts`).
 */

/**
 * L2-regularised logistic regression by Newton's method over dense (standardised) features, the bias unpenalised.
 * `balanced` (the default) weighs each class to half the total, so the intercept does not follow the datasets'
 * proportions; without it every example weighs 1.
 */
export function fitLogistic(x: number[][], y: number[], l2: number, iterations = 50, balanced = true): { w: number[]; b: number } {
  const d = x[0].length;
  let w = new Array<number>(d).fill(0);
  let b = 0;
  const pos = y.filter((v) => v === 1).length;
  const cw = y.map((v) => (!balanced ? 1 : v === 1 ? y.length / (2 * pos) : y.length / (2 * (y.length - pos))));
  for (let it = 0; it < iterations; it++) {
    // Gradient and Hessian over (w, b).
    const g = new Array<number>(d + 1).fill(0);
    const h = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (let i = 0; i < x.length; i++) {
      const xi = [...x[i], 1];
      const z = w.reduce((s, wj, j) => s + wj * x[i][j], b);
      const p = 1 / (1 + Math.exp(-z));
      const r = cw[i] * (p - y[i]);
      const s = cw[i] * p * (1 - p);
      for (let j = 0; j <= d; j++) {
        g[j] += r * xi[j];
        for (let k = 0; k <= d; k++) h[j][k] += s * xi[j] * xi[k];
      }
    }
    for (let j = 0; j < d; j++) {
      g[j] += l2 * x.length * w[j];
      h[j][j] += l2 * x.length;
    }
    h[d][d] += 1e-9;
    const step = solve(h, g);
    w = w.map((wj, j) => wj - step[j]);
    b -= step[d];
    if (Math.max(...step.map(Math.abs)) < 1e-10) break;
  }
  return { w, b };
}

/** Solves A v = g by Gaussian elimination with partial pivoting. */
function solve(a: number[][], g: number[]): number[] {
  const n = g.length;
  const m = a.map((row, i) => [...row, g[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  const v = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r][n];
    for (let k = r + 1; k < n; k++) s -= m[r][k] * v[k];
    v[r] = s / m[r][r];
  }
  return v;
}
