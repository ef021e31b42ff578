import * as assert from 'assert';
import { sentenceFromRows as conllu } from './sentenceFromRows';
import { trainedEngineParts } from './trainedParts';
import { makeLinter } from '../../server/src/engine';
import { openAppositionCloseAt } from '../../server/src/engine/correction/candidates/unclosedSupplements';

/** Rows of "X , Y verb rest ." read flat (the reading of the tree does not matter: the surface decides). */
function rows(x: string[][], y: string[][], verb: string[], rest: string[][] = [], afterVerb: string[][] = []): string[][] {
  const words = [...x, [',', 'PUNCT', '_', 'punct', ','], ...y, verb, ...afterVerb, ...rest, ['.', 'PUNCT', '_', 'punct', '.']];
  const root = x.length + 2 + y.length;
  return words.map((r, k) => [r[0], r[1], k + 1 === root ? '0' : String(root), k + 1 === root ? 'root' : r[3] ?? 'dep', r[4] ?? r[2]]);
}
const w = (form: string, upos: string, xpos: string) => [form, upos, xpos, 'dep', xpos];
const MY = w('My', 'PRON', 'PRP$');
const COUSIN = w('cousin', 'NOUN', 'NN');
const A = w('a', 'DET', 'DT');
const THE = w('the', 'DET', 'DT');
const MUSICIAN = w('musician', 'NOUN', 'NN');
const PLAYS = w('plays', 'VERB', 'VBZ');
const VIOLIN = [THE, w('violin', 'NOUN', 'NN')];

const closeOf = (r: string[][]) => openAppositionCloseAt(conllu(r).tree, 0 + r.findIndex((x) => x[0] === ','));

