/**
 * The writer's own error rate (`adaptToWriter`, on by default). A finding's confidence is the error model's posterior
 * at the error rate of the corrupted EWT sentences it was calibrated on, and the decision thresholds are set for
 * clean, edited text, where a false alarm is the likelier mistake. A learner's essay comes from another population:
 * errors are far more frequent there, so the same evidence is worth more. If the writer's prior odds of an error are
 * ρ times the calibration's, every posterior's odds are ρ times larger too,
 *
 *     p′ = ρp / (ρp + 1 − p),   so that p′ ≥ t  ⇔  p ≥ t / (t + ρ(1 − t)),
 *
 * which is what `adaptedConfidence` and `adaptedThreshold` compute. (Rozovskaya & Roth adapt error priors to the
 * writer's first language for the same reason.)
 *
 * Which population a document comes from, the document itself tells: its findings at the ordinary thresholds. On clean
 * EWT dev, linted a document at a time, no document gets three findings (journal, "the writer's
 * own error rate"); a document with at least `MIN_FINDINGS` of them, one or more per `MAX_SENTENCES_PER_FINDING`
 * sentences, is taken to be error-prone, and there every model decision is made at ρ = `PRIOR_ODDS`. ρ = 3 was chosen
 * on the dev fit half of the corruption suite and the learner probes (error-dense text): higher values added recall
 * there too, but precision matters more than recall, and the probes gained nothing beyond 3.
 *
 * A comma splice is a matter of style, not of odds (`spliceStyle.ts`): under the default `commaSplices: ignore`, the
 * splices `edited` would report wait with the adapted findings, and an error-prone document reports them too, since a
 * writer whose own errors mark the text most likely splices unintentionally as well (journal, "comma splices in an
 * error-prone text").
 *
 * So is the comma after an introductory element (journal, "introductory commas in an error-prone text"): an error-prone
 * document with no introductory habit of its own (`introductoryHabit.ts`) gets the omissions `introductoryComma:
 * edited` would report.
 *
 * Like the introductory habit (`introductoryHabit.ts`), the decision is a sum over the document's parts, each
 * sentence's share computed (and cached) with the sentence: the findings ρ would add wait as `pending`, and only the
 * document's total decides whether they are reported (`documentPart.ts settleParts`).
 */
import { findingWith } from '../../finding';
import type { RegisterCounts } from '../learned/documentFeatures';

/** A document needs at least this many findings to count as error-prone … */
export const MIN_FINDINGS = 3;
/** … in at least this many sentences … */
export const MIN_SENTENCES = 3;
/** … and at least one finding per this many sentences. */
export const MAX_SENTENCES_PER_FINDING = 10;
/**
 * … or, written in edited prose's register, at least 2 findings and, with the findings an error-prone document would
 * add, at least `MIN_FINDINGS`, one per this many sentences. A learner's short essay has few findings sure enough for
 * edited standards (1 to 3 in 9 or 10 sentences) and several that wait, while a web writer's text has as many that
 * wait but writes like the web (`EDITED_REGISTER_MAX`). On the dev parts (`server/research/audience/documentEvidence.ts`,
 * `probeEssays.ts`; journal, "The audience decision reads the deferred findings of edited-register text") no clean
 * edited or EWT document flips, and edited documents with a writer's error in 15% / 30% / 50% of their sentences are
 * held to learner standards 95 / 210 / 261 times of 367 (89 / 199 / 250 by the findings alone), the probes' essays 6
 * of 8 (4). Looser (1 finding, or one per 6 sentences) added false alarms on edited dev's corrupted documents.
 */
export const MAX_SENTENCES_PER_DEFERRED = 4;
export const MIN_FINDINGS_BESIDE_DEFERRED = 2;
/** Lower-case sentence starts, `i` for `I` and lines without a final mark, per sentence, below which a text writes as edited prose. */
export const EDITED_REGISTER_MAX = 0.1;

/** The error-prone writer's prior odds of an error, relative to the calibration's. */
export const PRIOR_ODDS = 3;

/** The threshold on the calibrated confidence p that reaches `threshold` on the adapted one (p′ ≥ t). */
export function adaptedThreshold(threshold: number, rho = PRIOR_ODDS): number {
  return threshold / (threshold + rho * (1 - threshold));
}

/** The posterior p′ at prior odds ρ times the calibration's. */
export function adaptedConfidence(p: number, rho = PRIOR_ODDS): number {
  return (rho * p) / (rho * p + 1 - p);
}

