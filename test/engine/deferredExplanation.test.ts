import * as assert from 'assert';
import { deferredExplanation, findingWith, FindingBuilder, PlainFinding } from '../../server/src/engine/finding';
import { loadEngineParts, makeLinter } from '../../server/src/engine';
import { lintDocument } from '../../server/src/prose';

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

  it('a copy made with findingWith keeps it deferred: built once, when the original or any copy is first read', () => {
    let calls = 0;
    const f = new FindingBuilder('He left quickly.').build(plain(deferredExplanation(() => `built ${++calls}`)));
    const a = findingWith(f, { message: 'Another message.' });
    const b = findingWith(a, { confidence: 0.5 });
    assert.strictEqual(calls, 0);
    assert.deepStrictEqual([a.message, b.message, b.confidence, f.message], ['Another message.', 'Another message.', 0.5, 'Missing comma.']);
    assert.strictEqual(b.explanation, 'built 1');
    assert.strictEqual(f.explanation, 'built 1');
    assert.strictEqual(a.explanation, 'built 1');
    assert.strictEqual(calls, 1);
    assert.deepStrictEqual(JSON.parse(JSON.stringify(b)), { ...JSON.parse(JSON.stringify(f)), message: 'Another message.', confidence: 0.5 });
    // A worker posts its findings by structured clone: an unread copy arrives with its text.
    const unread = findingWith(new FindingBuilder('He left quickly.').build(plain(deferredExplanation(() => 'why'))), { message: 'M.' });
    assert.deepStrictEqual([structuredClone(unread).explanation, structuredClone(unread).message], ['why', 'M.']);
  });

  it('a document linted (mapped to the document, settled over its parts) builds none until one is read, the same text then', function () {
    this.timeout(120000);
    const parts = loadEngineParts();
    if (parts.modelError) this.skip();
    const text = 'My brother, who lives in Paris is a doctor.\n\nThe students, passed the exam. We left,, then.\n';
    const lazy = lintDocument(makeLinter(parts), text, 'markdown');
    const model = lazy.filter((f) => f.ruleId === 'nonrestrictive-comma' || f.ruleId === 'subject-verb-comma');
    assert.strictEqual(model.length, 2);
    for (const f of model) assert.strictEqual(typeof Object.getOwnPropertyDescriptor(f, 'explanation')!.get, 'function', `${f.ruleId}: built already`);
    const eager = lintDocument(makeLinter(parts), text, 'markdown').map((f) => ({ ...f }));
    assert.deepStrictEqual(JSON.parse(JSON.stringify(lazy)), JSON.parse(JSON.stringify(eager)));
    assert.match(model[0].explanation, /Underlying punctuation/);
  });
});
