/**
 * Guards for other genres (journal, "other genres" of 2026-11-22 from 06:20 UTC, change 4): the comma before an
 * afterthought adverb that ends the sentence, and an adverbial aside opened by a focusing adverb that interrupts a verb
 * and its infinitive. Per guard: a sentence of the kind, written for this test, on which the guard holds and the linter
 * finds nothing, beside the learner's error of the same shape, which the guard does not cover and the linter still
 * reports.
 */
import { strict as assert } from 'assert';
import { finalAdverbCommaAt } from '../../server/src/engine/correction/conventions/predicates';
import { guardChecks } from './guardChecks';

describe('engine: afterthought adverbs and focused asides (guards for other genres)', () => {
  const { found, holdsAfter } = guardChecks();

  describe('the comma before an afterthought adverb (predicates.ts)', () => {
    it('is kept before a final "either"', () => {
      assert.ok(holdsAfter(finalAdverbCommaAt, 'I never found the key, either.', 'key'));
      assert.deepEqual(found('I never found the key, either.'), []);
    });
    it("an adverb of manner is the verb's, and a comma before the object is a learner's", () => {
      assert.ok(!holdsAfter(finalAdverbCommaAt, 'He ran home, quickly.', 'home'));
      assert.ok(!holdsAfter(finalAdverbCommaAt, 'I never found, the key either.', 'found'));
      assert.deepEqual(found('I never found, the key either.'), ['subject-verb-comma@I never found']);
    });
  });

  describe('an aside opened by a focusing adverb between a verb and its infinitive (adverbialAsides.ts)', () => {
    it('keeps both commas', () => {
      const text = 'The children tend, even when they are tired, to stay up late.';
      assert.deepEqual(found(text), []);
    });
    it('a comma between a verb and its infinitive with no aside is a learner’s', () => {
      assert.deepEqual(found('He wants, to stay up late.'), ['comma@He wants']);
    });
  });
});
