import * as assert from 'assert';
import { deferredExplanation, FindingBuilder, PlainFinding } from '../../server/src/engine/finding';

/** A model explanation costs a Viterbi pass: it is built only when a reported finding's explanation is read. */
describe('deferred explanations', () => {
  const plain = (explanation: PlainFinding['explanation']): PlainFinding => ({
    ruleId: 'comma',
    message: 'Missing comma.',
    confidence: 0.9,
    start: 3,
    end: 4,
    fixes: [],
    explanation,
  });

  it('builds the text only when read, and only once', () => {
    let calls = 0;
    const f = new FindingBuilder('He left quickly.').build(plain(deferredExplanation(() => `built ${++calls}`)));
    assert.strictEqual(calls, 0);
    assert.strictEqual(f.explanation, 'built 1');
    assert.strictEqual(f.explanation, 'built 1');
    assert.strictEqual(calls, 1);
  });

  it('reads as a plain string to copies, JSON and structured clones', () => {
    const build = () => new FindingBuilder('He left quickly.').build(plain(deferredExplanation(() => 'why')));
    assert.strictEqual({ ...build() }.explanation, 'why');
    assert.strictEqual(JSON.parse(JSON.stringify(build())).explanation, 'why');
    assert.strictEqual(structuredClone(build()).explanation, 'why');
    assert.deepStrictEqual(Object.keys(build()), Object.keys(new FindingBuilder('x').build(plain('why'))));
  });

  it('can be replaced like any property', () => {
    const f = new FindingBuilder('He left quickly.').build(plain(deferredExplanation(() => 'why')));
    f.explanation += ' More.';
    assert.strictEqual(f.explanation, 'why More.');
  });
});
