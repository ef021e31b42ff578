/**
 * The error model and its calibration. A candidate correction x_c is scored against what was written x by its
 * posterior log-odds  log p(x_c | T) − log p(x | T) + log p_err(x | x_c) − log p_err(x | x),  where the punctuation
 * model gives the first difference (Δ) and p_err, a per-slot error model, depends only on the kind of edit (dropping
 * a comma before a non-restrictive clause, adding one between subject and verb, …). Written as a logistic model,
 * confidence = σ(a·Δ + b), b is the error model's log prior odds for that kind of edit and a corrects the model's
 * over- or under-confidence; both are trained per kind on corrupted EWT train sentences, and one monotone
 * recalibration on corrupted EWT dev sentences maps the result to the rate observed there (`npm run bench:lint --
 * --fit`, `server/research/eval/calibrationFit.ts`), so the confidence is a calibrated probability that the fix is
 * right.
 */
import { ModelFileError } from '../../../data/modelIntegrity';
import { readModelJson } from '../../modelJson';
import { modelSchemaProblem } from '../../modelSchemas';

export interface KindCalibration {
  a: number;
  b: number;
  /** Training examples behind the fit (0 for the built-in default). */
  count?: number;
  /**
   * Isotonic calibration (when fitted): confidence at increasing Δ, interpolated linearly between the points and
   * flat beyond them. It replaces σ(a·Δ + b) where Δ's effect is not logistic: the model's insertion noise η caps Δ for
   * a stray comma near −log η, where the logistic would need an unreachable Δ.
   */
  points?: Array<[number, number]>;
  /**
   * Weight of the candidate's `size` (words in an introductory element) beside Δ: the calibration reads the effective
   * Δ + sizeWeight·log2(size) wherever it reads Δ (`effectiveDelta`), fitted by profile likelihood in stage 1.
   */
  sizeWeight?: number;
  /**
   * Stage 2, when the kind was trained on EWT train corruptions: maps its probability p to the rate observed on EWT
   * dev for this kind (the parser has seen train, so p is optimistic there) — isotonic in logit(p) where dev has
   * enough examples of the kind, else σ(a·logit(p) + b); see `server/research/eval/calibrationFit.ts`.
   */
  recal?: { a: number; b: number; points?: Array<[number, number]> };
}

export interface Calibration {
  /** Default decision threshold on confidence (tuned on dev for precision); kinds without one of their own use it. */
  threshold: number;
  /**
   * Decision thresholds of their own, by category (`subject-verb-comma`) or kind of edit (`comma/insert`), fitted on
   * the dev fit half beside the global one (`fitThresholds` in `server/research/eval/calibrationFit.ts`): a category
   * whose calibrated confidence is reliable lower down can report lower, one that draws false alarms higher. Absent in
   * older files.
   */
  thresholds?: Record<string, number>;
  kinds: Record<string, KindCalibration>;
  /** Comma insertions with a lower prior are not scored (speed); see `EngineModel.commaPrior`. */
  minCommaPrior?: number;
  /** How it was fitted, for the record. */
  note?: string;
}

/** Before any fit: every edit needs the model to prefer it by e³ ≈ 20 to 1 to reach confidence 0.5. */
export const DEFAULT_CALIBRATION: Calibration = { threshold: 0.8, kinds: {}, note: 'default (unfitted)' };

export function kindKey(category: string, action: string): string {
  return `${category}/${action}`;
}

/** The fitted calibration of a kind of edit, falling back from `category/action/variant` to `category/action`. */
function fittedKind(cal: Calibration, key: string): KindCalibration | undefined {
  return cal.kinds[key] ?? cal.kinds[key.split('/').slice(0, 2).join('/')];
}

/** Δ shifted by the kind's size feature (an introductory element's length in words); Δ itself without one. */
export function effectiveDelta(k: KindCalibration, delta: number, size?: number): number {
  return k.sizeWeight && size ? delta + k.sizeWeight * Math.log2(size) : delta;
}

export function confidenceOf(cal: Calibration, key: string, delta: number, size?: number): number {
  const k = fittedKind(cal, key) ?? { a: 1, b: -3 };
  const p = kindProbability(k, effectiveDelta(k, delta, size));
  if (!k.recal) return p;
  if (k.recal.points && k.recal.points.length > 0) return interpolate(k.recal.points, logit(p));
  return 1 / (1 + Math.exp(-(k.recal.a * logit(p) + k.recal.b)));
}

/** log(p / (1 − p)), kept finite (isotonic rates can be exactly 0 or 1). */
export function logit(p: number): number {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
}

/**
 * The logit of a model's probability as the learned scorer's features take it: p kept within [1e-4, 1 − 1e-4], the
 * logit within ±9, so that no one model's certainty outweighs the rest.
 */
export function boundedLogit(p: number): number {
  return Math.max(-9, Math.min(9, logit(Math.max(1e-4, Math.min(1 - 1e-4, p)))));
}

/** The error model's probability for one kind of edit (stage 1), before any recalibration. */
function kindProbability(k: KindCalibration, delta: number): number {
  if (k.points && k.points.length > 0) return interpolate(k.points, delta);
  return 1 / (1 + Math.exp(-(k.a * delta + k.b)));
}

/**
 * The decision threshold of a kind of edit: its own (by full key, `category/action`, or category), else the global one.
 */
export function thresholdFor(cal: Calibration, key: string): number {
  const t = cal.thresholds;
  if (!t) return cal.threshold;
  const parts = key.split('/');
  for (let n = parts.length; n >= 1; n--) {
    const own = t[parts.slice(0, n).join('/')];
    if (own !== undefined) return own;
  }
  return cal.threshold;
}

