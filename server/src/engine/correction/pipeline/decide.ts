/**
 * Noisy-channel correction of one sentence (design §3; paper §6.2 approximated by one edit at a time): every
 * candidate x_c is scored by Δ = log p(x_c | T) − log p(x | T) under the punctuation model, turned into a calibrated
 * probability by the error model (calibration.ts), and the best non-overlapping candidates whose confidence passes
 * the threshold become findings.
 */
import { PunctuatedTree } from '../../../data/depunct';
import { ABBREV_DOT } from '../../../data/punctTokens';
import { EngineModel } from '../../punctModel';
import { AnalysedSentence, Reparse, SlotMark } from '../../sentence';
import { TreeInfo } from '../../treeInfo';
import { Calibration, confidenceOf, kindKey } from './calibration';
import { Candidate, candidates } from './candidates';
import { candidateNote, DecisionTrace } from './decisionTrace';
import { SENTENCE_SCORING_WORK, withinScoringWork } from './scoringWork';
import type { GuardVeto } from '../guards/registry';

export interface ScoredCandidate {
  candidate: Candidate;
  /** log p(x_c | T) − log p(x | T). */
  delta: number;
  key: string;
  confidence: number;
  /** A style finding (a setting asked for it), not the error model's decision. */
  style?: boolean;
  /** The learned scorer's largest feature contributions, in plain words (`learnedReasons.ts`). */
  reasons?: string[];
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
  reparse?: Reparse,
  /**
   * Kept candidates that need no inference: returned with Δ NaN and confidence 0, for a caller that decides them
   * without the model and will not explain them (the splices an error-prone document may report, `modelRules.ts`).
   */
  unscored?: (c: Candidate, key: string) => boolean,
  /** Records the candidates the generator's guards and prior floor, and this step, leave out (`decisionTrace.ts`). */
  trace?: DecisionTrace,
): ScoredCandidate[] {
  const prior = model.commaPrior?.(s.tree);
  const minPrior = cal.minCommaPrior ?? MIN_COMMA_PRIOR;
  const vetoes: GuardVeto[] | undefined = trace && [];
  const all = candidates(s, info, prior, minPrior, reparse, vetoes);
  if (trace) traceGeneration(trace, s, info, all, vetoes ?? [], prior, minPrior);
  return scoreCandidateList(model, s, info, cal, all, keep, unscored, trace);
}

/**
 * The generator's own leaving out, recorded: each guard's veto, and each insertion the prior floor kept from being
 * generated (the generator run again without the floor: only when tracing).
 */
function traceGeneration(
  trace: DecisionTrace,
  s: AnalysedSentence,
  info: TreeInfo,
  generated: readonly Candidate[],
  vetoes: readonly GuardVeto[],
  prior: Float64Array | undefined,
  minPrior: number,
): void {
  for (const v of vetoes)
    trace({ ...candidateNote('guard', { category: v.category, action: v.action, node: 0, changes: new Map([[v.slot, []]]) }, 'dropped', `guard ${v.guard}`), guard: v.guard });
  if (!prior) return;
  const sameEdit = (a: Candidate, b: Candidate) =>
    candidateKey(a) === candidateKey(b) && a.changes.size === b.changes.size && [...a.changes.keys()].every((i) => b.changes.has(i));
  for (const c of candidates(s, info)) {
    if (c.action !== 'insert' || generated.some((g) => sameEdit(g, c))) continue;
    const priors = [...c.changes.keys()].map((i) => prior[i].toFixed(3)).join(', ');
    trace(candidateNote('prior', c, 'dropped', `prior of a comma ${priors} < ${minPrior}`));
  }
}

/**
 * Scores given candidates (see `scoreCandidates`): each kept one that `unscored` does not set aside costs one
 * inference; the set-aside ones come back with Δ NaN and confidence 0.
 */
