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
  questionProb,
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

  const haveModels = [path.join(defaultModelDir(), MODEL_FILE), path.join(punctModelDir(), DEFAULT_MODEL_FILE), path.join(defaultModelDir(), BOUNDARY_MODEL_FILE)].every((f) => fs.existsSync(f));

  it('the trained model splits a run of dictated sentences and ends a question with ?', function () {
    if (!haveModels) this.skip();
    const m = loadBoundaryModel(defaultModelDir())!;
    assert.ok(m.threshold > 0 && m.threshold < 1 && m.questionThreshold > 0 && m.questionThreshold < 1);
    const restorer = makeRestorer(loadParser(), loadPunctModel(), { samples: 200 });
    assert.equal(restorer.restore('can you send me the report i will read it tonight'), 'Can you send me the report? I will read it tonight.');
    // Without the boundary model, the same words are one sentence.
    const one = makeRestorer(loadParser(), loadPunctModel(), { samples: 200, boundaries: false }).restore('can you send me the report i will read it tonight');
    assert.doesNotMatch(one.slice(0, -1), /[.?!]/);
  });
});
