import * as assert from 'assert';
import { TreeWord } from '../../server/src/data/depunct';
import { repairFrontedClauses } from '../../server/src/parser/frontedClauseRepair';
import { tree } from './treeRows';
import { assertWellFormed } from './treeChecks';

/** Each word as "form→head form:relation". */
const arcs = (words: readonly TreeWord[]) => words.map((w) => `${w.form}→${w.head ? words[w.head - 1].form : 'ROOT'}:${w.deprel}`);

// "Although it was not true we could check it ." as the parser reads it: the concessive clause the root.
type Row = [string, string, string, number, string];
const ALTHOUGH: Row[] = [
  ['Although', 'SCONJ', 'IN', 5, 'mark'], ['it', 'PRON', 'PRP', 5, 'nsubj'], ['was', 'AUX', 'VBD', 5, 'cop'],
  ['not', 'PART', 'RB', 5, 'advmod'], ['true', 'ADJ', 'JJ', 0, 'root'], ['we', 'PRON', 'PRP', 8, 'nsubj'],
  ['could', 'AUX', 'MD', 8, 'aux'], ['check', 'VERB', 'VB', 5, 'ccomp'], ['it', 'PRON', 'PRP', 8, 'obj'], ['.', 'PUNCT', '.', 5, 'punct'],
];
const edit = (rows: Row[], k: number, row: Row) => rows.map((r, j) => (j === k ? row : r));

describe('parser: the fronted-clause repair', () => {
  it('makes the finite clause after a fronted subordinate clause the root, and the fronted clause its advcl', () => {
    const t = tree(ALTHOUGH);
    const fixed = repairFrontedClauses(t.words);
    assert.deepStrictEqual(arcs(fixed), ['Although→true:mark', 'it→true:nsubj', 'was→true:cop', 'not→true:advmod', 'true→check:advcl', 'we→check:nsubj', 'could→check:aux', 'check→ROOT:root', 'it→check:obj']);
    assertWellFormed(fixed, 'repaired');
    // "When" is the clause's advmod in UD.
    const when = tree(edit(ALTHOUGH, 0, ['When', 'ADV', 'WRB', 5, 'advmod']));
    assert.strictEqual(arcs(repairFrontedClauses(when.words))[7], 'check→ROOT:root');
  });

  it('leaves the tree alone where the clause after may be the root\'s object, or is no main clause', () => {
    const same = (rows: Row[], why: string) => {
      const t = tree(rows);
      assert.strictEqual(repairFrontedClauses(t.words), t.words, why);
    };
    same(edit(ALTHOUGH, 4, ['sure', 'ADJ', 'JJ', 0, 'root']), 'a root that takes a bare clause ("Although it was not sure we could")');
    same(edit(ALTHOUGH, 0, ['So', 'ADV', 'RB', 5, 'advmod']), 'no subordinator');
    same(edit(ALTHOUGH, 5, ['we', 'PRON', 'PRP', 8, 'obj']), 'no subject of its own');
    same(edit(ALTHOUGH, 6, ['to', 'PART', 'TO', 8, 'mark']), 'subordinate itself');
    same(edit(ALTHOUGH, 6, ['and', 'CCONJ', 'CC', 8, 'cc']), 'a coordinate clause');
    same(edit(ALTHOUGH, 6, ['could', 'AUX', 'VB', 8, 'aux']), 'not finite');
    same(edit(edit(ALTHOUGH, 1, ['was', 'AUX', 'VBD', 5, 'cop']), 2, ['it', 'PRON', 'PRP', 5, 'nsubj']), 'a question ("When was it not true …")');
    same(edit(ALTHOUGH, 7, ['check', 'VERB', 'VB', 5, 'obj']), 'another relation');
  });
});
