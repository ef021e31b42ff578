/**
 * Every correction the error model weighed for one sentence, as the linter scores them, with the threshold each is
 * held to, and what each stage of the decision did to the ones it did not pass on (`DecisionTrace`): the answer to
 * "why was this not flagged?" (`puncteme explain --candidates`). The front ends read this and never the correction
 * stages themselves, so those can change behind it.
 */
import { thresholdFor } from './correction/pipeline/calibration';
import { GUARDS } from './correction/guards/registry';
import { conventionDecision, sentenceCandidates, sentenceFindings } from './correction/pipeline/modelRules';
import { DecisionNote } from './correction/pipeline/decide';
import { documentBinsFor, learnedFindings, scoreCandidate, scoredForScorer, whichOthersFor } from './correction/learned/learnedDecision';
import { candidateFeatures, LearnedScorer } from './correction/learned/learnedScorer';
import { plainReasons } from './correction/learned/learnedReasons';
import { treeInfo } from './treeInfo';
import type { LinterParts } from './index';
import { effectiveQuoteStyle } from './rules/quotePlacement';
import { AnalysedSentence, Reparse } from './sentence';
import { sentenceSettings } from './sentenceSettings';
import { decidesLearned, LintOptions } from './types';
import { smallModelStep } from './sentenceKinds';
import { styleStep } from './correction/style/styleStep';

export type { DecisionNote, DecisionTrace } from './correction/pipeline/decide';
export { DECISION_STAGES } from './correction/pipeline/decide';

export interface WeighedCorrection {
  /** The kind of edit (the calibration's key, e.g. `subject-verb-comma/delete/lone-relative`). */
  kind: string;
  /** Each slot it changes (slot i: the marks after word i, 1-based) with the marks it writes there (none: deleted). */
  changes: Array<{ slot: number; marks: string[] }>;
  /** log p(corrected | T) − log p(written | T). */
  delta: number;
  /** Calibrated probability that the correction is right (the learned scorer's, under `decision: 'learned'`). */
  confidence: number;
  /** Reported: the confidence reaches its kind's threshold. */
  reported: boolean;
  /** Under `decision: 'learned'`: what weighed most for the correction, in plain words (`learnedReasons.ts`). */
  reasons?: string[];
}

/** A correction a registered guard (`correction/guards/registry.ts`) kept from being weighed at all. */
export interface VetoedCorrection {
  /** The kind of edit it would have been (category/action). */
  kind: string;
  changes: Array<{ slot: number; marks: string[] }>;
  /** The guard's id, and what it recognises. */
  guard: string;
  guardDescription: string;
}

export interface WeighedCorrections {
  /** Which decision weighed them: the calibrated error model's, or the learned scorer's. */
  decision: 'calibrated' | 'learned';
  /** The global threshold, and the kinds that have their own. */
  threshold: number;
  kindThresholds: Record<string, number>;
  /** Most confident first. */
  corrections: WeighedCorrection[];
  /** The corrections a guard vetoed, in the sentence's order. */
  vetoed: VetoedCorrection[];
  /**
   * What every stage of the lint's decision did to a candidate it did not pass on as it came (the guards' vetoes
   * among them), in the order the stages ran: the sentence decided as `Linter.lint` decides it under the same options
   * (the calibrated decision, or the learned one under `decision: 'learned'`).
   */
  decisions: DecisionNote[];
}

/**
 * `s` is a sentence of `text` (its offsets are into it), linted with `given`. Undefined when the model or the
 * calibration is not loaded (the typographic rules alone weigh nothing).
 */
