import * as assert from 'assert';
import { encodeSentence, reverseSentence } from '../../server/src/parser/encoding';
import { Tagger } from '../../server/src/parser/tagger';
import { hashedScorer, zeroScorer } from './stubScorers';

describe('bidirectional tagger', () => {
  // "Yes, the old man the boats." — the words, and the marks in the slots between them.
  const s = { forms: ['Yes', 'the', 'old', 'man', 'the', 'boats'], slots: [[], [','], [], [], [], [], ['.']] };
  const e = encodeSentence(s);
  const tags = { upos: Array.from({ length: 7 }, (_, i) => `U${i}`), xpos: Array.from({ length: 11 }, (_, i) => `X${i}`) };

  it('reverseSentence reads the words right to left with each mark still between the same two words', () => {
    const r = reverseSentence(e);
    assert.deepStrictEqual([...r.lower], [...e.lower].reverse());
    // The comma after word 0 ('Yes') is before reversed word n−1 ('Yes'), i.e. slot n−1 of the reversed sentence.
    assert.strictEqual(r.slot[e.n - 1], e.slot[1]);
    assert.strictEqual(r.slot[0], e.slot[e.n]);
    assert.strictEqual(r.commasBefore[e.n + 1], e.commasBefore[e.n + 1]);
    assert.deepStrictEqual(reverseSentence(r), e);
  });

  it('adds nothing when one direction scores nothing', () => {
    const fx = hashedScorer(11, 3), fu = hashedScorer(7, 5);
    const forwardOnly = new Tagger(fx, fu, tags).tag(e);
    assert.deepStrictEqual(new Tagger(fx, fu, tags, { xpos: zeroScorer(11), upos: zeroScorer(7) }).tag(e), forwardOnly);
    // Forward scores zero: the decisions are the reverse pass's, on the reversed sentence, mapped back.
    const rx = hashedScorer(11, 9), ru = hashedScorer(7, 17);
    const both = new Tagger(zeroScorer(11), zeroScorer(7), tags, { xpos: rx, upos: ru }).tag(e);
    const rev = new Tagger(rx, ru, tags).tag(reverseSentence(e));
    assert.deepStrictEqual([...both.xpos], [...rev.xpos].reverse());
    assert.deepStrictEqual([...both.upos], [...rev.upos].reverse());
    assert.ok(new Set(both.xpos).size > 1, 'the stub scorer must give varied tags for this test to mean anything');
  });
});

