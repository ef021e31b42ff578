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
import { scoreCandidates, selectCandidates } from './decide';
import { candidateFinding } from './findings';
import { LearnedScorer, learnedProbability } from './learnedScorer';

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
  const scored = scoreCandidates(model, s, info, cal, (c) => c.category !== 'serial-comma', reparse)
    .filter((c) => Number.isFinite(c.delta))
    .map((c) => ({ ...c, confidence: learnedProbability(scorer, c, s, info) }));
  const chosen = selectCandidates(scored, options.minConfidence ?? scorer.threshold);
  return { findings: chosen.map((c) => candidateFinding(c, s, info, text, model, options.explain ?? true)) };
}
