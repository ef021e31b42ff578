/**
 * The straight double quote left open: reported only where a paragraph's quotes, read by their neighbours, pair up
 * but for exactly one opener.
 */
import * as assert from 'assert';
import { unclosedStraightQuotes } from '../../server/src/engine/rules/straightQuotes';
import { unbalancedPairsRule } from '../../server/src/engine/rules/unbalancedPairs';

const at = (text: string) => unclosedStraightQuotes(text).map((i) => text.slice(i, i + 8));

describe('unbalanced-pair: the straight quote left open', () => {
  it('finds the one opener a paragraph leaves unclosed', () => {
    assert.deepStrictEqual(at('She called it "a small problem and walked away.'), ['"a small']);
    assert.deepStrictEqual(at('He said "yes" and then "no and left.'), ['"no and ']);
    assert.deepStrictEqual(at('We read "Dubliners" twice.\n\nThen she said "enough and left.'), ['"enough ']);
  });

  it('says nothing where the quotes pair up, or where which one is missing cannot be read', () => {
    assert.deepStrictEqual(at('He said "yes" and "no".'), []);
    assert.deepStrictEqual(at('The board is 2" thick and "very" heavy.'), [], 'an inch mark is no quotation mark');
    assert.deepStrictEqual(at('He said yes" and left.'), [], 'a closer with nothing open');
    assert.deepStrictEqual(at('It was a"b" thing "x".'), [], 'a quote between two letters');
    assert.deepStrictEqual(at('"A quotation of two paragraphs opens each of them.'), [], 'an opener at the paragraph start');
  });

  it('says nothing where the quotation goes on past its sentence (dialogue, a quoted passage)', () => {
    assert.deepStrictEqual(at('She said, "Come in. Sit down, please.'), []);
    assert.deepStrictEqual(at('I say, "E6". He says "no.'), ['"no.'], 'a number inside a word is no inch mark');
    assert.deepStrictEqual(at('Rogers listed: "Bad debt, US Government'), [], 'a paragraph that stops without a final mark');
  });

  it('the rule reports it as an unclosed pair, without a fix: where a quotation ends is a matter of its words', () => {
    const text = 'She called it "a small problem and walked away.';
    const [f, ...rest] = unbalancedPairsRule.check(text, {});
    assert.strictEqual(rest.length, 0);
    assert.strictEqual(f.ruleId, 'unbalanced-pair');
    assert.strictEqual(text.slice(f.start, f.end), '"');
    assert.deepStrictEqual(f.fixes, []);
  });
});
