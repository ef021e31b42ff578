import { strict as assert } from 'assert';
import { makeLinter } from '../../server/src/engine';
import { callArgumentSlots } from '../../server/src/engine/correction/guards/sentenceGuards';
import { AnalysedSentence } from '../../server/src/engine/sentence';
import { trainedEngineParts } from './trainedParts';

describe('engine: commas between the arguments of a call written in prose', () => {
  const parts = trainedEngineParts();
  const sentence = (text: string): AnalysedSentence => parts().analyser!.parseText(text)[0];
  /** The words on the two sides of every slot the check marks, as "left|right". */
  const marked = (text: string) => {
    const s = sentence(text);
    const words = s.tree.words.map((w) => w.form);
    return callArgumentSlots(s).flatMap((inside, i) => (inside ? [`${words[i - 1]}|${words[i]}`] : []));
  };

  it('marks the slots between a call\'s arguments, and only those', () => {
    assert.deepEqual(marked('Use yallist.reduce(fn, initialValue) like Array.reduce.'), ['fn|initialValue']);
    assert.deepEqual(marked('parseJson(string, reviver, filename) throws a JSONError.'), ['string|reviver', 'reviver|filename']);
    // Nested: every slot inside the outer call, the inner call's opening one included; none after it closes.
    assert.deepEqual(marked('Call f(a, g(b, c)) first.'), ['a|g', 'g|b', 'b|c']);
  });

  it('leaves prose in parentheses alone: English puts a space before the parenthesis', () => {
    assert.deepEqual(marked('The fee (about ten dollars, or more) is due.'), []);
    assert.deepEqual(marked('Bring the book(s), a pen and paper.'), []);
  });

  it('no comma finding inside a call under either decision, while the same words in prose are still judged', () => {
    const linter = makeLinter(parts());
    // Every candidate the decision weighs (minConfidence 0), as the text it covers.
    const covered = (text: string, decision: 'learned' | 'calibrated') =>
      linter.lint(text, { minConfidence: 0, decision }).filter((f) => f.ruleId !== 'sentence-final').map((f) => text.slice(f.start.offset, f.end.offset));
    const call = 'Use yallist.reduce(fn, initialValue) like Array.reduce.';
    const inside = [call.indexOf('('), call.indexOf(')')];
    for (const decision of ['learned', 'calibrated'] as const) {
      const inCall = linter.lint(call, { minConfidence: 0, decision }).filter((f) => f.start.offset > inside[0] && f.end.offset <= inside[1]);
      assert.deepEqual(inCall.map((f) => f.ruleId), [], decision);
      assert.ok(covered('Use the reduce, function like Array.reduce.', decision).length > 0, decision);
    }
  });
});
