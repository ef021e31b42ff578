import * as assert from 'assert';
import { encodeSentence, reverseSentence } from '../../server/src/parser/encoding';
import { Tagger, verbTags } from '../../server/src/parser/tagger';
import { FeatureBuffer } from '../../server/src/parser/hash';
import { Scorer } from '../../server/src/parser/weights';
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


/**
 * A scorer that gives class c one point for the feature `template(c)` (one of `refineFeatures`' templates of one
 * first-pass tag): it decides as the first passes' tag it reads.
 */
function readsFirstPassTag(nClasses: number, template: number, sentinel: number): Scorer {
  const f = new FeatureBuffer();
  const classOf = new Map<number, number>();
  for (let c = 0; c < nClasses; c++) {
    f.clear();
    f.add1(template, c);
    classOf.set(f.buf[0], c);
  }
  f.clear();
  f.add1(template, sentinel);
  const beyond = f.buf[0];
  return {
    nClasses,
    score(feats: FeatureBuffer, out: Float64Array) {
      out.fill(0, 0, nClasses);
      for (let k = 0; k < feats.n; k++) {
        const c = classOf.get(feats.buf[k]);
        if (c !== undefined) out[c] += 1;
        // Past the last word: the last class, so that the test can see the sentinel was read there.
        else if (feats.buf[k] === beyond) out[nClasses - 1] += 1;
      }
    },
  };
}

describe('refining pass', () => {
  const s = { forms: ['While', 'the', 'oven', 'heats', 'peel', 'the', 'potatoes'], slots: [[], [], [], [], [','], [], [], ['.']] };
  const e = encodeSentence(s);
  const tags = { upos: Array.from({ length: 7 }, (_, i) => `U${i}`), xpos: Array.from({ length: 11 }, (_, i) => (i < 3 ? `VB${'DZ'[i] ?? ''}` : `X${i}`)) };
  const fx = hashedScorer(11, 3), fu = hashedScorer(7, 5), rx = hashedScorer(11, 9), ru = hashedScorer(7, 17);
  const first = new Tagger(fx, fu, tags, { xpos: rx, upos: ru });

  it('decides as the first passes when it trusts their tag of the word', () => {
    const refined = new Tagger(fx, fu, tags, { xpos: rx, upos: ru }, { xpos: readsFirstPassTag(11, 80, -1), upos: zeroScorer(7) });
    assert.deepStrictEqual([...refined.tag(e).xpos], [...first.tag(e).xpos]);
    assert.deepStrictEqual(refined.firstPasses(e), first.tag(e));
    assert.ok(new Set(first.tag(e).xpos).size > 1, 'the stub scorers must give varied tags for this test to mean anything');
  });

  it('reads the first passes\' tag of the next word, and a sentinel past the last', () => {
    const refined = new Tagger(fx, fu, tags, { xpos: rx, upos: ru }, { xpos: readsFirstPassTag(11, 81, -3), upos: zeroScorer(7) });
    const p = first.tag(e).xpos;
    assert.deepStrictEqual([...refined.tag(e).xpos], [...p.slice(1), 10]);
  });

  it('beside the first passes\' scores (firstWeight), a refiner that scores nothing decides as they do', () => {
    const silent = new Tagger(fx, fu, tags, { xpos: rx, upos: ru }, { xpos: zeroScorer(11), upos: zeroScorer(7) });
    for (const w of [1, 2.5]) assert.deepStrictEqual(silent.withRefiner(silent.refiner, w).tag(e), first.tag(e));
    // And one that reads the next word's tag, beside a weight of them too small to matter, decides as it reads.
    const reads = new Tagger(fx, fu, tags, { xpos: rx, upos: ru }, { xpos: readsFirstPassTag(11, 81, -3), upos: zeroScorer(7) });
    const p = first.tag(e).xpos;
    assert.deepStrictEqual([...reads.withRefiner(reads.refiner, 1e-9).tag(e).xpos], [...p.slice(1), 10]);
  });

  it('withRefiner(undefined) is the first passes alone', () => {
    const refined = new Tagger(fx, fu, tags, { xpos: rx, upos: ru }, { xpos: readsFirstPassTag(11, 81, -3), upos: zeroScorer(7) });
    assert.deepStrictEqual(refined.withRefiner(undefined).tag(e), first.tag(e));
  });

  it('verbTags marks the finite PTB verb tags and MD 2, the other verb tags 1', () => {
    assert.deepStrictEqual([...verbTags(['NN', 'VB', 'VBZ', 'MD', 'NNS', 'VBN', 'VBD', 'VBP', 'VBG'])], [0, 1, 2, 2, 0, 1, 2, 2, 1]);
  });
});
