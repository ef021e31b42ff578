/**
 * The ")" of an inline enumerator is no unbalanced bracket (rules/unbalancedPairs.ts `inlineEnumerator`; journal,
 * "other genres" of 2026-11-22 from 04:00 UTC): items labelled "1) … 2) …" inside a running line, beside a lone closer,
 * which is still reported.
 */
import { strict as assert } from 'assert';
import { unbalancedPairsRule } from '../../server/src/engine/rules/unbalancedPairs';

describe('engine: inline enumerators (rules/unbalancedPairs.ts)', () => {
  const rules = (text: string) => unbalancedPairsRule.check(text, {}).map((f) => text.slice(f.start, f.end + 8));
  it('no finding on "1) … 2) … 3)" or "a) … b)" inside a line', () => {
    assert.deepEqual(rules('Before you leave: 1) lock the door 2) close the windows 3) turn off the lights.'), []);
    assert.deepEqual(rules('Choose either a) the train or b) the bus.'), []);
  });
  it('a closer with no opener and no neighbouring label is still reported, and "(step 1)" still pairs', () => {
    assert.deepEqual(rules('The total is 5) and that is all.'), [') and tha']);
    assert.deepEqual(rules('Read the notes (step 1) first.'), []);
    assert.deepEqual(rules('Read the notes (step 1 first.').length, 1);
  });
});
