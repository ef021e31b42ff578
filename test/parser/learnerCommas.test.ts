import * as assert from 'assert';
import { learnerCommaSlots, withLearnerCommas } from '../../server/src/training/parser/learnerCommas';
import { corruptSlots, seededRandom } from '../../server/src/training/parser/views';
import { tree } from './treeRows';

// "The girl who sits next to me is from Brazil." — the subject ends at "me" (slot 7), the verb group starts at "is".
const girl = tree([
  ['The', 'DET', 'DT', 2, 'det'], ['girl', 'NOUN', 'NN', 10, 'nsubj'], ['who', 'PRON', 'WP', 4, 'nsubj'],
  ['sits', 'VERB', 'VBZ', 2, 'acl:relcl'], ['next', 'ADV', 'RB', 7, 'case'], ['to', 'ADP', 'IN', 7, 'case'],
  ['me', 'PRON', 'PRP', 4, 'obl'], ['is', 'AUX', 'VBZ', 10, 'cop'], ['from', 'ADP', 'IN', 10, 'case'],
  ['Brazil', 'PROPN', 'NNP', 0, 'root'], ['.', 'PUNCT', '.', 10, 'punct'],
]);
// "My parents bought a new house, and I said that it was nice." — a subject–verb slot (2), a verb–object slot (3), a
// verb–clause slot ("said" → "that …", 9), none after the one-word subjects "I", "it", none where a comma is written.
const house = tree([
  ['My', 'PRON', 'PRP$', 2, 'nmod:poss'], ['parents', 'NOUN', 'NNS', 3, 'nsubj'], ['bought', 'VERB', 'VBD', 0, 'root'],
  ['a', 'DET', 'DT', 6, 'det'], ['new', 'ADJ', 'JJ', 6, 'amod'], ['house', 'NOUN', 'NN', 3, 'obj'], [',', 'PUNCT', ',', 10, 'punct'],
  ['and', 'CCONJ', 'CC', 10, 'cc'], ['I', 'PRON', 'PRP', 10, 'nsubj'], ['said', 'VERB', 'VBD', 3, 'conj'],
  ['that', 'SCONJ', 'IN', 14, 'mark'], ['it', 'PRON', 'PRP', 14, 'nsubj'], ['was', 'AUX', 'VBD', 14, 'cop'],
  ['nice', 'ADJ', 'JJ', 10, 'ccomp'], ['.', 'PUNCT', '.', 3, 'punct'],
]);
// "He's the man who knows." — no slot inside the written word "He's".
const clitic = tree([
  ['The', 'DET', 'DT', 2, 'det'], ['boss', 'NOUN', 'NN', 4, 'nsubj'], ["'s", 'AUX', 'VBZ', 4, 'cop'], ['here', 'ADV', 'RB', 0, 'root'],
  ['.', 'PUNCT', '.', 4, 'punct'],
]);

describe('learner commas (parser training and the learnerCommas measure of eval parser)', () => {
  it('finds the subject–verb and verb–object slots of subjects and objects of two or more words', () => {
    assert.deepStrictEqual(learnerCommaSlots(girl), [7]);
    assert.deepStrictEqual(learnerCommaSlots(house), [2, 3, 9]);
  });

  it('never splits a written word', () => {
    assert.deepStrictEqual(learnerCommaSlots(clitic), []);
  });

  it('adds a comma at every slot for the measure, keeping the other marks', () => {
    const slots = withLearnerCommas(house, house.slots);
    assert.deepStrictEqual(slots[3], [',']);
    assert.deepStrictEqual(slots[9], [',']);
    assert.deepStrictEqual(slots[6], house.slots[6]);
    assert.deepStrictEqual(slots[house.words.length], house.slots[house.words.length]);
  });

  it('corrupts exactly as before without learner slots, and adds learner commas only at their slots', () => {
    const a = seededRandom(5), b = seededRandom(5);
    for (let k = 0; k < 200; k++) assert.deepStrictEqual(corruptSlots(girl.slots, a), corruptSlots(girl.slots, b, undefined, undefined, { slots: new Set(), rate: 1 }));
    const noRandom = { dropComma: 0, insertComma: 0, doubleComma: 0, dropSlot: 0 };
    const out = corruptSlots(girl.slots, seededRandom(1), noRandom, undefined, { slots: new Set(learnerCommaSlots(girl)), rate: 1 });
    assert.deepStrictEqual(out, withLearnerCommas(girl, girl.slots));
  });
});
