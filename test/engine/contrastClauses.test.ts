/**
 * The comma before a "but" that joins two clauses (`clauses.ts`; journal, "the comma before a "but" that joins two
 * clauses, in an error-prone text"): the clauses it takes, on trees of a precise shape, and the findings in an
 * error-prone essay and in a clean text.
 */
import { strict as assert } from 'assert';
import { makeLinter, Linter } from '../../server/src/engine';
import { contrastClauseCommaAt } from '../../server/src/engine/correction/candidates/clauses';
import { treeInfo } from '../../server/src/engine/treeInfo';
import { sentenceFromRows as conllu } from './sentenceFromRows';
import { trainedEngineParts } from './trainedParts';

// "The hotel was expensive but the rooms were small ."
const HOTEL = [
  ['The', 'DET', '2', 'det', 'DT'], ['hotel', 'NOUN', '4', 'nsubj', 'NN'], ['was', 'AUX', '4', 'cop', 'VBD'], ['expensive', 'ADJ', '0', 'root', 'JJ'],
  ['but', 'CCONJ', '10', 'cc', 'CC'], ['the', 'DET', '7', 'det', 'DT'], ['rooms', 'NOUN', '10', 'nsubj', 'NNS'], ['were', 'AUX', '10', 'cop', 'VBD'],
  ['very', 'ADV', '10', 'advmod', 'RB'], ['small', 'ADJ', '4', 'conj', 'JJ'], ['.', 'PUNCT', '4', 'punct', '.'],
];
// "He is poor but happy ." — no second clause.
const POOR = [
  ['He', 'PRON', '3', 'nsubj', 'PRP'], ['is', 'AUX', '3', 'cop', 'VBZ'], ['poor', 'ADJ', '0', 'root', 'JJ'], ['but', 'CCONJ', '5', 'cc', 'CC'],
  ['happy', 'ADJ', '3', 'conj', 'JJ'], ['.', 'PUNCT', '3', 'punct', '.'],
];

const at = (rows: string[][], i: number) => {
  const s = conllu(rows);
  return contrastClauseCommaAt(s.tree, treeInfo(s.tree), i);
};

describe('engine: the comma before a "but" that joins two clauses', () => {
  it('takes two full clauses of three words or more, joined by "but" or "yet"', () => {
    assert.equal(at(HOTEL, 4), true);
    assert.equal(at(HOTEL.map((r, k) => (k === 4 ? ['yet', 'CCONJ', '10', 'cc', 'CC'] : r)), 4), true);
    // Not "and", not a conjunct without a subject, not at another slot.
    assert.equal(at(HOTEL.map((r, k) => (k === 4 ? ['and', 'CCONJ', '10', 'cc', 'CC'] : r)), 4), false);
    assert.equal(at(POOR, 3), false);
    assert.equal(at(HOTEL, 3), false);
  });

  describe('findings', () => {
    const parts = trainedEngineParts();
    let linter: Linter;
    before(() => {
      linter = makeLinter(parts());
    });
    const ESSAY = 'All the students in my class, passed the exam. Our new teacher, is very strict. The people in the back row, could not hear. ';
    const contrastFindings = (text: string) =>
      linter
        .lint(text)
        .filter((f) => f.ruleId === 'comma' && f.message.includes('joins two clauses'))
        .map((f) => text.slice(f.start.offset, f.end.offset));

    it('reports the comma in an error-prone text where the model agrees, not between short clauses', () => {
      assert.deepEqual(contrastFindings(ESSAY + 'I wanted to go to the party but I was too tired after work.'), ['party']);
      assert.deepEqual(contrastFindings(ESSAY + 'I tried but I failed. He is poor but happy.'), []);
    });

    it('leaves a text that is not error-prone as written', () => {
      assert.deepEqual(contrastFindings('We met at noon. I wanted to go to the party but I was too tired after work. The talk was long.'), []);
    });
  });
});
