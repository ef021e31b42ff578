/**
 * The decision of one sentence by the learned correction scorer (`LintOptions.decision: 'learned'`): every candidate
 * the engine generates, scored by the punctuation model, gets the scorer's probability as its confidence; the most
 * confident ones at or above the scorer's threshold (or the user's minConfidence) that touch no slot twice become
 * findings. No guard or convention runs after it: that is what the scorer is to learn (issue 29). The style settings
 * (serial comma, introductory comma, comma splices, British quotes) are the writer's standard, not the text's, and are
 * applied after it by the same step as after the calibrated decision (`styleStep.ts`), on the slots it left.
 */
import { BiLstmTagger } from '../../../restore/bilstmTagger';
import { gapProbabilities, neuralGapReading, setOffProbabilities } from './sideModels';
import { PlainFinding } from '../../finding';
import { EngineModel } from '../../punctModel';
import { AnalysedSentence, Reparse } from '../../sentence';
import { treeInfo, TreeInfo } from '../../treeInfo';
import { LintOptions } from '../../types';
import { Calibration } from '../pipeline/calibration';
import { candidateNote, DecisionTrace, MIN_COMMA_PRIOR, scoreCandidateList, scoreCandidates, ScoredCandidate, selectCandidates } from '../pipeline/decide';
import { Candidate, denseCandidates, proposable } from '../pipeline/candidates';
import { adaptedConfidence, adaptedThreshold } from '../pipeline/writerErrorRate';
import { candidateFinding } from '../pipeline/findings';
import { candidateFeatures, candidateLogit, deltaTermsReach, FeatureContext, KEY_CONJOINED_PREFIX, LearnedScorer, scorerThreshold } from './learnedScorer';
import { plainReasons } from './learnedReasons';
import { FeatureWeights } from './scorerWeights';
import { SentenceTerms } from './featureSinks';
import { IntroductoryConvention } from '../style/introductoryConvention';
import { changeKey, SentenceFindings } from '../pipeline/modelRules';
import { styleStep } from '../style/styleStep';
import { CommaGapsModel } from '../../commaGaps/model';
import { SetOffCommasModel } from '../../setOffCommas/model';
import { registerBins, registerCounts, whichBin, whichOthers, whichTally, whichTallyOfBins } from './documentFeatures';

