/**
 * Guards for a descriptive appositive that ends the sentence and for a parenthetical conjunct or attitude adverb
 * between two commas (journal, "other genres" of 2026-11-22 from 06:20 UTC, change 2). Per guard: a sentence of the
 * kind, written for this test, on which the guard holds and the linter finds nothing, beside the learner's error of the
 * same shape, which the guard does not cover and the linter still reports.
 */
import { strict as assert } from 'assert';
import { descriptiveAppositionAt } from '../../server/src/engine/correction/conventions/appositions';
import { guardChecks } from './guardChecks';

describe('engine: descriptive appositives and parenthetical adverbs (guards for other genres)', () => {
  const { found, holdsAfter } = guardChecks();

  describe('the comma before a descriptive appositive that ends the sentence (appositions.ts)', () => {
    it('is kept before a postmodified noun phrase that describes the one before it', () => {
      const text = 'The garden is my favourite place, the corner where I read every evening.';
      assert.ok(holdsAfter(descriptiveAppositionAt, text, 'place'));
      assert.deepEqual(found(text), []);
    });
    it("a verb's object after the comma, or its second object, is no appositive", () => {
      assert.ok(!holdsAfter(descriptiveAppositionAt, 'She gave the boy, a book that he liked.', 'boy'));
      assert.ok(!holdsAfter(descriptiveAppositionAt, 'I bought, a book about the sea.', 'bought'));
      assert.deepEqual(found('I bought, a book about the sea.'), ['subject-verb-comma@I bought']);
    });
    it('nor is a noun phrase of time, nor the predicate of a question', () => {
      assert.ok(!holdsAfter(descriptiveAppositionAt, 'Feed the puppies three times, a day with soft food.', 'times'));
      assert.ok(!holdsAfter(descriptiveAppositionAt, 'Is your dog, a breed with long ears?', 'dog'));
    });
  });

  describe('the commas around a parenthetical adverb (parentheticalAdverbs.ts)', () => {
    it('keeps both commas around a conjunct inside the clause', () => {
      const text = 'My brother, however, answered the phone.';
      assert.deepEqual(found(text), []);
    });
    it('a degree adverb is never set off, and a comma with no adverb after it is a learner’s', () => {
      assert.deepEqual(found('My brother, answered the phone.'), ['subject-verb-comma@My brother']);
    });
  });
});
