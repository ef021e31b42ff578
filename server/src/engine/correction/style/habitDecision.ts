/**
 * A learned decision over an introductory comma the writer left out, under `introductoryComma: auto` in a document
 * held to its writer's habit, read where the model directory has `lint-introductory-habit.json` (optional: measured
 * and not shipped): a logistic model over hashed features of the omission and of the document's other introductory
 * elements, giving P(the comma was lost, not left out by choice), in place of the hand-set gates (the punctuation
 * model's Δ > 0, the set-off model's P ≥ 0.5, the comma-gap model's P ≥ 0.65, the habit's expected rate ≥ 0.86).
 *
 * Why try it: the gates were each tuned alone on dev, and on edited dev they leave 41 of the 82 corrupted omissions
 * that wait for the habit unreported. Trained on edited-english and EWT train documents, each as written (every
 * omission the writer chose, 0) and corrupted by the writers' error generator (1), cross-validated over train's
 * documents it finds 1,262 of 2,237 edited omissions where the gates find 1,040, at the gates' false count, and ties
 * them on EWT; through the linter on dev it did not meet the criterion (BENCHMARKS, "Introductory commas: the habit's
 * gates learned").
 *
 * The features are the same strings in training (`server/research/habit/habitDecisionExamples.ts`) and here.
 */
import * as path from 'path';
import { bucketOf, denseWeights, logistic, onceByFile } from '../../../restore/hashedLogistic';
import { readModelFile } from '../../../data/modelIntegrity';
import { expectedComma, HabitCount, habitShift, PendingOmission } from './introductoryHabit';

export const HABIT_DECISION_FILE = 'lint-introductory-habit.json';

/** Which step made the omission wait for the habit: the decision's style step, the set-off model or the comma-gap model. */
export type OmissionSource = 'decision' | 'setOff' | 'gaps';

/** What the sentence's models said of one omission: the learned decision's inputs besides the document's counts. */
export interface OmissionEvidence {
  source: OmissionSource;
  /** The source model's probability (set-off or comma-gap finding's confidence); none for the decision's. */
  sourceP?: number;
  /** Δ = log p(with the comma | T) − log p(as written | T), for the decision's omissions. */
  delta?: number;
  /** The set-off model's P(comma) at the slot; null where it finds no fronted phrase there; unasked: undefined. */
  setOff?: number | null;
  /** The comma-gap model's P(a comma is missing) at the slot; null where it reads the gap otherwise. */
  gap?: number | null;
  /**
   * The learned scorer's probability of the comma (`SentenceFindings.commaInserts`); null: below every threshold by
   * its bound; undefined: it weighed no such change (or the calibrated decision decided).
   */
  scorer?: number | null;
}

export interface HabitDecisionJson {
  version: string;
  bits: number;
  /** An omission is reported when its probability is at least this. */
  threshold: number;
  /** Sparse weights: [hashed index, weight] pairs. */
  weights: Array<[number, number]>;
}

/** Plain data (a part may be cloned to another thread with it). */
export interface HabitDecisionModel {
  readonly version: string;
  readonly bits: number;
  readonly threshold: number;
  readonly weights: Float32Array;
}

const readHabitDecision = onceByFile((f): HabitDecisionModel => {
  const j = JSON.parse(readModelFile(f).toString('utf8')) as HabitDecisionJson;
  return { version: j.version, bits: j.bits, threshold: j.threshold, weights: denseWeights(j.bits, j.weights) };
});

/** The model of `dir`, or undefined when it has none (then the hand-set gates decide, as before it). */
export function loadHabitDecisionModel(dir: string): HabitDecisionModel | undefined {
  return readHabitDecision(path.join(dir, HABIT_DECISION_FILE));
}

