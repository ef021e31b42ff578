/**
 * Question marks (`questionMarks.ts`; journal, "a question written with a period"): the word orders that make a direct
 * or an indirect question, on trees of a precise shape, and the findings the linter makes of them on sentences written
 * for this test.
 */
import { strict as assert } from 'assert';
import { makeLinter, Linter } from '../../server/src/engine';
import { directQuestion, indirectQuestion } from '../../server/src/engine/correction/candidates/questionMarks';
import { treeInfo } from '../../server/src/engine/treeInfo';
import { sentenceFromRows as conllu } from './sentenceFromRows';
import { trainedEngineParts } from './trainedParts';

const direct = (rows: string[][]) => {
  const s = conllu(rows);
  return directQuestion(s.tree, treeInfo(s.tree));
};
const indirect = (rows: string[][]) => {
  const s = conllu(rows);
  return indirectQuestion(s.tree, treeInfo(s.tree));
};

// "Do you like pizza ."
const PIZZA = [['Do', 'AUX', '3', 'aux'], ['you', 'PRON', '3', 'nsubj'], ['like', 'VERB', '0', 'root'], ['pizza', 'NOUN', '3', 'obj'], ['.', 'PUNCT', '3', 'punct']];
// "Where do you live ."
const LIVE = [['Where', 'ADV', '4', 'advmod'], ['do', 'AUX', '4', 'aux'], ['you', 'PRON', '4', 'nsubj'], ['live', 'VERB', '0', 'root'], ['.', 'PUNCT', '4', 'punct']];
// "Should you need help , call me ." — the auxiliary is the condition's, not the root's.
const SHOULD = [
  ['Should', 'AUX', '3', 'aux'], ['you', 'PRON', '3', 'nsubj'], ['need', 'VERB', '6', 'advcl'], ['help', 'NOUN', '3', 'obj'],
  [',', 'PUNCT', '3', 'punct'], ['call', 'VERB', '0', 'root'], ['me', 'PRON', '6', 'obj'], ['.', 'PUNCT', '6', 'punct'],
];
// "How lucky we are ." — an exclamative: the subject comes first.
const LUCKY = [['How', 'ADV', '2', 'advmod'], ['lucky', 'ADJ', '0', 'root'], ['we', 'PRON', '2', 'nsubj'], ['are', 'AUX', '2', 'cop'], ['.', 'PUNCT', '2', 'punct']];
// "I wonder where he is ?" as the parser reads it: "where" an adverb of "wonder", heading "he is".
const WONDER = [['I', 'PRON', '2', 'nsubj'], ['wonder', 'VERB', '0', 'root'], ['where', 'ADV', '2', 'advmod'], ['he', 'PRON', '5', 'nsubj'], ['is', 'AUX', '3', 'cop'], ['?', 'PUNCT', '2', 'punct']];

