import { strict as assert } from 'assert';
import { RankedInt16 } from '../../server/src/model/rankedWeights';
import { seededRng } from '../../server/research/eval/rng';

describe('θ without its zeros (RankedInt16)', () => {
  it('gives back exactly every value of the dense vector, at every bit position of its words', () => {
    const rng = seededRng(3);
    for (const [n, density] of [[1, 1], [31, 0.5], [32, 1], [33, 0.3], [1000, 0.29], [4096, 0.05], [4096, 1]] as const) {
      const q = Int16Array.from({ length: n }, () => (rng() < density ? Math.round((rng() - 0.5) * 65534) || 1 : 0));
      const r = new RankedInt16(q);
      for (let i = 0; i < n; i++) assert.equal(r.get(i), q[i], `n ${n}, slot ${i}`);
      assert.deepEqual(r.toInt16Array(), q);
      assert.equal(r.length, n);
    }
  });

  it('keeps the shipped model in under half the memory', () => {
    const q = new Int16Array(1 << 22);
    const rng = seededRng(4);
    for (let i = 0; i < q.length; i++) if (rng() < 0.29) q[i] = 1 + Math.floor(rng() * 1000);
    assert.ok(new RankedInt16(q).byteLength < q.byteLength / 2);
  });
});
