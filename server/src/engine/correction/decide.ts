/**
 * Noisy-channel correction of one sentence (design §3; paper §6.2 approximated by one edit at a time): every
 * candidate x_c is scored by Δ = log p(x_c | T) − log p(x | T) under the punctuation model, turned into a calibrated
 * probability by the error model (calibration.ts), and the best non-overlapping candidates whose confidence passes
 * the threshold become findings.
 */
import { PunctuatedTree } from '../../data/depunct';
import { ABBREV_DOT } from '../../data/punctTokens';
import { EngineModel } from '../punctModel';
import { AnalysedSentence, SlotMark } from '../sentence';
import { TreeInfo } from '../treeInfo';
import { Calibration, confidenceOf, kindKey } from './calibration';
import { Candidate, candidates } from './candidates';

export interface ScoredCandidate {
  candidate: Candidate;
  /** log p(x_c | T) − log p(x | T). */
  delta: number;
  key: string;
  confidence: number;
  /** A style finding (a setting asked for it), not the error model's decision. */
  style?: boolean;
}

/** The tree with some slots replaced (abbreviation dots, written inside words, kept). */
export function withSlots(s: AnalysedSentence, changes: ReadonlyMap<number, readonly SlotMark[]>): PunctuatedTree {
  const slots = s.tree.slots.map((old, i) => {
    const next = changes.get(i);
    if (!next) return old;
    return [...(old[0] === ABBREV_DOT ? [ABBREV_DOT] : []), ...next.map((m) => m.norm)];
  });
  return { ...s.tree, slots };
}

/** Comma insertions whose prior probability is below this are not scored (see `EngineModel.commaPrior`). */
export const MIN_COMMA_PRIOR = 0.02;

/**
 * Scores the candidates of a sentence. With `keep`, only candidates it accepts are scored (each costs one inference):
 * the linter skips kinds of edit whose calibration can never reach the threshold, and style kinds nobody asked for.
 */
export function scoreCandidates(
  model: EngineModel,
  s: AnalysedSentence,
  info: TreeInfo,
  cal: Calibration,
  keep?: (c: Candidate, key: string) => boolean,
): ScoredCandidate[] {
  const all = candidates(s, info, model.commaPrior?.(s.tree), cal.minCommaPrior ?? MIN_COMMA_PRIOR);
  const cands = keep ? all.filter((c) => keep(c, candidateKey(c))) : all;
  if (cands.length === 0) return [];
  const lps = model.logProbs(s.tree, [s.tree.slots, ...cands.map((c) => withSlots(s, c.changes).slots)]);
  const base = lps[0];
  return cands.map((candidate, k) => {
    const lp = lps[k + 1];
    const delta = Number.isFinite(base) ? lp - base : lp === -Infinity ? -100 : 100;
    const key = candidateKey(candidate);
    return { candidate, delta, key, confidence: confidenceOf(cal, key, Math.max(-100, Math.min(100, delta)), candidate.size) };
  });
}

export function candidateKey(c: Candidate): string {
  return kindKey(c.category, c.action) + (c.variant ? `/${c.variant}` : '');
}

/**
 * The most confident candidates at or above their kind's threshold (one number for all kinds, or one per kind key,
 * `calibration.ts decisionThresholds`) that do not touch the same slot. A candidate below its own threshold claims no
 * slot, so a less confident one of a kind with a lower threshold can still be chosen there.
 */
export function selectCandidates(scored: readonly ScoredCandidate[], threshold: number | ((key: string) => number)): ScoredCandidate[] {
  const thresholdOf = typeof threshold === 'number' ? () => threshold : threshold;
  const used = new Set<number>();
  const out: ScoredCandidate[] = [];
  for (const c of [...scored].sort((x, y) => y.confidence - x.confidence)) {
    if (c.confidence < thresholdOf(c.key)) continue;
    const slots = [...c.candidate.changes.keys()];
    if (slots.some((i) => used.has(i))) continue;
    slots.forEach((i) => used.add(i));
    out.push(c);
  }
  return out;
}
