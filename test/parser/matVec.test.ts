import * as assert from 'assert';
import { dot, matVec } from '../../server/src/parser/dot';
import { MatVecKernel, RowArena } from '../../server/src/parser/wasmMatVec';
import { seededRandom } from '../../server/src/training/parser/views';

/**
 * The neural scorer's faster products must give `dot`'s results bit for bit (the parse may not change): the
 * two-rows-at-a-time JavaScript `matVec` and the WebAssembly SIMD kernel, on float32-valued weights (as θ is, read
 * from the model file) and float64 vectors, at sizes that exercise the four-wide loop, its tail and an odd row.
 */
describe('matrix–vector products of the neural scorer', () => {
  const rand = seededRandom(3);
  for (const [rows, n] of [[1, 1], [3, 2], [5, 3], [7, 13], [64, 64], [101, 96], [192, 48]]) {
    it(`equal dot row by row, exactly (${rows} × ${n})`, () => {
      const skip = 5; // the matrix starts inside θ
      const a = new Float64Array(skip + 2 * rows * n).map(() => Math.fround((rand() - 0.5) * 2));
      const b = new Float64Array(3 * n).map(() => (rand() - 0.5) * 7);
      b[1] = -0;
      const kernel = MatVecKernel.create(a, skip, 2 * rows, n);
      // The same matrix from a float32 θ (as parsing loads it): kept as float32 and widened in each product.
      const kernel32 = MatVecKernel.create(Float32Array.from(a), skip, 2 * rows, n);
      assert.ok(kernel && kernel32, 'WebAssembly SIMD is available in this Node');
      for (let block = 0; block < 2; block++)
        for (let bo = 0; bo + n <= b.length; bo += n) {
          const js = new Float64Array(rows + 1);
          const wasm = new Float64Array(rows + 1);
          const wasm32 = new Float64Array(rows + 1);
          matVec(a, skip + block * rows * n, rows, n, b, bo, js, 1);
          kernel.mul(block * rows, rows, b, bo, wasm, 1);
          kernel32.mul(block * rows, rows, b, bo, wasm32, 1);
          for (let m = 0; m < rows; m++) {
            const want = dot(a, skip + (block * rows + m) * n, b, bo, n);
            assert.ok(Object.is(js[1 + m], want), `matVec row ${m}`);
            assert.ok(Object.is(wasm[1 + m], want), `kernel row ${m}`);
            assert.ok(Object.is(wasm32[1 + m], want), `float32 kernel row ${m}`);
          }
          assert.strictEqual(js[0], 0);
          assert.strictEqual(wasm[0], 0);
          assert.strictEqual(wasm32[0], 0);
        }
      // Columns [col, col + width) of the float32 matrix (the input rows' products read Wx so).
      if (n >= 3) {
        const col = 1, width = n - 2;
        const out = new Float64Array(rows);
        kernel32.mul(0, rows, b, 0, out, 0, col, width);
        for (let m = 0; m < rows; m++) assert.ok(Object.is(out[m], dot(a, skip + m * n + col, b, 0, width)), `columns of row ${m}`);
      }
    });
  }

  it('adds rows in WebAssembly exactly as JavaScript adds them (RowArena), odd lengths and -0 included', () => {
    const arena = RowArena.create([7, 40, 13]);
    assert.ok(arena, 'WebAssembly SIMD is available in this Node');
    const [a, b, c] = arena.arrays;
    for (const x of [a, b, c]) for (let i = 0; i < x.length; i++) x[i] = (rand() - 0.5) * 10 ** Math.floor(rand() * 8);
    b[3] = -0;
    c[0] = -0;
    const want = Float64Array.from(b);
    for (const [src, so, count] of [[0, 0, 7], [2, 0, 13], [2, 5, 8], [0, 1, 1]] as const) {
      const from = src === 0 ? a : c;
      for (let i = 0; i < count; i++) want[20 + i] += from[so + i];
      arena.add(1, 20, src, so, count);
      for (let i = 0; i < b.length; i++) assert.ok(Object.is(b[i], want[i]), `entry ${i}`);
    }
  });

  it('adds float32 rows to float64 sums in WebAssembly exactly as JavaScript does (RowArena.addWidened)', () => {
    const arena = RowArena.create([9, 40, 15], [2]);
    assert.ok(arena, 'WebAssembly SIMD is available in this Node');
    const [a, b, c] = arena.arrays;
    assert.ok(c instanceof Float32Array && a instanceof Float64Array);
    for (const x of [a, b, c]) for (let i = 0; i < x.length; i++) x[i] = (rand() - 0.5) * 10 ** Math.floor(rand() * 8);
    b[4] = -0;
    c[1] = -0;
    const want = Float64Array.from(b);
    for (const [so, count] of [[0, 15], [3, 8], [5, 1], [1, 2]] as const) {
      for (let i = 0; i < count; i++) want[20 + i] += c[so + i];
      arena.addWidened(1, 20, 2, so, count);
      for (let i = 0; i < b.length; i++) assert.ok(Object.is(b[i], want[i]), `entry ${i}`);
    }
  });
});
