/**
 * The structure of an unpunctuated tree that the model walks: projective heads, spans, children in order, and a
 * bottom-up node order. Computed once per tree. It is the model's view of a tree (heads lifted to be projective, as the
 * model's derivation needs them); the linter's rules read the tree as parsed (`engine/treeInfo.ts`), so the two carry
 * different names.
 */
import { PunctuatedTree, TreeWord } from '../data/depunct';
import { projectiveHeads } from './projective';

export interface ProjectiveTree {
  n: number;
  words: readonly TreeWord[];
  /** Projective heads (1-based, 0 = root). */
  head: number[];
  /** Span of each word's subtree, 1-based inclusive: [lo, hi]; index 1..n. */
  lo: Int32Array;
  hi: Int32Array;
  left: number[][];
  right: number[][];
  /** Nodes in an order where children come before parents. */
  postorder: number[];
  root: number;
  /** Whether lifting changed any arc. */
  lifted: boolean;
}

export function projectiveTree(tree: Pick<PunctuatedTree, 'words'>): ProjectiveTree {
  const words = tree.words;
  const n = words.length;
  const head = projectiveHeads(words);
  const lifted = head.some((h, i) => h !== words[i].head);
  const left: number[][] = Array.from({ length: n + 1 }, () => []);
  const right: number[][] = Array.from({ length: n + 1 }, () => []);
  let root = 0;
  for (let d = 1; d <= n; d++) {
    const h = head[d - 1];
    if (h === 0) {
      if (root !== 0) throw new Error('tree has more than one root');
      root = d;
    } else (d < h ? left[h] : right[h]).push(d);
  }
  if (root === 0) throw new Error('tree has no root');
  const lo = new Int32Array(n + 1), hi = new Int32Array(n + 1);
  const postorder: number[] = [];
  const visit = (w: number) => {
    lo[w] = w;
    hi[w] = w;
    for (const c of left[w]) visit(c);
    for (const c of right[w]) visit(c);
    if (left[w].length) lo[w] = lo[left[w][0]];
    if (right[w].length) hi[w] = hi[right[w][right[w].length - 1]];
    postorder.push(w);
  };
  visit(root);
  if (postorder.length !== n) throw new Error('tree is not connected');
  return { n, words, head, lo, hi, left, right, postorder, root, lifted };
}

/** Constituents whose right edge is at slot s (innermost first) and whose left edge is at s (outermost first). */
export function slotMembers(info: ProjectiveTree): { ends: number[][]; starts: number[][] } {
  const ends: number[][] = Array.from({ length: info.n + 1 }, () => []);
  const starts: number[][] = Array.from({ length: info.n + 1 }, () => []);
  for (let w = 1; w <= info.n; w++) {
    ends[info.hi[w]].push(w);
    starts[info.lo[w] - 1].push(w);
  }
  const size = (w: number) => info.hi[w] - info.lo[w];
  for (const e of ends) e.sort((a, b) => size(a) - size(b));
  for (const s of starts) s.sort((a, b) => size(b) - size(a));
  return { ends, starts };
}
