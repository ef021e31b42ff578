/**
 * The learned correction scorer (issue 29), inference only: p(the edit restores what an editor wrote | candidate) =
 * σ(w · f), a log-linear model over named features of the candidate — the generative model's Δ log p (alone and per
 * kind of edit), the calibrated error model's confidence, and the slot's syntax: the words, tags and relations on both
 * sides, the constituents that end and start at the slot with their relations and their heads' (the syntactic comma
 * features of Favre et al., seed 001, read off a dependency tree), depth and lengths; every hand-written guard whose
 * predicate holds at the slots (`Candidate.guards`: evidence, not a veto), the comma-gap model's probability there
 * (`sideModels.ts`, when the file says `gapFeature`), the set-off comma model's (`sideModels.ts`, when
 * it says `setOffFeature`), whether a written comma opens or closes the stretch at the slot (`pairedStretch`) and the
 * sentence's register. Trained on edited-english and EWT train by `server/research/scorer/fit.ts` (`npm run
 * train:scorer`), which writes `models/en/lint-scorer.json`; `npm run models:manifest` derives the binary sidecar the
 * engine reads (`scorerWeights.ts`). The default decision (`LintOptions.decision: 'learned'`; the calibrated decision
 * is the other one): journal, "The learned decision as the default".
 */
import { neuralGapFeatures, NeuralGapReading, SetOffAnswer, setOffAt } from './sideModels';
import * as fs from 'fs';
import { AnalysedSentence } from '../../sentence';
import { hasSubject, TreeInfo } from '../../treeInfo';
import type { ScoredCandidate } from '../pipeline/decide';
import { boundedLogit, logit } from '../pipeline/calibration';
import { manifestSha256, readModelFile } from '../../../data/modelIntegrity';
import { FeatureWeights, readScorerSidecar, recordWeights, ScorerJson, ScorerSettings, scorerSidecarFile, scorerSource } from './scorerWeights';
import { emitDocumentRegisterFeatures, whichHabitFeatures } from './documentFeatures';
import { UNCLOSED } from '../candidates/unclosedSupplements';
import { FeatureLogit, FeatureNames, FeatureSink, SentenceTerms } from './featureSinks';
export { registerFeatures } from './featureSinks';

export interface LearnedScorer {
  /** Feature name → weight. */
  weights: FeatureWeights;
  /** Findings need at least this probability (chosen on the dev part). */
  threshold: number;
  note: string;
  /**
   * 'dense': trained on every gap, comma and constituent pair (`denseCandidates`) with the model's prior as a
   * feature; absent: on the hand-written generator's candidates only.
   */
  candidates?: 'dense';
  /** A threshold of its own for some kinds of edit (`thresholdGroup`), chosen on the dev part; `threshold` for the rest. */
  thresholds?: Record<string, number>;
  /**
   * A dense scorer may carry the scorer trained on the hand generator's candidates alone: it then decides those
   * candidates (at its own threshold), and the dense weights only the candidates the dense generator added.
   */
  hand?: { weights: FeatureWeights; threshold: number };
  /** Trained with the comma-gap model's probability at the slot among its features (`sideModels.ts`). */
  gapFeature?: boolean;
  /** Trained with the register of the sentence's document among its features (`documentFeatures.ts`). */
  documentRegister?: boolean;
  /** Trained with the writer's habit before "which" in the rest of the document among its features (`documentFeatures.ts`). */
  documentWhich?: boolean;
  /** Trained with the set-off comma model's probability at the slots among its features (`sideModels.ts`). */
  setOffFeature?: boolean;
  /** Trained with the BiLSTM gap tagger's probabilities at the slots among its features (`sideModels.ts`). */
  neuralGaps?: boolean;
}

/**
 * The kind of edit a per-kind threshold applies to: the rule and the action (`introductory-comma/insert`), no variant,
 * except the closing comma of a pair whose opening comma the writer wrote (`nonrestrictive-comma/insert/unclosed`).
 * That comma is half-written already, and the scorer's probability for it sits lower than for the insertion of a whole
 * pair: the README's `My brother, who lives in Paris is a doctor.` got 0.653 against the pairs' shared 0.88 (journal,
 * "The learned decision as the default").
 */
