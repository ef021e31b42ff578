import * as assert from 'assert';
import { sentenceFromRows as conllu } from './sentenceFromRows';
import { commaCutsWordAt } from '../../server/src/engine/correction/candidates/clauses';
import { treeInfo } from '../../server/src/engine/treeInfo';
import { trainedEngineParts } from './trainedParts';
import { makeLinter } from '../../server/src/engine';

const cuts = (rows: string[][]) => {
  const { tree } = conllu(rows);
  const i = tree.slots.findIndex((m) => m.includes(','));
  return commaCutsWordAt(tree, treeInfo(tree), i);
};

describe('engine: a comma that cuts a word from what it needs', () => {
  it('after a function word, or a modifier of a head after the comma', () => {
    // "We stayed in , a hotel ."
    assert.ok(cuts([['We', 'PRON', '2', 'nsubj', 'PRP'], ['stayed', 'VERB', '0', 'root', 'VBD'], ['in', 'ADP', '6', 'case', 'IN'], [',', 'PUNCT', '6', 'punct', ','], ['a', 'DET', '6', 'det', 'DT'], ['hotel', 'NOUN', '2', 'obl', 'NN'], ['.', 'PUNCT', '2', 'punct', '.']]));
    // "Great Neighborhood , Hangout": a compound cut from its head.
    assert.ok(cuts([['Great', 'ADJ', '4', 'amod', 'JJ'], ['Neighborhood', 'NOUN', '4', 'compound', 'NN'], [',', 'PUNCT', '4', 'punct', ','], ['Hangout', 'NOUN', '0', 'root', 'NN']]));
  });

  it('not at a constituent\'s edge, where writers set commas off', () => {
    // "The children cowered , terrified ."
    assert.ok(!cuts([['The', 'DET', '2', 'det', 'DT'], ['children', 'NOUN', '3', 'nsubj', 'NNS'], ['cowered', 'VERB', '0', 'root', 'VBD'], [',', 'PUNCT', '5', 'punct', ','], ['terrified', 'ADJ', '3', 'advcl', 'JJ'], ['.', 'PUNCT', '3', 'punct', '.']]));
    // "Then , run it ."
    assert.ok(!cuts([['Then', 'ADV', '3', 'advmod', 'RB'], [',', 'PUNCT', '3', 'punct', ','], ['run', 'VERB', '0', 'root', 'VB'], ['it', 'PRON', '3', 'obj', 'PRP'], ['.', 'PUNCT', '3', 'punct', '.']]));
  });

  const parts = trainedEngineParts();
  it('end to end: a random comma after a preposition is removed, a writer\'s comma before an aside is not', () => {
    // The generator's candidate as the calibrated decision reports it (the learned scorer weighs it as a feature).
    const linter = makeLinter(parts());
    const calibrated = { decision: 'calibrated' } as const;
    assert.deepStrictEqual(linter.lint('They have not heard from you in, a while.', calibrated).map((f) => f.ruleId), ['comma']);
    assert.deepStrictEqual(linter.lint('The children cowered, terrified by this fearsome beast.', calibrated).map((f) => f.ruleId), []);
    // A verb cut from its complement is a learner's comma (E3).
    assert.deepStrictEqual(linter.lint('He wants, to stay up late.', calibrated).map((f) => f.ruleId), ['comma']);
    // Its message says what the comma cuts apart, not only that it is unnecessary.
    assert.deepStrictEqual(linter.lint('He wants, to stay up late.', calibrated).map((f) => f.message), ['No comma before "to stay": the infinitive completes "wants", and nothing here is set off.']);
  });
});
