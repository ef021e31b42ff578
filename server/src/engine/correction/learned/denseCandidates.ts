/**
 * The learned decision's candidates (issue 29): every word gap for a missing comma, every written lone comma for its
 * removal, and every constituent's pair of edges — both commas inserted or both removed, decided as one. The
 * hand-written generator (`candidates.ts`, with its guards) runs first and its candidates keep their kinds and
 * variants; what it did not propose (a comma its guards protect, a gap whose prior is below the scoring floor, a
 * constituent the parse did not call an apposition or a relative clause) is added here and marked `dense`, so the
 * scorer learns from edited text when a guard's veto holds instead of the guard deciding alone: every guard whose
 * predicate holds at a candidate's slots is named on it (`Candidate.guards`), one feature per guard id.
 *
 * Cost: an inference per candidate is spent only where the punctuation model's own prior of a comma reaches the
 * floor the calibrated decision uses (`MIN_COMMA_PRIOR`) or a written comma is removed; the other dense candidates are
 * scored from the prior and the syntax alone (Δ unavailable, a feature says so).
 */
import { AnalysedSentence, Reparse, slotMarks } from '../../sentence';
import { TreeInfo } from '../../treeInfo';
import { bracketFragmentSlots, callArgumentSlots, coordinatorAsideSlots } from '../guards/sentenceGuards';
import { guardSkipped } from '../guards/registry';
import { Candidate, candidates, COMMA, isEditableSlot, nodeAt } from '../pipeline/candidates';
import { commaCategory } from '../pipeline/categories';

/** The changes of a candidate as one string (slot:marks, in slot order), to tell proposals apart. */
export function changeSignature(c: Pick<Candidate, 'changes'>): string {
  return [...c.changes]
    .sort((a, b) => a[0] - b[0])
    .map(([i, ms]) => `${i}:${ms.map((m) => m.norm).join('')}`)
    .join(' ');
}

export function denseCandidates(s: AnalysedSentence, info: TreeInfo, prior: Float64Array | undefined, minPrior: number, reparse?: Reparse): Candidate[] {
  const fired = new Map<number, string[]>();
  const out = candidates(s, info, prior, minPrior, reparse, undefined, fired);
  // A piece the parser cut from an over-long "sentence" (`split-long`: a pasted log, a list with no period) gets the
  // hand-written generator's candidates only: every written comma and constituent there would cost an inference, and
  // words joined by ", " cost 3.8–8 ms a word against the calibrated decision's 0.6, for candidates the scorer never
  // saw in a sentence of its training (journal, "The learned decision as the default": 600 words 5.2 s → 0.7 s).
  if (s.notes?.includes('split-long')) return out;
  const seen = new Set(out.map(changeSignature));
  const n = info.n;
  const marks = Array.from({ length: n + 1 }, (_, i) => slotMarks(s, i));
  const onlyComma = (i: number) => marks[i].length === 1 && marks[i][0].norm === ',';
  const hasComma = (i: number) => marks[i].some((m) => m.norm === ',');
  const inCall = callArgumentSlots(s);
  const inFragment = bracketFragmentSlots(s);
  const asideOpens = guardSkipped('coordinator-aside') ? [] : coordinatorAsideSlots(s);
  const judged = (i: number) => isEditableSlot(s, i) && !inCall[i] && !inFragment[i];
  const priorAt = (i: number) => (prior ? prior[i] : 1);
  const add = (c: Candidate) => {
    const sig = changeSignature(c);
    if (seen.has(sig)) return;
    seen.add(sig);
    out.push(c);
  };
  for (let i = 1; i < n; i++) {
    if (!judged(i)) continue;
    const category = commaCategory(info, i, hasComma);
    if (category === 'serial-comma') continue;
    const node = nodeAt(info, i);
    if (marks[i].length === 0) add({ category, action: 'insert', node, changes: new Map([[i, [COMMA]]]), dense: { scored: priorAt(i) >= minPrior } });
    else if (onlyComma(i) && !asideOpens[i]) add({ category, action: 'delete', node, changes: new Map([[i, []]]), dense: { scored: true } });
  }
  for (let w = 1; w <= n; w++) {
    const [a, b] = info.span[w];
    const li = a - 1;
    // A pair sets off a part of the sentence: not a single word's edges at both ends of the sentence, not the root.
    if (info.head(w) === 0 || li < 1 || b >= n || !judged(li) || !judged(b)) continue;
    if (marks[li].length === 0 && marks[b].length === 0)
      add({ category: 'nonrestrictive-comma', action: 'insert', node: w, changes: new Map([[li, [COMMA]], [b, [COMMA]]]), dense: { scored: Math.min(priorAt(li), priorAt(b)) >= minPrior } });
    else if (onlyComma(li) && onlyComma(b)) add({ category: 'nonrestrictive-comma', action: 'delete', node: w, changes: new Map([[li, []], [b, []]]), dense: { scored: true } });
  }
  // Each guard's predicate at the candidate's slots, as evidence for the scorer rather than a veto.
  for (const c of out) {
    const guards = [...new Set([...c.changes.keys()].flatMap((i) => fired.get(i) ?? []))];
    if (guards.length > 0) c.guards = guards;
  }
  return out;
}
