/**
 * The engine's forward-only inside pass (memo, scratch buffers, the column path of nodes whose smaller side is an empty
 * slot) against the full pass the reverse pass needs (training's and `marginals`' path), with the shipped model on gold
 * EWT dev trees with their own punctuation and with a comma added in each slot, and for the supplement view: log Z
 * bit for bit, fresh and again from the memo.
 */
import * as assert from 'assert';
import { readTreebank } from '../../server/src/data/treebank';
import { depunctuate, isProjective } from '../../server/src/data/depunct';
import { loadPunctModel, withEdgeRules } from '../../server/src/model';
import { inside } from '../../server/src/model/inside';
import { ewtFile, haveEwt } from '../ewt';

describe('shipped punctuation model: the forward-only inside pass equals the full pass', function () {
  this.timeout(120_000);
  (haveEwt() ? it : it.skip)('log Z bit for bit on EWT dev trees, with a comma added in each slot', () => {
    const shipped = loadPunctModel();
    const trees = readTreebank(ewtFile('dev'))
      .sentences.map(depunctuate)
      .flatMap((r) => (r.ok && isProjective(r.tree.words) ? [r.tree] : []))
      .slice(0, 40);
    let compared = 0;
    for (const model of [shipped, withEdgeRules(shipped, { outerLeftComma: true, supplementRightComma: true })]) {
      const core = model.core;
      for (const t of trees) {
        const prep = core.prepare(t);
        const map = new Map();
        const alts = [t.slots, ...t.slots.map((_, i) => t.slots.map((s, k) => (k === i ? [...s, ','] : s)))];
        for (const raw of alts) {
          const slots = raw.map((s) => core.normaliseSlot(s));
          const full = inside(prep.info, core.automata(slots), core.V, core.nodeInputs(prep, slots)).logZ;
          const memo = { map, slotKeys: slots.map((s) => s.join(' ')) };
          const fwd = inside(prep.info, core.automata(slots), core.V, core.nodeInputs(prep, slots), memo).logZ;
          assert.ok(Object.is(fwd, full), `${t.id}: ${fwd} vs ${full}`);
          assert.ok(Object.is(inside(prep.info, core.automata(slots), core.V, core.nodeInputs(prep, slots), memo).logZ, full));
          compared++;
        }
      }
    }
    assert.ok(compared > 1000, `${compared} alternatives compared`);
  });
});