export function thresholdGroup(key: string): string {
  const [rule, action, variant] = key.split('/');
  return variant === UNCLOSED ? `${rule}/${action}/${variant}` : `${rule}/${action}`;
}

/** The threshold of a candidate's kind. */
export function scorerThreshold(m: Pick<LearnedScorer, 'threshold' | 'thresholds'>, key: string): number {
  let group = groups.get(key);
  if (group === undefined) {
    if (groups.size >= 10_000) groups.clear();
    groups.set(key, (group = thresholdGroup(key)));
  }
  return m.thresholds?.[group] ?? m.threshold;
}

/** `thresholdGroup` of each kind of edit asked about (a hundred or so: the generators' kinds), asked at every candidate; bounded all the same. */
const groups = new Map<string, string>();

export const SCORER_FILE = 'lint-scorer.json';

/**
 * The scorer of `file`, or undefined when there is none: from its sidecar (`scorerWeights.ts`) when that was derived
 * from this file, which the manifest's SHA-256 of the file tells without reading it (in a directory without a
 * manifest, a training candidate's, the file is read and hashed); else parsed from the file. The packages ship the
 * sidecar and the manifest without the file (`isOptionalModelFile`).
 */
export function loadLearnedScorer(file: string): LearnedScorer | undefined {
  if (!fs.existsSync(file) && !(manifestSha256(file) && fs.existsSync(scorerSidecarFile(file)))) return undefined;
  let bytes: Buffer | undefined;
  const stored = readScorerSidecar(file, manifestSha256(file) ?? scorerSource((bytes = readModelFile(file))));
  if (stored) return scorerOf(stored.settings, stored.weights, stored.hand);
  const m = JSON.parse((bytes ?? readModelFile(file)).toString('utf8')) as Partial<ScorerJson>;
  if (!m.weights || typeof m.threshold !== 'number') throw new Error(`${file}: not a learned scorer (weights, threshold)`);
  const { weights, hand, ...settings } = m as ScorerJson;
  return scorerOf({ ...settings, hand }, recordWeights(weights), hand && recordWeights(hand.weights));
}

/** The scorer of a file's settings and weights. */
function scorerOf(m: ScorerSettings, weights: FeatureWeights, hand: FeatureWeights | undefined): LearnedScorer {
  return {
    weights,
    threshold: m.threshold,
    note: m.note ?? '',
    candidates: m.candidates === 'dense' ? 'dense' : undefined,
    thresholds: m.thresholds,
    hand: m.hand && hand ? { weights: hand, threshold: m.hand.threshold } : undefined,
    gapFeature: m.gapFeature === true,
    documentRegister: m.documentRegister === true,
    documentWhich: m.documentWhich === true,
    setOffFeature: m.setOffFeature === true,
    neuralGaps: m.neuralGaps === true,
  };
}

export function predictFeatures(weights: FeatureWeights, f: FeatureVector): number {
  return 1 / (1 + Math.exp(-featureLogit(weights, f)));
}

/** w · f, the scorer's logit. */
export function featureLogit(weights: FeatureWeights, f: FeatureVector): number {
  let z = 0;
  for (const [name, v] of f) z += (weights.get(name) ?? 0) * v;
  return z;
}

/** The probability that the candidate restores what an editor wrote. */
export function learnedProbability(m: LearnedScorer, sc: ScoredCandidate, s: AnalysedSentence, info: TreeInfo, ctx: FeatureContext = {}): number {
  return predictFeatures(m.weights, candidateFeatures(sc, s, info, ctx));
}

export type FeatureVector = Array<[string, number]>;

const clip = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));
const bucket = (x: number) => (x <= 0 ? '0' : x === 1 ? '1' : x <= 3 ? '2-3' : x <= 7 ? '4-7' : x <= 15 ? '8-15' : '16+');

function depth(info: TreeInfo, w: number): number {
  let d = 0;
  for (let x = w; x !== 0 && d < 50; x = info.head(x)) d++;
  return d;
}

/** The largest constituent whose right edge is slot i, and the largest whose left edge is slot i (0: none). */
export function edgesAt(info: TreeInfo, i: number): { ending: number; starting: number } {
  let ending = 0;
  let starting = 0;
  for (let w = 1; w <= info.n; w++) {
    const [a, b] = info.span[w];
    if (b === i && (!ending || a < info.span[ending][0])) ending = w;
    if (a - 1 === i && (!starting || b > info.span[starting][1])) starting = w;
  }
  return { ending, starting };
}

