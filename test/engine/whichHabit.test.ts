import * as assert from 'assert';
import { documentRegisterFeatures, registerBins, registerCounts, whichHabitClass, whichHabitFeatures, whichOthers, whichTally, whichTallyOfBins } from '../../server/src/engine/correction/learned/documentFeatures';

describe('engine: the writer’s habit before "which" (documentFeatures.ts)', () => {
  const document = [
    'The proposal adds a new module, which replaces the old parser.',
    'It keeps the cache, which most users rely on, and the options in which the paths are set.',
    'The macro returns 0 on success and -1 on failure which happens if the allocation fails.',
    'Which of these is used depends on the platform.',
  ].join(' ');

  it('counts a relative "which" after a word with and without a comma, and not after a preposition or at a sentence start', () => {
    assert.deepStrictEqual(whichTally(document), [2, 1]);
    assert.deepStrictEqual(whichTally('the parts of which it is made'), [0, 0]);
    assert.deepStrictEqual(whichTally('He asked about "the question", which no one answered.'), [1, 0]);
  });

  it('counts as the plain pattern does (a word, a closing mark, a comma, spaces, "which"), on made-up strings and a long word', () => {
    const NOT_AFTER = new Set(['of', 'in', 'to', 'for', 'by', 'on', 'with', 'from', 'at', 'about', 'through', 'under', 'and', 'or', 'but', 'that', 'into', 'upon', 'during', 'after', 'before', 'over', 'between', 'among', 'against', 'within', 'without', 'via', 'than']);
    const pattern = (text: string): [number, number] => {
      let comma = 0;
      let bare = 0;
      for (const m of text.matchAll(/([\p{L}\p{N}][\p{L}\p{N}'’-]*)([)"”’]?)(,?)\s+which\b/gu)) {
        if (NOT_AFTER.has(m[1].toLowerCase())) continue;
        if (m[3]) comma++;
        else bare++;
      }
      return [comma, bare];
    };
    const pieces = ['which', ' ', '  ', ',', ')', '"', '”', '’', "'", '-', 'a', 'in', 'x', 'é', '9', '\n', 'whichever', 'of', '_', '.'];
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let i = 0; i < 20000; i++) {
      let text = '';
      for (let k = 1 + Math.floor(next() * 12); k > 0; k--) text += pieces[Math.floor(next() * pieces.length)];
      assert.deepStrictEqual(whichTally(text), pattern(text), JSON.stringify(text));
    }
    // The pattern went back over a word at each of its letters (quadratic: test/stress/scaling.test.ts measures it).
    assert.deepStrictEqual(whichTally(`${'a'.repeat(40000)} which`), [0, 1]);
  });

  it('leaves the sentence’s own "which"s out, so that a sentence never votes for itself', () => {
    const sentence = 'The macro returns 0 on success and -1 on failure which happens if the allocation fails.';
    assert.deepStrictEqual(whichOthers(whichTally(document), sentence), [2, 0]);
    // The same with the comma the writer left out put back: what the sentence holds does not change the others.
    assert.deepStrictEqual(whichOthers(whichTally(document.replace('failure which', 'failure, which')), sentence.replace('failure which', 'failure, which')), [2, 0]);
  });

  it('reads the others as a few classes, and makes features only of the class and the kind', () => {
    assert.deepStrictEqual([[0, 0], [1, 0], [0, 1], [3, 0], [0, 2], [3, 1], [1, 2]].map((t) => whichHabitClass(t as [number, number])), [
      'none',
      'one-comma',
      'one-bare',
      'all-comma',
      'all-bare',
      'most-comma',
      'most-bare',
    ]);
    assert.deepStrictEqual(whichHabitFeatures([3, 0], 'nonrestrictive-comma/insert'), [['docWhich=all-comma*key=nonrestrictive-comma/insert', 1]]);
  });

  it('rides with the register’s bins as a count, which the register’s own features skip', () => {
    const bins = registerBins(registerCounts(document));
    assert.deepStrictEqual(whichTallyOfBins(bins), [2, 1]);
    assert.ok(documentRegisterFeatures(bins, 'insert', 'comma/insert').every(([name]) => name.startsWith('doc:')));
  });
});
