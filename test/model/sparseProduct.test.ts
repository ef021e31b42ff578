/**
 * The sparse product made straight into CSR (`spSpMul`, how a slot automaton's puncteme matrices are made) against
 * the dense product made sparse, bit for bit: on random sparse matrices (with non-finite entries, which take every
 * column as the dense kernel does) and on the shipped channel's automata, every puncteme of the model's vocabulary.
 * And the kernels that read a matrix by columns instead of its transpose (the forward pass's flipped nodes).
 */
import * as assert from 'assert';
import { loadPunctModel, seededRng } from '../../server/src/model';
import { buildSlotAutomaton } from '../../server/src/model/automaton';
import { zeros } from '../../server/src/model/matrix';
import { SparseMat, spAddScaled, spAddScaledT, spSpMul, spSpMulInto, spTransMulInto, toSparse, transposeSparse } from '../../server/src/model/sparse';

function sameCsr(a: SparseMat, b: SparseMat, what: string): void {
  assert.deepStrictEqual([a.rows, a.cols], [b.rows, b.cols], what);
  assert.deepStrictEqual(Array.from(a.ptr), Array.from(b.ptr), `${what}: row pointers`);
  assert.deepStrictEqual(Array.from(a.idx), Array.from(b.idx), `${what}: columns`);
  for (let e = 0; e < a.val.length; e++) assert.ok(Object.is(a.val[e], b.val[e]), `${what}: entry ${e}: ${a.val[e]} vs ${b.val[e]}`);
  assert.strictEqual(a.val.length, b.val.length, what);
}

const viaDense = (a: SparseMat, b: SparseMat) => toSparse(spSpMulInto(zeros(a.rows, b.cols), a, b));

describe('model/sparse: the sparse product made straight into CSR', () => {
  it('equals the dense product made sparse, on random matrices with non-finite entries', () => {
    const rng = seededRng(17);
    const random = (rows: number, cols: number, density: number) => {
      const m = zeros(rows, cols);
      for (let q = 0; q < m.d.length; q++) {
        if (rng() >= density) continue;
        const u = rng();
        m.d[q] = u < 0.02 ? Infinity : u < 0.03 ? NaN : u < 0.3 ? -rng() : rng() * 1e-300 * (u < 0.35 ? 1e-10 : 1e300);
      }
      return toSparse(m);
    };
    for (let trial = 0; trial < 400; trial++) {
      const n = 1 + Math.floor(rng() * 40), m = 1 + Math.floor(rng() * 40), p = 1 + Math.floor(rng() * 40);
      const density = [0, 0.03, 0.1, 0.3, 1][trial % 5];
      const a = random(n, m, density), b = random(m, p, [0.05, 0.2, 0.6][trial % 3]);
      sameCsr(spSpMul(a, b), viaDense(a, b), `trial ${trial}`);
    }
  });

  it('products and scaled sums with a transpose equal those with the transpose made, on random matrices', () => {
    const rng = seededRng(23);
    const random = (rows: number, cols: number, density: number) => {
      const m = zeros(rows, cols);
      for (let q = 0; q < m.d.length; q++) if (rng() < density) m.d[q] = rng() < 0.03 ? Infinity : rng() < 0.3 ? -rng() : rng();
      return m;
    };
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + Math.floor(rng() * 30), m = 1 + Math.floor(rng() * 30), p = 1 + Math.floor(rng() * 30);
      const a = toSparse(random(m, n, [0, 0.05, 0.2, 0.6][trial % 4])), b = toSparse(random(m, p, 0.3));
      const start = random(n, p, 0.5);
      const fast = { ...start, d: start.d.slice() }, slow = { ...start, d: start.d.slice() };
      spTransMulInto(fast, a, b);
      spSpMulInto(slow, transposeSparse(a), b);
      for (let q = 0; q < fast.d.length; q++) assert.ok(Object.is(fast.d[q], slow.d[q]), `trial ${trial} aᵀ·b cell ${q}`);
      const c = random(n, m, 0.4);
      const fastC = { ...c, d: c.d.slice() }, slowC = { ...c, d: c.d.slice() };
      spAddScaledT(fastC, a, 0.37);
      spAddScaled(slowC, transposeSparse(a), 0.37);
      for (let q = 0; q < fastC.d.length; q++) assert.ok(Object.is(fastC.d[q], slowC.d[q]), `trial ${trial} c + w·aᵀ cell ${q}`);
    }
  });

  it('equals it for every multi-token puncteme on the shipped channel’s automata', () => {
    const model = loadPunctModel();
    const { channel, V } = model.core;
    let products = 0;
    for (const [slot, slot0] of [[[], true], [[','], false], [['.'], false], [[',', '”'], false], [['('], true]] as Array<[string[], boolean]>) {
      const aut = buildSlotAutomaton(channel, slot, slot0);
      for (const toks of V.tokens) {
        let fast: SparseMat | undefined = aut.mats[toks[0]], slow = fast;
        for (let q = 1; q < toks.length && fast && slow; q++) {
          const mt = aut.mats[toks[q]];
          if (!mt) break;
          [fast, slow] = [spSpMul(fast, mt), viaDense(slow, mt)];
          sameCsr(fast, slow, `${slot.join(' ')} puncteme ${toks.join(',')}`);
          products++;
        }
      }
    }
    assert.ok(products > 100, `${products} products compared`);
  });
});