/** What the features read besides the candidate: the punctuation model's prior of a comma at each slot. */
export interface FeatureContext {
  prior?: Float64Array;
  /** The comma-gap model's probability at each gap (`sideModels.ts`; NaN where it asks nothing). */
  gaps?: Float64Array;
  /** The register bins of the sentence's document (`documentFeatures.ts`), for a scorer trained with them. */
  document?: readonly string[];
  /** The document's "which"s but the sentence's own, `[with a comma, without]` (`documentFeatures.ts`), for a scorer trained with them. */
  whichOthers?: readonly [number, number];
  /** The set-off comma model's answers at the sentence's candidates (`sideModels.ts`), for a scorer trained with them. */
  setOff?: readonly SetOffAnswer[];
  /** The BiLSTM gap tagger's reading of the sentence (`sideModels.ts`), for a scorer trained with it. */
  neural?: NeuralGapReading;
  /** Name the slot's structure conjoined with the kind too (`KEY_CONJOINED_FEATURE`), for a scorer trained with it. */
  keyConjoined?: boolean;
}

/** How Δ and the calibrated confidence's logit enter the features: clipped to ±CLIP, divided by SCALE. */
const DELTA_CLIP = 20;
const DELTA_SCALE = 5;
const CAL_LOGIT_CLIP = 8;
const CAL_LOGIT_SCALE = 4;

/**
 * The most that Δ's features (Δ itself, per kind and per generator, and the calibrated confidence Δ gives) can add
 * to the logit of a candidate of kind `key` from generator `hand`, whatever Δ is: each term at its clip.
 */
export function deltaTermsReach(weights: FeatureWeights, key: string, hand: 'dense' | 'hand'): number {
  let byWeights = reaches.get(weights);
  if (!byWeights) reaches.set(weights, (byWeights = { dense: new Map(), hand: new Map() }));
  const known = byWeights[hand];
  let reach = known.get(key);
  if (reach === undefined) {
    const w = (name: string) => weights.get(name) ?? 0;
    reach = (DELTA_CLIP / DELTA_SCALE) * Math.abs(w('delta') + w(`key=${key}*delta`) + w(`${hand}*delta`)) + (CAL_LOGIT_CLIP / CAL_LOGIT_SCALE) * Math.abs(w('calLogit'));
    known.set(key, reach);
  }
  return reach;
}

/** `deltaTermsReach` by weights (which do not change once loaded), generator and kind: asked for at every dense candidate, of a few dozen kinds. */
const reaches = new WeakMap<FeatureWeights, Record<'dense' | 'hand', Map<string, number>>>();

/** The candidate's features by name (`emitCandidateFeatures`): what the scorer is trained on and what the reasons read. */
export function candidateFeatures(sc: ScoredCandidate, s: AnalysedSentence, info: TreeInfo, ctx: FeatureContext = {}): FeatureVector {
  const names = new FeatureNames();
  emitCandidateFeatures(names, sc, s, info, ctx);
  return names.features;
}

/**
 * w · f of the candidate's features, as `featureLogit(weights, candidateFeatures(…))` gives it, bit for bit, without
 * naming them; with `shared`, the slot blocks the sentence's other candidates scored are replayed, not looked up again.
 */
export function candidateLogit(weights: FeatureWeights, sc: ScoredCandidate, s: AnalysedSentence, info: TreeInfo, ctx: FeatureContext = {}, shared?: SentenceTerms): number {
  if (shared && (shared.s !== s || shared.info !== info)) throw new Error('candidateLogit: slot terms of another sentence');
  const sum = new FeatureLogit(weights, shared);
  emitCandidateFeatures(sum, sc, s, info, ctx);
  return sum.z;
}

/** The smaller of the values, as `Math.min(...values)` gives it (NaN if one is, Infinity for none), without the spread. */
function minOf(values: Iterable<number>): number {
  let m = Infinity;
  for (const x of values) m = Math.min(m, x);
  return m;
}

/** The larger of the values, as `Math.max(...values)` gives it. */
function maxOf(values: Iterable<number>): number {
  let m = -Infinity;
  for (const x of values) m = Math.max(m, x);
  return m;
}

