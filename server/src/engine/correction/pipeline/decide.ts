/**
 * Noisy-channel correction of one sentence (design §3; paper §6.2 approximated by one edit at a time): every
 * candidate x_c is scored by Δ = log p(x_c | T) − log p(x | T) under the punctuation model, turned into a calibrated
 * probability by the error model (calibration.ts), and the best non-overlapping candidates whose confidence passes
 * the threshold become findings.
 *
 * Below it, what scoring costs the model and its budget (`withinScoringWork`), and the trace a stage leaves of
 * what it did to a candidate (`DecisionTrace`).
 */
import { PunctuatedTree } from '../../../data/depunct';
import { ABBREV_DOT } from '../../../data/punctTokens';
import { EngineModel } from '../../punctModel';
import { AnalysedSentence, Reparse, SlotMark } from '../../sentence';
import { TreeInfo } from '../../treeInfo';
import { Calibration, confidenceOf, kindKey } from './calibration';
import { Candidate, candidates } from './candidates';
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
  /** Records the candidates the generator's guards and prior floor, and this step, leave out (`DecisionTrace`). */
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
  const budgeted = withinScoringWork(info, wanted, (c) => trace?.(candidateNote('scoring', c, 'dropped', `past the sentence's scoring budget (${SENTENCE_SCORING_WORK} units of the model's work, \`withinScoringWork\`)`)));
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

/**
 * What scoring a sentence's candidates costs the punctuation model, counted before it is spent, and the budget that
 * bounds it. Each candidate surface is one inside pass (`model/inside.ts`) whose per-tree memo answers every
 * constituent whose slots the candidate left unchanged; the others are recomputed, each at about one matrix product
 * per child and one for its own word. A candidate's work is that count: about the depth of its slots in a bushy tree,
 * but the length of the sentence in a tree parsed as a chain. A line of 140 web addresses each ending in "." (one
 * sentence, every gap a candidate) cost 274 candidates × ~280 = 76,714 units, 10 s; the largest sentence of 3,239 in
 * 80,000 words of edited English cost 953 (journal, "Hostile inputs").
 */
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

/**
 * The one way a stage of the sentence's decision records what it did to a candidate it did not pass on as it came:
 * dropped it, deferred it to a decision over the whole document, or rewrote its confidence. The stages call it only
 * when a trace is given (`puncteme explain --candidates`), so linting pays nothing; the answer to "why was the
 * correction I expected not reported?" is then the list of notes, in the order the stages ran.
 */
/**
 * The stages, in the order they run (`candidates.ts` and `decide.ts` for the generator and the scoring,
 * `modelRules.ts` for the conventions, the comma-gap model's agreement and the thresholds, `style/styleStep.ts`,
 * `style/introductoryHabit.ts`), each with what it decides; the small models beside them, whose candidates are their
 * own (`sentenceKinds.ts`: the sentence joins, the semicolon/colon model, the set-off
 * comma model and the comma-gap model); and last the overlap rule over all of a text's findings (`keepStrongest`).
 */
export const DECISION_STAGES = {
  guard: 'a registered guard vetoed it before scoring (`guards/registry.ts`)',
  prior: "the model's prior of a comma there is below the floor for scoring an insertion",
  scoring: 'not scored: nothing that runs after scoring could report it',
  alternatives: 'one of several alternatives (places one opened supplement could close): only the best is kept',
  'stray-agreement': "a comma's deletion the comma-gap model does not find stray (`strayAgreement`)",
  convention: 'a convention decides its kind: reported where the model prefers it, at a fixed confidence',
  threshold: "below its kind's decision threshold",
  overlap: 'a more confident correction took its slot',
  style: 'a setting decides it (serial comma, introductory comma, comma splices)',
  'writer-error-rate': "waits for the document's error rate (`adaptToWriter`)",
  'habit-evidence': "an omission the document's introductory habit may report only where the set-off model backs it",
  'set-off-model': 'the set-off comma model (`setOffCommas/`: commas around relative clauses and appositions, after fronted phrases) leaves it out',
  'sentence-join': 'the sentence-join model (`sentenceJoins/`: comma splices, fused sentences) finds a sentence end there, not surely enough',
  'mark-choice': 'the semicolon/colon model (`markChoice/`) prefers the other mark, not surely enough',
  'decided-by-another': "another finding already edits the phrase's edges or what lies between them (`sentenceKinds.ts`)",
  'comma-gap': 'the comma-gap model (`commaGaps/`) flags the gap, but a guard, another finding or the learned scorer decides it',
  strongest: 'a more confident finding overlaps it in the text: of overlapping findings only the most confident is reported (`keepStrongest`)',
} as const;

export type DecisionStage = keyof typeof DECISION_STAGES;

export interface DecisionNote {
  stage: DecisionStage;
  /** The candidate's kind of edit (`category/action`, and `/variant` where it has one). */
  kind: string;
  /** Each slot it changes (slot i: the marks after word i, 1-based) with the marks it writes there (none: deleted). */
  changes: Array<{ slot: number; marks: string[] }>;
  /**
   * `dropped`: no finding comes of it; `deferred`: it waits for a decision over the whole document (reported only if
   * that goes its way); `rewritten`: it goes on with another confidence.
   */
  effect: 'dropped' | 'deferred' | 'rewritten';
  reason: string;
  /** The guard's id (stage `guard`). */
  guard?: string;
  /**
   * A finding's range in the text (UTF-16 offsets), for a note on a finding rather than on a candidate (stage
   * `strongest`, decided over the whole text's findings: `changes` is then empty and `kind` the finding's rule).
   */
  range?: { start: number; end: number };
}

export type DecisionTrace = (note: DecisionNote) => void;

/** The note of a candidate (its kind key as the calibration names it: `decide.ts candidateKey`). */
export function candidateNote(stage: DecisionStage, c: Candidate, effect: DecisionNote['effect'], reason: string): DecisionNote {
  return {
    stage,
    kind: kindKey(c.category, c.action) + (c.variant ? `/${c.variant}` : ''),
    changes: [...c.changes].map(([slot, marks]) => ({ slot, marks: marks.map((m) => m.text) })),
    effect,
    reason,
  };
}
