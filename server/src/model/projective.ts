/**
 * Algorithm 1 needs projective trees: every constituent must cover a contiguous span of slots. Non-projective gold
 * trees (about 1–2% of EWT sentences) are made projective by *lifting* (Nivre & Nilsson 2005, without the label
 * encoding): the shortest non-projective arc h→d is re-attached to h's head until none is left. Relations are kept.
 */
import { TreeWord } from '../data/depunct';

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
