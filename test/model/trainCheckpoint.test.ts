import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { sourceSampler, trainModel, TrainState } from '../../server/src/training/model/train';
import { seededRng } from '../../server/src/model';
import { readCheckpoint, writeCheckpoint } from '../../server/src/training/model/trainCheckpoint';
import { randomCore, smallSentences } from './helpers';

describe('model/train: checkpoints, resuming and weighted sources', function () {
  this.timeout(60000);
  const trees = smallSentences(8, 30);
  const base = { xi: 0, sigma: 1e-5, lr: 0.05, lrChannel: 0.05, decay: 0.5, batch: 5, sentencesPerEpoch: 10, seed: 7 };

  it('a checkpoint reads back exactly as written', () => {
    const core = randomCore(trees, 1, 'R', false, 10);
    let saved: TrainState | undefined;
    trainModel(core, trees, { ...base, epochs: 1, onCheckpoint: (s) => (saved = structuredClone(s)) });
    assert.ok(saved);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ckpt-')), 'run.ckpt');
    writeCheckpoint(file, saved, { note: 'x' });
    const back = readCheckpoint(file);
    assert.deepEqual(back.meta, { note: 'x' });
    assert.equal(back.state.epochsDone, 1);
    assert.deepEqual(back.state.epochs, saved.epochs);
    for (const k of ['weights', 'logits'] as const) assert.deepEqual(back.state[k], saved[k]);
    assert.deepEqual(back.state.adamTheta, saved.adamTheta);
    assert.deepEqual(back.state.adamPhi, saved.adamPhi);
    assert.deepEqual(back.state.best, saved.best);
  });

  it('resuming continues the epochs, the learning-rate schedule and Adam where they stopped', () => {
    const core = randomCore(trees, 1, 'R', false, 10);
    const states: TrainState[] = [];
    trainModel(core, trees, { ...base, epochs: 1, onCheckpoint: (s) => states.push(structuredClone(s)) });
    const again = randomCore(trees, 1, 'R', false, 10);
    again.weights.fill(0); // resuming must restore θ, not keep what the core holds
    const res = trainModel(again, trees, { ...base, epochs: 2, resume: states[0], onCheckpoint: (s) => states.push(structuredClone(s)) });
    assert.deepEqual(res.epochs.map((e) => e.epoch), [1, 2]);
    assert.equal(states[1].epochsDone, 2);
    // Adam took exactly one more epoch of steps (10 sentences in batches of 5), from the saved count.
    assert.equal(states[1].adamTheta.t, states[0].adamTheta.t + 2);
    assert.notDeepEqual(states[1].weights, states[0].weights);
    // Weights untouched by the second epoch's batches are the first epoch's, not zeros.
    let restored = 0;
    for (let i = 0; i < states[0].weights.length; i++) if (states[0].weights[i] !== 0 && states[1].weights[i] === states[0].weights[i]) restored++;
    assert.ok(restored > 0);
  });

  it('draws the sources in proportion to count × weight, each source a reshuffled pass of its own trees', () => {
    const next = sourceSampler(30, [{ count: 10, weight: 1 }, { count: 20, weight: 2 }], seededRng(3));
    const counts = new Array(30).fill(0);
    for (let k = 0; k < 10000; k++) counts[next()]++;
    const second = counts.slice(10).reduce((a, b) => a + b, 0) / 10000;
    assert.ok(Math.abs(second - 0.8) < 0.02, `share of the second source ${second}`);
    // Within a source, passes are permutations: counts differ by at most one.
    for (const [a, b] of [[0, 10], [10, 30]]) {
      const c = counts.slice(a, b);
      assert.ok(Math.max(...c) - Math.min(...c) <= 1, `source [${a}, ${b}): ${c}`);
    }
    const one = sourceSampler(5, undefined, seededRng(3));
    assert.deepEqual(Array.from({ length: 5 }, one).sort(), [0, 1, 2, 3, 4]);
    assert.throws(() => sourceSampler(5, [{ count: 2, weight: 1 }, { count: 2, weight: 1 }], seededRng(3)), /add up/);
  });
});