/**
 * The candidate's features into `out`, each named by parts (`featureSinks.ts`): `out.add(v, 'lw=', lw, '*', side,
 * action)` is the feature `lw=${lw}*${side}${action}` at v. Features of a name prefix `out` does not read are left out.
 */
export function emitCandidateFeatures(out: FeatureSink, sc: ScoredCandidate, s: AnalysedSentence, info: TreeInfo, ctx: FeatureContext = {}): void {
  const c = sc.candidate;
  const words = s.tree.words;
  const n = words.length;
  const key = sc.key;
  const action = c.action;
  const size = String(c.changes.size);
  const hasDelta = Number.isFinite(sc.delta);
  const delta = hasDelta ? clip(sc.delta, -DELTA_CLIP, DELTA_CLIP) : 0;
  // Who proposed it: the hand-written generator (its guards let it through) or only the dense one.
  const hand = c.dense ? 'dense' : 'hand';
  const changed = [...c.changes.keys()];
  out.add(1, 'bias');
  out.add(1, hand, '*', action, '*slots=', size);
  out.add(1, 'key=', key);
  out.add(1, 'key=', key, '*', hand);
  out.add(1, 'slots=', size);
  out.add(1, 'len=', bucket(Math.round(n / 4)));
  if (hasDelta) {
    out.add(delta / DELTA_SCALE, 'delta');
    out.add(delta / DELTA_SCALE, 'key=', key, '*delta');
    out.add(delta / DELTA_SCALE, hand, '*delta');
    out.add(clip(logit(clip(sc.confidence, 1e-4, 1 - 1e-4)), -CAL_LOGIT_CLIP, CAL_LOGIT_CLIP) / CAL_LOGIT_SCALE, 'calLogit');
  } else out.add(1, 'noDelta*', action, '*slots=', size);
  if (ctx.prior) {
    // The model's prior of a comma at the candidate's slots: low where it would not write one, whatever was written.
    const prior = ctx.prior;
    emitSlotProbabilities(out, 'prior', changed.map((i) => prior[i] ?? 0), action, key);
  }
  if (ctx.gaps) {
    // The comma-gap model's answer at the slots (missing at an empty gap, stray at a written comma): a second opinion
    // read off the words and marks around the gap, not off the punctuation model's bracketing.
    const gaps = ctx.gaps;
    const ps = changed.map((i) => gaps[i]).filter((p) => Number.isFinite(p));
    if (ps.length > 0) emitSlotProbabilities(out, 'gap', ps, action, key);
    else out.add(1, 'noGap*', action);
  }
  if (ctx.setOff) {
    // The set-off comma model's answer where it asks about the slots: learned on edited-english of the commas around
    // relative clauses, appositions and fronted phrases, which is what the calibrated decision's recall of them rests
    // on (dev relative / appositive recall 0.298 / 0.326 against w1c's 0.165 / 0.209 without it).
    const at = setOffAt(ctx.setOff, changed);
    if (at) {
      const l = boundedLogit(at.answer.p);
      // The shape: `${kind}|same=${same}`.
      const kind = at.answer.kind;
      const same = String(at.same);
      out.add(l / 4, 'setOff*', action);
      out.add(l / 4, 'setOff*key=', key);
      out.add(l / 4, 'setOff*', kind, '|same=', same, '*', action);
      out.add(1, 'setOffBin=', String(Math.round(l)), '*', action);
      out.add(1, 'setOffKind=', kind, '|same=', same, '*', action);
    } else out.add(1, 'noSetOff*', action);
  }
  // Each hand-written guard whose predicate holds at the slots (`Candidate.guards`): a feature, not a veto, so the
  // weight of each is learned from edited text and web text together.
  for (const g of c.guards ?? []) {
    out.add(1, 'guard=', g);
    out.add(1, 'guard=', g, '*', hand);
    out.add(1, 'guard=', g, '*slots=', size);
  }
  if (c.guards) out.add(1, 'guarded*', action, '*n=', bucket(c.guards.length));
  // What the sentence shows of its writer's register: web and learner writers start lower-case, write "i", and leave
  // the final mark off far more often than editors; the same missing comma means less from them (clean EWT dev).
  const facts = out.sentence(s);
  for (const r of facts.register) out.add(1, r, '*', action);
  // The document's register (`documentFeatures.ts`): what the sentence alone cannot show of its writer.
  if (ctx.document) emitDocumentRegisterFeatures(out, ctx.document, action, key);
  if (c.size !== undefined) {
    out.add(Math.log1p(c.size), 'introSize');
    out.add(Math.log1p(c.size), 'key=', key, '*introSize');
  }
  out.add(1, 'commas=', bucket(facts.commas));
  if (c.node > 0) {
    const rel = info.rel(c.node);
    out.add(1, 'node=', rel);
    out.add(1, 'node=', rel, '*key=', key);
    const [a, b] = info.span[c.node];
    out.add(1, 'nodeLen=', bucket(b - a + 1));
    out.add(1, 'nodeDepth=', bucket(depth(info, c.node)));
    const h = info.head(c.node);
    out.add(1, 'nodeHead=', h ? words[h - 1].upos : 'ROOT');
  }
  const slots = changed.sort((x, y) => x - y);
  // The first slot's features, and for a pair the closing slot's under their own names (`2:` before the action).
  for (let k = 0; k < Math.min(2, slots.length); k++) {
    const side = k === 0 ? '' : '2:';
    const i = slots[k];
    out.slot(i, side, action, () => emitSlotFeatures(out, s, info, i, side, action));
  }
  // The writer's other "which"s, for a comma inserted before one: a feature of the candidate's kind, so not among the
  // slot's features (which its other candidates share).
  if (ctx.whichOthers && action === 'insert' && s.tree.words[slots[0]]?.form.toLowerCase() === 'which') {
    for (const [name, v] of whichHabitFeatures(ctx.whichOthers, key)) out.add(v, name);
  }
  // Which mark an editor would write at the slots, read by the BiLSTM from the whole sentence as written.
  if (ctx.neural) {
    const changes = slots.map((i) => [i, c.changes.get(i)!.map((m) => m.norm)] as const);
    for (const [name, v] of neuralGapFeatures(ctx.neural, changes, (i) => s.tree.slots[i] ?? [], action, key)) out.add(v, name);
  }
  // The first slot's structure again, by kind: the slot features above are shared by every kind of one action, and
  // the same structure means opposite things for two kinds (a comma after a constituent that holds a comma is an
  // aside's closing one, wrongly deleted as a subject–verb comma, and a learner's stray one elsewhere).
  if (slots.length > 0 && ctx.keyConjoined) {
    const names = new FeatureNames();
    emitSlotFeatures(names, s, info, slots[0], '', action);
    for (const [name, v] of keyConjoinedFeatures(key, names.features)) out.add(v, name);
  }
}

