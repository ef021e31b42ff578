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
 * Which population a document comes from, the document itself tells. Where the model directory has `audience.json`, a
 * logistic model learned from documents reads the document's counts (`AudienceModel`); without it, the hand-set counts
 * below decide. They read its findings at the ordinary thresholds. On clean
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
import * as fs from 'fs';
import * as path from 'path';
import { findingWith } from '../../finding';
import type { RegisterCounts } from '../learned/documentFeatures';
import { readModelFile } from '../../../data/modelIntegrity';

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

/**
 * The error-prone writer's prior odds of an error, relative to the calibration's. Read off corrupted edited-english
 * documents held to learner standards, the learned scorer's odds come out 0.75 (`server/research/audience/priorOdds.ts`;
 * journal, "The learner-held document's prior odds read off corrupted documents"): those documents are the scorer's own
 * training distribution, so they cannot show a learner's higher prior, and at 0.75 the learner essays lose 3 of 42.
 */
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
  /** The learned audience decision, when the model directory has one (read once per document, from any part). */
  audience?: AudienceModel;
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
  /** The waiting findings' adapted confidences, summed. */
  deferredConfidence?: number;
  /** Held findings of sure rules (`ErrorRatePart.held`). */
  held?: number;
  register?: Pick<RegisterCounts, 'sentences' | 'lowerStarts' | 'lowerI' | 'unterminated'>;
}

/**
 * The audience decision learned from documents (`models/en/audience.json`, `npm run train:audience`): a logistic model
 * of "this text's writer makes a learner's errors" over `audienceFeatures`, fitted on clean edited-english and EWT
 * documents against the same edited documents with writers' errors put into 15–50% of their sentences, its threshold
 * the lowest at which no clean dev document of either source is held to learner standards.
 */
export interface AudienceModel {
  features: readonly string[];
  mean: readonly number[];
  scale: readonly number[];
  weights: readonly number[];
  bias: number;
  threshold: number;
}

/** The marks of the web's register in a text: lower-case sentence starts, `i` for `I`, lines with no final mark. */
function webMarks(c: ErrorEvidence['register']): number {
  return c ? c.lowerStarts + c.lowerI + c.unterminated : 0;
}

/** The share of a text's sentences written as the web writes them (`webMarks` per sentence). */
export function webShare(c: ErrorEvidence['register']): number {
  return c ? webMarks(c) / Math.max(1, c.sentences) : 0;
}

/**
 * The learned audience decision's features, by name: the model's `features` picks and orders them. The shipped model
 * reads four counts; the rates, logarithms and shares are the alternatives its fit was compared with (journal, "The
 * audience decision learned from documents").
 */
export function audienceFeatures(r: ErrorEvidence): Record<string, number> {
  const n = Math.max(1, r.sentences);
  const d = r.deferred ?? 0;
  const web = webShare(r.register);
  return {
    findings: r.findings,
    deferred: d,
    deferredConfidence: r.deferredConfidence ?? 0,
    held: r.held ?? 0,
    sentences: r.sentences,
    // The deferred findings tell a learner from a web writer only in edited prose's register (the hand-set rule's
    // finding): web writers leave as many waiting.
    editedDeferred: web < EDITED_REGISTER_MAX ? d : 0,
    webFindings: web * (r.findings + d),
    logFindings: Math.log1p(r.findings),
    logDeferred: Math.log1p(d),
    logSentences: Math.log(n),
    findingRate: r.findings / n,
    allRate: (r.findings + d) / n,
    deferredConfidenceRate: (r.deferredConfidence ?? 0) / n,
    heldRate: (r.held ?? 0) / n,
    webShare: web,
    webEvents: webMarks(r.register),
    webCase: r.register ? r.register.lowerStarts + r.register.lowerI : 0,
    unterminated: r.register ? r.register.unterminated : 0,
  };
}

export const AUDIENCE_FILE = 'audience.json';

