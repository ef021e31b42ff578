/**
 * A present tense the tagger read as a base form (`presentTenseTags.ts`): the root verb after a plural noun-phrase
 * subject that opens the sentence, with nothing that licenses a base form.
 */
import * as assert from 'assert';
import { TreeWord } from '../../server/src/data/depunct';
import { loadParser } from '../../server/src/parser';
import { repairPresentTense } from '../../server/src/parser/presentTenseTags';
import { tree } from './treeRows';

type Row = [string, string, string, number, string];
// "Many people in my country speak two languages ." as the parser reads it, "speak" tagged VB.
const PEOPLE: Row[] = [
  ['Many', 'ADJ', 'JJ', 2, 'amod'], ['people', 'NOUN', 'NNS', 6, 'nsubj'], ['in', 'ADP', 'IN', 5, 'case'],
  ['my', 'PRON', 'PRP$', 5, 'nmod:poss'], ['country', 'NOUN', 'NN', 2, 'nmod'], ['speak', 'VERB', 'VB', 0, 'root'],
  ['two', 'NUM', 'CD', 8, 'nummod'], ['languages', 'NOUN', 'NNS', 6, 'obj'], ['.', 'PUNCT', '.', 6, 'punct'],
];
const tags = (words: readonly TreeWord[]) => words.map((w) => w.xpos).join(' ');

describe('parser: the present tense read as a base form', () => {
  it('tags the root VBP after a plural subject that opens the sentence; nothing else changes', () => {
    const t = tree(PEOPLE);
    const out = repairPresentTense(t.words);
    assert.strictEqual(tags(out), 'JJ NNS IN PRP$ NN VBP CD NNS');
    assert.deepStrictEqual(out.map((w) => [w.upos, w.head, w.deprel]), t.words.map((w) => [w.upos, w.head, w.deprel]));
    assert.strictEqual(t.words[5].xpos, 'VB', 'the input is not changed');
  });

  it('leaves a command, a question, a singular or bare subject, a fronted phrase and a licensed base form alone', () => {
    const same = (rows: Row[], why: string) => {
      const t = tree(rows);
      assert.strictEqual(repairPresentTense(t.words), t.words, why);
    };
    const edit = (k: number, row: Row) => PEOPLE.map((r, j): Row => (j === k ? row : r));
    same(edit(1, ['person', 'NOUN', 'NN', 6, 'nsubj']), 'a singular subject');
    same(edit(5, ['speaks', 'VERB', 'VBZ', 0, 'root']), 'already finite');
    same(edit(6, ['will', 'AUX', 'MD', 6, 'aux']), 'an auxiliary of its own');
    same(edit(0, ['please', 'INTJ', 'UH', 6, 'discourse']), '"please"');
    same(edit(0, ['Did', 'AUX', 'VBD', 4, 'aux']), 'an auxiliary before it, a question\'s');
    same(edit(2, ['in', 'ADP', 'IN', 2, 'case']), 'a preposition on the subject: a fronted phrase');
    // "Students, open your books ." — a bare noun before a command.
    same([['Students', 'NOUN', 'NNS', 3, 'nsubj'], [',', 'PUNCT', ',', 1, 'punct'], ['open', 'VERB', 'VB', 0, 'root'], ['your', 'PRON', 'PRP$', 5, 'nmod:poss'], ['books', 'NOUN', 'NNS', 3, 'obj'], ['.', 'PUNCT', '.', 3, 'punct']], 'a bare noun: a vocative');
    // "Today these people speak …": the subject does not open the sentence.
    same([['Today', 'NOUN', 'NN', 4, 'obl:tmod'], ['these', 'DET', 'DT', 3, 'det'], ['people', 'NOUN', 'NNS', 4, 'nsubj'], ['speak', 'VERB', 'VB', 0, 'root'], ['.', 'PUNCT', '.', 4, 'punct']], 'a subject after a fronted word');
  });

  it('lets the linter see the verb of a learner\'s subject–verb comma', function () {
    this.timeout(60000);
    const [s] = loadParser().parseText('Many people in my country, speak two languages.');
    const verb = s.tree.words.find((w) => w.head === 0)!;
    assert.deepStrictEqual([verb.form, verb.xpos], ['speak', 'VBP']);
  });
});