/** The prefix of the slot features conjoined with the candidate's threshold group: `kc|GROUP|NAME`. */
export const KEY_CONJOINED_PREFIX = 'kc|';
/** The first slot's features conjoined with the kind (names of the first slot only: no `2:` side). */
export const KEY_CONJOINED_FEATURE = /^(?:rt=|rr=|lt\|rt=|end\|start=|endLen=|startLen=|endCommas=|seriesNext=|pairOpen=|siblings=)[^*]*\*(?!2:)[^*]*$/;
/** The name of feature `name` conjoined with the threshold group of kind `key`. */
export function keyConjoinedName(key: string, name: string): string {
  return KEY_CONJOINED_PREFIX + thresholdGroup(key) + '|' + name;
}

/**
 * The features a candidate of kind `key` gains under `keyConjoined`, from its features named without it: what the
 * training adds to cached examples (`fit.ts --key-conjoin`), the same names in the same order as the lint emits them.
 */
export function keyConjoinedFeatures(key: string, features: FeatureVector): FeatureVector {
  return features.filter(([name]) => KEY_CONJOINED_FEATURE.test(name)).map(([name, v]) => [keyConjoinedName(key, name), v]);
}

/**
 * A model's probabilities at the candidate's slots (`name`: the punctuation model's prior, the comma-gap model): the
 * lowest and highest as logits, the lowest for the kind of edit, and the lowest's bin.
 */
