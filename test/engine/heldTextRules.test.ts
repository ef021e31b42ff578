/**
 * The typographic rules held for an error-prone text (`TextRule.errorProneOnly`): `mark-spacing` (a space before a
 * mark, or none after a comma between words) and repeated end marks (`doubled-mark`: "!!", "??"). Their findings are
 * reported only when the document's other findings mark it as error-prone (`writerErrorRate.ts`), and do not count.
 */
import * as assert from 'assert';
import { makeLinter } from '../../server/src/engine';
import { PlainFinding } from '../../server/src/engine/finding';
import { markSpacingRule } from '../../server/src/engine/rules/markSpacing';
import { repeatedEndMarksRule } from '../../server/src/engine/rules/repeatedEndMarks';
import { trainedEngineParts } from './trainedParts';

/** The text with each finding's first fix applied. */
function fixed(text: string, findings: readonly PlainFinding[]): string {
  let out = text;
  for (const f of [...findings].sort((a, b) => b.start - a.start)) {
    const e = f.fixes[0].edits[0];
    out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  }
  return out;
}

const check = (text: string) => markSpacingRule.check(text, {});

describe('engine: typographic rules held for an error-prone text (mark-spacing, repeated end marks)', function () {
  this.timeout(120000);

  it('removes the space before a comma, semicolon, colon, question or exclamation mark and a final period', () => {
    const cases: Array<[string, string]> = [
      ['Hello , how are you ?', 'Hello, how are you?'],
      ['It costs 5 dollars , which is cheap .', 'It costs 5 dollars, which is cheap.'],
      ['Note : the shop is closed ; come back tomorrow !', 'Note: the shop is closed; come back tomorrow!'],
      ['He left (for good) , and "that" ’s it .', 'He left (for good), and "that" ’s it.'],
      ['Really ?!', 'Really?!'],
      ['Two spaces  , and a tab\t.', 'Two spaces, and a tab.'],
    ];
    for (const [text, want] of cases) assert.strictEqual(fixed(text, check(text)), want, text);
    const [f] = check('Hello , world');
    assert.deepStrictEqual([f.ruleId, f.start, f.end, f.fixes[0].title], ['mark-spacing', 5, 6, 'Remove the space']);
    assert.match(f.message, /No space before the comma/);
  });

  it('puts a space after a comma between words of letters', () => {
    assert.strictEqual(fixed('I like apples,oranges and bananas.', check('I like apples,oranges and bananas.')), 'I like apples, oranges and bananas.');
    assert.strictEqual(fixed('red,green,blue.', check('red,green,blue.')), 'red, green, blue.');
    assert.strictEqual(fixed('(Paris,France)', check('(Paris,France)')), '(Paris, France)');
  });

  it('leaves ellipses, emoticons, names and numbers with marks, times, bullets and code-like tokens alone', () => {
    for (const text of [
      'Wait ... then go.',
      'Wait . . . then go.',
      'Well …',
      'See you :) and you ;-) and : ) too',
      'It runs on .NET and uses ?query strings and !important rules.',
      'Use !!important in style sheets.',
      'Meet at 12 :30 today.',
      'List:\n, item\n: item',
      'It costs 1,000 dollars.',
      'Use a,b or x,y here.',
      'Run with --only=dev,prod now.',
      'Open config.yaml,then save.',
      'Call foo(a,bar) here.',
      'Type "apples,oranges" in the box.',
    ])
      assert.deepStrictEqual(check(text).map((f) => [f.start, f.end]), [], text);
  });

  it('writes a repeated question or exclamation mark once; leaves "?!", code and words alone', () => {
    const repeated = (text: string) => repeatedEndMarksRule.check(text, {});
    assert.strictEqual(fixed('I can\'t wait to see you!! Really??? "Why??"', repeated('I can\'t wait to see you!! Really??? "Why??"')), 'I can\'t wait to see you! Really? "Why?"');
    const [f] = repeated('Wow!!');
    assert.deepStrictEqual([f.ruleId, f.start, f.end, f.message], ['doubled-mark', 3, 5, '"!!": edited prose writes the exclamation mark once.']);
    for (const text of ['Is it true?!', 'Really!?', 'Use !!important here.', 'Write a??b or x ?? y.']) assert.deepStrictEqual(repeated(text), [], text);
  });

  it('without a parser (rules only) a text has no sentences and is never error-prone: nothing is reported', () => {
    assert.deepStrictEqual(makeLinter({}).lint('Hello , how are you ? I am fine , thanks . See you , then .'), []);
  });

  describe('with the trained parser and model', () => {
    const parts = trainedEngineParts();
    // Sentences written for this test: a learner's essay with three errors the linter is sure of and spaced marks, and
    // the spaced marks alone.
    const ERRORS = 'My older sister, lives in London with her husband. We ate rice,, beans and salad for dinner. Where is the nearest bus stop?.';
    const SPACED = 'Hello , how are you ? I am fine , thank you . We met at the station , then we went home .';
    const EMPHATIC = 'I cannot wait to see you!! Is it true??';

    it('in an error-prone essay every spacing finding is reported, and says why; the spacing alone does not make a text error-prone', () => {
      const linter = makeLinter(parts());
      const essay = `${ERRORS} ${SPACED}`;
      const spacing = (text: string, options = {}) => linter.lint(text, options).filter((f) => f.ruleId === 'mark-spacing');
      const found = spacing(essay);
      assert.deepStrictEqual(
        found.map((f) => essay.slice(f.start.offset, f.end.offset + 1)),
        [' ,', ' ?', ' ,', ' .', ' ,', ' .'],
      );
      for (const f of found) assert.match(f.message, /\(Reported in texts with many punctuation findings; this one has 3 in 6 sentences\.\)$/);
      assert.deepStrictEqual(spacing(SPACED), [], 'the spaced marks alone');
      assert.deepStrictEqual(spacing(essay, { adaptToWriter: false }), [], 'not without adaptToWriter');
      assert.deepStrictEqual(spacing(essay, { disabledRules: ['mark-spacing'] }), [], 'not when disabled');
    });

    it('in an error-prone essay repeated end marks are written once; alone, they are left to the writer', () => {
      const linter = makeLinter(parts());
      const essay = `${ERRORS} ${EMPHATIC}`;
      const repeated = (text: string) => linter.lint(text).filter((f) => f.ruleId === 'doubled-mark' && /edited prose writes/.test(f.message));
      assert.deepStrictEqual(repeated(essay).map((f) => essay.slice(f.start.offset, f.end.offset)), ['!!', '??']);
      assert.deepStrictEqual(repeated(EMPHATIC), []);
    });
  });
});
