/**
 * The tagger's joined XPOS + UPOS table (`jointWeights.ts`) against the two scorers it replaces, on the shipped
 * model: the same scores to the last bit for the features of real EWT sentences, and the parts rebuilt from it equal
 * the stored scorers array for array (so a model written from a loaded tagger is the same file).
 */
import * as assert from 'assert';
import * as path from 'path';
import { readTreebank } from '../../server/src/data/treebank';
import { clusterLookup } from '../../server/src/parser/dependencyParser';
import { encodeSentence } from '../../server/src/parser/encoding';
import { FeatureBuffer } from '../../server/src/parser/hash';
import { JointWeights, scorerPair } from '../../server/src/parser/jointWeights';
import { readModel } from '../../server/src/parser/modelFile';
import { tagFeatures } from '../../server/src/parser/tagger';
import { SparseWeights } from '../../server/src/parser/weights';
import { AveragedPerceptron } from '../../server/src/training/parser/averagedPerceptron';
import { ewtFile } from '../ewt';

describe('joined tagger tables', function () {
  this.timeout(120000);
  const file = path.resolve(__dirname, '../../models/en/parser.bin');

  it('score exactly as the XPOS and UPOS scorers apart, on EWT dev features of both directions', () => {
    const m = readModel(file);
    const dev = readTreebank(ewtFile('dev')).trees.slice(0, 150);
    const lookup = clusterLookup(m.clusters);
    for (const [x, u] of [['xpos', 'upos'], ['xposR', 'uposR']]) {
      const joint = JointWeights.join(m.scorers[x], m.scorers[u])!;
      assert.ok(joint);
      const nx = m.scorers[x].nClasses, nu = m.scorers[u].nClasses;
      const [ax, au, bx, bu] = [nx, nu, nx, nu].map((c) => new Float64Array(c));
      const f = new FeatureBuffer();
      let checked = 0;
      for (const t of dev) {
        const e = encodeSentence({ forms: t.words.map((w) => w.form), slots: t.slots }, lookup);
        for (let i = 0; i < e.n; i++) {
          // Previous tags from the sentence's own words, so that the tag features vary as they do in a pass.
          tagFeatures(e, i, (e.lower[i] >>> 3) % nx, i % nx, (e.lower[i] >>> 5) % nu, f);
          joint.score(f, ax, au);
          m.scorers[x].score(f, bx);
          m.scorers[u].score(f, bu);
          for (let c = 0; c < nx; c++) assert.ok(Object.is(ax[c], bx[c]), `${x} class ${c}: ${ax[c]} vs ${bx[c]}`);
          for (let c = 0; c < nu; c++) assert.ok(Object.is(au[c], bu[c]), `${u} class ${c}: ${au[c]} vs ${bu[c]}`);
          checked++;
        }
      }
      assert.ok(checked > 2000);
    }
  });

  it('give back each stored scorer exactly (keys, offsets, classes, values, scale)', () => {
    const m = readModel(file);
    const pair = scorerPair(m.scorers.xpos, m.scorers.upos);
    assert.ok(pair instanceof JointWeights);
    for (const [part, name] of [[pair.first, 'xpos'], [pair.second, 'upos']] as const) {
      const stored = readModel(file).scorers[name];
      assert.ok(part instanceof SparseWeights);
      assert.strictEqual(part.nClasses, stored.nClasses);
      assert.strictEqual(part.bits, stored.bits);
      assert.strictEqual(part.scale, stored.scale);
      for (const a of ['keys', 'offsets', 'classes', 'values'] as const) assert.deepStrictEqual(part[a], stored[a], `${name} ${a}`);
    }
  });

  it('leave scorers that cannot be joined apart (training perceptrons)', () => {
    const pair = scorerPair(new AveragedPerceptron(11, 8), new AveragedPerceptron(7, 8));
    assert.ok(!(pair instanceof JointWeights));
    assert.strictEqual(pair.first.nClasses, 11);
  });
});