function emitSlotProbabilities(out: FeatureSink, name: string, ps: readonly number[], action: string, key: string): void {
  const lo = boundedLogit(minOf(ps));
  const hi = boundedLogit(maxOf(ps));
  out.add(lo / 4, name, '*', action);
  out.add(hi / 4, name, 'Max*', action);
  out.add(lo / 4, name, '*key=', key);
  out.add(1, name, 'Bin=', String(Math.round(lo)), '*', action);
}

/**
 * The features of slot i (side '': the candidate's first slot, '2:' a pair's closing one) for an edit of `action`:
 * what the words, tags, relations and constituents at the slot and the marks written around it are. A function of the
 * sentence, the slot, the side and the action alone, so that a sink may remember them (`FeatureSink.slot`).
 */
function emitSlotFeatures(out: FeatureSink, s: AnalysedSentence, info: TreeInfo, i: number, side: string, action: string): void {
  const words = s.tree.words;
  const n = words.length;
  const left = i >= 1 ? words[i - 1] : undefined;
  const right = i < n ? words[i] : undefined;
  const lw = left ? left.form.toLowerCase() : '<s>';
  const rw = right ? right.form.toLowerCase() : '</s>';
  const lt = left?.upos ?? '<s>';
  const rt = right?.upos ?? '</s>';
  out.add(1, 'lw=', lw, '*', side, action);
  out.add(1, 'rw=', rw, '*', side, action);
  out.add(1, 'lt=', lt, '*', side, action);
  out.add(1, 'rt=', rt, '*', side, action);
  out.add(1, 'lt|rt=', String(left?.upos), '|', String(right?.upos), '*', side, action);
  out.add(1, 'lr=', left?.deprel ?? '<s>', '*', side, action);
  out.add(1, 'rr=', right?.deprel ?? '</s>', '*', side, action);
  out.add(1, side, 'pos=', bucket(i));
  out.add(1, side, 'posFromEnd=', bucket(n - i));
  const { ending, starting } = edgesAt(info, i);
  const er = ending ? info.rel(ending) : 'none';
  const sr = starting ? info.rel(starting) : 'none';
  const eh = ending ? info.head(ending) : 0;
  const sh = starting ? info.head(starting) : 0;
  out.add(1, 'end=', er, '*', side, action);
  out.add(1, 'start=', sr, '*', side, action);
  out.add(1, 'end|start=', er, '|', sr, '*', side, action);
  out.add(1, 'endHead=', eh ? info.rel(eh) : 'ROOT', '|', er, '*', side, action);
  out.add(1, 'startHead=', sh ? info.rel(sh) : 'ROOT', '|', sr, '*', side, action);
  out.add(1, 'siblings=', String(ending && starting && eh === sh), '*', side, action);
  out.add(1, 'endLen=', ending ? bucket(info.span[ending][1] - info.span[ending][0] + 1) : 'none', '*', side, action);
  out.add(1, 'startLen=', starting ? bucket(info.span[starting][1] - info.span[starting][0] + 1) : 'none', '*', side, action);
  out.add(1, 'startsAtFirst=', String(ending !== 0 && info.span[ending][0] === 1), '*', side, action);
  out.add(1, 'endTag|startTag=', ending ? words[ending - 1].upos : 'none', '|', starting ? words[starting - 1].upos : 'none', '*', side, action);
  out.add(1, 'endHeadTag=', eh ? words[eh - 1].upos : 'ROOT', '|', ending ? words[ending - 1].upos : 'none', '*', side, action);
  out.add(1, 'lw|rt=', lw, '|', rt, '*', side, action);
  // The word that opens the stretch ending at the slot (after the nearest mark before it, or the sentence's start),
  // read off the marks as written, not the parse: a comma after a stretch opened by "when" or "while" closes a
  // fronted clause, not a clause a splice would end (clean edited dev, journal "The learned scorer on cross-fitted
  // gap probabilities": splice "repairs" like `when … is ready⟦,→;⟧ we` 19 → 6 with this feature and the next).
  const from = stretchStart(s, i);
  const opener = words[from - 1];
  if (opener) {
    const o = OPENER_TAGS.has(opener.upos) ? opener.form.toLowerCase() : opener.upos;
    out.add(1, 'opens=', o, '*', side, action);
    out.add(1, 'opens=', o, '|atStart=', String(from === 1), '*', side, action);
    out.add(1, 'stretchLen=', bucket(i - from + 1), '*', side, action);
  }
  // The determiner of the noun before the slot: edited writers write a restrictive "which" without a comma after an
  // indefinite noun phrase (`a helper function which wraps`, clean edited dev), seldom after a name or a definite one.
  if (left && (left.upos === 'NOUN' || left.upos === 'PROPN')) {
    const det = words.find((w) => w.head === i && w.deprel === 'det');
    out.add(1, 'leftDet=', det ? det.form.toLowerCase() : 'none', '|rw=', RELATIVE_WORDS.has(rw) ? rw : 'other', '*', side, action);
  }
  // Whether a comma the writer wrote opens the stretch that ends at the slot (a comma here would close it), or closes
  // the stretch that starts after it, and that stretch's shape: a relative clause or a noun phrase set off on one
  // side only is half an aside. Without them the scorer deleted the written closing comma of an aside
  // (`PyDoc, the one existing standard auto-documentation tool⟦,→⟧ could`, clean edited dev) and gave the missing one
  // of `My brother, who lives in Paris is a doctor.` 0.653. A scorer fitted without them (`fit.ts` without
  // `--pair-features`, the shipped one) reads none, and they are not computed for it.
  if (out.reads('pair')) {
    const before = pairedStretch(s, info, i, 'before');
    out.add(1, 'pairOpen=', before.by, '*', side, action);
    if (before.by === ',') {
      out.add(1, 'pairSpan=', before.span, '*', side, action);
      out.add(1, 'pairFirst=', before.first, '|', before.span, '*', side, action);
      out.add(1, 'pairFrom=', before.from, '*', side, action);
      out.add(1, 'pairFirst|from=', before.first, '|', before.from, '*', side, action);
      out.add(1, 'pairAfterTag=', before.outer, '|', before.first, '*', side, action);
    }
  }
  if (out.reads('pair') || out.reads('seriesNext')) {
    const after = pairedStretch(s, info, i, 'after');
    if (after.by === ',') {
      // What follows the comma that closes the next stretch (`seriesNext`: not a `pair…` name, the recipe fits
      // without those): a coordinator there makes the slot's comma one of a series (`what you need to upgrade⟦,⟧
      // what to look out for, and any pain points`), which the scorer read as a verb–object comma on clean edited dev.
      out.add(1, 'pairNext=', after.span, '*', side, action);
      out.add(1, 'pairNextFirst=', after.first, '|', after.from, '*', side, action);
      out.add(1, 'seriesNext=', after.outer, '*', side, action);
    }
  }
  // The commas written inside the largest constituent that ends at the slot: one there makes a comma at the slot
  // the closing half of an aside the constituent holds (`the final implementation, in Python 3.18⟦,⟧ will`), which
  // the scorer deleted as a subject–verb comma on clean edited dev.
  if (ending && out.reads('endCommas')) {
    out.add(1, 'endCommas=', bucket(commasWithin(s, info.span[ending][0], i - 1)), '*', side, action);
  }
  // Before a coordinator: whether the conjunct it joins has a subject of its own (two independent clauses, which
  // edited prose separates with a comma: 69% of edited-english train's silver pairs whose second clause is longer than
  // five words, against 35% where the second conjunct has no subject of its own) and how long that conjunct is. No
  // other feature reads the conjunct's subject, and the scorer's weight for a missing coordinator comma swung between
  // refits (found 4–34 of 150 on edited dev; journal, "The lint models refitted over the epoch-8 graph parser").
  if (right?.deprel === 'cc' && out.reads('ccClause')) {
    const conj = right.head;
    if (conj > i && info.base(conj) === 'conj') {
      const subject = hasSubject(info, conj);
      out.add(1, 'ccClause=', String(subject), '*', side, action);
      out.add(1, 'ccClause=', String(subject), '|len=', bucket(info.span[conj][1] - i), '*', side, action);
    }
  }
}


