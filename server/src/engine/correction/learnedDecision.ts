/**
 * The decision of one sentence by the learned correction scorer (`LintOptions.decision: 'learned'`): every candidate
 * the engine generates, scored by the punctuation model, gets the scorer's probability as its confidence; the most
 * confident ones at or above the scorer's threshold (or the user's minConfidence) that touch no slot twice become
 * findings. No guard, convention or style step runs after it: that is what the scorer is to learn (issue 29).
 */
import { PlainFinding } from '../finding';
import { EngineModel } from '../punctModel';
import { AnalysedSentence, Reparse } from '../sentence';
import { treeInfo } from '../treeInfo';
import { LintOptions } from '../types';
import { Calibration } from './calibration';
import { MIN_COMMA_PRIOR, ScoredCandidate, scoreCandidateList, scoreCandidates, selectCandidates } from './decide';
import { denseCandidates } from './denseCandidates';
import { candidateFinding } from './findings';
import { candidateFeatures, FeatureContext, FeatureVector, LearnedScorer, predictFeatures, scorerThreshold } from './learnedScorer';
import { plainReasons } from './learnedReasons';
import { TreeInfo } from '../treeInfo';

export function learnedFindings(
  text: string,
  s: AnalysedSentence,
  model: EngineModel,
  cal: Calibration,
  scorer: LearnedScorer,
  options: LintOptions,
  reparse?: Reparse,
): { findings: PlainFinding[] } {
  if (s.tree.words.length === 0) return { findings: [] };
  const info = treeInfo(s.tree);
  const features = new Map<ScoredCandidate, { f: FeatureVector; weights: Record<string, number>; threshold: number }>();
  const scored = scoredForScorer(scorer, s, info, model, cal, reparse).map((c) => {
    // With a hand scorer inside a dense one, the hand generator's candidates are decided as that scorer was trained:
    // on their own features, without the prior.
    const byHand = scorer.hand && !c.scored.candidate.dense;
    const f = candidateFeatures(c.scored, s, info, byHand ? {} : c.ctx);
    const weights = byHand ? scorer.hand!.weights : scorer.weights;
    const out = { ...c.scored, confidence: predictFeatures(weights, f) };
    features.set(out, { f, weights, threshold: options.minConfidence ?? (byHand ? scorer.hand!.threshold : scorerThreshold(scorer, c.scored.key)) });
    return out;
  });
  // Each candidate at its own threshold; one below it claims no slot.
  const passing = scored.filter((c) => c.confidence >= features.get(c)!.threshold);
  const chosen = selectCandidates(passing, 0).map((c) => ({ ...c, reasons: plainReasons(features.get(c)!.weights, features.get(c)!.f) }));
  return { findings: chosen.map((c) => candidateFinding(c, s, info, text, model, options.explain ?? true)) };
}

/**
 * The candidates the scorer decides, each with what its features read: with a dense scorer every gap, comma and pair
 * (`denseCandidates.ts`; an inference only where the prior reaches the floor or a comma is removed), else the
 * hand-written generator's candidates that the model scored.
 */
export function scoredForScorer(
  scorer: Pick<LearnedScorer, 'candidates'>,
  s: AnalysedSentence,
  info: TreeInfo,
  model: EngineModel,
  cal: Calibration,
  reparse?: Reparse,
): Array<{ scored: ScoredCandidate; ctx: FeatureContext }> {
  if (scorer.candidates !== 'dense') {
    return scoreCandidates(model, s, info, cal, (c) => c.category !== 'serial-comma', reparse)
      .filter((c) => Number.isFinite(c.delta))
      .map((scored) => ({ scored, ctx: {} }));
  }
  const prior = model.commaPrior?.(s.tree);
  const cands = denseCandidates(s, info, prior, cal.minCommaPrior ?? MIN_COMMA_PRIOR, reparse);
  const ctx: FeatureContext = { prior };
  return scoreCandidateList(model, s, cal, cands, (c) => c.category !== 'serial-comma', (c) => c.dense?.scored === false).map((scored) => ({ scored, ctx }));
}
