import * as assert from 'assert';
import { sentenceFromRows as conllu } from './sentenceFromRows';
import { guardChecks } from './guardChecks';
import { plainSubjectCommaAt } from '../../server/src/engine/correction/plainSubjects';
import { coordinatorCommaAt } from '../../server/src/engine/correction/coordinatorCommas';
import { treeInfo } from '../../server/src/engine/treeInfo';

// "All the students in my class , passed the exam ." as UD has it, with the learner's comma before the verb.
const STUDENTS = [
  ['All', 'DET', '3', 'det:predet', 'PDT'], ['the', 'DET', '3', 'det', 'DT'], ['students', 'NOUN', '8', 'nsubj', 'NNS'],
  ['in', 'ADP', '6', 'case', 'IN'], ['my', 'PRON', '6', 'nmod:poss', 'PRP$'], ['class', 'NOUN', '3', 'nmod', 'NN'],
  [',', 'PUNCT', '3', 'punct', ','], ['passed', 'VERB', '0', 'root', 'VBD'], ['the', 'DET', '10', 'det', 'DT'],
  ['exam', 'NOUN', '8', 'obj', 'NN'], ['.', 'PUNCT', '8', 'punct', '.'],
];
// "We ate eggs , and , bread ." with the learner's comma after the coordinator.
const EGGS = [
  ['We', 'PRON', '2', 'nsubj', 'PRP'], ['ate', 'VERB', '0', 'root', 'VBD'], ['eggs', 'NOUN', '2', 'obj', 'NNS'],
  [',', 'PUNCT', '7', 'punct', ','], ['and', 'CCONJ', '7', 'cc', 'CC'], [',', 'PUNCT', '7', 'punct', ','],
  ['bread', 'NOUN', '3', 'conj', 'NN'], ['.', 'PUNCT', '2', 'punct', '.'],
];
// "It was unusual and , frankly , rude ." where the comma after the coordinator opens an aside.
const FRANKLY = [
  ['It', 'PRON', '3', 'nsubj', 'PRP'], ['was', 'AUX', '3', 'cop', 'VBD'], ['unusual', 'ADJ', '0', 'root', 'JJ'],
  ['and', 'CCONJ', '8', 'cc', 'CC'], [',', 'PUNCT', '6', 'punct', ','], ['frankly', 'ADV', '8', 'advmod', 'RB'],
  [',', 'PUNCT', '6', 'punct', ','], ['rude', 'ADJ', '3', 'conj', 'JJ'], ['.', 'PUNCT', '3', 'punct', '.'],
];

function marksOf(s: ReturnType<typeof conllu>) {
  return { marked: (j: number) => s.tree.slots[j].length > 0, onlyComma: (j: number) => s.tree.slots[j].length === 1 && s.tree.slots[j][0] === ',' };
}

describe('engine: the lone comma after a plain subject or after a coordinator', () => {
  it('finds the comma between a plain noun-phrase subject that opens the sentence and its finite verb', () => {
    const s = conllu(STUDENTS);
    const info = treeInfo(s.tree);
    assert.strictEqual(plainSubjectCommaAt(s.tree, info, 6, marksOf(s).marked), 3);
    // Not where the verb is not finite ("… , passing the exam" read with the same tree), nor before a time noun.
    const participle = conllu(STUDENTS.map((r, k) => (k === 7 ? ['passing', 'VERB', '0', 'root', 'VBG'] : r)));
    assert.strictEqual(plainSubjectCommaAt(participle.tree, treeInfo(participle.tree), 6, marksOf(participle).marked), undefined);
    const morning = conllu(STUDENTS.map((r, k) => (k === 2 ? ['morning', 'NOUN', '8', 'nsubj', 'NN'] : r)));
    assert.strictEqual(plainSubjectCommaAt(morning.tree, treeInfo(morning.tree), 6, marksOf(morning).marked), undefined);
    // A subject with a verb inside it may be a fronted clause's words: not this rule's.
    const verb = conllu(STUDENTS.map((r, k) => (k === 3 ? ['living', 'VERB', '3', 'acl', 'VBG'] : r)));
    assert.strictEqual(plainSubjectCommaAt(verb.tree, treeInfo(verb.tree), 6, marksOf(verb).marked), undefined);
  });

  it('finds a lone comma after a mid-sentence coordinator, not one that opens an aside a second comma closes', () => {
    const eggs = conllu(EGGS);
    const m = marksOf(eggs);
    assert.strictEqual(coordinatorCommaAt(eggs.tree, treeInfo(eggs.tree), 4, m.marked, m.onlyComma), true);
    assert.strictEqual(coordinatorCommaAt(eggs.tree, treeInfo(eggs.tree), 3, m.marked, m.onlyComma), false);
    const frankly = conllu(FRANKLY);
    const f = marksOf(frankly);
    assert.strictEqual(coordinatorCommaAt(frankly.tree, treeInfo(frankly.tree), 4, f.marked, f.onlyComma), false);
  });

  describe('linted', () => {
    const { found } = guardChecks();

    it('reports the comma after a plain subject and the lone comma after a coordinator', () => {
      assert.deepStrictEqual(found('The guests at the party, left early.'), ['subject-verb-comma@ guests at the party']);
      assert.deepStrictEqual(found('The food was good but, the service was very slow.'), ['comma@he food was good but']);
    });

    it('leaves the same sentences written right, and asides after a coordinator, alone', () => {
      for (const text of [
        'The guests at the party left early.',
        'The food was good but the service was very slow.',
        'The response was tremendous and, in some cases, very creative.',
        'This morning, went to the gym and then to work.',
        // A participle after the comma, not the subject's verb; an aside after a coordinator that a later comma closes.
        'Code from the future, delivered to you in the now.',
        'He introduced himself and, after some quiet conversation, said goodbye.',
      ])
        assert.deepStrictEqual(found(text), [], text);
    });
  });
});
