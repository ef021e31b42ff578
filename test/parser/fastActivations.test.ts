import * as assert from 'assert';
import { fastSigmoid, fastTanh } from '../../server/src/parser/fastActivations';

describe('fast activations (parsing)', () => {
  it('tanh and the sigmoid within 1.5e-6 of the exact functions on a dense grid, exact signs of saturation', () => {
    let tanhErr = 0, sigErr = 0;
    for (let x = -20; x <= 20; x += 1 / 1024 + 1e-7) {
      tanhErr = Math.max(tanhErr, Math.abs(fastTanh(x) - Math.tanh(x)));
      sigErr = Math.max(sigErr, Math.abs(fastSigmoid(x) - 1 / (1 + Math.exp(-x))));
    }
    assert.ok(tanhErr < 1.5e-6, `tanh error ${tanhErr}`);
    assert.ok(sigErr < 1e-6, `sigmoid error ${sigErr}`);
    assert.strictEqual(fastTanh(0), 0);
    assert.strictEqual(fastTanh(8), 1);
    assert.strictEqual(fastTanh(-Infinity), -1);
    assert.strictEqual(fastTanh(Infinity), 1);
    assert.ok(Number.isNaN(fastTanh(NaN)));
    assert.strictEqual(fastSigmoid(0), 0.5);
  });

  it('is monotone, as the exact functions are (a larger pre-activation never gives a smaller gate)', () => {
    let prev = -Infinity;
    for (let x = -9; x <= 9; x += 0.0007) {
      const y = fastTanh(x);
      assert.ok(y >= prev, `tanh at ${x}`);
      prev = y;
    }
  });
});
