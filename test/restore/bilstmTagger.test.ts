import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readPunctTaggerFile, tagRun } from '../../server/src/restore/punctTagger';
import { seededRng } from '../../server/src/random/seededRng';
import { hashString } from '../../server/src/parser/hash';
import { HashIndex } from '../../server/src/parser/hashIndex';
import { BILSTM_MARK_COUNT, bilstmLayout, bilstmMarginals, bilstmTaggerFromJson, bilstmTaggerJson, encodeRun, SHAPE_CLASSES, shapeClass } from '../../server/src/restore/bilstmTagger';
import { runLossAndGradient, TrainedTagger } from '../../server/src/training/restore/bilstmTaggerTrain';

const dims = { word: 3, cluster: 2, suffix: 2, shape: 2, lstm: 3, hidden: 4, mark: 2 };
const vocabulary = ['the', 'cat', 'sat'];

function tinyTagger(seed: number): TrainedTagger {
  const sizes = { words: vocabulary.length + 1, clusters: 4, suffixes: 5, shapes: SHAPE_CLASSES };
  const layout = bilstmLayout(dims, sizes);
  const r = seededRng(seed);
  const theta = new Float64Array(layout.size);
  for (let i = 0; i < theta.length; i++) theta[i] = r() - 0.5;
  const words = Int32Array.from(vocabulary, (w) => hashString(w));
  return { kind: 'bilstm', version: 'test', dims, sizes, layout, words, wordIndex: new HashIndex(words), theta };
}

const run = ['The', 'cat', 'sat', 'down', 'quietly'];
const marks = [0, 1, 0, 0, 2];
/** The marks as a writer wrote them (the comma after `cat` left out, one after `sat` added): what a linting tagger reads. */
const written = [0, 0, 1, 0, 2];

describe('the BiLSTM punctuation tagger', () => {
  it('has the gradient finite differences give, in every entry of θ', () => {
    const m = tinyTagger(1);
    const ids = encodeRun(m, run, written);
    const grad = new Float64Array(m.theta.length);
    runLossAndGradient(m, ids, marks, grad);
    const eps = 1e-6;
    let checked = 0;
    for (let i = 0; i < m.theta.length; i++) {
      const keep = m.theta[i];
      m.theta[i] = keep + eps;
      const up = runLossAndGradient(m, ids, marks, undefined);
      m.theta[i] = keep - eps;
      const down = runLossAndGradient(m, ids, marks, undefined);
      m.theta[i] = keep;
      const numeric = (up - down) / (2 * eps);
      assert.ok(Math.abs(numeric - grad[i]) < 1e-6 * Math.max(1, Math.abs(numeric)), `θ[${i}]: analytic ${grad[i]}, numeric ${numeric}`);
      if (grad[i] !== 0) checked++;
    }
    assert.ok(checked > m.theta.length / 4, `${checked} entries with a gradient`);
  });

  it('has the finite-difference gradient under fixed dropout masks too', () => {
    const m = tinyTagger(2);
    const ids = encodeRun(m, run, written);
    // The same draws each time: the masks are part of the function being differentiated.
    const dropout = () => {
      const r = seededRng(7);
      return { input: 0.3, gap: 0.25, random: r };
    };
    const grad = new Float64Array(m.theta.length);
    runLossAndGradient(m, ids, marks, grad, dropout());
    const eps = 1e-6;
    for (let i = 0; i < m.theta.length; i += 3) {
      const keep = m.theta[i];
      m.theta[i] = keep + eps;
      const up = runLossAndGradient(m, ids, marks, undefined, dropout());
      m.theta[i] = keep - eps;
      const down = runLossAndGradient(m, ids, marks, undefined, dropout());
      m.theta[i] = keep;
      const numeric = (up - down) / (2 * eps);
      assert.ok(Math.abs(numeric - grad[i]) < 1e-6 * Math.max(1, Math.abs(numeric)), `θ[${i}]: analytic ${grad[i]}, numeric ${numeric}`);
    }
  });

  it('gives at run time the probabilities training computes (fast activations, to 1e-3), and survives its file', () => {
    const m = tinyTagger(3);
    const exact = new Float64Array(run.length * BILSTM_MARK_COUNT);
    runLossAndGradient(m, encodeRun(m, run, written), marks, undefined, undefined, undefined, exact);
    const loaded = bilstmTaggerFromJson(JSON.parse(JSON.stringify(bilstmTaggerJson(m))));
    const p = bilstmMarginals(loaded, run, written);
    assert.strictEqual(p.length, exact.length);
    for (let i = 0; i < p.length; i++) assert.ok(Math.abs(exact[i] - p[i]) < 1e-3, `entry ${i}: ${exact[i]} against ${p[i]}`);
    for (let t = 0; t < run.length; t++) {
      const total = p.slice(t * BILSTM_MARK_COUNT, (t + 1) * BILSTM_MARK_COUNT).reduce((a, v) => a + v, 0);
      assert.ok(Math.abs(total - 1) < 1e-9);
    }
  });

  it('as a punctuation tagger: its marks are the most probable, and a mean of it with itself reads as it does', () => {
    const m = tinyTagger(4);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bilstm-'));
    fs.writeFileSync(path.join(dir, 'a.json'), JSON.stringify(bilstmTaggerJson(m)));
    fs.writeFileSync(path.join(dir, 'mean.json'), JSON.stringify({ kind: 'mean', files: ['a.json', 'a.json'] }));
    const alone = tagRun(readPunctTaggerFile(path.join(dir, 'a.json'), dir), run, true);
    const mean = tagRun(readPunctTaggerFile(path.join(dir, 'mean.json'), dir), run, true);
    alone.marginals.forEach((v, i) => assert.ok(Math.abs(v - mean.marginals[i]) < 1e-12));
    assert.deepStrictEqual(mean.best, alone.best);
    alone.best!.forEach((y, t) => {
      const row = alone.marginals.subarray(t * BILSTM_MARK_COUNT, (t + 1) * BILSTM_MARK_COUNT);
      assert.strictEqual(row[y], Math.max(...row));
    });
  });

  it('reads letter case as writers type it', () => {
    assert.deepStrictEqual(['Paris', 'NASA', 'cat', 'iPhone', '42', '—', 'i'].map(shapeClass), [1, 2, 3, 7, 4, 5, 6]);
  });
});

