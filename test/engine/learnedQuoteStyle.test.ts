import { strict as assert } from 'assert';
import { learnedQuoteStyle } from '../../server/src/engine/modelAdapter';
import { KEEP, newChannel, paramIndex, SWAP } from '../../server/src/model/channel';
import { modelAlphabet } from '../../server/src/model/vocabulary';

describe('engine/modelAdapter: the quote style a channel learned', () => {
  const A = modelAlphabet();
  const channelWith = (swap: number, keep: number, identity = false) => {
    const logits = new Float64Array(A.size * A.size * 4);
    logits[paramIndex(A.size, A.id('”'), A.id('.'), SWAP)] = swap;
    logits[paramIndex(A.size, A.id('”'), A.id('.'), KEEP)] = keep;
    return newChannel(A, 'R', identity, logits);
  };

  it('is American when the channel transposes ”. into .” at least half the time, else undecided', () => {
    assert.equal(learnedQuoteStyle(channelWith(3, 0)), 'american'); // p(swap) = e³ / (e³ + 3) ≈ 0.87
    assert.equal(learnedQuoteStyle(channelWith(0, 3)), undefined); // keeps ”.: says nothing about the style
    assert.equal(learnedQuoteStyle(channelWith(0, 0)), undefined); // uniform: p(swap) = ¼
    assert.equal(learnedQuoteStyle(channelWith(3, 0, true)), undefined, 'the identity channel (Attach) learns no rewrite');
  });
});
