/**
 * The model-based rules of one sentence under the calibrated decision: score candidates, keep the confident ones, add
 * the style findings the settings ask for (`styleStep.ts`, shared with the learned decision), and build the findings.
 */
import { PlainFinding } from '../../finding';
import { EngineModel } from '../../punctModel';
import { AnalysedSentence, Reparse } from '../../sentence';
import { treeInfo } from '../../treeInfo';
import { LintOptions } from '../../types';
import { Calibration, canReach } from './calibration';
import { Candidate, proposable } from './candidates';
import { ScoredCandidate, scoreCandidates, selectCandidates } from './decide';
import { candidateFinding } from './findings';
import { IntroductoryConvention } from '../style/introductoryConvention';
import { SentenceHabit } from '../style/introductoryHabit';
import { declarativeSentence, styleStep, TRANSITION_MIN_DELTA } from '../style/styleStep';
import { isQuestionMark } from '../candidates/questionMarks';
import { CONTRAST_CLAUSE } from '../candidates/clauses';
import { adaptedConfidence, adaptedThreshold } from './writerErrorRate';
import { conventionDecision, isConventionKind } from './conventionKinds';
import { candidateNote, DecisionTrace } from './decisionTrace';
import { strayAgreement } from './strayAgreement';
import { CommaGapsModel } from '../../commaGaps/model';

/** What one sentence contributes to a document's findings. */
export interface SentenceFindings {
  findings: PlainFinding[];
  /** Under `introductoryComma: auto`: its covered introductory elements and the omissions that wait for the habit. */
  habit?: SentenceHabit;
  /**
   * Under `adaptToWriter`: the findings the sentence adds if its document turns out error-prone, with their adapted
   * confidence (`writerErrorRate.ts`); the document's total decides.
   */
  adaptive?: PlainFinding[];
  /**
   * The changes a decision that reads the comma-gap model's probability (a learned scorer with `gapFeature`) weighed
   * and left out, even at an error-prone writer's thresholds (`changeKey`): that model's own finding of the same change
   * is not reported beside it (`sentenceKinds.ts`).
   */
  overruled?: readonly string[];
}

/** A change as `overruled` names it: each slot it edits with the marks the slot gets, in slot order. */
export function changeKey(changes: ReadonlyMap<number, readonly { norm: string }[]>): string {
  return [...changes].sort((a, b) => a[0] - b[0]).map(([slot, marks]) => `${slot}:${marks.map((m) => m.norm).join(' ')}`).join('|');
}