const P_EDGES = [0.1, 0.2, 0.35, 0.5, 0.65, 0.8, 0.9, 0.95];
const DELTA_EDGES = [-3, -1.5, -0.5, 0, 0.5, 1.5, 3];
const SHARE_EDGES = [0.7, 0.8, 0.85, 0.9, 0.95];
const SHIFT_EDGES = [-1, -0.5, -0.2, 0, 0.2, 0.5, 1];
const EXPECTED_EDGES = [0.6, 0.75, 0.82, 0.86, 0.9, 0.94];
const COUNT_EDGES = [0, 1, 3, 7, 15];

/** The element's kind as its message names it (`word "However"`, `phrase "In 2005"`, `clause "When …"`). */
function elementKind(element: string): string {
  const k = element.slice(0, element.indexOf(' '));
  return k === 'word' || k === 'phrase' || k === 'clause' ? k : 'other';
}

const pBin = (p: number | null | undefined) => (p === undefined ? 'unasked' : p === null ? 'none' : String(bucketOf(p, P_EDGES)));

/**
 * The features of an omission in a document whose covered elements sum to `total` (this omission's own term taken
 * out when it is one of them, `counted`): the omission's evidence, its element's edited rate, and the writer's habit
 * over the others (the shift of the log odds and the comma's expected rate under it, as `introductoryHabit.ts` has
 * them), with the crossings that let the habit weigh each kind of evidence.
 */
export function habitDecisionFeatures(o: Pick<PendingOmission, 'element' | 'share' | 'counted' | 'evidence'>, total: HabitCount): string[] {
  const e = o.evidence ?? { source: 'decision' as const };
  const share = o.share;
  const own = o.counted && share !== undefined;
  const others = own
    ? { excess: total.excess + share, information: total.information - share * (1 - share), n: total.written + total.omitted - 1, omitted: total.omitted - 1 }
    : { excess: total.excess, information: total.information, n: total.written + total.omitted, omitted: total.omitted };
  const kind = elementKind(o.element);
  const expected = share === undefined ? 'none' : String(bucketOf(expectedComma(share, others), EXPECTED_EDGES));
  const shift = String(bucketOf(habitShift(others), SHIFT_EDGES));
  const n = String(bucketOf(others.n, COUNT_EDGES));
  const omitted = String(bucketOf(others.omitted, COUNT_EDGES));
  const delta = e.delta === undefined ? 'none' : String(bucketOf(e.delta, DELTA_EDGES));
  const setOff = pBin(e.setOff);
  const gap = pBin(e.gap);
  const source = `${e.source}:${e.sourceP === undefined ? '-' : bucketOf(e.sourceP, P_EDGES)}`;
  const scorer = pBin(e.scorer);
  return [
    'bias',
    `kind=${kind}`,
    `share=${share === undefined ? 'none' : bucketOf(share, SHARE_EDGES)}|${own ? 'counted' : 'rated'}`,
    `expected=${expected}`,
    `expected=${expected}|n=${n}`,
    `shift=${shift}|n=${n}`,
    `omitted=${omitted}`,
    `source=${source}`,
    `delta=${delta}`,
    `setOff=${setOff}`,
    `gap=${gap}`,
    `kind=${kind}|expected=${expected}`,
    `kind=${kind}|setOff=${setOff}`,
    `kind=${kind}|gap=${gap}`,
    `kind=${kind}|delta=${delta}`,
    `gap=${gap}|setOff=${setOff}`,
    `expected=${expected}|gap=${gap}`,
    `expected=${expected}|setOff=${setOff}`,
    `scorer=${scorer}`,
    `kind=${kind}|scorer=${scorer}`,
    `expected=${expected}|scorer=${scorer}`,
  ];
}

/** P(the writer lost this comma) under the document's counts `total`. */
export function habitDecisionProbability(m: HabitDecisionModel, o: Pick<PendingOmission, 'element' | 'share' | 'counted' | 'evidence'>, total: HabitCount): number {
  return logistic(m.weights, habitDecisionFeatures(o, total), m.bits);
}
