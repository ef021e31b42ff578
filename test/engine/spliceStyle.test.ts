/**
 * `commaSplices: edited` (correction/style/spliceStyle.ts): a comma alone between two independent clauses is reported when
 * the writer asks for edited prose, never at the default; the shapes the style guides allow are left alone.
 */
import * as assert from 'assert';
import { makeLinter } from '../../server/src/engine';
import { editedSpliceAt } from '../../server/src/engine/correction/style/spliceStyle';
import { treeInfo } from '../../server/src/engine/treeInfo';
import { sentenceFromRows } from './sentenceFromRows';
import { trainedEngineParts } from './trainedParts';

/** Slot i of a hand-made tree (rows: form, UPOS, head, relation, XPOS; heads count punctuation tokens). */
function spliceOf(rows: string[][], i: number): number | undefined {
  const s = sentenceFromRows(rows);
  return editedSpliceAt(s.tree, treeInfo(s.tree), i);
}

describe('engine: comma splices as an edited-prose style', function () {
  this.timeout(120000);

  it('finds the clause a comma splices on, in both readings a parser gives a splice', () => {
    // "The train was late, we missed the show." with the second clause as parataxis of the first …
    const parataxis = [
      ['The', 'DET', '2', 'det', 'DT'],
      ['train', 'NOUN', '4', 'nsubj', 'NN'],
      ['was', 'AUX', '4', 'cop', 'VBD'],
      ['late', 'ADJ', '0', 'root', 'JJ'],
      [',', 'PUNCT', '7', 'punct', ','],
      ['we', 'PRON', '7', 'nsubj', 'PRP'],
      ['missed', 'VERB', '4', 'parataxis', 'VBD'],
      ['the', 'DET', '9', 'det', 'DT'],
      ['show', 'NOUN', '7', 'obj', 'NN'],
      ['.', 'PUNCT', '4', 'punct', '.'],
    ];
    assert.strictEqual(spliceOf(parataxis, 4), 6); // words: The train was late | we(5) missed(6) …
    // … and with the first read as a fronted adverbial clause of the second (no subordinator: still a splice).
    const fronted = parataxis.map((r) => [...r]);
    fronted[3] = ['late', 'ADJ', '7', 'advcl', 'JJ'];
    fronted[6] = ['missed', 'VERB', '0', 'root', 'VBD'];
    fronted[4] = [',', 'PUNCT', '4', 'punct', ','];
    fronted[9] = ['.', 'PUNCT', '7', 'punct', '.'];
    assert.strictEqual(spliceOf(fronted, 4), 4);
    // With a subordinator the fronted clause is an adverbial clause, and the comma is the one that closes it.
    const marked = [['When', 'SCONJ', '5', 'mark', 'WRB'], ...fronted.map((r) => [r[0], r[1], r[2] === '0' ? '0' : String(Number(r[2]) + 1), r[3], r[4]])];
    assert.strictEqual(spliceOf(marked, 5), undefined);
  });

  it('leaves alone a pronoun comment clause, a reporting clause, a clause series and a non-finite clause', () => {
    // "It works, I think."
    const comment = [
      ['It', 'PRON', '2', 'nsubj', 'PRP'],
      ['works', 'VERB', '0', 'root', 'VBZ'],
      [',', 'PUNCT', '5', 'punct', ','],
      ['I', 'PRON', '5', 'nsubj', 'PRP'],
      ['think', 'VERB', '2', 'parataxis', 'VBP'],
      ['.', 'PUNCT', '2', 'punct', '.'],
    ];
    assert.strictEqual(spliceOf(comment, 2), undefined);
    // "It rained, therefore we stayed." — but a conjunctive adverb after the comma joins nothing: short clauses splice.
    const therefore = [
      ['It', 'PRON', '2', 'nsubj', 'PRP'],
      ['rained', 'VERB', '0', 'root', 'VBD'],
      [',', 'PUNCT', '6', 'punct', ','],
      ['therefore', 'ADV', '6', 'advmod', 'RB'],
      ['we', 'PRON', '6', 'nsubj', 'PRP'],
      ['stayed', 'VERB', '2', 'parataxis', 'VBD'],
      ['.', 'PUNCT', '2', 'punct', '.'],
    ];
    assert.strictEqual(spliceOf(therefore, 2), 5);
    assert.strictEqual(spliceOf(therefore.map((r) => (r[0] === 'therefore' ? ['then', 'ADV', '6', 'advmod', 'RB'] : r)), 2), 5);
    assert.strictEqual(spliceOf(therefore.filter((r) => r[0] !== 'therefore').map((r) => [r[0], r[1], String(Number(r[2]) > 3 ? Number(r[2]) - 1 : Number(r[2])), r[3], r[4]]), 2), undefined, 'without it, two bare clauses');
    // "Sales rose sharply, the company announced." (a noun subject, but a reporting verb without its complement)
    const reporting = [
      ['Sales', 'NOUN', '2', 'nsubj', 'NNS'],
      ['rose', 'VERB', '0', 'root', 'VBD'],
      ['sharply', 'ADV', '2', 'advmod', 'RB'],
      [',', 'PUNCT', '7', 'punct', ','],
      ['the', 'DET', '6', 'det', 'DT'],
      ['company', 'NOUN', '7', 'nsubj', 'NN'],
      ['announced', 'VERB', '2', 'parataxis', 'VBD'],
      ['.', 'PUNCT', '2', 'punct', '.'],
    ];
    assert.strictEqual(spliceOf(reporting, 3), undefined);
    // "Prices rose, wages fell, and rents doubled." (the middle of a coordinated series)
    const series = [
      ['Prices', 'NOUN', '2', 'nsubj', 'NNS'],
      ['rose', 'VERB', '0', 'root', 'VBD'],
      [',', 'PUNCT', '5', 'punct', ','],
      ['wages', 'NOUN', '5', 'nsubj', 'NNS'],
      ['fell', 'VERB', '2', 'conj', 'VBD'],
      [',', 'PUNCT', '9', 'punct', ','],
      ['and', 'CCONJ', '9', 'cc', 'CC'],
      ['rents', 'NOUN', '9', 'nsubj', 'NNS'],
      ['doubled', 'VERB', '2', 'conj', 'VBD'],
      ['.', 'PUNCT', '2', 'punct', '.'],
    ];
    // words: Prices rose | wages fell | and rents doubled: slot 2 is the series' first comma
    assert.strictEqual(spliceOf(series, 2), undefined);
    // "The work done, we went home." (an absolute construction: its participle is not finite)
    const absolute = [
      ['The', 'DET', '2', 'det', 'DT'],
      ['work', 'NOUN', '3', 'nsubj', 'NN'],
      ['done', 'VERB', '6', 'advcl', 'VBN'],
      [',', 'PUNCT', '3', 'punct', ','],
      ['we', 'PRON', '6', 'nsubj', 'PRP'],
      ['went', 'VERB', '0', 'root', 'VBD'],
      ['home', 'ADV', '6', 'advmod', 'RB'],
      ['.', 'PUNCT', '6', 'punct', '.'],
    ];
    assert.strictEqual(spliceOf(absolute, 3), undefined);
  });

  describe('with the trained parser and model', () => {
    const parts = trainedEngineParts();
    const splices = (text: string, edited: boolean) =>
      makeLinter(parts())
        .lint(text, edited ? { commaSplices: 'edited' } : {})
        .filter((f) => f.ruleId === 'comma-splice');

    it('reports a learner-style splice under edited, with its three fixes, and not at the default', () => {
      const text = 'The train was delayed, we missed the concert.';
      assert.strictEqual(splices(text, false).length, 0);
      const [f, ...rest] = splices(text, true);
      assert.ok(f && rest.length === 0);
      assert.strictEqual(text.slice(f.start.offset, f.end.offset), ',');
      assert.deepStrictEqual(
        f.fixes.map((x) => x.title),
        ['Use a semicolon', 'Split into two sentences', 'Add "and" after the comma'],
      );
      assert.strictEqual(f.fixes[1].edits.map((e) => e.newText).join('|'), '.|W');
      // The message names both clauses, so that a learner sees the two sentences.
      assert.match(f.message, /"The train was delayed" and "we missed the concert"/);
      // As written: a contraction is one word to the writer, though two to the parser ("did n't").
      const [g] = splices("The train was delayed, we didn't see the concert.", true);
      assert.match(g.message, /"we didn't see the concert"/);
    });

    it('leaves the commas edited prose allows alone under edited', () => {
      for (const text of [
        'The answer is simple, I think.',
        'It is a good plan, isn’t it?',
        'We visited Anna, who lives near the harbour.',
        'When the rain stopped, we walked to the station.',
        'It was cold, so we lit a fire.',
        'Prices went up, wages stayed flat, and everyone complained.',
        'The more you practise, the better you get.',
        'Whatever you decide, we will help.',
        'Should they decide to leave early, we will follow them.',
        'The meeting ran late, and we missed the last train.',
        'My doctor said when a child has a fever, it should rest.',
      ])
        assert.deepStrictEqual(splices(text, true), [], text);
    });
  });
});