export function sentenceFindings(
  text: string,
  s: AnalysedSentence,
  model: EngineModel,
  cal: Calibration,
  options: LintOptions,
  /** The decision threshold of each kind of edit (`calibration.ts decisionThresholds`). */
  thresholdOf: (key: string) => number,
  quoteStyle?: 'american' | 'british',
  convention?: IntroductoryConvention,
  /** How to parse the sentence again with a comma written (the closing comma of a supplement, `unclosedSupplements.ts`). */
  reparse?: Reparse,
  /** Records what each stage after the generator does to a candidate it does not pass on as it came (`decisionTrace.ts`). */
  trace?: DecisionTrace,
  /** The comma-gap model, whose agreement a comma's deletion needs (`strayAgreement.ts`). */
  gaps?: CommaGapsModel,
): SentenceFindings {
  if (s.tree.words.length === 0) return { findings: [] };
  const info = treeInfo(s.tree);
  // An error-prone document decides at lower thresholds on the calibrated confidence (`writerErrorRate.ts`), so the
  // kinds that can reach those are scored too.
  const adapt = options.adaptToWriter ?? true;
  const explain = options.explain ?? true;
  // The missing final period of a full declarative sentence waits for the document's error rate: EWT's writers leave
  // it off list items and headlines but edited prose never does (`styleStep.ts`; BENCHMARKS, lint "Session 19").
  // So does a question's end mark (`questionMarks.ts`): EWT's web writers end a question with a period often enough to
  // fill the clean-text budget by themselves (BENCHMARKS, lint "Session 20 (lead): a question written with a period").
  const pendingFinal = (c: Candidate) =>
    adapt && c.category === 'sentence-final' && (c.action === 'insert' ? declarativeSentence(s.tree, info) : isQuestionMark(c.variant));
  // And the comma before a "but" that joins two full clauses, which EWT's writers leave out a third of the time
  // (`clauses.ts`; BENCHMARKS, lint "Session 20").
  const pendingContrast = (c: Candidate) => adapt && c.action === 'insert' && c.variant === CONTRAST_CLAUSE;
  const step = styleStep({
    text,
    s,
    info,
    model,
    options,
    quoteStyle,
    convention,
    errorProne: {
      is: (c) => pendingFinal(c) || pendingContrast(c),
      // The final period needs the model's agreement, as the introductory comma does. Before a "but" that joins two
      // clauses the guides decide, as after a transition, and the model need only not be strongly against the comma:
      // it learned from writers who leave it out a third of the time (Δ −0.1 to +1.1 on such sentences).
      wanted: (c) => (c.candidate.category === 'sentence-final' ? c.delta > 0 : c.delta > TRANSITION_MIN_DELTA),
    },
    trace,
  });
  const lowThresholdOf = (key: string) => (adapt ? adaptedThreshold(thresholdOf(key)) : thresholdOf(key));
  // A question's end mark has no error model of its own: it is scored only to wait for the document's error rate.
  const worthScoring = (c: Candidate, key: string) =>
    proposable(c, options.fragment) &&
    (c.category === 'serial-comma'
      ? step.serial
      : isQuestionMark(c.variant)
        ? pendingFinal(c)
        : step.isStyle(c) || isConventionKind(c.variant) || canReach(cal, key, lowThresholdOf(key)));
  const keep = trace
    ? (c: Candidate, key: string) => {
        if (worthScoring(c, key)) return true;
        trace(candidateNote('scoring', c, 'dropped', notScoredBecause(c, key)));
        return false;
      }
    : worthScoring;
  const notScoredBecause = (c: Candidate, key: string) =>
    !proposable(c, options.fragment)
      ? 'a label (heading, list item) gets no final period'
      : c.category === 'serial-comma'
        ? 'serialComma is ignore'
        : isQuestionMark(c.variant)
          ? "a question's end mark is reported only in an error-prone document, and adaptToWriter is off"
          : `no confidence of its kind reaches its threshold ${lowThresholdOf(key).toFixed(3)}${adapt ? ' (adapted to an error-prone writer)' : ''}`;
  const scored = scoreCandidates(
    model,
    s,
    info,
    cal,
    keep,
    reparse,
    // A splice kept only to wait for the document's error rate needs no inference unless it is to be explained: the
    // language server's analyses skip it (they ask for explanations on hover), which keeps a keystroke's work as before.
    (c, key) => step.pendingSplices && !explain && c.category === 'comma-splice' && !canReach(cal, key, lowThresholdOf(key)),
    trace,
  ).flatMap((c) => conventionDecision(c, trace));
  const errors = scored.filter((c) => c.candidate.category !== 'serial-comma' && !isQuestionMark(c.candidate.variant));
  const agreement = gaps ? strayAgreement(s, gaps, model.commaPrior?.(s.tree), trace) : undefined;
  const chosen = selectCandidates(agreement ? errors.filter((c) => agreement.edited(c)) : errors, thresholdOf, trace);
  const taken = new Set(chosen.flatMap((c) => [...c.candidate.changes.keys()]));
  const style = step.run(scored, taken);
  const toFinding = (c: ScoredCandidate) => candidateFinding(c, s, info, text, model, explain);
  const findings = [...chosen.map(toFinding), ...style.findings];
  // What an error-prone document would add: the decisions at the adapted thresholds, on slots nothing else claims.
  const claimed = new Set([...taken, ...style.claimed]);
  const adaptive = adapt
    ? [
        ...selectCandidates(
          errors.filter((c) => ![...c.candidate.changes.keys()].some((i) => claimed.has(i)) && (!agreement || agreement.errorProne(c))),
          lowThresholdOf,
        ).map((c) => {
          const confidence = adaptedConfidence(c.confidence);
          trace?.(candidateNote('writer-error-rate', c.candidate, 'deferred', `reported only in an error-prone document, at confidence ${c.confidence.toFixed(3)} → ${confidence.toFixed(3)}`));
          return toFinding({ ...c, confidence });
        }),
        ...style.waiting,
      ]
    : [];
  return { findings, ...(adaptive.length ? { adaptive } : {}), ...(style.habit ? { habit: style.habit } : {}) };
}

/** Every scored candidate of a sentence (for calibration and threshold tuning). */
export function sentenceCandidates(s: AnalysedSentence, model: EngineModel, cal: Calibration, reparse?: Reparse, only?: (key: string) => boolean): ScoredCandidate[] {
  if (s.tree.words.length === 0) return [];
  return scoreCandidates(model, s, treeInfo(s.tree), cal, only && ((_, key) => only(key)), reparse);
}
