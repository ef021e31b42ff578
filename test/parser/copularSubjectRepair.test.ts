import * as assert from 'assert';
import { TreeWord } from '../../server/src/data/depunct';
import { repairCopularSubjects } from '../../server/src/parser/copularSubjectRepair';
import { tree } from './treeRows';
import { assertWellFormed } from './treeChecks';

/** Each word as "form→head form:relation". */
const arcs = (words: readonly TreeWord[]) => words.map((w) => `${w.form}→${w.head ? words[w.head - 1].form : 'ROOT'}:${w.deprel}`);

// "The main reason for my decision , was the cost ." as the parser reads it: "was the cost" an apposition of "reason".
type Row = [string, string, string, number, string];
const REASON: Row[] = [
  ['The', 'DET', 'DT', 3, 'det'], ['main', 'ADJ', 'JJ', 3, 'amod'], ['reason', 'NOUN', 'NN', 0, 'root'],
  ['for', 'ADP', 'IN', 6, 'case'], ['my', 'PRON', 'PRP$', 6, 'nmod:poss'], ['decision', 'NOUN', 'NN', 3, 'nmod'],
  [',', 'PUNCT', ',', 10, 'punct'], ['was', 'AUX', 'VBD', 10, 'cop'], ['the', 'DET', 'DT', 10, 'det'],
  ['cost', 'NOUN', 'NN', 3, 'appos'], ['.', 'PUNCT', '.', 3, 'punct'],
];

describe('parser: the copular-subject repair', () => {
  it('makes a copular apposition or fragment after the comma the root, with the noun phrase before it its subject', () => {
    const t = tree(REASON);
    const fixed = repairCopularSubjects(t.words, t.slots);
    assert.deepStrictEqual(arcs(fixed), ['The→reason:det', 'main→reason:amod', 'reason→cost:nsubj', 'for→decision:case', 'my→decision:nmod:poss', 'decision→reason:nmod', 'was→cost:cop', 'the→cost:det', 'cost→ROOT:root']);
    assertWellFormed(fixed, 'repaired');
    const parataxis = tree(REASON.map((r, k): Row => (k === 9 ? [r[0], r[1], r[2], r[3], 'parataxis'] : r)));
    assert.strictEqual(arcs(repairCopularSubjects(parataxis.words, parataxis.slots))[8], 'cost→ROOT:root');
  });

  it('leaves the tree alone without a finite copula, with a subject or coordinator of its own, or without the comma', () => {
    const same = (rows: Row[], why: string) => {
      const t = tree(rows);
      assert.strictEqual(repairCopularSubjects(t.words, t.slots), t.words, why);
    };
    same(REASON.map((r, k): Row => (k === 7 ? ['being', 'AUX', 'VBG', 10, 'cop'] : r)), 'a participle copula: no finite clause');
    same(REASON.map((r, k): Row => (k === 8 ? ['it', 'PRON', 'PRP', 10, 'nsubj'] : r)), 'a subject of its own');
    same(REASON.map((r, k): Row => (k === 6 ? [';', 'PUNCT', ':', 10, 'punct'] : r)), 'a semicolon: two clauses');
    same(REASON.filter((_, k) => k !== 6).map((r): Row => [r[0], r[1], r[2], r[3] > 6 ? r[3] - 1 : r[3], r[4]]), 'no comma');
  });
});
