/**
 * The model-based rules of one sentence: score candidates, keep the confident ones, add style findings (serial comma)
 * as the settings ask, and build the findings.
 */
import { PlainFinding } from '../finding';
import { EngineModel } from '../punctModel';
import { AnalysedSentence } from '../sentence';
import { treeInfo } from '../treeInfo';
import { LintOptions } from '../types';
import { Calibration, canReach } from './calibration';
import { ScoredCandidate, scoreCandidates, selectCandidates } from './decide';
import { candidateFinding } from './findings';
import { britishQuoteFindings } from './britishQuotes';

/** Confidence given to a style finding: the setting decides, the parse could still be wrong. */
const STYLE_CONFIDENCE = 0.9;

export function sentenceFindings(
  text: string,
  s: AnalysedSentence,
  model: EngineModel,
  cal: Calibration,
  options: LintOptions,
  threshold: number,
  quoteStyle?: 'american' | 'british',
): PlainFinding[] {
  if (s.tree.words.length === 0) return [];
  const info = treeInfo(s.tree);
  const serial = options.serialComma ?? 'ignore';
  const scored = scoreCandidates(model, s, info, cal, (c, key) =>
    c.category === 'serial-comma' ? serial !== 'ignore' : canReach(cal, key, threshold),
  );
  const errors = scored.filter((c) => c.candidate.category !== 'serial-comma');
  const chosen = selectCandidates(errors, threshold);
  const style: ScoredCandidate[] = [];
  for (const c of scored) {
    if (c.candidate.category !== 'serial-comma') continue;
    if ((serial === 'always' && c.candidate.action === 'insert') || (serial === 'never' && c.candidate.action === 'delete'))
      style.push({ ...c, confidence: STYLE_CONFIDENCE });
  }
  const out = [...chosen, ...style].map((c) => candidateFinding(c, s, info, text, model, options.explain ?? true));
  if (quoteStyle === 'british') out.push(...britishQuoteFindings(s, model));
  return out;
}

/** Every scored candidate of a sentence (for calibration and threshold tuning). */
export function sentenceCandidates(s: AnalysedSentence, model: EngineModel, cal: Calibration): ScoredCandidate[] {
  if (s.tree.words.length === 0) return [];
  return scoreCandidates(model, s, treeInfo(s.tree), cal);
}