export function learnedFindings(
  text: string,
  s: AnalysedSentence,
  model: EngineModel,
  cal: Calibration,
  scorer: LearnedScorer,
  options: LintOptions,
  reparse?: Reparse,
  /**
   * What the style step reads besides the options: the quote placement in force and the introductory convention; and
   * the comma-gap model, read only by a scorer trained with its probability as a feature (`gapFeature`); the register
   * bins of the document (`documentFeatures.ts`), read only by a scorer trained with them (`documentRegister`); the
   * set-off comma model, read only by a scorer trained with its probability (`setOffFeature`).
   */
  style: { quoteStyle?: 'american' | 'british'; convention?: IntroductoryConvention; gaps?: () => CommaGapsModel | undefined; setOff?: () => SetOffCommasModel | undefined; neural?: () => BiLstmTagger | undefined; document?: readonly string[] } = {},
  /** Records what each stage does to a candidate it does not pass on as it came (`DecisionTrace`). */
  trace?: DecisionTrace,
): SentenceFindings {
  if (s.tree.words.length === 0) return { findings: [] };
  const info = treeInfo(s.tree);
  const adapt = options.adaptToWriter ?? true;
  const step = styleStep({ text, s, info, model, options, quoteStyle: style.quoteStyle, convention: style.convention, trace });
  // What each candidate was scored with: its features by name are built again from these only for a finding's
  // reasons (`plainReasons`), as the scorer's sum needs no names. A candidate decided by its bound has none.
  const features = new Map<ScoredCandidate, { scored?: ScoredCandidate; ctx: FeatureContext; weights: FeatureWeights; threshold: number }>();
  // A candidate whose probability stays below the lowest threshold it is decided at whatever its Δ is left out of the
  // punctuation model's inference (most of a sentence's gaps and commas): it is reported nowhere, deferred nowhere,
  // and counts as left out (`overruled`) as it would with its Δ. So is a hand-written one whose Δ nothing after the
  // scorer reads (the style step reads the Δ of its own kinds): on EWT test that halves the inside passes.
  // `explain --candidates` (a trace) shows every probability, so it scores them all.
  const upperBounds = new Map<Candidate, { p: number; threshold: number }>();
  // What the sentence's candidates share as they are scored: its facts and slot features, read once (`SentenceTerms`).
  const shared = new SentenceTerms(s, info);
  const others = whichOthersFor(scorer, style.document, text, s);
  const bySetting = (c: Candidate) => c.category === 'serial-comma' || step.isIntroductorySetting(c);
  const styleReads = (c: Candidate) => bySetting(c) || step.isStyle(c);
  const decidedWithoutDelta = trace
    ? undefined
    : (ctx: FeatureContext) => (c: Candidate, key: string) => {
        const bound = deltaFreeBound(scorer, c, key, ctx, s, info, options.minConfidence, style.document, shared, others, styleReads);
        if (bound === undefined || bound.p >= (adapt ? adaptedThreshold(bound.threshold) : bound.threshold)) return false;
        upperBounds.set(c, bound);
        return true;
      };
  const candidates = scoredForScorer(scorer, s, info, model, cal, reparse, options.fragment, step.serial, trace, {
    gaps: scorer.gapFeature ? style.gaps?.() : undefined,
    setOff: scorer.setOffFeature ? style.setOff?.() : undefined,
    neural: scorer.neuralGaps ? style.neural?.() : undefined,
  }, decidedWithoutDelta);
  // The serial comma is a setting's alone: the scorer was not trained on it and does not decide it. So is an
  // introductory comma the introductory settings speak for: under `auto` the writer's own habit over the document
  // decides it (`introductoryHabit.ts`), which one sentence's scorer cannot see: decided by the scorer, the omissions
  // were reported against a writer who never sets them off. On edited dev this costs 1 of the scorer's 65 found
  // omissions (of 150) and removes 1 of its 34 clean introductory findings (journal, "The learned decision as the
  // default").
  const settingsOwn = candidates.filter((c) => bySetting(c.scored.candidate)).map((c) => c.scored);
  const scored = candidates.filter((c) => !bySetting(c.scored.candidate)).map((c) => {
    const upper = upperBounds.get(c.scored.candidate);
    if (upper) {
      // Its bound stands for its probability: below every threshold, it is decided as it would be with its Δ.
      const out = { ...c.scored, confidence: upper.p };
      features.set(out, { ctx: {}, weights: scorer.weights, threshold: upper.threshold });
      return out;
    }
    const { ctx, weights, p, threshold } = scoreCandidate(scorer, c, s, info, options.minConfidence, style.document, shared, others);
    const out = { ...c.scored, confidence: p };
    features.set(out, { scored: c.scored, ctx, weights, threshold });
    return out;
  });
  // The scorer's probability of a lone comma inserted at each slot, for the omissions that wait for the habit
  // (`SentenceFindings.commaInserts`): its introductory-setting candidates are weighed too, though it decides none.
  const commaInserts = new Map<number, number | null>();
  const loneComma = (c: Candidate) => (c.action === 'insert' && c.changes.size === 1 ? [...c.changes].find(([, marks]) => marks.length === 1 && marks[0].norm === ',')?.[0] : undefined);
  const noteInsert = (slot: number, p: number | null) => {
    const had = commaInserts.get(slot);
    if (had === undefined || (p !== null && (had === null || p > had))) commaInserts.set(slot, p);
  };
  for (const c of scored) {
    const slot = loneComma(c.candidate);
    if (slot !== undefined) noteInsert(slot, upperBounds.has(c.candidate) ? null : c.confidence);
  }
  for (const c of candidates) {
    const slot = bySetting(c.scored.candidate) && c.scored.candidate.category === 'introductory-comma' ? loneComma(c.scored.candidate) : undefined;
    if (slot !== undefined) noteInsert(slot, scoreCandidate(scorer, c, s, info, options.minConfidence, style.document, shared, others).p);
  }
  const reasons = (c: ScoredCandidate) => {
    const { scored, ctx, weights } = features.get(c)!;
    return plainReasons(weights, scored ? candidateFeatures(scored, s, info, ctx) : []);
  };
  const toFinding = (c: ScoredCandidate, confidence = c.confidence) => candidateFinding({ ...c, confidence, reasons: reasons(c) }, s, info, text, model, options.explain ?? true);
  // Each candidate at its own threshold; one below it claims no slot.
  const passing = scored.filter((c) => {
    const threshold = features.get(c)!.threshold;
    if (c.confidence >= threshold) return true;
    trace?.(candidateNote('threshold', c.candidate, 'dropped', `the learned scorer's probability ${c.confidence.toFixed(3)} < ${threshold.toFixed(3)}`));
    return false;
  });
  const chosen = selectCandidates(passing, 0, trace);
  // A missing final period waits for an error-prone document, as under the calibrated decision: web writers end
  // reviews, replies and one-line paragraphs without one (85 of the 129 findings on clean EWT test, journal "Dense
  // learned candidates"), edited writers never do, and a text shows which population it comes from by its own errors.
  const waits = (c: ScoredCandidate) => adapt && c.candidate.category === 'sentence-final' && c.candidate.action === 'insert';
  const reported = chosen.filter((c) => !waits(c));
  if (trace) for (const c of chosen) if (waits(c)) trace(candidateNote('writer-error-rate', c.candidate, 'deferred', 'a missing final period is reported only in an error-prone document'));
  const taken = new Set(reported.flatMap((c) => [...c.candidate.changes.keys()]));
  // The style settings on the slots the scorer left (its candidates keep the punctuation model's Δ, which the step reads).
  const styled = step.run([...scored, ...settingsOwn], taken);
  const findings = [...reported.map((c) => toFinding(c)), ...styled.findings];
  const habit = styled.habit ? { habit: styled.habit } : {};
  // What the scorer left out at every threshold it decides at, having read the comma-gap model's probability of it
  // among its features: that model's finding of the same change would count its evidence twice (`sentenceKinds.ts`).
  const lowest = (c: ScoredCandidate) => (adapt ? adaptedThreshold(features.get(c)!.threshold) : features.get(c)!.threshold);
  const left = scorer.gapFeature ? scored.filter((c) => !chosen.includes(c) && c.confidence < lowest(c)).map((c) => changeKey(c.candidate.changes)) : [];
  const overruled = left.length ? { overruled: left } : {};
  const inserts = { commaInserts };
  if (!adapt) return { findings, ...habit, ...overruled, ...inserts };
  // What an error-prone document adds (`writerErrorRate.ts`): the scorer's probability is calibrated at the error
  // rate of its training text, and a writer whose own errors are ρ times more frequent makes each candidate's odds ρ
  // times larger, so the decisions are made again at the adapted thresholds, on the slots nothing above claimed.
  const claimed = new Set([...taken, ...styled.claimed]);
  const lowPassing = scored.filter(
    (c) => (waits(c) || !chosen.includes(c)) && c.confidence >= adaptedThreshold(features.get(c)!.threshold) && ![...c.candidate.changes.keys()].some((i) => claimed.has(i)),
  );
  const adaptive = [
    ...selectCandidates(lowPassing, 0).map((c) => {
      const confidence = adaptedConfidence(c.confidence);
      trace?.(candidateNote('writer-error-rate', c.candidate, 'deferred', `reported only in an error-prone document, at confidence ${c.confidence.toFixed(3)} → ${confidence.toFixed(3)}`));
      return toFinding(c, confidence);
    }),
    ...styled.waiting,
  ];
  return { findings, adaptive, ...habit, ...overruled, ...inserts };
}

