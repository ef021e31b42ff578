import * as assert from 'assert';
import { candidates, changeSignature, denseCandidates } from '../../server/src/engine/correction/pipeline/candidates';
import { AnalysedSentence } from '../../server/src/engine/sentence';
import { treeInfo } from '../../server/src/engine/treeInfo';
import { trainedEngineParts } from './trainedParts';

describe('engine: the learned decision’s dense candidates', () => {
  const parts = trainedEngineParts();
  const analyse = (text: string): AnalysedSentence => {
    const [s] = parts().analyser!.parseText(text);
    return s;
  };

  it('proposes a comma in every gap between words, removes every lone comma, and keeps the hand generator’s kinds', () => {
    const s = analyse('My brother who lives in Boston, is a doctor.');
    const info = treeInfo(s.tree);
    const prior = parts().model!.commaPrior?.(s.tree);
    const dense = denseCandidates(s, info, prior, 0.02);
    const hand = candidates(s, info, prior, 0.02);
    const single = dense.filter((c) => c.changes.size === 1).map(changeSignature);
    for (let i = 1; i < info.n; i++) {
      if (i === 6) assert.ok(single.includes('6:'), 'the written comma can be removed');
      else assert.ok(single.includes(`${i}:,`), `a comma can go in gap ${i}`);
    }
    // Everything the hand generator proposes is there, unchanged (same kind and variant), and not marked dense.
    for (const h of hand)
      assert.ok(
        dense.some((d) => changeSignature(d) === changeSignature(h) && d.category === h.category && d.variant === h.variant && !d.dense),
        changeSignature(h),
      );
    // A dense candidate makes a change no other candidate makes.
    const added = dense.filter((c) => c.dense).map(changeSignature);
    assert.strictEqual(new Set([...added, ...hand.map(changeSignature)]).size, added.length + new Set(hand.map(changeSignature)).size);
  });

  it('decides the two commas around a constituent as one candidate, whatever relation the parse gave it', () => {
    const s = analyse('The plan which nobody liked was dropped.');
    const info = treeInfo(s.tree);
    const dense = denseCandidates(s, info, undefined, 0.02);
    const pairs = dense.filter((c) => c.changes.size === 2 && c.action === 'insert');
    // "which nobody liked" spans words 3–5: its pair is slots 2 and 5.
    assert.ok(pairs.some((c) => changeSignature(c) === '2:, 5:,'), pairs.map(changeSignature).join(' | '));
    for (const p of pairs) {
      const [a, b] = [...p.changes.keys()].sort((x, y) => x - y);
      assert.deepStrictEqual([a, b], [info.span[p.node][0] - 1, info.span[p.node][1]]);
    }
  });

  it('marks a gap the model’s prior puts below the floor as not worth an inference', () => {
    const s = analyse('The cat sat on the mat.');
    const info = treeInfo(s.tree);
    const prior = new Float64Array(info.n + 1);
    const dense = denseCandidates(s, info, prior, 0.02);
    assert.ok(dense.length > 0);
    for (const c of dense) if (c.dense) assert.strictEqual(c.dense.scored, c.action === 'delete');
  });
});
