import * as assert from 'assert';
import { bestPair, tagPairList } from '../../server/src/parser/tagger';
import { seededRandom } from '../../server/src/training/parser/views';
import { encodeSentence } from '../../server/src/parser/encoding';
import { taggerFromScorers } from '../../server/src/parser/taggerScorers';
import { SparseWeights } from '../../server/src/parser/weights';
import { hashedScorer } from './stubScorers';

describe('XPOS and UPOS decided together (Tagger.pairs)', () => {
  it('takes the allowed pair with the greatest summed score, as a search of every pair does', () => {
    const rand = seededRandom(3);
    for (let trial = 0; trial < 500; trial++) {
      const nx = 1 + Math.floor(rand() * 6), nu = 1 + Math.floor(rand() * 5);
      const sx = Float64Array.from({ length: nx }, () => rand() * 4 - 2);
      const su = Float64Array.from({ length: nu }, () => rand() * 4 - 2);
      const pairs = Uint8Array.from({ length: nx * nu }, () => (rand() < 0.4 ? 1 : 0));
      pairs[Math.floor(rand() * nx * nu)] = 1;
      let best = -Infinity;
      for (let x = 0; x < nx; x++) for (let u = 0; u < nu; u++) if (pairs[x * nu + u]) best = Math.max(best, sx[x] + su[u]);
      const [x, u] = bestPair(sx, nx, su, nu, pairs);
      assert.strictEqual(pairs[x * nu + u], 1);
      assert.strictEqual(sx[x] + su[u], best);
    }
  });

  it('is the two argmaxes where every pair is allowed', () => {
    const sx = Float64Array.of(0.1, 2, -1), su = Float64Array.of(-3, 0.5);
    assert.deepStrictEqual(bestPair(sx, 3, su, 2, new Uint8Array(6).fill(1)), [1, 1]);
  });
});

describe("a model's recorded tag pairs (info.tagPairs)", () => {
  const s = { forms: ['Yes', 'the', 'old', 'man', 'the', 'boats'], slots: [[], [','], [], [], [], [], ['.']] };
  const e = encodeSentence(s);
  const tags = { upos: Array.from({ length: 7 }, (_, i) => `U${i}`), xpos: Array.from({ length: 11 }, (_, i) => `X${i}`) };
  const scorers = { xpos: hashedScorer(11, 3) as SparseWeights, upos: hashedScorer(7, 5) as SparseWeights };

  it('tag as before where the model records none, and only within the pairs where it does', () => {
    const alone = taggerFromScorers(scorers, tags, '', undefined, {});
    assert.strictEqual(alone.pairs, undefined);
    const free = alone.tag(e);
    // Each XPOS Xk may go with U(k mod 7) only.
    const listed = tags.xpos.map((x, k) => `${x} U${k % 7}`);
    const tied = taggerFromScorers(scorers, tags, '', undefined, { tagPairs: listed }).tag(e);
    for (let i = 0; i < e.n; i++) assert.strictEqual(tied.upos[i], tied.xpos[i] % 7);
    assert.notDeepStrictEqual(tied, free);
  });
});

describe('tagPairList', () => {
  it("lists a tagger's pairs as its model records them, and reads back to the same pairs", () => {
    const tags = { upos: ['NOUN', 'VERB'], xpos: ['NN', 'VB', 'VBZ'] };
    const scorers = { xpos: hashedScorer(3, 1) as SparseWeights, upos: hashedScorer(2, 2) as SparseWeights };
    const listed = ['NN NOUN', 'VB VERB', 'VBZ VERB'];
    const t = taggerFromScorers(scorers, tags, '', undefined, { tagPairs: listed });
    assert.deepStrictEqual(tagPairList(t), listed);
    assert.deepStrictEqual(taggerFromScorers(scorers, tags, '', undefined, { tagPairs: tagPairList(t) }).pairs, t.pairs);
    assert.strictEqual(tagPairList(taggerFromScorers(scorers, tags)), undefined);
  });
});