/**
 * One candidate as the scorer decides it: the weights that score its features and the context they read (with the
 * document's register bins for a scorer trained with them: `candidateFeatures(c.scored, s, info, ctx)` names them for
 * a finding's reasons), its logit and probability, and the threshold it must reach. With a hand scorer inside a dense one, the hand generator's candidates are decided
 * as that scorer was trained: on their own features, without the prior. The lint and `explain --candidates`
 * (`weighedCorrections.ts`) both decide through this.
 */
export function scoreCandidate(
  scorer: LearnedScorer,
  c: { scored: ScoredCandidate; ctx: FeatureContext },
  s: AnalysedSentence,
  info: TreeInfo,
  minConfidence: number | undefined,
  document?: readonly string[],
  /** What the sentence's candidates scored so far (`SentenceTerms`), to share. */
  shared?: SentenceTerms,
  /** The document's "which"s but the sentence's (`whichOthersFor`), for a scorer trained with them. */
  whichOthers?: readonly [number, number],
): { ctx: FeatureContext; weights: FeatureWeights; z: number; p: number; threshold: number } {
  const byHand = scorer.hand && !c.scored.candidate.dense;
  const withDocument = scorer.documentRegister && document !== undefined;
  // The sentence's context object itself when the document adds nothing (most scorers), a copy otherwise.
  const ctx = byHand ? {} : withDocument || whichOthers ? { ...c.ctx, ...(withDocument ? { document } : {}), ...(whichOthers ? { whichOthers } : {}) } : c.ctx;
  const weights = byHand ? scorer.hand!.weights : scorer.weights;
  // The probability `predictFeatures(weights, candidateFeatures(…))` gives, from the same sum.
  const z = candidateLogit(weights, c.scored, s, info, ctx, shared);
  return {
    ctx,
    weights,
    z,
    p: 1 / (1 + Math.exp(-z)),
    threshold: minConfidence ?? (byHand ? scorer.hand!.threshold : scorerThreshold(scorer, c.scored.key)),
  };
}

