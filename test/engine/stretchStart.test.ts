import * as assert from 'assert';
import { stretchStart } from '../../server/src/engine/correction/learned/learnedScorer';
import { AnalysedSentence } from '../../server/src/engine/sentence';

/** Only the marks as written are read: slot k holds the marks after word k (slot 0 before the first word). */
const sentence = (slots: string[][]) => ({ tree: { words: [], slots } }) as unknown as AnalysedSentence;

describe('engine: the stretch before a slot, for the learned scorer\'s opener feature', () => {
  // "Finally , when it is ready , we will go ." : words 1..8, a comma after words 1 and 5.
  const s = sentence([[], [','], [], [], [], [','], [], [], ['.']]);
  it('starts after the nearest slot before it that holds a mark', () => {
    assert.strictEqual(stretchStart(s, 5), 2);
    assert.strictEqual(stretchStart(s, 7), 6);
  });
  it('starts at the first word when no mark comes before the slot', () => {
    assert.strictEqual(stretchStart(s, 1), 1);
    assert.strictEqual(stretchStart(sentence([[], [], [], ['.']]), 2), 1);
  });
});
