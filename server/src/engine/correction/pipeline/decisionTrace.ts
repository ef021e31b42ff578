/**
 * The one way a stage of the sentence's decision records what it did to a candidate it did not pass on as it came:
 * dropped it, deferred it to a decision over the whole document, or rewrote its confidence. The stages call it only
 * when a trace is given (`puncteme explain --candidates`), so linting pays nothing; the answer to "why was the
 * correction I expected not reported?" is then the list of notes, in the order the stages ran.
 */
import type { Candidate } from './candidates';
import { kindKey } from './calibration';

/**
 * The stages, in the order they run (`decide.ts` for the generator and the scoring, `conventionKinds.ts`,
 * `modelRules.ts`, `style/styleStep.ts`, `style/introductoryHabit.ts`), each with what it decides; the small models beside
 * them, whose candidates are their own (`sentenceKinds.ts`: the sentence joins, the semicolon/colon model, the set-off
 * comma model and the comma-gap model); and last the overlap rule over all of a text's findings (`keepStrongest`).
 */
export const DECISION_STAGES = {
  guard: 'a registered guard vetoed it before scoring (`guards/registry.ts`)',
  prior: "the model's prior of a comma there is below the floor for scoring an insertion",
  scoring: 'not scored: nothing that runs after scoring could report it',
  alternatives: 'one of several alternatives (places one opened supplement could close): only the best is kept',
  'stray-agreement': "a comma's deletion the comma-gap model does not find stray (`strayAgreement.ts`)",
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
