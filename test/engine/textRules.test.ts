import * as assert from 'assert';
import { makeLinter } from '../../server/src/engine';
import { Finding } from '../../server/src/engine/types';
import { EngineModel } from '../../server/src/engine/punctModel';
import { detectQuoteStyle } from '../../server/src/engine/rules/quotePlacement';

const linter = makeLinter({});

/** A model with no analyser: only its learned quote style reaches the typographic rules. */
function stubModel(quoteStyle: 'american' | undefined): EngineModel {
  const none = (): never => {
    throw new Error('not used without an analyser');
  };
  return { version: 'stub', quoteStyle, logProb: none, logProbs: none, viterbi: none };
}

function applyFirstFix(text: string, f: Finding): string {
  const edits = [...f.fixes[0].edits].sort((a, b) => b.start.offset - a.start.offset);
  let out = text;
  for (const e of edits) out = out.slice(0, e.start.offset) + e.newText + out.slice(e.end.offset);
  return out;
}

function fixAll(text: string, options = {}): string {
  let out = text;
  for (const f of [...linter.lint(text, options)].reverse()) out = applyFirstFix(out, f);
  return out;
}

describe('engine: typographic rules', () => {
  it('writes doubled commas and periods once, and leaves an ellipsis alone', () => {
    assert.strictEqual(fixAll('He left,, quickly.. Then... nothing.'), 'He left, quickly. Then... nothing.');
    const f = linter.lint('He left,, quickly.');
    assert.deepStrictEqual(f.map((x) => x.ruleId), ['doubled-mark']);
    assert.strictEqual(f[0].start.offset, 7);
    assert.strictEqual(f[0].end.offset, 9);
  });

  it('leaves a two-dot pause before a lower-case word alone; a doubled period before a capital or at the end is fixed', () => {
    // EWT dev as written (reviews and answers): `..` inside a sentence is an informal ellipsis.
    for (const text of [
      'okay so i live in San Rafael Ca like by the mi pueble and the Home Depot.. what are fun things to do around there?',
      'Food is just okay..won\'t crave it, but wouldn\'t mind coming back for a quick meal.',
      'In the past there have been .. and maybe there still are many things that you have had to do without.',
    ])
      assert.deepStrictEqual(linter.lint(text), [], text);
    const text = 'No service.. But good food..';
    const f = linter.lint(text);
    assert.deepStrictEqual(f.map((x) => x.ruleId), ['doubled-mark', 'doubled-mark']);
    assert.strictEqual(fixAll(text), 'No service. But good food.');
    // One fix (so `--fix` applies it); the message names the ellipsis for a writer who trails off.
    assert.deepStrictEqual(f[1].fixes.map((x) => x.edits[0].newText), ['.']);
    assert.match(f[1].message, /"\.\.\." if the sentence trails off/);
    // Dots after a stronger mark are absorbed by it.
    assert.strictEqual(fixAll('Games, music and more! ..'), 'Games, music and more!');
    assert.deepStrictEqual(linter.lint('Games, music and more! ..').map((x) => x.ruleId), ['mark-absorption']);
  });

  it('leaves the scope operator of module names and addresses alone; a doubled colon in prose is fixed', () => {
    // Debian's package descriptions (journal, "the new parser, a third genre and its false alarms"), as written.
    for (const text of [
      'Dist::Zilla::Plugin::Repository is a Dist::Zilla plugin to add repository information.',
      'Use std::mem::ManuallyDrop instead!',
      'The link-local address fe80::1 is reserved.',
      'It is a pre-requisite for all Net::* modules.',
      'Iterate over 1..10 as in Prunet et al. (2008ApJS..178..179P).',
    ])
      assert.deepStrictEqual(linter.lint(text).filter((x) => x.ruleId === 'doubled-mark'), [], text);
    assert.strictEqual(fixAll('Three things matter:: speed, size and cost.'), 'Three things matter: speed, size and cost.');
    assert.strictEqual(fixAll('Note: : the file is read once.'), 'Note: the file is read once.');
    assert.strictEqual(fixAll('We paid 5.. 10 people came.'), 'We paid 5. 10 people came.');
  });

  it('leaves a run of marks written as a token of its own: a quoted marker, a closing admonition fence', () => {
    // Edited-english dev as written (a reStructuredText guide; a React document's admonitions).
    for (const text of [
      'Footnotes begin with ".. " (the explicit markup start), followed by the footnote marker.',
      'Leave the ".." on a line by itself to ensure that the comment is not misinterpreted.',
      'This pattern should be used with care and is not a replacement for normal components. :::',
    ])
      assert.deepStrictEqual(linter.lint(text).filter((x) => x.ruleId === 'doubled-mark'), [], text);
    // Written onto a word, or spaced out, it is still a doubled mark.
    assert.strictEqual(fixAll('He said "stop.." and left.'), 'He said "stop." and left.');
    assert.strictEqual(fixAll('He made a plausible case , , for it.'), 'He made a plausible case , for it.');
    assert.strictEqual(fixAll('Three things matter:: speed, size and cost.'), 'Three things matter: speed, size and cost.');
  });

  it('absorbs the period after an abbreviation and stacked marks (Nunberg Table 1)', () => {
    assert.strictEqual(fixAll('We sold it to Apple Inc..'), 'We sold it to Apple Inc.');
    assert.deepStrictEqual(linter.lint('We sold it to Apple Inc..').map((x) => x.ruleId), ['mark-absorption']);
    assert.strictEqual(fixAll('Did you see it.?'), 'Did you see it?');
    assert.strictEqual(fixAll('It is done,.'), 'It is done.');
    // A real EWT email line with this very error (en_ewt dev, email-enronsent26_02-0019):
    assert.strictEqual(fixAll('Attached please find the GE Guarantee in Word format.?'), 'Attached please find the GE Guarantee in Word format?');
  });

  it('reports an unclosed bracket and closes it before the final period; emoticons and list labels are not brackets', () => {
    const text = 'The fee (about ten dollars is due today.';
    const f = linter.lint(text);
    assert.strictEqual(f.length, 1);
    assert.strictEqual(f[0].ruleId, 'unbalanced-pair');
    assert.strictEqual(f[0].start.offset, text.indexOf('('));
    assert.strictEqual(applyFirstFix(text, f[0]), 'The fee (about ten dollars is due today).');
    assert.deepStrictEqual(linter.lint('Thanks :) see you soon, Amy:-) and the series:)\n1) first item'), []);
    // An EWT test email signature: the x of "(fax)" is no emoticon.
    assert.deepStrictEqual(linter.lint('Austin, Texas 78712-1179 512-232-2787 (phone) 512-471-5073 (fax) titman@mail.utexas.edu'), []);
    assert.deepStrictEqual(linter.lint('A closing ) with no opener.').map((x) => x.ruleId), ['unbalanced-pair']);
    // A quotation opened with a straight quote and closed with a curly one (clean edited dev) is whole; a curly closer
    // with nothing open before it in its paragraph is still reported.
    const mixed = 'One user said, "I think this does a good job. It is very well put together.”';
    assert.deepStrictEqual(linter.lint(mixed).filter((x) => x.ruleId === 'unbalanced-pair'), []);
    assert.deepStrictEqual(linter.lint('One user said "yes." Then: it is very well put together.”').map((x) => x.ruleId), ['unbalanced-pair']);
    // A closer that looks like an emoticon or a list label still closes an open bracket when no other one follows
    // (package READMEs: "uppercase `X`)", "Node 6.12+ (excluding 7.x)", "strict equality (===)").
    for (const t of ['Use lowercase x (instead of uppercase X), because it works. Use a space (instead of a tab).', 'It only works on Node 6.12+ (excluding 7.x). Then go.', 'It compares each item for strict equality (===). Then go.'])
      assert.deepStrictEqual(linter.lint(t).filter((x) => x.ruleId === 'unbalanced-pair'), [], t);
    // An emoticon inside brackets leaves the closing to a later ")"; with none, the smiley closes the bracket, as
    // informal writers let it. Either way, nothing to report.
    for (const t of ['We met (see you soon :)) and left.', 'We met (see you soon :) and left.'])
      assert.deepStrictEqual(linter.lint(t).filter((x) => x.ruleId === 'unbalanced-pair'), [], t);
  });

  it('quote placement follows the style setting; auto follows the text’s own habit', () => {
    const text = 'He called it "a disaster". She said "fine," and left.';
    assert.deepStrictEqual(linter.lint(text, { quoteStyle: 'british' }), []);
    const us = linter.lint(text, { quoteStyle: 'american' });
    assert.deepStrictEqual(us.map((x) => x.ruleId), ['quote-placement']);
    assert.strictEqual(applyFirstFix(text, us[0]), 'He called it "a disaster." She said "fine," and left.');
    assert.match(us[0].explanation, /transposition/);
    assert.strictEqual(detectQuoteStyle(text), undefined);
    assert.strictEqual(detectQuoteStyle('"a," "b," "c".'), 'american');
    // One placement alone is no habit.
    assert.strictEqual(detectQuoteStyle('He called the plan "a success".'), undefined);
    assert.deepStrictEqual(linter.lint(text, { quoteStyle: 'auto' }), []);
  });

  it('under auto with no habit in the text, quote placement follows the style the model learned, and says so', () => {
    const text = 'He called the plan "a success".';
    // A model whose channel learned no transposition decides nothing: the text alone gets nothing, as before.
    assert.deepStrictEqual(linter.lint(text).filter((x) => x.ruleId === 'quote-placement'), []);
    const learned = makeLinter({ model: stubModel('american') });
    const [f, ...rest] = learned.lint(text).filter((x) => x.ruleId === 'quote-placement');
    assert.deepStrictEqual(rest, []);
    assert.strictEqual(applyFirstFix(text, f), 'He called the plan "a success."');
    assert.match(f.message, /American style puts the period inside/);
    assert.match(f.message, /Set quoteStyle to british if you write British English/);
    assert.match(f.explanation, /transposition/);
    // Why the American style applies is told under the explanation, not in the two-sentence message.
    assert.match(f.explanation, /^The text shows no quotation habit of its own/);
    // The setting and the text's own habit still decide first, and the message then needs no setting named.
    assert.deepStrictEqual(learned.lint(text, { quoteStyle: 'british' }).filter((x) => x.ruleId === 'quote-placement'), []);
    const british = 'She said "fine". He called the plan "a success".';
    assert.deepStrictEqual(learned.lint(british).filter((x) => x.ruleId === 'quote-placement'), []);
    const [us] = learned.lint(text, { quoteStyle: 'american' }).filter((x) => x.ruleId === 'quote-placement');
    assert.doesNotMatch(us.message, /quoteStyle/);
  });

  it('positions are UTF-16 with 0-based lines and characters', () => {
    const text = 'Emoji 😀 first.\nSecond line,, here.';
    const [f] = linter.lint(text);
    assert.strictEqual(f.start.line, 1);
    assert.strictEqual(f.start.character, 11);
    assert.strictEqual(f.start.offset, text.indexOf(',,'));
  });

  it('honours disabled rules, severities and the minimum confidence', () => {
    const text = 'He left,, quickly.';
    assert.deepStrictEqual(linter.lint(text, { disabledRules: ['doubled-mark'] }), []);
    assert.strictEqual(linter.lint(text, { severities: { 'doubled-mark': 'error' } })[0].severity, 'error');
    assert.deepStrictEqual(linter.lint(text, { minConfidence: 0.99 }), []);
  });
});
