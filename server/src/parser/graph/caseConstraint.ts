/**
 * A constraint of the annotation scheme on the graph parser's relations, which its labeller (one arc at a time) does
 * not know: a nominal with a case-marking word before it (`Inside JSX expressions`, `After your name`) is an oblique
 * or a modifier, never a core argument. In EWT train 13 of 27,922 subjects and objects have a `case` dependent: 11 a
 * possessive's `'s` after the word, which this constraint leaves alone, and 2 names that begin with a preposition (a
 * title "In the Hearts of Green Birds", a band "Beyond Control"). Measured failure without it: the
 * graph parser labels `Inside JSX expressions, use …` and `After your name and pronouns, include …` with `nsubj` (the
 * arc right, the label wrong), and the linter then "removes" the comma after the fronted phrase at 1.0 (clean
 * edited-english dev, journal "The graph parser combined with the transition parser by reparsing").
 */
import { bestRelation } from './graphHeads';

export interface CaseConstraint {
  /** The relation id of `case`. */
  caseId: number;
  /** Whether a relation id is a core argument's (nsubj, obj, iobj and their subtypes). */
  core: Uint8Array;
}

/** The constraint over a relation list (undefined when the list has no `case`). */
export function caseConstraint(deprels: readonly string[]): CaseConstraint | undefined {
  const caseId = deprels.indexOf('case');
  if (caseId < 0) return undefined;
  const core = Uint8Array.from(deprels, (r) => (/^(nsubj|obj|iobj)(:|$)/.test(r) ? 1 : 0));
  return { caseId, core };
}

/**
 * In place: each word labelled a core argument that has a `case` dependent before it takes its best other relation
 * (`scores[d·K + c]`, the labeller's scores of its arc; never `rootRelation`, which only the root's child has).
 */
export function applyCaseConstraint(c: CaseConstraint, head: Int32Array, deprel: Int32Array, scores: Float64Array, K: number, rootRelation: number): void {
  const n = head.length;
  for (let w = 0; w < n; w++) {
    if (deprel[w] !== c.caseId) continue;
    const d = head[w];
    if (d === n || d <= w || !c.core[deprel[d]]) continue;
    const best = bestRelation(scores.subarray(d * K, (d + 1) * K), rootRelation, c.core);
    if (best >= 0) deprel[d] = best;
  }
}