/**
 * The threshold each kind of edit is decided at. The user's `minConfidence` ("report only at or above this
 * confidence") overrides the fitted thresholds, all of them alike: below them it shows more, above them less.
 */
export function decisionThresholds(cal: Calibration, minConfidence?: number): (key: string) => number {
  return minConfidence === undefined ? (key) => thresholdFor(cal, key) : () => minConfidence;
}

/** Whether any Δ could bring this kind of edit to the threshold (else its candidates need not be scored at all). */
export function canReach(cal: Calibration, key: string, threshold: number): boolean {
  const k = fittedKind(cal, key);
  if (!k) return true;
  // Both stages are monotone in Δ (isotonic, or logistic with the sign of a), so the best Δ is at one end (the size
  // feature only shifts Δ).
  const best = k.points && k.points.length > 0 ? 50 : k.a >= 0 ? 50 : -50;
  return confidenceOf(cal, key, best) >= threshold;
}

function interpolate(points: ReadonlyArray<[number, number]>, x: number): number {
  if (x <= points[0][0]) return points[0][1];
  const last = points[points.length - 1];
  if (x >= last[0]) return last[1];
  let k = 1;
  while (points[k][0] < x) k++;
  const [x0, y0] = points[k - 1];
  const [x1, y1] = points[k];
  return x1 === x0 ? y1 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

/**
 * Isotonic regression of y on x (pool adjacent violators), each block's mean smoothed towards the overall rate with
 * `prior` pseudo-examples, returned as (block centre, rate) points. Monotone non-decreasing in x.
 */
export function fitIsotonic(xsIn: readonly number[], ys: readonly number[], prior = 2): Array<[number, number]> {
  const order = xsIn.map((x, i) => [Math.max(-50, Math.min(50, x)), ys[i]] as [number, number]).sort((a, b) => a[0] - b[0]);
  const base = ys.reduce((a, b) => a + b, 0) / Math.max(1, ys.length);
  const blocks: Array<{ sx: number; sy: number; w: number }> = [];
  for (const [x, y] of order) {
    blocks.push({ sx: x, sy: y, w: 1 });
    while (blocks.length > 1) {
      const b = blocks[blocks.length - 1];
      const a = blocks[blocks.length - 2];
      if (a.sy / a.w < b.sy / b.w) break;
      blocks.splice(blocks.length - 2, 2, { sx: a.sx + b.sx, sy: a.sy + b.sy, w: a.w + b.w });
    }
  }
  const points: Array<[number, number]> = [];
  let floor = 0;
  for (const b of blocks) {
    floor = Math.max(floor, (b.sy + prior * base) / (b.w + prior));
    points.push([b.sx / b.w, floor]);
  }
  return points;
}

/**
 * The calibration in `file`; the unfitted default when there is none (a model directory before fitting). A file that
 * is not a calibration throws `ModelFileError`: a damaged one must never silently change the findings.
 */
export function loadCalibration(file: string): Calibration {
  const value = readModelJson(file);
  if (value === undefined) return DEFAULT_CALIBRATION;
  const problem = modelSchemaProblem('calibration', value);
  if (problem) throw new ModelFileError(file, 'corrupt', problem);
  return value as Calibration;
}

/**
 * Fits σ(a·x + b) to labelled examples by Newton's method with backtracking on the L2-regularised log-loss (the
 * ridge, centred by default on the unfitted a = 1, b = −3, keeps tiny or separable groups finite; a recalibration
 * centres it on the identity a = 1, b = 0 instead).
 */
export function fitLogistic(
  xsIn: readonly number[],
  ys: readonly number[],
  ridge = 0.1,
  iters = 100,
  centre: { a: number; b: number } = { a: 1, b: -3 },
): KindCalibration {
  const xs = xsIn.map((x) => Math.max(-50, Math.min(50, x)));
  const loss = (a: number, b: number): number => {
    let l = 0.5 * ridge * ((a - centre.a) ** 2 + (b - centre.b) ** 2);
    for (let i = 0; i < xs.length; i++) {
      const z = a * xs[i] + b;
      // −log σ(z) for y = 1, −log(1 − σ(z)) for y = 0, computed stably.
      const m = ys[i] ? -z : z;
      l += m > 0 ? m + Math.log1p(Math.exp(-m)) : Math.log1p(Math.exp(m));
    }
    return l;
  };
  let a = centre.a;
  let b = centre.b;
  let current = loss(a, b);
  for (let it = 0; it < iters; it++) {
    let ga = ridge * (a - centre.a);
    let gb = ridge * (b - centre.b);
    let haa = ridge;
    let hab = 0;
    let hbb = ridge;
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i];
      const p = 1 / (1 + Math.exp(-(a * x + b)));
      const r = p - ys[i];
      ga += r * x;
      gb += r;
      const w = p * (1 - p);
      haa += w * x * x;
      hab += w * x;
      hbb += w;
    }
    const det = haa * hbb - hab * hab;
    if (!(Math.abs(det) > 1e-12)) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    let step = 1;
    let next = loss(a - da, b - db);
    while (next > current && step > 1e-6) {
      step /= 2;
      next = loss(a - step * da, b - step * db);
    }
    if (next > current) break;
    a -= step * da;
    b -= step * db;
    const done = current - next < 1e-10;
    current = next;
    if (done) break;
  }
  return { a, b, count: xs.length };
}
