import { strict as assert } from 'assert';
import { refreshChannel } from '../../server/src/model/channel';
import { newGradients, sentenceObjective } from '../../server/src/training/model/objective';
import { ModelCore } from '../../server/src/model/model';
import { PunctuatedTree } from '../../server/src/data/depunct';
import { randomCore, smallSentences } from './helpers';

/** Sum of the objective (5) without the L2 term over the given sentences (the prepared trees are rebuilt: caches). */
function objective(core: ModelCore, trees: PunctuatedTree[], xi: number): number {
  core.invalidate();
  let s = 0;
  for (const t of trees) s += sentenceObjective(core, core.prepare(t), t.slots, xi)!.objective;
  return s;
}

describe('model/objective: exact gradients against finite differences', function () {
  this.timeout(120000);
  const vocabTrees = smallSentences(9, 40);
  const trees = vocabTrees.filter((t) => t.slots.some((s) => s.length > 1) || t.slots.filter((s) => s.length).length >= 2).slice(0, 4);

  for (const [identity, outerLeftComma, paired, finalPoint] of [[false, false, false, false], [true, false, false, false], [false, true, false, false], [false, true, true, false], [false, true, true, true]]) {
    it(`${identity ? 'identity channel' : 'full model'}${outerLeftComma ? ', outerLeftComma' : ''}${paired ? ', paired supplement commas' : ''}${finalPoint ? ', supplementRightComma, finalPointOnRoot' : ''}: dJ/dθ and dJ/dφ (with the posterior regulariser ξ = 0.7)`, () => {
      const core = randomCore(vocabTrees, 9, 'R', identity, 12, outerLeftComma, finalPoint, false, finalPoint);
      core.pairedSupplementCommas = paired;
      const xi = 0.7;
      const g = newGradients(core);
      g.skipSmallC = 0;
      for (const t of trees) sentenceObjective(core, core.prepare(t), t.slots, xi, g);
      const h = 1e-5;
      // The largest θ gradients, plus some small ones.
      const idx = [...g.theta.touched].sort((a, b) => Math.abs(g.theta.g[b]) - Math.abs(g.theta.g[a]));
      const probe = [...idx.slice(0, 8), ...idx.slice(-3)];
      for (const i of probe) {
        const old = core.weights[i];
        core.weights[i] = old + h;
        const up = objective(core, trees, xi);
        core.weights[i] = old - h;
        const down = objective(core, trees, xi);
        core.weights[i] = old;
        const fd = (up - down) / (2 * h);
        assert.ok(Math.abs(fd - g.theta.g[i]) < 1e-4 * Math.max(1, Math.abs(fd)), `θ[${i}]: analytic ${g.theta.g[i]} vs fd ${fd}`);
      }
      if (identity) {
        assert.ok(g.phi.every((v) => v === 0));
        return;
      }
      const pidx = [...g.phi.keys()].filter((i) => g.phi[i] !== 0).sort((a, b) => Math.abs(g.phi[b]) - Math.abs(g.phi[a]));
      assert.ok(pidx.length > 4);
      for (const i of pidx.slice(0, 10)) {
        const old = core.channel.logits[i];
        core.channel.logits[i] = old + h;
        refreshChannel(core.channel);
        const up = objective(core, trees, xi);
        core.channel.logits[i] = old - h;
        refreshChannel(core.channel);
        const down = objective(core, trees, xi);
        core.channel.logits[i] = old;
        refreshChannel(core.channel);
        const fd = (up - down) / (2 * h);
        assert.ok(Math.abs(fd - g.phi[i]) < 1e-4 * Math.max(1, Math.abs(fd)), `φ[${i}]: analytic ${g.phi[i]} vs fd ${fd}`);
      }
      core.invalidate();
    });
  }
});