/**
 * An upper bound on the scorer's probability of a candidate over every Δ it could have, with its threshold: its
 * features with Δ's terms at zero, plus the most those terms can add (`deltaTermsReach`), plus a margin for the
 * rounding of the sum with Δ (`BOUND_MARGIN`). Undefined for a candidate it does not cover: one of a group whose
 * members are chosen by Δ, or a hand-written one whose Δ a later step reads (`styleReads`: the style step's kinds;
 * without it, every hand-written one).
 */
export function deltaFreeBound(
  scorer: LearnedScorer,
  c: Candidate,
  key: string,
  ctx: FeatureContext,
  s: AnalysedSentence,
  info: TreeInfo,
  minConfidence: number | undefined,
  document?: readonly string[],
  shared?: SentenceTerms,
  whichOthers?: readonly [number, number],
  styleReads?: (c: Candidate) => boolean,
): { p: number; threshold: number } | undefined {
  if (c.group !== undefined || (!c.dense && (!styleReads || styleReads(c)))) return undefined;
  const { z: free, weights, threshold } = scoreCandidate(scorer, { scored: { candidate: c, delta: 0, key, confidence: 0.5 }, ctx }, s, info, minConfidence, document, shared, whichOthers);
  const z = free + deltaTermsReach(weights, key, c.dense ? 'dense' : 'hand') + BOUND_MARGIN;
  return { p: 1 / (1 + Math.exp(-z)), threshold };
}

/**
 * What `deltaFreeBound` adds to the logit so that it stays an upper bound: the logit with Δ is summed term by term in
 * floating point, so it may exceed the Δ-free sum plus the terms' reach by a few units in the last place (~1e-13 for a
 * candidate's ~60 terms); this is far above that, and moves no probability anywhere near a threshold.
 */
const BOUND_MARGIN = 1e-9;

/** The register bins the scorer reads for `text`: the document's when the prose layer gives them, else the text's own. */
export function documentBinsFor(scorer: LearnedScorer | undefined, options: LintOptions, text: string): readonly string[] | undefined {
  if (options.documentRegister) return scorer?.documentRegister || scorer?.documentWhich ? options.documentRegister : undefined;
  if (scorer?.documentRegister) return registerBins(registerCounts(text));
  // A scorer that reads only the "which" tally gets that alone (what `registerBins` would carry of it).
  return scorer?.documentWhich ? [whichBin(whichTally(text))] : undefined;
}

