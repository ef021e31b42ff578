import * as assert from 'assert';
import { sentenceFromRows as conllu } from './sentenceFromRows';
import { guardChecks } from './guardChecks';
import { loneRelativeCommaAt, restrictiveSubjectAt } from '../../server/src/engine/correction/candidates/subjects';
import { treeInfo } from '../../server/src/engine/treeInfo';

// "The girl who sat beside me , was from Peru ." as UD has it, the learner's comma after the relative clause.
const GIRL = [
  ['The', 'DET', '2', 'det', 'DT'], ['girl', 'NOUN', '10', 'nsubj', 'NN'], ['who', 'PRON', '4', 'nsubj', 'WP'],
  ['sat', 'VERB', '2', 'acl:relcl', 'VBD'], ['beside', 'ADP', '6', 'case', 'IN'], ['me', 'PRON', '4', 'obl', 'PRP'],
  [',', 'PUNCT', '4', 'punct', ','], ['was', 'AUX', '10', 'cop', 'VBD'], ['from', 'ADP', '10', 'case', 'IN'],
  ['Peru', 'PROPN', '0', 'root', 'NNP'], ['.', 'PUNCT', '10', 'punct', '.'],
];
// "Madrid which is in Spain has a museum ." with the clause on the name.
const MADRID = [
  ['Madrid', 'PROPN', '6', 'nsubj', 'NNP'], ['which', 'PRON', '5', 'nsubj', 'WDT'], ['is', 'AUX', '5', 'cop', 'VBZ'],
  ['in', 'ADP', '5', 'case', 'IN'], ['Spain', 'PROPN', '1', 'acl:relcl', 'NNP'], ['has', 'VERB', '0', 'root', 'VBZ'],
  ['a', 'DET', '8', 'det', 'DT'], ['museum', 'NOUN', '6', 'obj', 'NN'], ['.', 'PUNCT', '6', 'punct', '.'],
];

/** The rows with a comma row inserted before row `at` (0-based) hanging on `head` (as numbered before), heads renumbered. */
function withComma(rows: string[][], at: number, head: string): string[][] {
  const shift = (h: string) => (Number(h) > at ? String(Number(h) + 1) : h);
  return [...rows.slice(0, at), [',', 'PUNCT', shift(head), 'punct', ','], ...rows.slice(at)].map((r, k) => (k === at ? r : [r[0], r[1], shift(r[2]), r[3], r[4]]));
}

describe('engine: the comma after a restrictive relative clause that ends the subject', () => {
  const hasComma = (s: ReturnType<typeof conllu>) => (j: number) => s.tree.slots[j].includes(',');

  it('finds the comma after a restrictive relative clause that ends the subject', () => {
    const s = conllu(GIRL);
    const info = treeInfo(s.tree);
    // Slot 6 (after "me"): the clause headed by "sat" (word 4) ends the subject "The girl who sat beside me".
    assert.strictEqual(restrictiveSubjectAt(s.tree, info, 6, hasComma(s)), 4);
    assert.strictEqual(restrictiveSubjectAt(s.tree, info, 2, hasComma(s)), undefined);
    // With a comma before "who" the clause is set off, a pair: not this rule's.
    const pair = conllu(withComma(GIRL, 2, '4'));
    assert.strictEqual(restrictiveSubjectAt(pair.tree, treeInfo(pair.tree), 6, hasComma(pair)), undefined);
  });

  it('leaves a "which" clause, a name\'s clause and a possessed antecedent alone: their comma may close a pair whose first was dropped', () => {
    // "Madrid which is in Spain , has a museum".
    const madrid = conllu(withComma(MADRID, 5, '5'));
    assert.strictEqual(restrictiveSubjectAt(madrid.tree, treeInfo(madrid.tree), 5, hasComma(madrid)), undefined);
    // "My sister who sat beside me , was from Peru": "who" after a possessive.
    const mine = conllu(GIRL.map((r, k) => (k === 0 ? ['My', 'PRON', '2', 'nmod:poss', 'PRP$'] : r)));
    assert.strictEqual(restrictiveSubjectAt(mine.tree, treeInfo(mine.tree), 6, hasComma(mine)), undefined);
  });

  it('takes the lone comma after a clause that may be supplementary for one to repair either way', () => {
    const madrid = conllu(withComma(MADRID, 5, '5'));
    assert.strictEqual(loneRelativeCommaAt(madrid.tree, treeInfo(madrid.tree), 5, hasComma(madrid)), 5);
    // A restrictive "who" clause is `restrictiveSubjectAt`'s alone.
    const girl = conllu(GIRL);
    assert.strictEqual(loneRelativeCommaAt(girl.tree, treeInfo(girl.tree), 6, hasComma(girl)), undefined);
  });

  describe('linted', () => {
    const { found } = guardChecks();

    it('reports the comma after a restrictive relative clause that ends the subject', () => {
      assert.deepStrictEqual(found('The girl who sat beside me, was from Peru.'), ['subject-verb-comma@rl who sat beside me']);
      assert.deepStrictEqual(found('The car that my uncle sold us, broke down twice.'), ['subject-verb-comma@hat my uncle sold us']);
      // After a "which" clause or a name's clause, the repair the model prefers: the comma goes, or the clause opens.
      assert.deepStrictEqual(found('The book which I borrowed from the library, was very old.'), ['subject-verb-comma@wed from the library']);
      assert.deepStrictEqual(found('Mount Rainier which is near Seattle, is a volcano.'), ['nonrestrictive-comma@Mount ']);
    });

    it('leaves the clauses written right alone', () => {
      for (const text of [
        'The girl who sat beside me was from Peru.',
        'The car that my uncle sold us broke down twice.',
        'Madrid, which is in the centre of Spain, has a famous museum.',
        'My cousin, who lives in Leeds, is a nurse.',
        // A coordination after the comma, not the subject's verb.
        'Git drops the part of the pattern that has no wildcard, and the search then starts.',
      ])
        assert.deepStrictEqual(found(text), [], text);
    });
  });
});
