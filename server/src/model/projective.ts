/**
 * Algorithm 1 needs projective trees: every constituent must cover a contiguous span of slots. Non-projective gold
 * trees (about 1–2% of EWT sentences) are made projective by *lifting* (Nivre & Nilsson 2005, without the label
 * encoding): the shortest non-projective arc h→d is re-attached to h's head until none is left. Relations are kept.
 */
import { PunctuatedTree, TreeWord } from '../data/depunct';
import { TreeInfo, treeInfo } from '../data/treeInfo';

/** Heads (1-based, 0 = root) of a projective version of the tree; the input is not modified. */
export function projectiveHeads(words: readonly TreeWord[]): number[] {
  const n = words.length;
  const head = words.map((w) => w.head);
  const dominates = (h: number, d: number): boolean => {
    let x = d;
    let guard = 0;
    while (x !== 0 && guard++ <= n) {
      if (x === h) return true;
      x = head[x - 1];
    }
    return false;
  };
  for (let iter = 0; iter < n * n; iter++) {
    let worst = -1;
    let worstLen = Infinity;
    for (let d = 1; d <= n; d++) {
      const h = head[d - 1];
      if (h === 0) continue;
      const lo = Math.min(h, d), hi = Math.max(h, d);
      if (hi - lo >= worstLen) continue;
      for (let k = lo + 1; k < hi; k++) {
        if (!dominates(h, k)) {
          worst = d;
          worstLen = hi - lo;
          break;
        }
      }
    }
    if (worst < 0) return head;
    head[worst - 1] = head[head[worst - 1] - 1];
  }
  throw new Error('projectivisation did not converge (is the tree cyclic?)');
}

/**
 * The model's view of a tree (`data/treeInfo.ts`): its heads lifted to be projective, relations kept. `lifted`: whether
 * lifting moved any arc (never on the parser's trees, which are projective).
 */
export function projectiveTree(tree: Pick<PunctuatedTree, 'words'>): TreeInfo & { lifted: boolean } {
  const words = tree.words;
  const head = projectiveHeads(words);
  const lifted = head.some((h, i) => h !== words[i].head);
  const info = treeInfo({ words: lifted ? words.map((w, i) => (w.head === head[i] ? w : { ...w, head: head[i] })) : words });
  const roots = info.children[0].length;
  if (roots > 1) throw new Error('tree has more than one root');
  if (roots === 0) throw new Error('tree has no root');
  if (info.postorder.length !== info.n) throw new Error('tree is not connected');
  return Object.assign(info, { lifted });
}

/** Constituents whose right edge is at slot s (innermost first) and whose left edge is at s (outermost first). */
export function slotMembers(info: TreeInfo): { ends: number[][]; starts: number[][] } {
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
