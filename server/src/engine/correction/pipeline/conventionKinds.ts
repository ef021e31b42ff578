/**
 * Kinds of edit decided by edited prose's grammar rather than by the error model (their detectors in `candidates/`):
 * - the closing comma of a relative clause a comma opened (`unclosedSupplements.ts`);
 * - in `subjects.ts`: the comma after a restrictive relative clause that ends a subject, and the repair of a lone
 *   comma after one that may be supplementary; the comma after a plain noun-phrase subject or a pseudo-cleft's free
 *   relative; the one before the coordinator of a subject of two; the comma before a relative clause opened by "that";
 * - in `clauses.ts`: the lone comma after a coordinator or after "such as" and "including"; the comma between a verb
 *   and the indirect question that is its object; the comma between the last adjective of a series and its noun; the
 *   comma before the complement of a comparative or of "so".
 * Every style guide asks for these, but EWT's writers break them often enough that a calibration fitted on EWT, which
 * counts their sentences as correct, never reaches the threshold (BENCHMARKS, sessions 13–15). Such a candidate is
 * reported where the model prefers it on its tree (Δ > 0), at a fixed confidence.
 */
import type { ScoredCandidate } from './decide';
import { candidateNote, DecisionTrace } from './decisionTrace';
import { LONE_RELATIVE, PAIRED_SUBJECT, PLAIN_SUBJECT, PSEUDO_CLEFT, RESTRICTIVE_SUBJECT, THAT_RELATIVE } from '../candidates/subjects';
import { UNCLOSED } from '../candidates/unclosedSupplements';
import { ADJECTIVE_NOUN, AFTER_COORDINATOR, AFTER_PREPOSITION, DEGREE_COMPLEMENT, WH_COMPLEMENT } from '../candidates/clauses';

/** Confidence of an edit the convention asks for: the grammar decides; the parse could still be wrong. */
export const CONVENTION_CONFIDENCE = 0.9;

const CONVENTION_VARIANTS: ReadonlySet<string> = new Set([UNCLOSED, RESTRICTIVE_SUBJECT, LONE_RELATIVE, PLAIN_SUBJECT, AFTER_COORDINATOR, AFTER_PREPOSITION, PAIRED_SUBJECT, PSEUDO_CLEFT, THAT_RELATIVE, WH_COMPLEMENT, ADJECTIVE_NOUN, DEGREE_COMPLEMENT]);

/** The candidate's kind is decided by a convention (it is scored whatever its calibration could reach). */
export function isConventionKind(variant: string | undefined): boolean {
  return variant !== undefined && CONVENTION_VARIANTS.has(variant);
}

/**
 * A scored candidate as its convention decides it: one the model prefers (Δ > 0) gets at least
 * `CONVENTION_CONFIDENCE`, one it does not is dropped; candidates of other kinds pass unchanged.
 */
export function conventionDecision(c: ScoredCandidate, trace?: DecisionTrace): ScoredCandidate[] {
  if (!isConventionKind(c.candidate.variant)) return [c];
  if (!(c.delta > 0)) {
    trace?.(candidateNote('convention', c.candidate, 'dropped', `the model does not prefer it (Δ ${c.delta.toFixed(2)} ≤ 0)`));
    return [];
  }
  const confidence = Math.max(c.confidence, CONVENTION_CONFIDENCE);
  if (confidence !== c.confidence) trace?.(candidateNote('convention', c.candidate, 'rewritten', `confidence ${c.confidence.toFixed(3)} → ${confidence}`));
  return [{ ...c, confidence }];
}
