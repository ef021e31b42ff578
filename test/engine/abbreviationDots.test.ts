/**
 * An abbreviation's dot before "?" or "!" (rules/doubledMarks.ts; journal, "other genres" of 2026-11-22 from 04:00
 * UTC): kept, since only a period is absorbed by it; a period stacked on "?" and a period after an abbreviation are
 * still reported.
 */
import { strict as assert } from 'assert';
import { doubledMarksRule } from '../../server/src/engine/rules/doubledMarks';

describe('engine: an abbreviation before "?" or "!" (rules/doubledMarks.ts)', () => {
  const found = (text: string) => doubledMarksRule.check(text, {}).map((f) => `${f.ruleId}@${text.slice(f.start, f.end)}`);
  it('no finding on "O.K.?" or "Jr.!"', () => {
    assert.deepEqual(found('Is that O.K.? We can wait.'), []);
    assert.deepEqual(found('We met Martin Luther King Jr.!'), []);
  });
  it('a period before "?" after a plain word, and a period after an abbreviation, are still reported', () => {
    assert.deepEqual(found('Is that fine.? We can wait.'), ['mark-absorption@.?']);
    assert.deepEqual(found('They moved to the U.S.. Then they left.'), ['mark-absorption@.']);
  });
});
