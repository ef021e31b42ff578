import * as assert from 'assert';
import { documentRegisterFeatures, labelCounts, registerBins, registerCounts, withSoftWrapsJoined } from '../../server/src/engine/correction/learned/documentFeatures';
import { blockOptions, estimatedDocumentWide } from '../../server/src/prose/documentOptions';
import { extractProse } from '../../server/src/prose';

describe('engine: the document register the learned scorer reads (documentFeatures.ts)', () => {
  it('counts words, commas, sentence starts, unterminated lines, i, contractions and exclamation marks', () => {
    const c = registerCounts("hi there, i don't know what you mean!\nWe went home and it's late\nThe end. it was fine.");
    assert.deepStrictEqual(c, { words: 19, commas: 1, sentences: 4, lowerStarts: 2, lines: 3, unterminated: 1, lowerI: 1, contractions: 1, exclamations: 1, whichComma: 0, whichBare: 0 });
  });

  it('reads a hard-wrapped line break inside a sentence as a space: no unfinished line, no lower-case start', () => {
    const wrapped = 'It was written at Northwind Inc. It is\nreleased under the MIT licence, and the installer\n  replaces it.\nThanks\nTom';
    const joined = withSoftWrapsJoined(wrapped);
    assert.strictEqual(joined, 'It was written at Northwind Inc. It is released under the MIT licence, and the installer   replaces it.\nThanks\nTom');
    assert.strictEqual(joined.length, wrapped.length, 'offsets kept');
    const c = registerCounts(wrapped);
    assert.deepStrictEqual([c.lowerStarts, c.unterminated, c.lines], [0, 0, 1]);
    // A line that ends unfinished before a capital stays one (a sign-off, a list without markers).
    assert.deepStrictEqual(registerCounts('We met at the station at noon\nThe train was late').unterminated, 2);
  });

  it('reads a text under 15 words as short, and a longer one in bins', () => {
    assert.deepStrictEqual(registerBins(registerCounts('The students passed the exam.')), ['doc:short', 'which=0/0']);
    const edited = 'The committee, which met on Tuesday, approved the budget. Its members, however, asked for a review of the costs before the next meeting, and the chair agreed.';
    assert.deepStrictEqual(registerBins(registerCounts(edited)), [
      'doc:words=<40',
      'doc:commas=8+',
      'doc:lowerStarts=none',
      'doc:unterminated=none',
      'doc:lowerI=false',
      'doc:contractions=none',
      'doc:exclamations=false',
      'doc:sentenceLength=12-20',
      'which=1/0',
    ]);
  });

  it('crosses each bin with the edit’s action, and the comma rate and length with its kind', () => {
    const f = documentRegisterFeatures(['doc:words=<40', 'doc:lowerI=true'], 'insert', 'comma/insert/clause');
    assert.deepStrictEqual(f, [
      ['doc:words=<40*insert', 1],
      ['doc:words=<40*kind=comma/insert', 1],
      ['doc:lowerI=true*insert', 1],
    ]);
  });

  it('gives every block of a document the whole document’s bins under the learned decision (the default), and none under the calibrated one', () => {
    const blocks = [{ text: 'hi, i dont know what u mean' }, { text: 'thanks anyway for the help, see you later and take care of yourself' }];
    const learned = blockOptions(blocks, { decision: 'learned' });
    const whole = registerBins(registerCounts(blocks.map((b) => b.text).join('\n\n')));
    assert.deepStrictEqual(learned.map((o) => o.documentRegister), [whole, whole]);
    assert.deepStrictEqual(blockOptions(blocks, {}).map((o) => o.documentRegister), [whole, whole]);
    assert.ok(blockOptions(blocks, { decision: 'calibrated' }).every((o) => o.documentRegister === undefined));
  });

  it('counts a label (heading, list item) as no unfinished line, in the blocks and in the estimate from the raw text', () => {
    // The register's training documents hold no labels, so a heading counted as an unfinished line reads as web text.
    const doc = '# Getting started with the tool\n\nThe tool reads your files and reports what it finds.\n\n- Install the package from the registry\n- Run it over the whole folder\n  of documents at once\n\nIt exits with a status that says whether it found anything.\n';
    const blocks = extractProse(doc, 'markdown').blocks;
    assert.deepStrictEqual(blocks.map((b) => b.fragment ?? false), [true, false, true, true, false]);
    const register = blockOptions(blocks, {})[0].documentRegister;
    assert.ok(register?.includes('doc:unterminated=none'), String(register));
    assert.deepStrictEqual(estimatedDocumentWide(doc, {}).register, register);
    assert.deepStrictEqual(labelCounts('Install the package from the registry'), { ...registerCounts('Install the package from the registry'), unterminated: 0 });
    // Counted as prose, the three labels are three unfinished lines of five.
    const asProse = registerCounts(blocks.map((b) => b.text).join('\n\n'));
    assert.deepStrictEqual([asProse.unterminated, asProse.lines], [3, 5]);
  });
});
