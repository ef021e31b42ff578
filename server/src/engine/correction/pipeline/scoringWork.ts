/**
 * What scoring a sentence's candidates costs the punctuation model, counted before it is spent, and the budget that
 * bounds it. Each candidate surface is one inside pass (`model/inside.ts`) whose per-tree memo answers every
 * constituent whose slots the candidate left unchanged; the others are recomputed, each at about one matrix product
 * per child and one for its own word. A candidate's work is that count: about the depth of its slots in a bushy tree,
 * but the length of the sentence in a tree parsed as a chain. A line of 140 web addresses each ending in "." (one
 * sentence, every gap a candidate) cost 274 candidates × ~280 = 76,714 units, 10 s; the largest sentence of 3,239 in
 * 80,000 words of edited English cost 953 (journal, "Hostile inputs").
 */
import { TreeInfo } from '../../treeInfo';
import { Candidate } from './candidates';

/** The most work scoring one sentence may cost: six times the largest sentence of the edited-English sample, ~0.5 s. */
export const SENTENCE_SCORING_WORK = 6000;

/** The work of recomputing constituent w: one product per child and one for its own word. */
const constituentWork = (info: TreeInfo, w: number) => info.left[w].length + info.right[w].length + 1;

/** Per slot i (0..n): the work of recomputing every constituent whose memo key holds slot i (slots lo−1 … hi). */
export function slotWork(info: TreeInfo): Float64Array {
  const work = new Float64Array(info.n + 1);
  for (let w = 1; w <= info.n; w++) {
    const cost = constituentWork(info, w);
    for (let i = info.lo[w] - 1; i <= info.hi[w]; i++) work[i] += cost;
  }
  return work;
}

/** The work of a candidate changing `slots`: the constituents over each slot (a pair's shared ones twice: an upper bound). */
export function candidateWork(work: Float64Array, slots: Iterable<number>): number {
  let total = 0;
  for (const i of slots) total += work[i] ?? 0;
  return total;
}

/**
 * The candidates, in order, up to the first whose work would take the sentence past `budget`; that one and those
 * after it are passed to `dropped`. The written surface's own pass counts first; a candidate with a tree of its own
 * is scored by two whole passes over it.
 */
export function withinScoringWork<C extends Pick<Candidate, 'changes' | 'tree'>>(info: TreeInfo, cands: readonly C[], dropped: (c: C) => void, budget = SENTENCE_SCORING_WORK): C[] {
  const work = slotWork(info);
  let whole = 0;
  for (let w = 1; w <= info.n; w++) whole += constituentWork(info, w);
  let spent = whole;
  let k = 0;
  for (; k < cands.length; k++) {
    const c = cands[k];
    const cost = c.tree ? 2 * whole : candidateWork(work, c.changes.keys());
    if (spent + cost > budget) break;
    spent += cost;
  }
  for (let j = k; j < cands.length; j++) dropped(cands[j]);
  return k === cands.length ? [...cands] : cands.slice(0, k);
}
