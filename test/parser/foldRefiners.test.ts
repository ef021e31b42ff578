import * as assert from 'assert';
import { treebankFromText } from '../../server/src/data/treebank';
import { foldRefinerData } from '../../server/src/training/parser/foldRefiners';
import { DONOR_SENTENCES } from './donorSentences';

// Three copies of four sentences (an apposition donor, a subject host, a fronted-clause donor, an imperative host),
// every word marked with the number of the sentence it is in, so that a made sentence's words tell their origin.
const sentence = (n: number, k: number) =>
  DONOR_SENTENCES[k].map((r) => r.replace(/^(\d+)\t([^\t]+)/, (_, i, form) => `${i}\t${form === ',' || form === '.' ? form : `${form}${n}`}`));
const conllu = Array.from({ length: 12 }, (_, n) => `# sent_id = s${n}\n${sentence(n, n % 4).join('\n')}\n`).join('\n');

describe("a jackknife fold's own refiner", () => {
  // Sentence n is in fold n % 3 (three folds; the four kinds of sentence fall in every fold).
  const trees = treebankFromText(conllu, 'test').trees;
  const folds = 3;

  it('trains on no word of its own fold, made sentences included, and reads each sentence through another fold', () => {
    for (let k = 0; k < folds; k++) {
      const data = foldRefinerData(trees, k, folds, { augment: 1, trainedWeight: 1, seed: 1 });
      assert.ok(data.made > 0, `fold ${k} has made sentences`);
      assert.strictEqual(data.trees.length, trees.length - trees.length / folds + data.made);
      data.trees.forEach((t, index) => {
        const origins = t.words.filter((w) => /\d$/.test(w.form)).map((w) => Number(/(\d+)$/.exec(w.form)![1]));
        for (const n of origins) assert.notStrictEqual(n % folds, k, `fold ${k}'s refiner saw ${t.words.map((w) => w.form).join(' ')}`);
        assert.notStrictEqual(data.foldOf(index), k);
        // A treebank sentence is read by the tagger of its own fold, which did not see it.
        if (index < data.trees.length - data.made) assert.strictEqual(data.foldOf(index), origins[0] % folds);
      });
    }
  });
});
