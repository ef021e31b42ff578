/** Sentence boundaries and questions in a run of words (restoration's boundary model). */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { defaultModelDir, loadParser, MODEL_FILE } from '../../server/src/parser';
import { DEFAULT_MODEL_FILE, defaultModelDir as punctModelDir, loadPunctModel } from '../../server/src/model';
import { makeRestorer } from '../../server/src/restore';
import {
  BOUNDARY_MODEL_FILE,
  boundaryFeatures,
  boundaryModelFromJson,
  boundaryProbs,
  featureIndex,
  FEATURE_BITS,
  loadBoundaryModel,
  logistic,
  questionProb,
  runParse,
} from '../../server/src/restore/boundaries';

describe('restore: sentence boundaries', function () {
  this.timeout(120000);

  it('P(boundary) is the logistic of the summed weights of the slot features (sparse weights read back densely)', () => {
    const words = ['we', 'met', 'at', 'noon', 'it', 'rained'];
    const feats = boundaryFeatures(words, 4);
    const m = boundaryModelFromJson({ version: 't', bits: FEATURE_BITS, threshold: 0.5, questionThreshold: 0.5, boundary: [[featureIndex(feats[1]), 2], [featureIndex(feats[3]), -0.5]], question: [[featureIndex('b'), 1]] });
    const p = boundaryProbs(m, words);
    assert.equal(p.length, words.length + 1);
    assert.ok(Math.abs(p[4] - 1 / (1 + Math.exp(-1.5))) < 1e-6);
    assert.equal(p[0], 0);
    assert.ok(Math.abs(questionProb(m, words) - 1 / (1 + Math.exp(-1))) < 1e-6);
  });

  it('P(boundary), hashed from the features\' parts, is exactly the logistic of the feature strings (bundled model, real runs, with and without a parse)', function () {
    const m = loadBoundaryModel(defaultModelDir());
    if (!m) return this.skip();
    const parser = loadParser();
    for (const text of ['thanks for the update i had a look at the draft and it reads well', 'can you send me the file we need it by noon on friday', 'the results were clear the method works as intended']) {
      const s = parser.parseText(text)[0];
      const words = s.tree.words.map((w) => w.form);
      for (const [model, parse] of [[m, undefined], [{ ...m, parse: true }, runParse(s.tree.words)]] as const) {
        const fast = boundaryProbs(model, words, parse);
        const slow = words.map((_, i) => (i === 0 ? 0 : logistic(model.boundary, boundaryFeatures(words, i, parse)))).concat([0]);
        assert.deepEqual(fast, slow);
      }
    }
  });

  it('with a parse, the slot features count the arcs crossing the slot (brute force over all arcs)', () => {
    // we met at noon it rained: "met" root, "rained" parataxis of "met" (one arc crosses noon|it), "it" → "rained".
    const words = ['we', 'met', 'at', 'noon', 'it', 'rained'];
    const parse = runParse([
      { upos: 'PRON', head: 2, deprel: 'nsubj' },
      { upos: 'VERB', head: 0, deprel: 'root' },
      { upos: 'ADP', head: 4, deprel: 'case' },
      { upos: 'NOUN', head: 2, deprel: 'obl' },
      { upos: 'PRON', head: 6, deprel: 'nsubj' },
      { upos: 'VERB', head: 2, deprel: 'parataxis' },
    ]);
    for (let i = 1; i < words.length; i++) {
      let crossing = 0;
      for (let d = 0; d < words.length; d++) for (let h = 0; h < words.length; h++) if (parse.head[d] === h && Math.min(d, h) < i && Math.max(d, h) >= i) crossing++;
      assert.ok(boundaryFeatures(words, i, parse).includes(`c=${Math.min(crossing, 4)}`), `slot ${i}`);
    }
    assert.ok(boundaryFeatures(words, 4, parse).includes('c=1'));
    assert.ok(boundaryFeatures(words, 4, parse).includes('rd=nsubj|R'));
    assert.deepEqual(boundaryFeatures(words, 4), boundaryFeatures(words, 4, parse).slice(0, boundaryFeatures(words, 4).length));
  });

  const haveModels = [path.join(defaultModelDir(), MODEL_FILE), path.join(punctModelDir(), DEFAULT_MODEL_FILE), path.join(defaultModelDir(), BOUNDARY_MODEL_FILE)].every((f) => fs.existsSync(f));

  it('the trained model splits a run of dictated sentences and ends a question with ?', function () {
    if (!haveModels) this.skip();
    const m = loadBoundaryModel(defaultModelDir())!;
    assert.ok(m.threshold > 0 && m.threshold < 1 && m.questionThreshold > 0 && m.questionThreshold < 1);
    // The boundary model's cut and question alone (by default the tagger's Viterbi cuts: it misses this boundary after
    // `report` and writes "Can you send me the report, i will read it tonight?").
    const restorer = makeRestorer(loadParser(), loadPunctModel(), { samples: 200, boundaryEvidence: { weight: 0 }, questionEvidence: 0 });
    assert.equal(restorer.restore('can you send me the report i will read it tonight'), 'Can you send me the report? I will read it tonight.');
    // Without the boundary model, the same words are one sentence.
    const one = makeRestorer(loadParser(), loadPunctModel(), { samples: 200, boundaries: false }).restore('can you send me the report i will read it tonight');
    assert.doesNotMatch(one.slice(0, -1), /[.?!]/);
  });
});
