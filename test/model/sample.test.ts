import { strict as assert } from 'assert';
import { PunctModelImpl, seededRng } from '../../server/src/model';
import { mbrDecode, editDistance, samplePrior } from '../../server/src/model/sample';
import { randomCore, smallSentences } from './helpers';

describe('model/sample: ancestral sampling and MBR restoration', function () {
  this.timeout(120000);
  const vocabTrees = smallSentences(6, 25);

  for (const identity of [false, true]) {
    it(`${identity ? 'identity channel' : 'full model'}: sampled surface frequencies match exp(logProb(x))`, () => {
      const core = randomCore(vocabTrees, 21, 'R', identity);
      core.eta = 0; // the sampler draws from the channel alone
      core.invalidate();
      const model = new PunctModelImpl(core, 'test');
      const tree = vocabTrees.find((t) => t.words.length === 4)!;
      const rng = seededRng(5);
      const N = 20000;
      const counts = new Map<string, { slots: string[][]; c: number }>();
      const prep = model.prepare(tree);
      for (let k = 0; k < N; k++) {
        // Unconditioned draws: those where the channel moved or absorbed ∘ are events logProb does not count.
        const s = samplePrior(core, prep, rng);
        if (!s.bosKept) continue;
        const key = JSON.stringify(s.slots);
        const e = counts.get(key);
        if (e) e.c++;
        else counts.set(key, { slots: s.slots, c: 1 });
      }
      const top = [...counts.values()].sort((a, b) => b.c - a.c).slice(0, 6);
      let mass = 0;
      for (const { slots, c } of top) {
        const p = Math.exp(model.logProb({ ...tree, slots }));
        mass += p;
        const sd = Math.sqrt((p * (1 - p)) / N);
        assert.ok(Math.abs(c / N - p) < 4.5 * sd + 1e-4, `${JSON.stringify(slots)}: frequency ${c / N} vs p ${p}`);
      }
      assert.ok(mass > 0.2, `top surfaces cover ${mass}`);
    });
  }

  it('MBR picks the sample with the least expected edit distance (eq. 10)', () => {
    const a = [[], [','], ['.']], b = [[], [], ['.']], c = [[','], [','], ['!']];
    // b is closest on average to {a, a, b, c}? a: 0+0+1+3=... compute by brute force.
    const samples = [a, a, b, c];
    const loss = (x: string[][]) => samples.reduce((s, y) => s + x.reduce((t, xi, i) => t + editDistance(xi, y[i]), 0), 0);
    const best = [a, b, c].reduce((p, q) => (loss(q) < loss(p) ? q : p));
    assert.deepEqual(mbrDecode(samples), best);
    assert.equal(editDistance([',', '”'], ['”']), 1);
    assert.equal(editDistance(['.', '”'], ['”', '.']), 2);
  });

  it('restore ignores the given punctuation and is reproducible for a seed', () => {
    const core = randomCore(vocabTrees, 4, 'R', false);
    const model = new PunctModelImpl(core, 'test');
    const t = vocabTrees[0];
    const r1 = model.restore(t, { samples: 200, seed: 3 });
    const r2 = model.restore({ ...t, slots: t.slots.map(() => []) }, { samples: 200, seed: 3 });
    assert.deepEqual(r1, r2);
    assert.equal(r1.length, t.words.length + 1);
  });
});
