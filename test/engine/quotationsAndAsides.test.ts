/**
 * Guards for other genres (journal, "other genres" of 2026-11-22 from 06:20 UTC): the comma after a fronted phrase
 * ending in a determiner that stands as a pronoun, the commas around a reporting clause, and the two commas around an
 * adverbial aside. Per guard: a sentence of the kind, written for this test (not copied from the texts it was found
 * on), on which the guard holds and the linter finds nothing, beside the genuine learner error of the same shape,
 * which is still reported.
 */
import { strict as assert } from 'assert';
import { frontedPhraseCommaAt } from '../../server/src/engine/correction/guards/deletionGuards';
import { guardChecks } from './guardChecks';

describe('engine: quotations and asides (guards for other genres)', () => {
  const { found, holdsAfter } = guardChecks();

  describe('a fronted phrase ending in a determiner that stands as a pronoun (deletionGuards.ts frontedPhraseCommaAt)', () => {
    it('keeps the comma of "After all," before a new noun phrase', () => {
      assert.ok(holdsAfter(frontedPhraseCommaAt, 'After all, nobody expected the storm to last.', 'all'));
      assert.deepEqual(found('After all, nobody expected the storm to last.'), []);
    });
    it('a determiner whose noun follows the comma still dangles', () => {
      assert.ok(!holdsAfter(frontedPhraseCommaAt, 'In this, case we should wait.', 'this'));
      assert.deepEqual(found('In this, case we should wait.'), ['comma@In this']);
    });
  });

  describe('the commas of a reporting clause (reportingClauses.ts)', () => {
    it('keeps the comma after "he said" that follows a quotation', () => {
      const text = '"Not a chance," the old sailor replied, shaking his head slowly.';
      assert.deepEqual(found(text), []);
    });
    it('keeps the comma before an inverted reporting clause at the end', () => {
      const text = 'I told you the train was late, answered the porter.';
      assert.deepEqual(found(text), []);
      // A verb that doubles its consonant ("admitted"), and a third-person form ("replies").
    });
    it('a verb of saying with no quotation before it, or after its own subject, keeps its learner comma', () => {
      assert.deepEqual(found('The old sailor replied, a chance.'), ['subject-verb-comma@e old sailor replied']);
      assert.deepEqual(found('The teacher, said that we should study.'), ['subject-verb-comma@The teacher']);
    });
  });

  describe('the two commas around an adverbial aside (adverbialAsides.ts)', () => {
    it('keeps both commas around a participle phrase after a subject', () => {
      const text = 'The parcel, sent from Leeds last week, has not arrived.';
      assert.deepEqual(found(text), []);
    });
    it('keeps both commas around a clause before an extraposed infinitive', () => {
      const text = 'It is a kindness, when a friend is grieving, to sit with him quietly.';
      assert.deepEqual(found(text), []);
    });
    it('a clause without its verb is no aside, and a participle after an auxiliary is the predicate', () => {
      assert.deepEqual(found('I stayed home because the weather, was bad.'), ['subject-verb-comma@ because the weather']);
      assert.deepEqual(found('He is, saying that he will come.'), ['comma@He is']);
    });
  });
});