/** One text's share of the document's error rate (a sentence's or a block's). */
export interface ErrorRatePart<F> {
  /** Findings reported at the ordinary thresholds (style findings, which are not errors, left out). */
  findings: number;
  sentences: number;
  /** The findings an error-prone document adds, with their adapted confidence, waiting for the document's total. */
  pending: F[];
  /**
   * Findings of a rule sure of itself that only an error-prone document reports (`TextRule.errorProneOnly`, spacing
   * around marks); not counted in `findings`.
   */
  held?: F[];
  /**
   * Reported findings the default settings would have held in `pending` (`PlainFinding.countsAsDeferred`): counted with
   * the pending ones, so that a stricter setting gives the document's decision the same evidence.
   */
  reportedDeferred?: number;
  /** The part's register counts (`documentFeatures.ts`), read by the document's decision. */
  register?: RegisterCounts;
  /**
   * The small models' findings a deferred finding displaces (`sentenceKinds.ts SmallModelFindings.yielding`): reported
   * only where the document is not error-prone; not counted in `findings`.
   */
  yielding?: F[];
}

export interface ErrorRate {
  findings: number;
  sentences: number;
}

/** What the document's decision reads beyond the counts a message names: the findings that wait, and the register. */
export interface ErrorEvidence extends ErrorRate {
  deferred?: number;
  register?: Pick<RegisterCounts, 'sentences' | 'lowerStarts' | 'lowerI' | 'unterminated'>;
}

export function isErrorProne(r: ErrorEvidence): boolean {
  if (r.findings >= MIN_FINDINGS && r.sentences >= MIN_SENTENCES && r.findings * MAX_SENTENCES_PER_FINDING >= r.sentences) return true;
  const all = r.findings + (r.deferred ?? 0);
  return r.findings >= MIN_FINDINGS_BESIDE_DEFERRED && all >= MIN_FINDINGS && r.sentences >= MIN_SENTENCES && all * MAX_SENTENCES_PER_DEFERRED >= r.sentences && r.register !== undefined && editedRegister(r.register);
}

/** The text writes as edited prose: capitals at sentence starts, `I`, final marks. */
function editedRegister(c: NonNullable<ErrorEvidence['register']>): boolean {
  return (c.lowerStarts + c.lowerI + c.unterminated) / Math.max(1, c.sentences) < EDITED_REGISTER_MAX;
}

/** The document's total over its parts when it is error-prone, else undefined. */
export function documentErrorRate(parts: ReadonlyArray<ErrorRate & Partial<Pick<ErrorRatePart<unknown>, 'pending' | 'reportedDeferred' | 'register'>>>): (ErrorRate & { deferred?: number }) | undefined {
  const total: ErrorRate = { findings: 0, sentences: 0 };
  let deferred = 0;
  const register = { sentences: 0, lowerStarts: 0, lowerI: 0, unterminated: 0 };
  let registered = false;
  for (const p of parts) {
    total.findings += p.findings;
    total.sentences += p.sentences;
    deferred += (p.pending?.length ?? 0) + (p.reportedDeferred ?? 0);
    if (p.register) {
      registered = true;
      for (const k of Object.keys(register) as Array<keyof typeof register>) register[k] += p.register[k];
    }
  }
  const evidence = { ...total, deferred, register: registered ? register : undefined };
  if (!isErrorProne(evidence)) return undefined;
  // Decided with the deferred findings: the messages name them too.
  return isErrorProne(total) ? total : { ...total, deferred };
}

/** "3 other punctuation findings", or with the deferred ones that decided it, "1 other punctuation finding and 2 less certain ones". */
function countsText(total: ErrorRate & { deferred?: number }): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const findings = plural(total.findings, 'other punctuation finding', 'other punctuation findings');
  return total.deferred ? `${findings} and ${plural(total.deferred, 'less certain one', 'less certain ones')}` : findings;
}

/** A pending finding reported in an error-prone document: its message says why it is reported. */
export function errorProneFinding<F extends { message: string }>(finding: F, total: ErrorRate & { deferred?: number }): F {
  return findingWith(finding, {
    message: `${finding.message} (Less certain than most findings; reported because this text has ${countsText(total)} in ${total.sentences} sentences.)`,
  } as Partial<F>);
}

/**
 * An introductory omission (`introductoryHabit.ts`'s pending one, which `edited` would report) reported because the
 * document is error-prone and has no habit of its own: the message says why.
 */
export function errorProneOmission<F extends { message: string }>({ finding, element }: { finding: F; element: string }, total: ErrorRate & { deferred?: number }): F {
  return findingWith(finding, {
    message: `Set off the introductory ${element} with a comma, as edited prose does after such an element. (Reported because this text has ${countsText(total)} in ${total.sentences} sentences.)`,
  } as Partial<F>);
}

/** A held finding (`ErrorRatePart.held`) reported in an error-prone document: the message says why only here. */
export function heldFinding<F extends { message: string }>(finding: F, total: ErrorRate & { deferred?: number }): F {
  return findingWith(finding, {
    message: `${finding.message} (Reported in texts with many punctuation findings; this one has ${total.deferred ? countsText(total) : total.findings} in ${total.sentences} sentences.)`,
  } as Partial<F>);
}
