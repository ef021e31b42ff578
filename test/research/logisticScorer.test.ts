import * as assert from 'assert';
import { logLoss, LogisticModel, predict, trainLogistic, DEFAULT_TRAIN } from '../../server/research/scorer/logistic';
import { expectedCalibrationError } from '../../server/research/eval/ece';
import { edgesAt } from '../../server/src/engine/correction/learned/learnedScorer';
import { treeInfo } from '../../server/src/engine/treeInfo';
import type { FeatureVector } from '../../server/src/engine/correction/learned/learnedScorer';

/** Data drawn from a known log-linear model over three features (a seeded generator). */
function sample(n: number, seed: number): Array<{ features: FeatureVector; label: number }> {
  let r = seed;
  const rand = () => ((r = (r * 1103515245 + 12345) >>> 0) / 4294967296);
  const out: Array<{ features: FeatureVector; label: number }> = [];
  for (let k = 0; k < n; k++) {
    const x = rand() * 4 - 2;
    const a = rand() < 0.5 ? 1 : 0;
    const features: FeatureVector = [['bias', 1], ['x', x], ...(a ? ([['a', 1]] as FeatureVector) : [])];
    const z = -0.5 + 1.5 * x - 1 * a;
    out.push({ features, label: rand() < 1 / (1 + Math.exp(-z)) ? 1 : 0 });
  }
  return out;
}

/** The objective's central finite difference in each of the sample's weights is near 0 at `w`. */
function assertStationary(objective: (w: Record<string, number>) => number, w: Record<string, number>): void {
  const eps = 1e-4;
  for (const name of ['bias', 'x', 'a']) {
    const up = { ...w, [name]: (w[name] ?? 0) + eps };
    const down = { ...w, [name]: (w[name] ?? 0) - eps };
    const g = (objective(up) - objective(down)) / (2 * eps);
    assert.ok(Math.abs(g) < 5e-3, `∂/∂${name} = ${g}`);
  }
}

describe('research: the learned scorer’s log-linear model', () => {
  it('trains to a stationary point of the regularised log-loss (finite differences) near the generating weights', () => {
    const data = sample(4000, 7);
    const l2 = 1e-3;
    const m = trainLogistic(data, data, { ...DEFAULT_TRAIN, l2, learningRate: 0.01, maxEpochs: 120, patience: 120, minCount: 1 });
    const objective = (w: Record<string, number>) => {
      const mm: LogisticModel = { weights: w, note: '' };
      return logLoss(mm, data) + (l2 / 2) * Object.values(w).reduce((s, x) => s + x * x, 0);
    };
    assertStationary(objective, m.weights);
    assert.ok(Math.abs(m.weights.x - 1.5) < 0.2 && Math.abs(m.weights.a + 1) < 0.25 && Math.abs(m.weights.bias + 0.5) < 0.2, JSON.stringify(m.weights));
    assert.ok(predict(m, [['bias', 1], ['x', 2]]) > 0.9);
  });

  it('trains to a stationary point of the weighted log-loss when examples carry weights (finite differences)', () => {
    // The positives with feature `a` counted at 0.3: the fit must minimise the weighted loss, not the plain one.
    const data = sample(4000, 11).map((d) => ({ ...d, weight: d.label === 1 && d.features.some(([n]) => n === 'a') ? 0.3 : 1 }));
    const l2 = 1e-3;
    const m = trainLogistic(data, data, { ...DEFAULT_TRAIN, l2, learningRate: 0.01, maxEpochs: 120, patience: 120, minCount: 1 });
    const objective = (w: Record<string, number>) => {
      const mm: LogisticModel = { weights: w, note: '' };
      let s = 0;
      for (const d of data) {
        const p = predict(mm, d.features);
        s -= d.weight * (d.label ? Math.log(p) : Math.log(1 - p));
      }
      return s / data.length + (l2 / 2) * Object.values(w).reduce((t, x) => t + x * x, 0);
    };
    assertStationary(objective, m.weights);
    // Down-weighting a's positives lowers a's weight below the generating −1 (by about log 0.3 ≈ −1.2).
    assert.ok(m.weights.a < -1.8 && m.weights.a > -2.8, JSON.stringify(m.weights));
  });

  it('fits only the features it is told to on top of given weights (a residual fit): the others keep their weights, the fitted one reaches the loss’s stationary point with them fixed', () => {
    const data = sample(4000, 13);
    const l2 = 1e-3;
    // bias and x fixed away from their best values, a weight for a feature the data never show: all kept as given.
    const init = { bias: -0.2, x: 1.2, unseen: 0.7 };
    const m = trainLogistic(data, data, { ...DEFAULT_TRAIN, l2, learningRate: 0.01, maxEpochs: 120, patience: 120, minCount: 1, init, trainOnly: /^a$/ });
    assert.strictEqual(m.weights.bias, init.bias);
    assert.strictEqual(m.weights.x, init.x);
    assert.strictEqual(m.weights.unseen, init.unseen);
    const objective = (a: number) => {
      const mm: LogisticModel = { weights: { ...init, a }, note: '' };
      return logLoss(mm, data) + (l2 / 2) * a * a;
    };
    const eps = 1e-4;
    const g = (objective(m.weights.a + eps) - objective(m.weights.a - eps)) / (2 * eps);
    assert.ok(Math.abs(g) < 5e-3, `∂/∂a = ${g} at a = ${m.weights.a}`);
  });

  it('computes the expected calibration error by bins', () => {
    // Bin 0.2–0.3: predicted 0.25 twice, one right (0.5): |0.25 − 0.5| = 0.25, half the mass; bin 0.9–1: exact.
    assert.ok(Math.abs(expectedCalibrationError([0.25, 0.25, 0.95, 0.95], [1, 0, 1, 1]) - (0.5 * 0.25 + 0.5 * 0.05)) < 1e-12);
    // Reweighted to an error rate of 0.2: the one positive of two weighs 0.4, the negative 1.6, so the bin's share of
    // positives is 0.2 against its mean prediction 0.5.
    assert.ok(Math.abs(expectedCalibrationError([0.5, 0.5], [1, 0], 0.2) - 0.3) < 1e-12);
    assert.strictEqual(expectedCalibrationError([], []), 0);
  });

  it('finds the constituents that end and start at a slot', () => {
    // "In winter the garden grows": In(2) winter(5) the(4) garden(5) grows(0).
    const words = ['In', 'winter', 'the', 'garden', 'grows'].map((form, k) => ({ form, lemma: '_', upos: 'X', xpos: 'X', feats: '_', deprel: ['case', 'obl', 'det', 'nsubj', 'root'][k], head: [2, 5, 4, 5, 0][k] }));
    const info = treeInfo({ words });
    assert.deepStrictEqual(edgesAt(info, 2), { ending: 2, starting: 4 });
  });
});