/**
 * For a scorer trained with it, the document's "which"s but those of the sentence `s` of `text` (`documentFeatures.ts`);
 * undefined for a sentence with no "which", where no candidate has the feature (so its candidates share one context).
 */
export function whichOthersFor(scorer: LearnedScorer, document: readonly string[] | undefined, text: string, s: AnalysedSentence): readonly [number, number] | undefined {
  const tally = scorer.documentWhich && document ? whichTallyOfBins(document) : undefined;
  if (!tally) return undefined;
  const sentence = text.slice(s.start, s.end);
  return /which/i.test(sentence) ? whichOthers(tally, sentence) : undefined;
}

/** The small models whose probabilities a scorer trained with them reads (`gapFeature`, `setOffFeature`). */
export interface SideModels {
  gaps?: CommaGapsModel;
  setOff?: SetOffCommasModel;
  /** The BiLSTM gap tagger (`sideModels.ts`), for a scorer trained with its probabilities. */
  neural?: BiLstmTagger;
}

/**
 * The candidates the scorer decides, each with what its features read: with a dense scorer every gap, comma and pair
 * (`denseCandidates`; an inference only where the prior reaches the floor or a comma is removed), else the
 * hand-written generator's candidates that the model scored.
 */
export function scoredForScorer(
  scorer: Pick<LearnedScorer, 'candidates' | 'gapFeature' | 'setOffFeature' | 'neuralGaps'> & Partial<Pick<LearnedScorer, 'weights'>>,
  s: AnalysedSentence,
  info: TreeInfo,
  model: EngineModel,
  cal: Calibration,
  reparse?: Reparse,
  fragment?: boolean,
  /** Keep the serial-comma candidates too, for the style step (`serialComma` set); the scorer never decides them. */
  serialComma = false,
  trace?: DecisionTrace,
  /** The comma-gap and set-off comma models, for a scorer trained with their probabilities as features. */
  side: SideModels = {},
  /** Which dense candidates need no Δ, given what their features read (`scoreCandidateList`). */
  decidedWithoutDelta?: (ctx: FeatureContext) => (c: Candidate, key: string) => boolean,
): Array<{ scored: ScoredCandidate; ctx: FeatureContext }> {
  const keep = (c: Candidate) => {
    if ((serialComma || c.category !== 'serial-comma') && proposable(c, fragment)) return true;
    trace?.(candidateNote('scoring', c, 'dropped', proposable(c, fragment) ? 'serialComma is ignore' : 'a label (heading, list item) gets no final period'));
    return false;
  };
  if (scorer.candidates !== 'dense') {
    return scoreCandidates(model, s, info, cal, keep, reparse, undefined, trace)
      .filter((c) => Number.isFinite(c.delta))
      .map((scored) => ({ scored, ctx: {} }));
  }
  const prior = model.commaPrior?.(s.tree);
  const cands = denseCandidates(s, info, prior, cal.minCommaPrior ?? MIN_COMMA_PRIOR, reparse);
  const { gaps, setOff, neural } = side;
  const ctx: FeatureContext = {
    prior,
    ...(neural && scorer.neuralGaps ? { neural: neuralGapReading(s, neural) } : {}),
    ...(gaps && scorer.gapFeature ? { gaps: gapProbabilities(s, info, gaps, prior) } : {}),
    ...(setOff && scorer.setOffFeature ? { setOff: setOffProbabilities(s, info, setOff, reparse) } : {}),
    ...(scorer.weights?.hasNameStartingWith(KEY_CONJOINED_PREFIX) ? { keyConjoined: true } : {}),
  };
  return scoreCandidateList(model, s, info, cal, cands, keep, (c) => c.dense?.scored === false, trace, decidedWithoutDelta?.(ctx)).map((scored) => ({ scored, ctx }));
}
