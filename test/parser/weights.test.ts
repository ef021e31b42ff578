import * as assert from 'assert';
import { FeatureBuffer } from '../../server/src/parser/hash';
import { seededRandom } from '../../server/src/training/parser/views';
import { AveragedPerceptron } from '../../server/src/training/parser/averagedPerceptron';

describe('averaged perceptron', () => {
  for (const C of [3, 9]) it(`averages the weights over every tick (the w − u/t trick equals the explicit mean), ${C} classes`, () => {
    const rand = seededRandom(11);
    const p = new AveragedPerceptron(C, 6);
    const sum = new Float64Array(p.W.length);
    const f = new FeatureBuffer();
    for (let step = 0; step < 500; step++) {
      f.clear();
      for (let k = 0; k < 5; k++) f.add1(1 + k, Math.floor(rand() * 30));
      p.update(f, Math.floor(rand() * C), Math.floor(rand() * C));
      // The mean is over the weights in force at each tick, after that tick's update.
      for (let i = 0; i < sum.length; i++) sum[i] += p.W[i];
      p.tick();
    }
    const ticks = p.t - 1;
    const sparse = p.toSparse(0);
    // Compare scores under the averaged weights on random feature sets.
    const got = new Float64Array(C);
    for (let trial = 0; trial < 50; trial++) {
      f.clear();
      for (let k = 0; k < 5; k++) f.add1(1 + k, Math.floor(rand() * 30));
      sparse.score(f, got);
      for (let c = 0; c < C; c++) {
        let want = 0;
        for (let k = 0; k < f.n; k++) want += sum[(f.buf[k] & p.mask) * C + c] / ticks;
        // W − U/t averages over t ticks counting the initial zero weights; correct for that offset.
        const exact = (want * ticks) / p.t;
        assert.ok(Math.abs(got[c] - exact) < 1e-3 * (1 + Math.abs(exact)), `${got[c]} vs ${exact}`);
      }
    }
  });
});
