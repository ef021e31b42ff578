import * as assert from 'assert';
import { seededRng } from '../../server/src/random/seededRng';
import { centreVector, SkipgramModel, StepBuffers, targetLoss, trainSkipgram, wordVector } from '../../server/src/training/vectors/skipgram';
import { subwordBuckets } from '../../server/src/training/vectors/subwords';

const DIM = 4;

function tinyModel(seed: number): SkipgramModel {
  const r = seededRng(seed);
  const m: SkipgramModel = { dim: DIM, input: new Float64Array(7 * DIM), output: new Float64Array(4 * DIM) };
  for (let i = 0; i < m.input.length; i++) m.input[i] = r() - 0.5;
  for (let i = 0; i < m.output.length; i++) m.output[i] = r() - 0.5;
  return m;
}

// A centre read as three input rows (one repeated, as a hash collision would), one context word and two negatives.
const units = [1, 5, 5];
const targets = [2, 0, 3];

function loss(m: SkipgramModel): number {
  const b = new StepBuffers(DIM, 2);
  centreVector(m, units, b.h);
  return targetLoss(m, b.h, targets, b.gh, b.coef);
}

describe('skip-gram with subword units', () => {
  it('has the gradient finite differences give, for input and output rows', () => {
    const m = tinyModel(3);
    const b = new StepBuffers(DIM, 2);
    centreVector(m, units, b.h);
    targetLoss(m, b.h, targets, b.gh, b.coef);
    // Analytic: dL/dv_t = coef_t h; dL/du = (occurrences of u among units) · gh / |units|.
    const gOut = new Float64Array(m.output.length);
    targets.forEach((t, k) => { for (let j = 0; j < DIM; j++) gOut[t * DIM + j] += b.coef[k] * b.h[j]; });
    const gIn = new Float64Array(m.input.length);
    for (const u of units) for (let j = 0; j < DIM; j++) gIn[u * DIM + j] += b.gh[j] / units.length;
    const eps = 1e-6;
    for (const [table, grad] of [[m.input, gIn], [m.output, gOut]] as const) {
      for (let i = 0; i < table.length; i++) {
        const keep = table[i];
        table[i] = keep + eps;
        const up = loss(m);
        table[i] = keep - eps;
        const down = loss(m);
        table[i] = keep;
        assert.ok(Math.abs((up - down) / (2 * eps) - grad[i]) < 1e-7, `entry ${i}: ${(up - down) / (2 * eps)} vs ${grad[i]}`);
      }
    }
  });

  it('hashes a word into its 3- to 6-grams with edge marks, never the whole word', () => {
    const cfg = { minn: 3, maxn: 6, buckets: 1000 };
    // `<cat>` has 3 trigrams, 2 four-grams, and the five-gram is the whole word.
    assert.strictEqual(subwordBuckets('cat', cfg).length, 5);
    assert.ok(subwordBuckets('cat', cfg).every((b) => b >= 0 && b < 1000));
    assert.deepStrictEqual(subwordBuckets('cat', cfg), subwordBuckets('cat', cfg));
  });

  it('learns, reproducibly, that words in the same contexts are alike', () => {
    // Two word classes that never share a sentence: a b c and x y z; each word's nearest word is in its own class.
    const r = seededRng(5);
    const sentences: Int32Array[] = [];
    for (let i = 0; i < 400; i++) sentences.push(Int32Array.from({ length: 8 }, () => (i % 2 ? 3 : 0) + Math.floor(r() * 3)));
    const corpus = { sentences, counts: [1, 1, 1, 1, 1, 1].map(() => 1600 / 3), units: [0, 1, 2, 3, 4, 5].map((w) => Int32Array.of(w)), buckets: 0 };
    const opts = { dim: 8, window: 3, negatives: 3, epochs: 3, lr: 0.05, subsample: 0, seed: 2 };
    const m = trainSkipgram(corpus, opts);
    assert.deepStrictEqual(trainSkipgram(corpus, opts).input, m.input);
    const v = [0, 1, 2, 3, 4, 5].map((w) => wordVector(m, [w]));
    const cos = (a: Float64Array, b: Float64Array) => a.reduce((s, x, j) => s + x * b[j], 0) / Math.sqrt(a.reduce((s, x) => s + x * x, 0) * b.reduce((s, x) => s + x * x, 0));
    for (let w = 0; w < 6; w++) {
      const others = [0, 1, 2, 3, 4, 5].filter((o) => o !== w).sort((a, b) => cos(v[w], v[b]) - cos(v[w], v[a]));
      assert.strictEqual(Math.floor(others[0] / 3), Math.floor(w / 3), `word ${w}'s nearest is ${others[0]}`);
    }
  });
});
