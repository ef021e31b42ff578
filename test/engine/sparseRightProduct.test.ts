/**
 * Algorithm 1's costliest products, raw += (A_l · M) · C_l, now skip the zeros of their right factors: C_l (a few
 * sparse B_r summed, `mulSpRightInto`) and M (`spSpMulInto`). Each must give, bit for bit, what the dense-right kernel
 * gave, on the matrices the trained model really builds for EWT dev sentences, and on the cases where skipping could
 * differ (non-finite entries, sums already under way).
 */
import * as assert from 'assert';
import { loadPunctModel, seededRng } from '../../server/src/model';
import { punctemeSparse } from '../../server/src/model/automaton';
import { Mat, mulInto, zeros } from '../../server/src/model/matrix';
import { SparseMat, mulSpRightInto, spAddScaled, spMulInto, spSpMulInto, toDense, toSparse, toSparseScratch } from '../../server/src/model/sparse';
import { defaultModelDir, punctModelFile } from '../../server/src/engine';
import { smallSentences } from '../model/helpers';
import * as fs from 'fs';

const sameBits = (a: Float64Array, b: Float64Array, what: string) => {
  assert.strictEqual(a.length, b.length, what);
  for (let q = 0; q < a.length; q++) assert.ok(Object.is(a[q], b[q]), `${what}[${q}]: ${a[q]} vs ${b[q]}`);
};

/** out₀ + A·b with b dense and with b sparse, from the same starting sums. */
function bothWaysSparseLeft(A: SparseMat, b: Mat, start: Float64Array, what: string): void {
  const dense = { rows: A.rows, cols: b.cols, d: start.slice() };
  const sparse = { rows: A.rows, cols: b.cols, d: start.slice() };
  spMulInto(dense, A, b);
  spSpMulInto(sparse, A, toSparseScratch(b, 1));
  sameBits(sparse.d, dense.d, what);
}

/** out₀ + a·b both ways, from the same starting sums. */
function bothWays(a: Mat, b: Mat, start: Float64Array, what: string): void {
  const dense = { rows: a.rows, cols: b.cols, d: start.slice() };
  const sparse = { rows: a.rows, cols: b.cols, d: start.slice() };
  mulInto(dense, a, b, true);
  mulSpRightInto(sparse, a, toSparseScratch(b));
  sameBits(sparse.d, dense.d, what);
  const kept = { rows: a.rows, cols: b.cols, d: start.slice() };
  mulSpRightInto(kept, a, toSparse(b)); // the same with a CSR of its own
  sameBits(kept.d, dense.d, `${what} (toSparse)`);
}

describe('model/sparse: raw += AM · C with C sparse equals the dense product bit for bit', () => {
  it("on the C_l the trained model builds for real sentences' nodes", function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir()))) this.skip();
    const model = loadPunctModel(punctModelFile(defaultModelDir()));
    const core = model.core;
    const rng = seededRng(3);
    let products = 0;
    for (const t of smallSentences(25, 40)) {
      const prep = model.prepare(t);
      const slots = t.slots.map((s) => core.normaliseSlot(s));
      const auts = core.automata(slots);
      const input = core.nodeInputs(prep, slots);
      for (let w = 1; w <= prep.info.n; w++) {
        if (w === prep.info.root) continue;
        const left = auts[prep.info.lo[w] - 1], right = auts[prep.info.hi[w]];
        const { rp, weight } = input[w];
        // C_l per left puncteme, as Algorithm 1 sums it (pair order), and an AM with zeros of its own.
        const byL = new Map<number, Mat>();
        for (let p = 0; p < rp.pair.length; p++) {
          if (weight[p] === 0) continue;
          let C = byL.get(rp.l[p]);
          if (!C) byL.set(rp.l[p], (C = zeros(right.n, right.n)));
          const id = rp.r[p];
          if (core.V.tokens[id].length === 0) for (let d = 0; d < right.n; d++) C.d[d * right.n + d] += weight[p];
          else {
            const B = punctemeSparse(right, core.V.keys[id], core.V.tokens[id]);
            if (B) spAddScaled(C, B, weight[p]);
          }
        }
        // A_l · M for the left automaton's puncteme matrices and an M with zeros (as a child's matrix has).
        const M = zeros(left.n, right.n);
        for (let q = 0; q < M.d.length; q++) M.d[q] = rng() < 0.6 ? 0 : rng();
        for (const l of byL.keys()) {
          if (core.V.tokens[l].length === 0) continue;
          const A = punctemeSparse(left, core.V.keys[l], core.V.tokens[l]);
          if (A) bothWaysSparseLeft(A, M, Float64Array.from({ length: left.n * right.n }, () => (rng() < 0.5 ? 0 : rng())), `${t.id} node ${w} A·M`);
        }
        for (const C of byL.values()) {
          const AM = zeros(left.n, right.n);
          for (let q = 0; q < AM.d.length; q++) AM.d[q] = rng() < 0.3 ? 0 : rng();
          const start = Float64Array.from({ length: left.n * right.n }, () => (rng() < 0.5 ? 0 : rng()));
          bothWays(AM, C, start, `${t.id} node ${w}`);
          products++;
        }
      }
    }
    assert.ok(products > 1000, `${products} products checked`);
  });

  it('with infinities and NaN in the dense factor (their products with zeros are NaN), and −0 in the sparse one', () => {
    const rng = seededRng(9);
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + Math.floor(rng() * 12), m = 1 + Math.floor(rng() * 12), p = 1 + Math.floor(rng() * 12);
      const a = zeros(n, m), b = zeros(m, p);
      for (let q = 0; q < a.d.length; q++) {
        const r = rng();
        a.d[q] = r < 0.3 ? 0 : r < 0.33 ? Infinity : r < 0.35 ? NaN : r < 0.37 ? -Infinity : rng();
      }
      for (let q = 0; q < b.d.length; q++) b.d[q] = rng() < 0.8 ? (rng() < 0.1 ? -0 : 0) : rng();
      bothWays(a, b, new Float64Array(n * p), `trial ${trial}`);
      bothWaysSparseLeft(toSparse(a), b, new Float64Array(n * p), `trial ${trial} (sparse left)`);
      // The CSR drops −0 as a zero; its dense form is the same matrix up to those.
      sameBits(toDense(toSparse(b)).d.map((x) => x + 0), b.d.map((x) => x + 0), 'round trip');
    }
  });
});
