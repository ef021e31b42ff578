import * as assert from 'assert';
import { parseConllu } from '../../server/src/data/conllu';
import { goldSentence } from '../../server/research/eval/goldSentence';
import { draftOf } from '../../server/research/eval/draft';
import { learnerShapeSlots, verbGroupSlots } from '../../server/research/scorer/learnerShapes';

/** One CoNLL-U sentence from rows of (form, upos, head, deprel); the last row is the final period. */
function conllu(rows: Array<[string, string, number, string]>): string {
  const text = rows.map(([f]) => f).join(' ').replace(/ \.$/, '.');
  const lines = rows.map(([form, upos, head, rel], k) => `${k + 1}\t${form}\t${form.toLowerCase()}\t${upos}\t_\t_\t${head}\t${rel}\t_\t${k === rows.length - 2 ? 'SpaceAfter=No' : '_'}`);
  return [`# text = ${text}`, ...lines, '', ''].join('\n');
}

function shapes(rows: Array<[string, string, number, string]>, slotsOf = learnerShapeSlots) {
  const g = goldSentence(parseConllu(conllu(rows), 'test.conllu')[0]);
  assert.ok(g);
  return slotsOf(draftOf(g!)).map((x) => `${x.slot} ${x.kind}`);
}

describe("research: the learner-shaped commas of the scorer's training", () => {
  it('draws a comma between a copula and the clause it takes (UD makes the clause the head)', () => {
    // The problem is that nobody listens.  →  "The problem is, that nobody listens."
    const got = shapes([
      ['The', 'DET', 2, 'det'],
      ['problem', 'NOUN', 6, 'nsubj:outer'],
      ['is', 'AUX', 6, 'cop'],
      ['that', 'SCONJ', 6, 'mark'],
      ['nobody', 'PRON', 6, 'nsubj'],
      ['listens', 'VERB', 0, 'root'],
      ['.', 'PUNCT', 6, 'punct'],
    ]);
    assert.deepStrictEqual(got, ['3 comma before a clause a copula takes']);
  });

  it('counts a long subject labelled nsubj:outer as a subject ("What I want to say, is")', () => {
    const got = shapes([
      ['What', 'PRON', 5, 'obj'],
      ['I', 'PRON', 3, 'nsubj'],
      ['want', 'VERB', 9, 'nsubj:outer'],
      ['to', 'PART', 5, 'mark'],
      ['say', 'VERB', 3, 'xcomp'],
      ['is', 'AUX', 9, 'cop'],
      ['that', 'SCONJ', 9, 'mark'],
      ['we', 'PRON', 9, 'nsubj'],
      ['need', 'VERB', 0, 'root'],
      ['time', 'NOUN', 9, 'obj'],
      ['.', 'PUNCT', 9, 'punct'],
    ]);
    assert.deepStrictEqual(got.sort(), ['5 comma after a long subject', '6 comma before a clause a copula takes']);
  });

  it('draws commas inside a verb group: after an auxiliary and before the infinitive a verb takes', () => {
    // They have wanted to stay.  →  "They have, wanted to stay." and "They have wanted, to stay."
    const got = shapes(
      [
        ['They', 'PRON', 3, 'nsubj'],
        ['have', 'AUX', 3, 'aux'],
        ['wanted', 'VERB', 0, 'root'],
        ['to', 'PART', 5, 'mark'],
        ['stay', 'VERB', 3, 'xcomp'],
        ['.', 'PUNCT', 3, 'punct'],
      ],
      verbGroupSlots,
    );
    assert.deepStrictEqual(got.sort(), ['2 comma after an auxiliary', '3 comma before an infinitive a verb takes']);
  });

  it('draws no comma before an infinitive whose verb is not the word before it ("She asked him to stay")', () => {
    const got = shapes(
      [
        ['She', 'PRON', 2, 'nsubj'],
        ['asked', 'VERB', 0, 'root'],
        ['him', 'PRON', 2, 'obj'],
        ['to', 'PART', 5, 'mark'],
        ['stay', 'VERB', 2, 'xcomp'],
        ['.', 'PUNCT', 2, 'punct'],
      ],
      verbGroupSlots,
    );
    assert.deepStrictEqual(got, []);
  });
});
