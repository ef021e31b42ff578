import * as assert from 'assert';
import { denseWeights } from '../../server/src/restore/hashedLogistic';

describe('the small models\' dense weights from a file\'s sparse pairs', () => {
  it('puts each weight at its hashed index, zeros elsewhere, a later pair over an earlier one', () => {
    const a = denseWeights(4, [[3, 0.5], [0, -1], [15, 2], [3, 0.25]]);
    assert.strictEqual(a.length, 16);
    assert.deepStrictEqual([...a], [-1, 0, 0, 0.25, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    assert.deepStrictEqual([...denseWeights(2, [])], [0, 0, 0, 0]);
  });
});
