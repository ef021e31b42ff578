import * as assert from 'assert';
import { treebankFromText } from '../../server/src/data/treebank';
import { PunctuatedTree } from '../../server/src/data/depunct';
import { augmentForTagger } from '../../server/src/training/parser/taggerAugment';
import { seededRandom } from '../../server/src/training/parser/views';

const row = (i: number, form: string, upos: string, xpos: string, head: number, deprel: string) =>
  [i, form, '_', upos, xpos, '_', head, deprel, '_', '_'].join('\t');
const conllu = [
  // Kim, a nurse, works. (the apposition donor)
  [row(1, 'Kim', 'PROPN', 'NNP', 6, 'nsubj'), row(2, ',', 'PUNCT', ',', 4, 'punct'), row(3, 'a', 'DET', 'DT', 4, 'det'),
    row(4, 'nurse', 'NOUN', 'NN', 1, 'appos'), row(5, ',', 'PUNCT', ',', 4, 'punct'), row(6, 'works', 'VERB', 'VBZ', 0, 'root'),
    row(7, '.', 'PUNCT', '.', 6, 'punct')],
  // The dog barks. (the subject host)
  [row(1, 'The', 'DET', 'DT', 2, 'det'), row(2, 'dog', 'NOUN', 'NN', 3, 'nsubj'), row(3, 'barks', 'VERB', 'VBZ', 0, 'root'),
    row(4, '.', 'PUNCT', '.', 3, 'punct')],
  // When the water boils, we eat. (the fronted-clause donor)
  [row(1, 'When', 'SCONJ', 'WRB', 4, 'mark'), row(2, 'the', 'DET', 'DT', 3, 'det'), row(3, 'water', 'NOUN', 'NN', 4, 'nsubj'),
    row(4, 'boils', 'VERB', 'VBZ', 7, 'advcl'), row(5, ',', 'PUNCT', ',', 4, 'punct'), row(6, 'we', 'PRON', 'PRP', 7, 'nsubj'),
    row(7, 'eat', 'VERB', 'VBP', 0, 'root'), row(8, '.', 'PUNCT', '.', 7, 'punct')],
  // Peel the potatoes. (the imperative host)
  [row(1, 'Peel', 'VERB', 'VB', 0, 'root'), row(2, 'the', 'DET', 'DT', 3, 'det'), row(3, 'potatoes', 'NOUN', 'NNS', 1, 'obj'),
    row(4, '.', 'PUNCT', '.', 1, 'punct')],
].map((rows, k) => `# sent_id = s${k}\n${rows.join('\n')}\n`).join('\n');

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
      assert.strictEqual(t.words.filter((w) => w.head === 0).length, 1);
      for (const w of t.words) assert.ok(w.head >= 0 && w.head <= t.words.length);
    }
  });
});