describe('engine: the end mark of a question', () => {
  it('reads a direct question off its inverted root clause', () => {
    assert.equal(direct(PIZZA), true);
    assert.equal(direct(LIVE), true);
    // Not a conditional inversion, an exclamative, a wish, a request or anything with "please".
    assert.equal(direct(SHOULD), false);
    assert.equal(direct(LUCKY), false);
    assert.equal(direct(PIZZA.map((r, k) => (k === 0 ? ['May', 'AUX', '3', 'aux'] : r))), false);
    assert.equal(direct(PIZZA.map((r, k) => (k === 0 ? ['Could', 'AUX', '3', 'aux'] : r))), false);
    assert.equal(direct([...PIZZA.slice(0, 4), ['please', 'INTJ', '3', 'discourse'], ['.', 'PUNCT', '3', 'punct']]), false);
    // "Then do you …" opens with no wh-word; "Here is the list" neither.
    assert.equal(direct(LIVE.map((r, k) => (k === 0 ? ['Then', 'ADV', '4', 'advmod'] : r))), false);
  });

  it('reads an indirect question after "wonder" or "ask", not a direct one after a colon', () => {
    assert.equal(indirect(WONDER), true);
    assert.equal(indirect(WONDER.map((r, k) => (k === 1 ? ['know', 'VERB', '0', 'root'] : r))), false);
    const colon = [...WONDER.slice(0, 2), [':', 'PUNCT', '2', 'punct'], ...WONDER.slice(2).map((r) => [r[0], r[1], String(Number(r[2]) > 2 ? Number(r[2]) + 1 : Number(r[2])), r[3]])];
    assert.equal(indirect(colon), false);
    // Inverted, it is a direct question ("Do you wonder where he is?").
    assert.equal(indirect([['Do', 'AUX', '3', 'aux'], ...WONDER.map((r) => [r[0], r[1], String(Number(r[2]) ? Number(r[2]) + 1 : 0), r[3]])]), false);
  });

  describe('findings', () => {
    const parts = trainedEngineParts();
    let linter: Linter;
    // The conventions' candidates as the calibrated decision reports them (the learned decision's own are below).
    before(() => {
      const calibrated = makeLinter(parts());
      linter = { ...calibrated, lint: (text, options = {}) => calibrated.lint(text, { decision: 'calibrated', ...options }) };
    });
    // Three subject–verb commas make the text error-prone (`writerErrorRate.ts`), where question marks are reported.
    const ESSAY = 'All the students in my class, passed the exam. Our new manager, wants a report by Friday. The people in the back row, could not hear. ';
    const questionFindings = (text: string) =>
      linter.lint(text).filter((f) => f.ruleId === 'sentence-final').map((f) => `${f.fixes[0].title}: ${text.slice(f.start.offset, f.end.offset)}`);
    const inEssay = (sentence: string) => questionFindings(ESSAY + sentence);

    it('asks for a question mark after a direct question and a period after an indirect one, in an error-prone text', () => {
      assert.deepEqual(inEssay('Do you like pizza.'), ['Use a question mark: .']);
      assert.deepEqual(inEssay('Where do you live.'), ['Use a question mark: .']);
      assert.deepEqual(inEssay('I wonder where he is?'), ['Use a period: ?']);
      const finding = linter.lint(ESSAY + 'Is it raining.').find((f) => f.ruleId === 'sentence-final')!;
      assert.deepEqual(finding.fixes[0].edits.map((e) => e.newText), ['?']);
    });

    it('waits for an error-prone text: a question alone, or in a clean one, is left as written', () => {
      assert.deepEqual(questionFindings('Do you like pizza.'), []);
      assert.deepEqual(questionFindings('We met at noon. The talk was long. Where do you live. I wonder where he is?'), []);
    });

    it('leaves questions, requests, exclamatives, conditionals and direct questions after a verb alone', () => {
      for (const text of [
        'Do you like pizza?',
        'Could you send me the report.',
        'Can you please call me tomorrow.',
        'How lucky we are.',
        'What a beautiful day.',
        'Should you need help, call me.',
        'May God bless you.',
        'Do you know where he is?',
        'He asked: "Where is it?"',
        'Never have I seen such a thing.',
        'Had I known, I would have come.',
      ])
        assert.deepEqual(inEssay(text), [], text);
    });
  });

  describe('findings of the learned decision (the default)', () => {
    const parts = trainedEngineParts();
    const questionFindings = (text: string) =>
      makeLinter(parts())
        .lint(text)
        .filter((f) => f.ruleId === 'sentence-final')
        .map((f) => `${f.fixes[0].title}: ${text.slice(f.start.offset, f.end.offset)}`);

    // The scorer learned questions written with a period from edited and web questions so written
    // (`scripts/train-scorer-questions.sh`): it needs no error-prone text to report one.
    it('asks for a question mark after a direct question written with a period, alone or in a clean text', () => {
      assert.deepEqual(questionFindings('Do you like pizza.'), ['Use a question mark: .']);
      assert.deepEqual(questionFindings('Is it raining.'), ['Use a question mark: .']);
      assert.deepEqual(questionFindings('We met at noon. The talk was long. Where do you live. The bus was late.'), ['Use a question mark: .']);
    });

    it('leaves questions, requests, exclamatives, conditionals and indirect questions alone', () => {
      for (const text of ['Do you like pizza?', 'Could you send me the report.', 'How lucky we are.', 'What a beautiful day.', 'Should you need help, call me.', 'May God bless you.', 'Do you know where he is?', 'Never have I seen such a thing.', 'Had I known, I would have come.', 'I wonder where he is.', 'Do not monkey-patch the fs module.'])
        assert.deepEqual(questionFindings(text), [], text);
    });
  });
});