export function scoreCandidateList(
  model: EngineModel,
  s: AnalysedSentence,
  info: TreeInfo,
  cal: Calibration,
  all: readonly Candidate[],
  keep?: (c: Candidate, key: string) => boolean,
  unscored?: (c: Candidate, key: string) => boolean,
  trace?: DecisionTrace,
  /**
   * Candidates within the scoring budget whose decision the caller can make without their Δ (`learnedDecision.ts`,
   * a bound on the scorer's probability over every Δ): left out of the inference, returned with Δ NaN. Asked after
   * the budget, so the budget spends as it would without it.
   */
  decidedWithoutDelta?: (c: Candidate, key: string) => boolean,
): ScoredCandidate[] {
  const wanted: Candidate[] = [];
  const rest: ScoredCandidate[] = [];
  for (const c of all) {
    const key = candidateKey(c);
    if (keep && !keep(c, key)) continue;
    if (unscored?.(c, key)) rest.push({ candidate: c, delta: NaN, key, confidence: 0 });
    else wanted.push(c);
  }
  const budgeted = withinScoringWork(info, wanted, (c) => trace?.(candidateNote('scoring', c, 'dropped', `past the sentence's scoring budget (${SENTENCE_SCORING_WORK} units of the model's work, \`scoringWork.ts\`)`)));
  let cands = budgeted;
  if (decidedWithoutDelta) {
    cands = [];
    for (const c of budgeted) {
      const key = candidateKey(c);
      if (decidedWithoutDelta(c, key)) rest.push({ candidate: c, delta: NaN, key, confidence: 0 });
      else cands.push(c);
    }
  }
  if (cands.length === 0) return rest;
  const onT = cands.filter((c) => !c.tree);
  const deltas = new Map<Candidate, number>();
  if (onT.length) {
    const lps = model.logProbs(s.tree, [s.tree.slots, ...onT.map((c) => withSlots(s, c.changes).slots)]);
    onT.forEach((c, k) => deltas.set(c, deltaOf(lps[0], lps[k + 1])));
  }
  // A candidate with a tree of its own is scored on it: the written surface and the candidate's, both under T_c.
  const own = model.supplement ?? model;
  for (const c of cands) {
    if (!c.tree) continue;
    const [base, lp] = own.logProbs(c.tree, [s.tree.slots, withSlots(s, c.changes).slots]);
    deltas.set(c, deltaOf(base, lp));
  }
  const scored = cands.map((candidate) => {
    const delta = deltas.get(candidate) as number;
    const key = candidateKey(candidate);
    return { candidate, delta, key, confidence: confidenceOf(cal, key, Math.max(-100, Math.min(100, delta)), candidate.size) };
  });
  return [...bestOfGroups(scored, trace), ...rest];
}

/** log p(x_c | T) − log p(x | T), finite. */
function deltaOf(base: number, lp: number): number {
  return Number.isFinite(base) ? lp - base : lp === -Infinity ? -100 : 100;
}

/** Of each group of alternatives (`Candidate.group`), the one with the highest Δ. */
function bestOfGroups(scored: ScoredCandidate[], trace?: DecisionTrace): ScoredCandidate[] {
  const best = new Map<string, ScoredCandidate>();
  for (const c of scored) {
    const g = c.candidate.group;
    if (g !== undefined && (!best.has(g) || c.delta > (best.get(g) as ScoredCandidate).delta)) best.set(g, c);
  }
  return scored.filter((c) => {
    const winner = c.candidate.group === undefined ? c : best.get(c.candidate.group);
    if (winner !== c && trace) trace(candidateNote('alternatives', c.candidate, 'dropped', `Δ ${c.delta.toFixed(2)} < the best alternative's ${winner!.delta.toFixed(2)} (${winner!.key})`));
    return winner === c;
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
export function selectCandidates(
  scored: readonly ScoredCandidate[],
  threshold: number | ((key: string) => number),
  /** Records each candidate left out, below its threshold or on a slot a more confident one took. */
  trace?: DecisionTrace,
): ScoredCandidate[] {
  const thresholdOf = typeof threshold === 'number' ? () => threshold : threshold;
  const used = new Map<number, ScoredCandidate>();
  const out: ScoredCandidate[] = [];
  for (const c of [...scored].sort((x, y) => y.confidence - x.confidence)) {
    if (c.confidence < thresholdOf(c.key)) {
      trace?.(candidateNote('threshold', c.candidate, 'dropped', `confidence ${c.confidence.toFixed(3)} < ${thresholdOf(c.key).toFixed(3)}`));
      continue;
    }
    const slots = [...c.candidate.changes.keys()];
    const taken = slots.find((i) => used.has(i));
    if (taken !== undefined) {
      const by = used.get(taken) as ScoredCandidate;
      trace?.(candidateNote('overlap', c.candidate, 'dropped', `slot ${taken} taken by ${by.key} (confidence ${by.confidence.toFixed(3)})`));
      continue;
    }
    slots.forEach((i) => used.set(i, c));
    out.push(c);
  }
  return out;
}
