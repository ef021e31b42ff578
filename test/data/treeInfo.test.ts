/**
 * The one tree view (`data/treeInfo.ts`) against brute force on every tree of a few words, and the model's view of it
 * (`model/projective.ts`, `projectiveTree`): the same view of the tree with its arcs lifted, equal to the view as parsed
 * on a projective tree.
 */
import { strict as assert } from 'assert';
import { TreeWord } from '../../server/src/data/depunct';
import { treeInfo } from '../../server/src/data/treeInfo';
import { projectiveTree } from '../../server/src/model/projective';

function wordsOf(heads: readonly number[]): TreeWord[] {
  return heads.map((head, k) => ({ form: `w${k + 1}`, lemma: '_', upos: 'X', xpos: '_', feats: '_', deprel: k % 2 ? 'acl:relcl' : 'obj', head }));
}

/** Every head vector of n words with one root and no cycle. */
function* trees(n: number): Generator<number[]> {
  const heads = new Array<number>(n).fill(0);
  function* fill(i: number): Generator<number[]> {
    if (i === n) {
      if (heads.filter((h) => h === 0).length !== 1) return;
      for (let w = 1; w <= n; w++) {
        let x = w;
        for (let steps = 0; x !== 0; steps++) {
          if (steps > n) return;
          x = heads[x - 1];
        }
      }
      yield [...heads];
      return;
    }
    for (let h = 0; h <= n; h++) {
      if (h === i + 1) continue;
      heads[i] = h;
      yield* fill(i + 1);
    }
  }
  yield* fill(0);
}

function descendants(heads: readonly number[], w: number): number[] {
  return heads.map((_, k) => k + 1).filter((d) => {
    for (let x = d; x !== 0; x = heads[x - 1]) if (x === w) return true;
    return false;
  });
}

function isProjective(heads: readonly number[]): boolean {
  return heads.every((h, k) => {
    const d = k + 1;
    if (h === 0) return true;
    for (let x = Math.min(h, d) + 1; x < Math.max(h, d); x++) if (!descendants(heads, h).includes(x)) return false;
    return true;
  });
}

describe('the tree view', () => {
  it('reads heads, spans, children and a postorder as brute force finds them, on every tree of up to 5 words', () => {
    let count = 0;
    for (let n = 1; n <= 5; n++) {
      for (const heads of trees(n)) {
        count++;
        const info = treeInfo({ words: wordsOf(heads) });
        assert.equal(info.n, n);
        for (let w = 1; w <= n; w++) {
          const sub = descendants(heads, w);
          assert.deepEqual(info.span[w], [Math.min(...sub), Math.max(...sub)]);
          assert.deepEqual([info.lo[w], info.hi[w]], info.span[w]);
          assert.equal(info.head(w), heads[w - 1]);
          assert.equal(info.base(w), w % 2 === 0 ? 'acl' : 'obj');
          assert.equal(info.rel(w), w % 2 === 0 ? 'acl:relcl' : 'obj');
        }
        for (let h = 0; h <= n; h++) {
          const kids = heads.map((_, k) => k + 1).filter((d) => heads[d - 1] === h);
          assert.deepEqual(info.children[h], kids);
          if (h > 0) assert.deepEqual([...info.left[h], ...info.right[h]], kids);
          if (h > 0) assert.ok(info.left[h].every((d) => d < h) && info.right[h].every((d) => d > h));
        }
        assert.equal(info.root, heads.indexOf(0) + 1);
        assert.deepEqual([...info.postorder].sort((a, b) => a - b), heads.map((_, k) => k + 1));
        const at = new Map(info.postorder.map((w, k) => [w, k]));
        for (let d = 1; d <= n; d++) if (heads[d - 1] !== 0) assert.ok(at.get(d)! < at.get(heads[d - 1])!);
      }
    }
    assert.equal(count, 1 + 2 + 9 + 64 + 625); // n^(n−1) rooted trees of n words
  });

  it("the model's view is the view of the lifted tree: projective, the same tree when it already was", () => {
    let lifted = 0;
    for (let n = 1; n <= 5; n++) {
      for (const heads of trees(n)) {
        const words = wordsOf(heads);
        const p = projectiveTree({ words });
        const lheads = Array.from({ length: n }, (_, k) => p.head(k + 1));
        assert.ok(isProjective(lheads), JSON.stringify(heads));
        assert.equal(p.lifted, !isProjective(heads));
        // Lifting moves a word up to an ancestor of its head, and keeps the relations.
        for (let w = 1; w <= n; w++) {
          assert.ok(lheads[w - 1] === heads[w - 1] || descendants(heads, lheads[w - 1]).includes(heads[w - 1]) || lheads[w - 1] === 0);
          assert.equal(p.rel(w), words[w - 1].deprel);
        }
        if (p.lifted) {
          lifted++;
          continue;
        }
        const q = treeInfo({ words });
        assert.deepEqual({ ...p, lifted: undefined, words: undefined, head: undefined, rel: undefined, base: undefined }, { ...q, words: undefined, lifted: undefined, head: undefined, rel: undefined, base: undefined });
        assert.deepEqual(p.postorder, q.postorder);
      }
    }
    assert.ok(lifted > 100, `${lifted} non-projective trees`);
  });

  it("the model's view refuses what is not a tree", () => {
    assert.throws(() => projectiveTree({ words: wordsOf([0, 0]) }), /more than one root/);
    assert.throws(() => projectiveTree({ words: wordsOf([2, 1]) }), /converge|no root/);
  });
});
