import * as assert from 'assert';
import { ArcHybridState, LEFT, RIGHT, SHIFT } from '../../server/src/parser/arcHybrid';
import { ArcLabeller } from '../../server/src/parser/arcLabeller';
import { encodeSentence } from '../../server/src/parser/encoding';
import { labelOrder, treeView } from '../../server/src/parser/labelFeatures';
import { zeroScorer } from './stubScorers';

describe('label order', () => {
  it('visits every word once, each head before its dependents, siblings left to right', () => {
    // 0..6, root = 7: 2 is the root word; 0,1,4 ← 2; 3 ← 4; 5,6 ← 4.
    const head = Int32Array.from([2, 2, 7, 4, 2, 4, 4]);
    const order = [...labelOrder(treeView(head))];
    assert.deepStrictEqual(order, [2, 0, 1, 4, 3, 5, 6]);
  });
});

describe('arc labeller (relations as the parser makes arcs)', () => {
  it('labels every arc once as it is made, and keeps the relation sets of each side', () => {
    // "the old man saw her": SHIFT SHIFT LEFT(old←man) LEFT(the←man) SHIFT LEFT(man←saw) SHIFT SHIFT RIGHT(saw→her) LEFT(saw←root).
    const e = encodeSentence({ forms: ['the', 'old', 'man', 'saw', 'her'], slots: [[], [], [], [], [], []] });
    const tags = { upos: new Int32Array(5), xpos: new Int32Array(5) };
    const seen: number[][] = [];
    const st = new ArcHybridState(5);
    const arcs = new ArcLabeller(zeroScorer(40), ['NOUN'], 0);
    arcs.start(st);
    for (const t of [SHIFT, SHIFT, LEFT, LEFT, SHIFT, LEFT, SHIFT, SHIFT, RIGHT, LEFT]) {
      const d = st.apply(t);
      if (d >= 0) {
        arcs.arcMade(e, tags, st, d);
        seen.push([d, st.head[d]]);
      }
    }
    assert.ok(st.isTerminal());
    assert.deepStrictEqual(seen, [[1, 2], [0, 2], [2, 3], [4, 3], [3, 5]]);
    assert.strictEqual(st.label[3], 0, 'the word attached to the root is labelled root');
    for (let d = 0; d < 5; d++) assert.ok(st.label[d] >= 0 && (d === 3 || st.label[d] !== 0), `word ${d} labelled, not root`);
    // All-zero scores pick the lowest non-root id (1) for every other arc: 'man' has relation 1 on its left twice.
    assert.strictEqual(st.leftSetLo[2], 1 << 1);
    assert.strictEqual(st.rightSetLo[3], 1 << 1);
    assert.strictEqual(st.leftSetLo[3], 1 << 1);
    st.setLabel(4, 33);
    assert.strictEqual(st.rightSetHi[3], 1 << 2, 'ids from 31 go to the high mask');
  });
});
