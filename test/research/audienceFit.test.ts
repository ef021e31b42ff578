import * as assert from 'assert';
import { fitLogistic } from '../../server/research/smallModels/newtonLogistic';
import { seededRng } from '../../server/src/random/seededRng';

/** The fit's objective: class-weighted log-loss plus (l2 · n / 2)·|w|², as `fitLogistic` minimises it. */
function objective(x: number[][], y: number[], l2: number, w: number[], b: number): number {
  const pos = y.filter((v) => v === 1).length;
  let loss = 0;
  for (let i = 0; i < x.length; i++) {
    const cw = y[i] === 1 ? y.length / (2 * pos) : y.length / (2 * (y.length - pos));
    const z = w.reduce((s, wj, j) => s + wj * x[i][j], b);
    loss += cw * (Math.log1p(Math.exp(-Math.abs(z))) + Math.max(0, z) - y[i] * z);
  }
  return loss + (l2 * x.length * w.reduce((s, v) => s + v * v, 0)) / 2;
}

describe('the audience decision’s logistic fit (Newton’s method)', () => {
  const rng = seededRng(5);
  const x = Array.from({ length: 200 }, () => [rng() * 2 - 1, rng() * 2 - 1, rng() * 2 - 1]);
  // Labels drawn from a known logistic model, so that the optimum is finite.
  const y = x.map((v) => (rng() < 1 / (1 + Math.exp(-(2 * v[0] - v[1] + 0.3))) ? 1 : 0));

  it('stops where every finite-difference derivative of its objective is zero', () => {
    const l2 = 0.01;
    const { w, b } = fitLogistic(x, y, l2);
    const h = 1e-5;
    const params = [...w, b];
    for (let j = 0; j < params.length; j++) {
      const at = (d: number) => {
        const p = params.map((v, k) => (k === j ? v + d : v));
        return objective(x, y, l2, p.slice(0, -1), p[p.length - 1]);
      };
      const derivative = (at(h) - at(-h)) / (2 * h);
      assert.ok(Math.abs(derivative) < 1e-4, `∂/∂θ${j} = ${derivative}`);
    }
  });

  it('recovers the direction of the model that drew the labels', () => {
    const { w } = fitLogistic(x, y, 0.001);
    assert.ok(w[0] > 0 && w[1] < 0 && Math.abs(w[2]) < Math.abs(w[1]), `weights ${w.map((v) => v.toFixed(2)).join(', ')}`);
  });
});
