/**
 * The automata's byte count for the model's cache budget (`automatonBytes`) is added up as their caches fill, not
 * re-read: after real use (log-probabilities with their memo, Viterbi, marginals on gold EWT dev trees with a comma
 * added in each slot) it must equal the count made by reading every array each automaton holds.
 */
import * as assert from 'assert';
import { readTreebank } from '../../server/src/data/treebank';
import { depunctuate, isProjective } from '../../server/src/data/depunct';
import { loadPunctModel } from '../../server/src/model';
import { automatonBytes, recountAutomatonBytes } from '../../server/src/model/automaton';
import { ewtFile, haveEwt } from '../ewt';

describe('slot automata: the byte count kept as their caches fill', function () {
  this.timeout(120_000);
  (haveEwt() ? it : it.skip)('equals a recount of every array they hold, on EWT dev trees', () => {
    const m = loadPunctModel();
    const trees = readTreebank(ewtFile('dev'))
      .sentences.map(depunctuate)
      .flatMap((r) => (r.ok && isProjective(r.tree.words) ? [r.tree] : []))
      .slice(0, 15);
    let checked = 0;
    for (const t of trees) {
      const alts = [t.slots, ...t.slots.map((_, i) => t.slots.map((s, k) => (k === i ? [...s, ','] : s)))].slice(0, 6);
      m.logProbs(t, alts);
      m.viterbi(t);
      m.marginals(t);
      for (const slots of alts) {
        for (const aut of m.core.automata(slots.map((s) => m.core.normaliseSlot(s)))) {
          assert.strictEqual(automatonBytes(aut), recountAutomatonBytes(aut));
          checked++;
        }
      }
    }
    assert.ok(checked > 100, `${checked} automata checked`);
  });
});