/** How many of slots a..b (each after its word) hold a written comma. */
function commasWithin(s: AnalysedSentence, a: number, b: number): number {
  let k = 0;
  for (let i = a; i <= b; i++) if ((s.tree.slots[i] ?? []).includes(',')) k++;
  return k;
}

/** Marks written inside a word, not between phrases (`pairedStretch`). */
const IN_WORD_MARKS: ReadonlySet<string> = new Set(['-', '‐', '/', "'", '’']);

/** What a stretch between a slot and the nearest written mark on one side of it is (`pairedStretch`). */
export interface PairedStretch {
  /** The mark that bounds the stretch on its far side: ',', another mark, or none (the sentence's edge). */
  by: ',' | 'mark' | 'none';
  /** The constituent that spans exactly the stretch, as its relation|tag, or 'none'. */
  span: string;
  /** The stretch's first word: a relative word, a determiner, a noun, else its tag. */
  first: string;
  /**
   * The largest constituent that starts where the stretch starts, as its relation and where it ends against the
   * stretch's end (`here`, `beyond`, `within`): a relative clause a missing comma lets run to the sentence's end.
   */
  from: string;
  /** The tag of the word beyond the bounding mark (before an opening comma, after a closing one). */
  outer: string;
}

/**
 * The stretch between slot i and the nearest slot holding a mark before it (`before`: words a..i) or after it
 * (`after`: words i+1..j), read off the marks as written and the parse: whether a comma bounds it, so that a comma
 * at i would pair with a written one, and the stretch's shape.
 */
