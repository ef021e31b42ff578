/**
 * A comma or period after a quotation that ends in "?" or "!" (rules/quotePlacement.ts `endMarkAbsorbs`; journal,
 * "other genres" of 2026-11-22 from 04:00 UTC): reported in either style with a fix that deletes it, never moved
 * inside; and it is no evidence of British placement for `auto`.
 */
import { strict as assert } from 'assert';
import { detectQuoteStyle, quotePlacementRule } from '../../server/src/engine/rules/quotePlacement';
import { explanationText } from '../../server/src/engine/finding';
import { LintOptions } from '../../server/src/engine/types';

describe('engine: a mark after a quoted question or exclamation (rules/quotePlacement.ts)', () => {
  /** Each finding as its message and the text after its fix. */
  const check = (text: string, options: LintOptions) =>
    quotePlacementRule.check(text, options).map((f) => {
      const e = f.fixes[0].edits[0];
      return `${f.message} => ${text.slice(0, e.start)}${e.newText}${text.slice(e.end)}`;
    });
  it('the comma after "Ready?" is deleted in American and British style alike', () => {
    const text = '"Ready?", she asked.';
    const want = ['No comma after a quotation that ends in "?": the "?" stands in for it. => "Ready?" she asked.'];
    assert.deepEqual(check(text, { quoteStyle: 'american' }), want);
    assert.deepEqual(check(text, { quoteStyle: 'british' }), want);
    assert.deepEqual(check('He shouted "Stop!".', { quoteStyle: 'auto' }).length, 1);
  });
  it('the explanation names the marks in words: no mark in quotes beside a quotation mark (`only "?"" is written`)', () => {
    for (const text of ['He asked "why?".', '"Ready?", she asked.', 'He shouted \u201cStop!\u201d.']) {
      const [f] = quotePlacementRule.check(text, { quoteStyle: 'american' });
      const why = explanationText(f.explanation!);
      assert.match(why, /only the "[?!]" and the closing quotation mark are written\.$/, text);
      assert.doesNotMatch(why, /"[?!]["\u201d]"/, text);
    }
  });
  it('a comma after a plain quotation is still moved inside in American style, and left alone in British', () => {
    assert.deepEqual(check('She called it "a disaster", and left.', { quoteStyle: 'american' }), [
      'American style puts the comma inside the closing quotation mark: ," here, not ", as written. => She called it "a disaster," and left.',
    ]);
    assert.deepEqual(check('She called it "a disaster", and left.', { quoteStyle: 'british' }), []);
  });
  it('"?", is no British habit for auto', () => {
    assert.equal(detectQuoteStyle('"Why?", he asked. "Because," she said, "it is late."'), 'american');
  });
});
