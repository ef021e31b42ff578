/**
 * The shipped punctuation model as the engine runs it (int16 θ, per-context weight vectors, node distributions summed
 * in reused buffers, forward-only inside pass with its memo) against the plain computation (float64 θ read weight by
 * weight, no cache: training's path), on real sentences: gold EWT dev trees with their own punctuation and with a
 * comma added in each slot, for the model and for its supplement view (other edge rules, same θ). Node distributions
 * must be equal bit for bit; log-probabilities to 1e-9 (they are equal today; the bound leaves room for a kernel that
 * sums in another order); Viterbi's trees identical.
 */
import * as assert from 'assert';
import { readTreebank } from '../../server/src/data/treebank';
import { depunctuate, isProjective } from '../../server/src/data/depunct';
import { DEFAULT_MODEL_FILE, defaultModelDir, loadPunctModel, PunctModelImpl, withEdgeRules } from '../../server/src/model';
import { coreFromJson, readModelJson } from '../../server/src/model/modelFile';
import { ewtFile, haveEwt } from '../ewt';
import * as path from 'path';

const SENTENCES = 25;

describe('shipped punctuation model: inference equals the plain computation on EWT dev', function () {
  this.timeout(120_000);
  (haveEwt() ? it : it.skip)('node distributions bit for bit, log-probabilities to 1e-9, the same Viterbi trees', () => {
    const shipped = loadPunctModel();
    // An independent copy whose θ is turned into float64 (reading `weights` does that): no int16, no context cache.
    const plainCore = coreFromJson(readModelJson(path.join(defaultModelDir(), DEFAULT_MODEL_FILE)));
    assert.ok(plainCore.weights instanceof Float64Array);
    const plain = new PunctModelImpl(plainCore, 'plain');
    const rules = { outerLeftComma: true, supplementRightComma: true };
    const pairs: Array<[PunctModelImpl, PunctModelImpl, string]> = [
      [shipped, plain, 'model'],
      [withEdgeRules(shipped, rules), withEdgeRules(plain, rules), 'supplement view'],
    ];
    const trees = readTreebank(ewtFile('dev'))
      .sentences.map(depunctuate)
      .flatMap((r) => (r.ok && isProjective(r.tree.words) ? [r.tree] : []))
      .slice(0, SENTENCES);
    assert.strictEqual(trees.length, SENTENCES);
    let nodes = 0;
    for (const [fast, slow, which] of pairs) {
      for (const t of trees) {
        const alts = [t.slots, ...t.slots.map((_, i) => t.slots.map((s, k) => (k === i ? [...s, ','] : s)))];
        for (const slotsRaw of alts.slice(0, 6)) {
          const slots = slotsRaw.map((s) => fast.core.normaliseSlot(s));
          const pf = fast.prepare(t), ps = slow.prepare(t);
          for (let w = 1; w <= pf.info.n; w++) {
            const a = fast.core.nodeProbs(pf, w, slots), b = slow.core.nodeProbs(ps, w, slots);
            assert.strictEqual(a.length, b.length);
            for (let j = 0; j < a.length; j++) assert.ok(Object.is(a[j], b[j]), `${which} ${t.id} node ${w} pair ${j}: ${a[j]} vs ${b[j]}`);
            nodes++;
          }
        }
        const lf = fast.logProbs(t, alts), ls = slow.logProbs(t, alts);
        lf.forEach((x, k) => assert.ok(Math.abs(x - ls[k]) <= 1e-9 && Number.isFinite(x), `${which} ${t.id} alternative ${k}: ${x} vs ${ls[k]}`));
        const vf = fast.viterbi(t), vs = slow.viterbi(t);
        assert.deepStrictEqual(vf.pairs, vs.pairs, `${which} ${t.id} Viterbi pairs`);
        assert.strictEqual(vf.bracketing, vs.bracketing, `${which} ${t.id} Viterbi bracketing`);
        assert.ok(Math.abs(vf.logProb - vs.logProb) <= 1e-9, `${which} ${t.id} Viterbi log-probability`);
      }
    }
    assert.ok(nodes > 1000, `${nodes} node distributions compared`);
  });
});