describe('engine: where a subject\'s apposition left open would close, read off the surface', () => {
  it('names the slot before the verb after "X, Y" where X is a determined noun phrase and Y a noun phrase', () => {
    // "My cousin , a talented musician plays the violin ." → the comma goes after "musician" (slot 5).
    assert.strictEqual(closeOf(rows([MY, COUSIN], [A, w('talented', 'ADJ', 'JJ'), MUSICIAN], PLAYS, VIOLIN)), 5);
    // With a prepositional phrase in Y ("a doctor in Boston") and a possessive 's in X ("The city's mayor").
    const city = [THE, w('city', 'NOUN', 'NN'), w("'s", 'PART', 'POS'), w('mayor', 'NOUN', 'NN')];
    assert.strictEqual(closeOf(rows(city, [A, w('doctor', 'NOUN', 'NN'), w('in', 'ADP', 'IN'), w('Boston', 'PROPN', 'NNP')], PLAYS, VIOLIN)), 8);
    // A name X takes an apposition opened by "a" or a possessive of the first or third person.
    assert.strictEqual(closeOf(rows([w('Maria', 'PROPN', 'NNP')], [MY, w('roommate', 'NOUN', 'NN')], PLAYS, VIOLIN)), 3);
    // An adjective the tagger calls a verb by its coarse tag ("a retired/VERB/JJ teacher"), and "of mine".
    assert.strictEqual(closeOf(rows([MY, COUSIN], [A, w('retired', 'VERB', 'JJ'), w('teacher', 'NOUN', 'NN')], PLAYS, VIOLIN)), 5);
    const friend = [A, w('friend', 'NOUN', 'NN'), w('of', 'ADP', 'IN'), w('mine', 'PRON', 'PRP')];
    assert.strictEqual(closeOf(rows([MY, COUSIN], friend, PLAYS, VIOLIN)), 6);
    // A participle modifier read as a past form ("a trained/VBD chef"), and an adverb before the verb, left outside.
    assert.strictEqual(closeOf(rows([MY, COUSIN], [A, w('trained', 'VERB', 'VBD'), w('chef', 'NOUN', 'NN')], PLAYS, VIOLIN)), 5);
    assert.strictEqual(closeOf(rows([MY, COUSIN], [A, MUSICIAN, w('rarely', 'ADV', 'RB')], PLAYS, VIOLIN)), 4);
  });

  it('leaves vocatives, time phrases, lists, comment clauses and fronted phrases alone', () => {
    const none = (r: string[][], why: string) => assert.strictEqual(closeOf(r), undefined, why);
    none(rows([w('Anna', 'PROPN', 'NNP')], [THE, w('meeting', 'NOUN', 'NN')], w('moved', 'VERB', 'VBD')), 'a name, then "the": a vocative');
    none(rows([w('Mr', 'PROPN', 'NNP'), w('Lopez', 'PROPN', 'NNP')], [w('your', 'PRON', 'PRP$'), w('order', 'NOUN', 'NN')], w('shipped', 'VERB', 'VBD')), '"your": a vocative');
    none(rows([MY, w('friends', 'NOUN', 'NNS')], [THE, w('time', 'NOUN', 'NN')], w('has', 'AUX', 'VBZ')), 'a plural term of address');
    none(rows([THE, w('next', 'ADJ', 'JJ'), w('morning', 'NOUN', 'NN')], [THE, w('family', 'NOUN', 'NN')], w('went', 'VERB', 'VBD')), 'a time phrase');
    none(rows([w('Cousin', 'NOUN', 'NN')], [A, MUSICIAN], PLAYS, VIOLIN), 'a bare noun X: no determiner');
    none(rows([MY, COUSIN], [w('flac', 'NOUN', 'NN'), w('and', 'CCONJ', 'CC'), w('mp3', 'NOUN', 'NN')], w('are', 'AUX', 'VBP')), 'a list');
    none(rows([MY, COUSIN], [A, MUSICIAN], w('noticed', 'VERB', 'VBD'), [], [[',', 'PUNCT', '_', 'punct', ',']]), 'a comment clause');
    none(rows([w('In', 'ADP', 'IN'), MY, w('opinion', 'NOUN', 'NN')], [THE, w('city', 'NOUN', 'NN')], w('needs', 'VERB', 'VBZ')), 'a fronted phrase');
    none(rows([MY, COUSIN], [w('he', 'PRON', 'PRP')], PLAYS, VIOLIN), 'a pronoun after the comma: a subject');
    none(rows([MY, COUSIN], [w('mine', 'PRON', 'PRP')], PLAYS, VIOLIN), '"mine" alone: a subject, not after "of"');
    none(rows([w('John', 'PROPN', 'NNP')], [MY, w('flight', 'NOUN', 'NN')], w('arrives', 'VERB', 'VBZ')), 'a name, then "my" + a noun of no relation: a vocative');
    none(rows([MY, COUSIN], [A, MUSICIAN], w('playing', 'VERB', 'VBG'), VIOLIN), 'no finite verb after Y');
  });
});

describe('lint: the closing comma of an apposition left open, end to end', () => {
  const parts = trainedEngineParts();
  it('puts the comma where the apposition ends, and leaves closed appositions, vocatives and time phrases alone', () => {
    // The generator's candidate as the calibrated decision reports it: the learned scorer gives this closing comma
    // 0.02, a known miss of it (journal, "The learned decision as the default").
    const calibrated = makeLinter(parts());
    const linter = { lint: (text: string) => calibrated.lint(text, { decision: 'calibrated' }) };
    const text = 'My cousin, a talented musician plays the violin in an orchestra.';
    const found = linter.lint(text).filter((f) => f.ruleId === 'nonrestrictive-comma');
    assert.strictEqual(found.length, 1);
    const [edit] = found[0].fixes[0].edits;
    assert.strictEqual(text.slice(0, edit.start.offset) + edit.newText + text.slice(edit.end.offset), 'My cousin, a talented musician, plays the violin in an orchestra.');
    for (const clean of [
      'My cousin, a talented musician, plays the violin in an orchestra.',
      'Anna, the meeting has been moved to Friday.',
      'The next morning, the whole family went to the beach.',
      'My parents, my sister and I live in a small flat.',
    ])
      assert.deepStrictEqual(linter.lint(clean).map((f) => f.ruleId), [], clean);
  });
});
