import * as assert from 'assert';
import { ArcHybridState, goldChildren, LEFT, N_TRANSITIONS, RIGHT, SHIFT } from '../../server/src/parser/arcHybrid';
import { isProjective, TreeWord } from '../../server/src/data/depunct';
import { seededRandom } from '../../server/src/training/parser/views';

function replay(n: number, seq: number[]): ArcHybridState {
  const st = new ArcHybridState(n);
  for (const t of seq) st.apply(t);
  return st;
}

/** Most gold heads any completion of `seq` can get right: exhaustive search. */
function bestReachable(n: number, seq: number[], gold: Int32Array, memo: Map<string, number>): number {
  const st = replay(n, seq);
  if (st.isTerminal()) return st.head.reduce((a, h, i) => a + (h === gold[i] ? 1 : 0), 0);
  const k = `${Array.from(st.head).join(',')}|${Array.from(st.stack.subarray(0, st.sp)).join(',')}|${st.b}`;
  const hit = memo.get(k);
  if (hit !== undefined) return hit;
  let best = -1;
  for (let t = 0; t < N_TRANSITIONS; t++) if (st.isLegal(t)) best = Math.max(best, bestReachable(n, [...seq, t], gold, memo));
  memo.set(k, best);
  return best;
}

function randomProjectiveTree(n: number, rand: () => number): Int32Array {
  for (;;) {
    const heads = Array.from({ length: n }, (_, i) => {
      let h = Math.floor(rand() * (n + 1));
      while (h === i) h = Math.floor(rand() * (n + 1));
      return h;
    });
    if (heads.filter((h) => h === n).length !== 1) continue;
    const words: TreeWord[] = heads.map((h) => ({ form: 'w', lemma: '_', upos: 'X', xpos: 'X', feats: '_', deprel: 'dep', head: h === n ? 0 : h + 1 }));
    // Reject cycles (a word that never reaches the root).
    const ok = heads.every((_, i) => {
      let h = i;
      for (let s = 0; s <= n; s++) {
        if (h === n) return true;
        h = heads[h];
      }
      return false;
    });
    if (ok && isProjective(words)) return Int32Array.from(heads);
  }
}

describe('arc-hybrid transition system', () => {
  it('dynamic-oracle costs equal the loss in reachable gold arcs (exhaustive search, projective trees)', () => {
    const rand = seededRandom(3);
    let checked = 0;
    for (let trial = 0; trial < 60; trial++) {
      const n = 2 + Math.floor(rand() * 5);
      const gold = randomProjectiveTree(n, rand);
      const kids = goldChildren(gold);
      const memo = new Map<string, number>();
      // Walk random paths (not just the gold one) and check every legal transition on the way.
      const seq: number[] = [];
      for (;;) {
        const st = replay(n, seq);
        if (st.isTerminal()) break;
        const before = bestReachable(n, seq, gold, memo);
        const legal: number[] = [];
        for (let t = 0; t < N_TRANSITIONS; t++) {
          if (!st.isLegal(t)) continue;
          legal.push(t);
          const after = bestReachable(n, [...seq, t], gold, memo);
          assert.strictEqual(st.cost(t, gold, kids), before - after, `n=${n} gold=${gold} seq=${seq} t=${t}`);
          checked++;
        }
        seq.push(legal[Math.floor(rand() * legal.length)]);
      }
    }
    assert.ok(checked > 300);
  });

  it('always ends in a tree with one root word and no cycles, whatever the transition choices', () => {
    const rand = seededRandom(5);
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(rand() * 12);
      const st = new ArcHybridState(n);
      let steps = 0;
      while (!st.isTerminal()) {
        const legal = [SHIFT, LEFT, RIGHT].filter((t) => st.isLegal(t));
        assert.ok(legal.length > 0);
        st.apply(legal[Math.floor(rand() * legal.length)]);
        assert.ok(++steps <= 2 * n);
      }
      assert.strictEqual(Array.from(st.head).filter((h) => h === n).length, 1);
      for (let i = 0; i < n; i++) {
        let h = i;
        let k = 0;
        while (h !== n) {
          h = st.head[h];
          assert.ok(++k <= n, 'cycle');
        }
      }
      const words = Array.from(st.head, (h) => ({ form: 'w', lemma: '_', upos: 'X', xpos: 'X', feats: '_', deprel: 'dep', head: h === n ? 0 : h + 1 }));
      assert.ok(isProjective(words));
    }
  });
});
