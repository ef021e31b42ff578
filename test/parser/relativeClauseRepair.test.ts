import * as assert from 'assert';
import { TreeWord } from '../../server/src/data/depunct';
import { parseConllu } from '../../server/src/data/conllu';
import { loadParser, Parser } from '../../server/src/parser';
import { scoreRelativeSubjects } from '../../server/research/parser/evaluation';
import { repairRelativeClauseSubjects } from '../../server/src/parser/relativeClauseRepair';
import { tree } from './treeRows';
import { assertWellFormed } from './treeChecks';

/** Each word as "form→head form:relation". */
const arcs = (words: readonly TreeWord[]) => words.map((w) => `${w.form}→${w.head ? words[w.head - 1].form : 'ROOT'}:${w.deprel}`);

describe('parser: the relative-clause subject repair', () => {
  it('makes the finite verb after a relative clause the root, with the noun it modifies as its subject', () => {
    // "The phone that I bought broke ." as the greedy parser reads it: "broke" an xcomp of "bought".
    const t = tree([
      ['The', 'DET', 'DT', 2, 'det'], ['phone', 'NOUN', 'NN', 0, 'root'], ['that', 'PRON', 'WDT', 5, 'obj'],
      ['I', 'PRON', 'PRP', 5, 'nsubj'], ['bought', 'VERB', 'VBD', 2, 'acl:relcl'], ['broke', 'VERB', 'VBD', 5, 'xcomp'],
      ['.', 'PUNCT', '.', 2, 'punct'],
    ]);
    const fixed = repairRelativeClauseSubjects(t.words, t.slots);
    assert.deepStrictEqual(arcs(fixed), ['The→phone:det', 'phone→broke:nsubj', 'that→bought:obj', 'I→bought:nsubj', 'bought→phone:acl:relcl', 'broke→ROOT:root']);
    assertWellFormed(fixed, 'repaired');
  });

  it('reads a reduced relative clause the parser took for the main clause, and moves the noun\'s later dependents', () => {
    // "The letter you sent me arrived today ." read with "sent" the root and two subjects; "today" hung on "letter".
    const t = tree([
      ['The', 'DET', 'DT', 2, 'det'], ['letter', 'NOUN', 'NN', 4, 'nsubj'], ['you', 'PRON', 'PRP', 4, 'nsubj'],
      ['sent', 'VERB', 'VBD', 0, 'root'], ['me', 'PRON', 'PRP', 4, 'obj'], ['arrived', 'VERB', 'VBD', 4, 'xcomp'],
      ['today', 'NOUN', 'NN', 6, 'obl:unmarked'], ['.', 'PUNCT', '.', 4, 'punct'],
    ]);
    const fixed = repairRelativeClauseSubjects(t.words, t.slots);
    assert.deepStrictEqual(arcs(fixed), ['The→letter:det', 'letter→arrived:nsubj', 'you→sent:nsubj', 'sent→letter:acl:relcl', 'me→sent:obj', 'arrived→ROOT:root', 'today→arrived:obl:unmarked']);
    assertWellFormed(fixed, 'repaired');
  });

  it('gives a subjectless finite head the first of the two subjects of the clause before it, as a relative clause', () => {
    // "The soup they cook here is hot ." read with "cook" an advcl of "hot", carrying both subjects.
    const t = tree([
      ['The', 'DET', 'DT', 2, 'det'], ['soup', 'NOUN', 'NN', 4, 'nsubj'], ['they', 'PRON', 'PRP', 4, 'nsubj'], ['cook', 'VERB', 'VBP', 7, 'advcl'],
      ['here', 'ADV', 'RB', 4, 'advmod'], ['is', 'AUX', 'VBZ', 7, 'cop'], ['hot', 'ADJ', 'JJ', 0, 'root'], ['.', 'PUNCT', '.', 7, 'punct'],
    ]);
    const fixed = repairRelativeClauseSubjects(t.words, t.slots);
    assert.deepStrictEqual(arcs(fixed), ['The→soup:det', 'soup→hot:nsubj', 'they→cook:nsubj', 'cook→soup:acl:relcl', 'here→cook:advmod', 'is→hot:cop', 'hot→ROOT:root']);
    assertWellFormed(fixed, 'repaired');
  });

  it('makes a ccomp opened by "who" after a comma and a noun that noun\'s relative clause', () => {
    const t = tree([
      ['I', 'PRON', 'PRP', 2, 'nsubj'], ['met', 'VERB', 'VBD', 0, 'root'], ['Maria', 'PROPN', 'NNP', 2, 'obj'], [',', 'PUNCT', ',', 6, 'punct'],
      ['who', 'PRON', 'WP', 6, 'nsubj'], ['works', 'VERB', 'VBZ', 2, 'ccomp'], ['here', 'ADV', 'RB', 6, 'advmod'], ['.', 'PUNCT', '.', 2, 'punct'],
    ]);
    assert.deepStrictEqual(arcs(repairRelativeClauseSubjects(t.words, t.slots))[4], 'works→Maria:acl:relcl');
    // Without the comma it may be an embedded question ("I asked Maria who works here"): left alone.
    const question = tree([
      ['I', 'PRON', 'PRP', 2, 'nsubj'], ['asked', 'VERB', 'VBD', 0, 'root'], ['Maria', 'PROPN', 'NNP', 2, 'iobj'],
      ['who', 'PRON', 'WP', 5, 'nsubj'], ['works', 'VERB', 'VBZ', 2, 'ccomp'], ['here', 'ADV', 'RB', 5, 'advmod'], ['.', 'PUNCT', '.', 2, 'punct'],
    ]);
    assert.strictEqual(repairRelativeClauseSubjects(question.words, question.slots), question.words);
  });

  it('leaves a verb with a subject, coordinator or subordinator of its own, an extraction and an apposition alone', () => {
    const unchanged = (rows: Array<[string, string, string, number, string]>) => {
      const t = tree(rows);
      assert.strictEqual(repairRelativeClauseSubjects(t.words, t.slots), t.words, rows.map((r) => r[0]).join(' '));
    };
    // "The man who left and came back": "came" has its coordinator.
    unchanged([
      ['The', 'DET', 'DT', 2, 'det'], ['man', 'NOUN', 'NN', 0, 'root'], ['who', 'PRON', 'WP', 4, 'nsubj'], ['left', 'VERB', 'VBD', 2, 'acl:relcl'],
      ['and', 'CCONJ', 'CC', 6, 'cc'], ['came', 'VERB', 'VBD', 4, 'conj'], ['back', 'ADV', 'RB', 6, 'advmod'],
    ]);
    // "This was the body that Bush proclaimed was bringing stability": the noun is a copular predicate.
    unchanged([
      ['This', 'PRON', 'DT', 4, 'nsubj'], ['was', 'AUX', 'VBD', 4, 'cop'], ['the', 'DET', 'DT', 4, 'det'], ['body', 'NOUN', 'NN', 0, 'root'],
      ['that', 'PRON', 'WDT', 9, 'nsubj'], ['Bush', 'PROPN', 'NNP', 7, 'nsubj'], ['proclaimed', 'VERB', 'VBD', 4, 'acl:relcl'],
      ['was', 'AUX', 'VBD', 9, 'aux'], ['bringing', 'VERB', 'VBG', 7, 'ccomp'], ['stability', 'NOUN', 'NN', 9, 'obj'],
    ]);
    // "Mahmoud Zahar, Hamas's leader declared …, after Israel killed": two subjects with a comma between them.
    unchanged([
      ['Zahar', 'PROPN', 'NNP', 5, 'nsubj'], [',', 'PUNCT', ',', 4, 'punct'], ['Hamas', 'PROPN', 'NNP', 4, 'nmod:poss'], ['leader', 'NOUN', 'NN', 5, 'nsubj'],
      ['declared', 'VERB', 'VBD', 0, 'root'], ['peace', 'NOUN', 'NN', 5, 'obj'], ['Israel', 'PROPN', 'NNP', 8, 'nsubj'], ['agreed', 'VERB', 'VBD', 5, 'ccomp'],
    ]);
  });

  describe('on the trained parser', () => {
    let parser: Parser;
    before(() => {
      parser = loadParser();
    });
    const rootOf = (text: string) => {
      const [s] = parser.parseText(text);
      assertWellFormed(s.tree.words, text);
      return s.tree.words.find((w) => w.head === 0)!.form;
    };

    it('finds the main verb after a subject that ends in a relative clause', () => {
      assert.strictEqual(rootOf('The car that my uncle sold us broke down twice.'), 'broke');
      assert.strictEqual(rootOf('The car my uncle sold us broke down twice.'), 'broke');
      assert.strictEqual(rootOf('The car that my uncle sold us, broke down twice.'), 'broke');
      assert.strictEqual(rootOf('The soup they cook in this kitchen, is very hot.'), 'hot');
    });

    it('counts such subjects, and those it gets right, for eval parser', () => {
      const rows = [
        ['The', 'DET', 2, 'det'], ['phone', 'NOUN', 6, 'nsubj'], ['that', 'PRON', 5, 'obj'], ['I', 'PRON', 5, 'nsubj'],
        ['bought', 'VERB', 2, 'acl:relcl'], ['broke', 'VERB', 0, 'root'], ['.', 'PUNCT', 6, 'punct'],
      ];
      const text = ['# text = x', ...rows.map((r, k) => [k + 1, r[0], '_', r[1], '_', '_', r[2], r[3], '_', '_'].join('\t')), ''].join('\n');
      assert.deepStrictEqual(scoreRelativeSubjects(parser, parseConllu(text)), { subjects: 1, headsRight: 1, percent: 100 });
    });
  });
});