export function pairedStretch(s: AnalysedSentence, info: TreeInfo, i: number, side: 'before' | 'after'): PairedStretch {
  const words = s.tree.words;
  const n = words.length;
  let a: number;
  let b: number;
  let mark: number;
  // A hyphen, slash or apostrophe inside a word (`auto-documentation`) bounds no stretch.
  const bounds = (k: number) => (s.tree.slots[k] ?? []).some((m) => !IN_WORD_MARKS.has(m));
  if (side === 'before') {
    a = 1;
    for (let k = i - 1; k >= 1 && a === 1; k--) if (bounds(k)) a = k + 1;
    b = i;
    mark = a - 1;
  } else {
    a = i + 1;
    b = a;
    while (b < n && !bounds(b)) b++;
    mark = b;
  }
  const none: PairedStretch = { by: 'none', span: 'none', first: 'none', from: 'none', outer: 'none' };
  if (mark < 1 || mark >= n || a > b || b > n) return none;
  const marks = s.tree.slots[mark] ?? [];
  if (!marks.includes(',')) return { ...none, by: 'mark' };
  let exact = 0;
  let starting = 0;
  for (let w = 1; w <= n; w++) {
    const [x, y] = info.span[w];
    if (x !== a) continue;
    // The top of the words spanning exactly a..b: its head's span is wider.
    const h = info.head(w);
    if (y === b && (h === 0 || info.span[h][0] !== a || info.span[h][1] !== b)) exact = w;
    if (!starting || y > info.span[starting][1]) starting = w;
  }
  const fw = words[a - 1];
  const lower = fw.form.toLowerCase();
  const first = RELATIVE_WORDS.has(lower) ? lower : fw.upos === 'DET' ? 'DET' : /^(NOUN|PROPN|PRON|NUM)$/.test(fw.upos) ? 'NOMINAL' : fw.upos;
  const end = starting ? info.span[starting][1] : 0;
  const from = starting ? `${info.rel(starting)}|${end === b ? 'here' : end > b ? 'beyond' : 'within'}` : 'none';
  const outerWord = side === 'before' ? words[mark - 1] : words[mark];
  return { by: ',', span: exact ? `${info.rel(exact)}|${words[exact - 1].upos}` : 'none', first, from, outer: outerWord?.upos ?? 'none' };
}

const RELATIVE_WORDS: ReadonlySet<string> = new Set(['which', 'who', 'whom', 'whose', 'that', 'where', 'when']);

/** Tags whose word, not tag, names a stretch's opener (`candidateFeatures`): the closed classes. */
const OPENER_TAGS: ReadonlySet<string> = new Set(['SCONJ', 'ADP', 'ADV', 'PART', 'PRON', 'DET', 'CCONJ', 'AUX']);

/** The first word of the stretch that ends at slot i: the word after the nearest slot before i holding a mark, else 1. */
export function stretchStart(s: AnalysedSentence, i: number): number {
  for (let k = i - 1; k >= 1; k--) if ((s.tree.slots[k] ?? []).length > 0) return k + 1;
  return 1;
}