/** The learned audience decision of `dir`, or undefined when it has none (then the hand-set counts decide). */
export function loadAudienceModel(dir: string): AudienceModel | undefined {
  const file = path.join(dir, AUDIENCE_FILE);
  if (!fs.existsSync(file)) return undefined;
  const j = JSON.parse(readModelFile(file).toString('utf8')) as AudienceModel;
  const known = Object.keys(audienceFeatures({ findings: 0, sentences: 0 }));
  const n = Array.isArray(j.features) ? j.features.length : -1;
  if (n < 0 || ![j.mean, j.scale, j.weights].every((a) => Array.isArray(a) && a.length === n) || typeof j.bias !== 'number' || typeof j.threshold !== 'number') {
    throw new Error(`${AUDIENCE_FILE}: features, mean, scale and weights of one length, a bias and a threshold expected`);
  }
  const unknown = j.features.filter((f) => !known.includes(f));
  if (unknown.length) throw new Error(`${AUDIENCE_FILE}: unknown features ${unknown.join(', ')}`);
  return { features: j.features, mean: j.mean, scale: j.scale, weights: j.weights, bias: j.bias, threshold: j.threshold };
}

/** P(the document is a learner's) under the learned model. */
export function learnerProbability(m: AudienceModel, r: ErrorEvidence): number {
  const x = audienceFeatures(r);
  let z = m.bias;
  m.features.forEach((name, i) => (z += (m.weights[i] * ((x[name] ?? 0) - m.mean[i])) / m.scale[i]));
  return 1 / (1 + Math.exp(-z));
}

export function isErrorProne(r: ErrorEvidence, learned?: AudienceModel): boolean {
  if (learned) return r.sentences >= MIN_SENTENCES && learnerProbability(learned, r) >= learned.threshold;
  if (r.findings >= MIN_FINDINGS && r.sentences >= MIN_SENTENCES && r.findings * MAX_SENTENCES_PER_FINDING >= r.sentences) return true;
  const all = r.findings + (r.deferred ?? 0);
  return r.findings >= MIN_FINDINGS_BESIDE_DEFERRED && all >= MIN_FINDINGS && r.sentences >= MIN_SENTENCES && all * MAX_SENTENCES_PER_DEFERRED >= r.sentences && r.register !== undefined && editedRegister(r.register);
}

/** The text writes as edited prose: capitals at sentence starts, `I`, final marks. */
function editedRegister(c: NonNullable<ErrorEvidence['register']>): boolean {
  return webShare(c) < EDITED_REGISTER_MAX;
}

/** The document's total over its parts when it is error-prone, else undefined. */
export function documentErrorRate(
  parts: ReadonlyArray<ErrorRate & Partial<Pick<ErrorRatePart<{ confidence: number }>, 'pending' | 'held' | 'reportedDeferred' | 'register' | 'audience'>>>,
): (ErrorRate & { deferred?: number }) | undefined {
  const total: ErrorRate = { findings: 0, sentences: 0 };
  let deferred = 0;
  let deferredConfidence = 0;
  let held = 0;
  const learned = parts.find((p) => p.audience)?.audience;
  const register = { sentences: 0, lowerStarts: 0, lowerI: 0, unterminated: 0 };
  let registered = false;
  for (const p of parts) {
    total.findings += p.findings;
    total.sentences += p.sentences;
    deferred += (p.pending?.length ?? 0) + (p.reportedDeferred ?? 0);
    for (const f of p.pending ?? []) deferredConfidence += f.confidence;
    held += p.held?.length ?? 0;
    if (p.register) {
      registered = true;
      for (const k of Object.keys(register) as Array<keyof typeof register>) register[k] += p.register[k];
    }
  }
  const evidence = { ...total, deferred, deferredConfidence, held, register: registered ? register : undefined };
  if (!isErrorProne(evidence, learned)) return undefined;
  // Decided with the deferred findings: the messages name them too.
  return isErrorProne(learned ? { ...evidence, deferred: 0, deferredConfidence: 0 } : total, learned) ? total : { ...total, deferred };
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
