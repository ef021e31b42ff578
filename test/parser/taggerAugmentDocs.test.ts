import * as assert from 'assert';
import { treebankFromText } from '../../server/src/data/treebank';
import { PunctuatedTree } from '../../server/src/data/depunct';
import { augmentForDocumentation } from '../../server/src/training/parser/taggerAugmentDocs';
import { seededRandom } from '../../server/src/training/parser/views';
import { assertWellFormed } from './treeChecks';
import { row } from './donorSentences';

const SENTENCES: readonly string[][] = [
  // Peel the potatoes. (an imperative host)
  [row(1, 'Peel', 'VERB', 'VB', 0, 'root'), row(2, 'the', 'DET', 'DT', 3, 'det'), row(3, 'potatoes', 'NOUN', 'NNS', 1, 'obj'), row(4, '.', 'PUNCT', '.', 1, 'punct')],
  // You should backdate it. (gives a second base form to draw)
  [row(1, 'You', 'PRON', 'PRP', 3, 'nsubj'), row(2, 'should', 'AUX', 'MD', 3, 'aux'), row(3, 'backdate', 'VERB', 'VB', 0, 'root'), row(4, 'it', 'PRON', 'PRP', 3, 'obj')],
  // It returns the list. (a description host)
  [row(1, 'It', 'PRON', 'PRP', 2, 'nsubj'), row(2, 'returns', 'VERB', 'VBZ', 0, 'root'), row(3, 'the', 'DET', 'DT', 4, 'det'), row(4, 'list', 'NOUN', 'NN', 2, 'obj'), row(5, '.', 'PUNCT', '.', 2, 'punct')],
  // She sings. (too short to host)
  [row(1, 'She', 'PRON', 'PRP', 2, 'nsubj'), row(2, 'sings', 'VERB', 'VBZ', 0, 'root')],
];
const conllu = SENTENCES.map((rows, k) => `# sent_id = d${k}\n${rows.join('\n')}\n`).join('\n');
const show = (t: PunctuatedTree) => t.words.map((w, i) => `${t.slots[i].join('')}${w.form}/${w.xpos}/${w.head}`).join(' ') + t.slots[t.words.length].join('');

describe("made sentences for the tagger: documentation's shapes", () => {
  const trees = treebankFromText(conllu, 'test').trees;
  const made = () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) for (const t of augmentForDocumentation(trees, seededRandom(seed), 1)) seen.add(show(t));
    return [...seen];
  };

  it("gives an imperative another base-form verb of the treebank, capitalised, the verb's tags and heads kept", () => {
    const all = made();
    assert.ok(all.includes('Backdate/VB/0 the/DT/3 potatoes/NNS/1.'), all.join('\n'));
    assert.ok(all.includes('Peel/VB/0 the/DT/3 potatoes/NNS/1.'), all.join('\n'));
  });

  it('drops the pronoun subject of a present-tense description, its heads moved one word left', () => {
    const all = made();
    assert.ok(all.includes('Returns/VBZ/0 the/DT/3 list/NN/1.'), all.join('\n'));
    assert.ok(all.includes('Sings/VBZ/0 the/DT/3 list/NN/1.'), all.join('\n'));
  });

  it('makes nothing at rate 0, and every made tree is well formed', () => {
    assert.deepStrictEqual(augmentForDocumentation(trees, seededRandom(1), 0), []);
    for (const t of augmentForDocumentation(trees, seededRandom(1), 1)) {
      assert.strictEqual(t.slots.length, t.words.length + 1);
      assertWellFormed(t.words, show(t));
    }
  });
});
