import * as assert from 'assert';
import { treebankFromText } from '../../server/src/data/treebank';
import { PunctuatedTree } from '../../server/src/data/depunct';
import { augmentForTagger } from '../../server/src/training/parser/taggerAugment';
import { seededRandom } from '../../server/src/training/parser/views';
import { assertWellFormed } from './treeChecks';
import { DONOR_SENTENCES } from './donorSentences';

const conllu = DONOR_SENTENCES.map((rows, k) => `# sent_id = s${k}\n${rows.join('\n')}\n`).join('\n');

const show = (t: PunctuatedTree) => t.words.map((w, i) => `${t.slots[i].join('')}${w.form}/${w.xpos}/${w.head}`).join(' ') + t.slots[t.words.length].join('');

describe('made sentences for the tagger', () => {
  const trees = treebankFromText(conllu, 'test').trees;
  const made = augmentForTagger(trees, seededRandom(1), 1).map(show);

  it('puts a set-off apposition of another sentence between a noun subject and its verb, tags and heads kept', () => {
    assert.ok(made.includes('The/DT/2 dog/NN/5 ,a/DT/4 nurse/NN/2 ,barks/VBZ/0.'), made.join('\n'));
  });

  it('puts a fronted clause of another sentence before an imperative, the imperative lower-cased', () => {
    assert.ok(made.includes('When/WRB/4 the/DT/3 water/NN/4 boils/VBZ/5 ,peel/VB/0 the/DT/7 potatoes/NNS/5.'), made.join('\n'));
  });

  it('makes nothing at rate 0, and every made tree is well formed', () => {
    assert.deepStrictEqual(augmentForTagger(trees, seededRandom(1), 0), []);
    for (const t of augmentForTagger(trees, seededRandom(1), 1)) {
      assert.strictEqual(t.slots.length, t.words.length + 1);
      assertWellFormed(t.words, show(t));
    }
  });
});
