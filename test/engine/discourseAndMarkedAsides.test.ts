/**
 * Guards for the comma after an imperative used as a discourse marker and for the comma that closes an aside an
 * appositive marker opened (journal, "other genres" of 2026-11-22 from 06:20 UTC, change 3). Per guard: a sentence of
 * the kind, written for this test, on which the guard holds and the linter finds nothing, beside the learner's error of
 * the same shape, which the guard does not cover and the linter still reports.
 */
import { strict as assert } from 'assert';
import { guardChecks } from './guardChecks';

describe('engine: discourse imperatives and marked asides (guards for other genres)', () => {
  const { found, holdsAfter } = guardChecks();

  describe('the comma after an imperative used as a discourse marker (discourseImperatives.ts)', () => {
    it('is kept before a complete clause or a direct question', () => {
      assert.deepEqual(found('Look, nobody here wants another meeting.'), []);
      assert.deepEqual(found('Tell me, why did you leave so early?'), []);
    });
    it("before the verb's object it is a learner's comma, and so after a verb of thinking", () => {
      assert.deepEqual(found('See, the attached file.'), ['subject-verb-comma@See']);
    });
  });

  describe('the comma that closes an aside an appositive marker opened (markedAsideClose.ts)', () => {
    it('is kept after a noun-phrase aside when the host clause resumes', () => {
      const text = 'Several of the birds, including the old grey heron, were back by noon.';
      assert.deepEqual(found(text), []);
    });
    it('a comma inside the aside, or with no comma before the marker, stays a candidate', () => {
      assert.deepEqual(found('My brother, answered the phone.'), ['subject-verb-comma@My brother']);
    });
  });
});
