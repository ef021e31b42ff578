import * as assert from 'assert';
import * as path from 'path';
import { GradientPool } from '../../server/research/parser/biaffine/gradientPool';
import { splitBatch } from '../../server/research/parser/biaffine/gradientTask';
import { seededRandom } from '../../server/src/training/parser/views';
import { gradientTask } from './tinyGradientTask';

const MODULE = path.join(__dirname, 'tinyGradientTask.ts');

/** A batch of `size` sentences, each with a seed drawn from one stream (as training draws them). */
function batch(size: number, seed: number) {
  const r = seededRandom(seed);
  return Array.from({ length: size }, (_, index) => ({ index, seed: Math.floor(r() * 0x100000000) }));
}

describe('data-parallel gradients of the graph parser (gradientPool)', function () {
  this.timeout(120000);

  it('cuts a batch into contiguous runs of about equal weight', () => {
    assert.deepStrictEqual(splitBatch([1, 2, 3, 4, 5, 6, 7], 3), [[1, 2], [3, 4, 5], [6, 7]]);
    assert.deepStrictEqual(splitBatch([9, 1, 1, 1, 1, 1, 1, 1, 1, 1], 2, (x) => x), [[9], [1, 1, 1, 1, 1, 1, 1, 1, 1]]);
    assert.deepStrictEqual(splitBatch([1, 1, 1, 1, 8], 2, (x) => x), [[1, 1, 1, 1], [8]]);
    assert.deepStrictEqual(splitBatch([1, 2], 3), [[1], [], [2]]);
    assert.deepStrictEqual(splitBatch([1, 2, 3], 1), [[1, 2, 3]]);
  });

  it('two threads give the one-thread gradient of the same batch and seeds, to float64 rounding of the order of the sum', async () => {
    const items = batch(7, 3);
    // One thread, sentence by sentence in order: what --workers 1 computes.
    const single = gradientTask({ seed: 5 });
    const expected = new Float64Array(single.parser.theta.length);
    let expectedLoss = 0;
    for (const item of items) {
      const l = single.sentence(single.parser, expected, item);
      expectedLoss += l.arc + l.label;
    }
    const pool = await GradientPool.start(gradientTask({ seed: 5 }), MODULE, { seed: 5 }, 2);
    try {
      const grad = new Float64Array(expected.length);
      const loss = await pool.batch(items, grad);
      assert.ok(Math.abs(loss.arc + loss.label - expectedLoss) <= 1e-12 * expectedLoss, `loss ${loss.arc + loss.label} vs ${expectedLoss}`);
      let norm = 0, worst = 0, differ = 0;
      for (let i = 0; i < grad.length; i++) {
        norm = Math.max(norm, Math.abs(expected[i]));
        worst = Math.max(worst, Math.abs(grad[i] - expected[i]));
        if (grad[i] !== expected[i]) differ++;
      }
      assert.ok(norm > 0);
      assert.ok(worst <= 1e-13 * norm, `largest difference ${worst}, largest entry ${norm}`);
      // The runs' sums are added in another order than the single thread's: some entries round differently, which is
      // why the check is to rounding; a sentence computed in the wrong thread or with another seed would be far off.
      assert.ok(differ < grad.length);

      // The workers read θ where the main thread steps it: after a change, both agree again on the new θ.
      const th = pool.parser.theta as Float64Array;
      for (let i = 0; i < th.length; i++) th[i] += 0.01 * Math.sin(i);
      (single.parser.theta as Float64Array).set(th);
      const again = new Float64Array(expected.length), want = new Float64Array(expected.length);
      await pool.batch(items, again);
      for (const item of items) single.sentence(single.parser, want, item);
      let worst2 = 0, norm2 = 0;
      for (let i = 0; i < want.length; i++) {
        norm2 = Math.max(norm2, Math.abs(want[i]));
        worst2 = Math.max(worst2, Math.abs(again[i] - want[i]));
      }
      assert.ok(worst2 <= 1e-13 * norm2, `after a step: largest difference ${worst2}, largest entry ${norm2}`);
      assert.ok(again.some((x, i) => x !== grad[i]), 'the new θ gives another gradient');
    } finally {
      await pool.close();
    }
  });

  it('with one thread the pool sums sentence by sentence in order: bit for bit the single-thread gradient', async () => {
    const items = batch(5, 4);
    const single = gradientTask({ seed: 6 });
    const expected = new Float64Array(single.parser.theta.length);
    for (const item of items) single.sentence(single.parser, expected, item);
    const pool = await GradientPool.start(gradientTask({ seed: 6 }), MODULE, { seed: 6 }, 1);
    const grad = new Float64Array(expected.length);
    await pool.batch(items, grad);
    await pool.close();
    assert.deepStrictEqual(grad, expected);
  });

  it('refuses workers that built another setup', async () => {
    // The main thread's task from seed 7, the worker's from seed 8: another fresh θ, another signature.
    await assert.rejects(GradientPool.start(gradientTask({ seed: 7 }), MODULE, { seed: 8 }, 2), /worker 1 built another setup/);
  });
});
