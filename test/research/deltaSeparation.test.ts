/** The AUC of `deltaSeparation.ts` against its definition: the share of (right, wrong) pairs ordered right, ties half. */
import { strict as assert } from 'assert';
import { auc } from '../../server/research/eval/deltaSeparation';

function bruteForce(pos: number[], neg: number[]): number {
  let s = 0;
  for (const p of pos) for (const n of neg) s += p > n ? 1 : p === n ? 0.5 : 0;
  return s / (pos.length * neg.length);
}

describe('research: AUC of Δ by ranks (deltaSeparation.ts)', () => {
  it('equals the pair count on random scores with many ties', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let trial = 0; trial < 50; trial++) {
      const pos = Array.from({ length: 1 + Math.floor(rand() * 30) }, () => Math.floor(rand() * 8));
      const neg = Array.from({ length: 1 + Math.floor(rand() * 30) }, () => Math.floor(rand() * 8) - 1);
      assert.ok(Math.abs(auc(pos, neg) - bruteForce(pos, neg)) < 1e-12);
    }
    assert.equal(auc([2, 3], [0, 1]), 1);
    assert.ok(Number.isNaN(auc([], [1])));
  });
});