export function weighedCorrections(s: AnalysedSentence, parts: LinterParts, text: string, given: LintOptions = {}): WeighedCorrections | undefined {
  const cal = parts.calibration;
  const model = parts.model;
  if (!cal || !model) return undefined;
  const reparse = parts.analyser?.parseWithCommas?.bind(parts.analyser);
  // As the linter scores them: the closing comma of a relative clause on its own parse, and every kind a convention
  // decides (`conventionDecision`) as it decides it.
  const scored = sentenceCandidates(s, model, cal, reparse)
    .flatMap((c) => conventionDecision(c))
    .sort((a, b) => b.confidence - a.confidence);
  // The sentence decided again as the lint decides it, with every stage's notes.
  const decisions: DecisionNote[] = [];
  const { options, thresholdOf } = sentenceSettings(given, model, cal);
  const trace = (n: DecisionNote) => decisions.push(n);
  const quoteStyle = effectiveQuoteStyle(text, options);
  const scorer = decidesLearned(options) ? parts.scorer : undefined;
  // As the linter reads it: the document's register when the prose layer gives it, else this text's.
  const document = documentBinsFor(scorer, options, text);
  const r = scorer
    ? learnedFindings(text, s, model, cal, scorer, options, reparse, { quoteStyle, convention: parts.convention, gaps: () => parts.kinds?.gaps, setOff: () => parts.kinds?.setOff, neural: () => parts.kinds?.neuralGaps, document }, trace)
    : sentenceFindings(text, s, model, cal, options, thresholdOf, quoteStyle, parts.convention, reparse, trace, parts.kinds?.gaps);
  // The small models' own candidates (sentence joins, semicolon/colon, set-off commas, comma gaps), as the lint asks.
  smallModelStep(s, text, parts.kinds, r, options, () => model.commaPrior?.(s.tree), reparse, trace, parts.convention);
  const describe = new Map(GUARDS.map((g) => [g.id, g.description]));
  const vetoed = decisions
    .filter((n) => n.stage === 'guard')
    .map((n) => ({ kind: n.kind, changes: n.changes, guard: n.guard ?? '', guardDescription: describe.get(n.guard ?? '') ?? '' }));
  if (scorer) return { decision: 'learned', ...learnedCorrections(text, s, parts, scorer, options, reparse, document), vetoed, decisions };
  return {
    decision: 'calibrated',
    threshold: cal.threshold,
    kindThresholds: { ...(cal.thresholds ?? {}) },
    corrections: scored.map((c) => ({
      kind: c.key,
      changes: [...c.candidate.changes].map(([slot, marks]) => ({ slot, marks: marks.map((m) => m.text) })),
      delta: c.delta,
      confidence: c.confidence,
      reported: c.confidence >= thresholdFor(cal, c.key),
    })),
    vetoed,
    decisions,
  };
}

/**
 * Every candidate the learned scorer decides, with its probability, its kind's threshold and its reasons; the
 * introductory commas the settings decide (`StyleStep.isIntroductorySetting`) are the decision notes' to describe.
 */
function learnedCorrections(
  text: string,
  s: AnalysedSentence,
  parts: LinterParts,
  scorer: LearnedScorer,
  options: LintOptions,
  reparse: Reparse | undefined,
  document: readonly string[] | undefined,
): Pick<WeighedCorrections, 'threshold' | 'kindThresholds' | 'corrections'> {
  const info = treeInfo(s.tree);
  const others = whichOthersFor(scorer, document, text, s);
  const side = { gaps: scorer.gapFeature ? parts.kinds?.gaps : undefined, setOff: scorer.setOffFeature ? parts.kinds?.setOff : undefined };
  const step = styleStep({ text, s, info, model: parts.model!, options, convention: parts.convention });
  const corrections = scoredForScorer(scorer, s, info, parts.model!, parts.calibration!, reparse, options.fragment, false, undefined, side)
    .filter((c) => !step.isIntroductorySetting(c.scored.candidate))
    .map((c) => {
      const { scored } = c;
      const { ctx, weights, p, threshold } = scoreCandidate(scorer, c, s, info, options.minConfidence, document, undefined, others);
      return {
        kind: scored.key,
        changes: [...scored.candidate.changes].map(([slot, marks]) => ({ slot, marks: marks.map((m) => m.text) })),
        delta: scored.delta,
        confidence: p,
        reported: p >= threshold,
        reasons: plainReasons(weights, candidateFeatures(scored, s, info, ctx)),
      };
    })
    .sort((a, b) => b.confidence - a.confidence);
  return { threshold: scorer.threshold, kindThresholds: { ...(scorer.thresholds ?? {}) }, corrections };
}
