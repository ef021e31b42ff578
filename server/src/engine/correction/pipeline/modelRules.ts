/**
 * The model-based rules of one sentence under the calibrated decision: score candidates, keep the confident ones, add
 * the style findings the settings ask for (`styleStep.ts`, shared with the learned decision), and build the findings.
 *
 * Below it, the kinds a convention decides (`CONVENTION_VARIANTS`, `conventionDecision`) and the comma-gap
 * model's agreement a lone comma's deletion needs (`strayAgreement`).
 */
import { PlainFinding } from '../../finding';
import { EngineModel } from '../../punctModel';
import { AnalysedSentence, Reparse } from '../../sentence';
import { treeInfo } from '../../treeInfo';
import { LintOptions } from '../../types';
import { Calibration, canReach } from './calibration';
import { Candidate, proposable } from './candidates';
import { candidateNote, DecisionTrace, scoreCandidates, ScoredCandidate, selectCandidates } from './decide';
import { candidateFinding } from './findings';
import { IntroductoryConvention } from '../style/introductoryConvention';
import { SentenceHabit } from '../style/introductoryHabit';
import { declarativeSentence, styleStep, TRANSITION_MIN_DELTA } from '../style/styleStep';
import { isQuestionMark } from '../candidates/questionMarks';
import { ADJECTIVE_NOUN, AFTER_COORDINATOR, AFTER_PREPOSITION, CONTRAST_CLAUSE, DEGREE_COMPLEMENT, WH_COMPLEMENT } from '../candidates/clauses';
import { adaptedConfidence, adaptedThreshold } from './writerErrorRate';
import { CommaGapsModel, gapProbabilityAt } from '../../commaGaps/model';
import { LONE_RELATIVE, PAIRED_SUBJECT, PLAIN_SUBJECT, PSEUDO_CLEFT, RESTRICTIVE_SUBJECT, THAT_RELATIVE } from '../candidates/subjects';
import { UNCLOSED } from '../candidates/unclosedSupplements';
import { gapHead, gapKind, GapKind } from '../../commaGaps/features';
import { gapView } from '../../commaGaps/findings';

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
  /**
   * The learned scorer's probability of a comma inserted alone at each slot it weighed (its introductory-setting
   * candidates included, which it does not decide); null where only its bound was reckoned, below every threshold:
   * evidence for the omissions that wait for the document's habit (`introductoryHabit.ts`).
   */
  commaInserts?: ReadonlyMap<number, number | null>;
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
  /** Records what each stage after the generator does to a candidate it does not pass on as it came (`DecisionTrace`). */
  trace?: DecisionTrace,
  /** The comma-gap model, whose agreement a comma's deletion needs (`strayAgreement`). */
  gaps?: CommaGapsModel,
): SentenceFindings {
  if (s.tree.words.length === 0) return { findings: [] };
  const info = treeInfo(s.tree);
  // An error-prone document decides at lower thresholds on the calibrated confidence (`writerErrorRate.ts`), so the
  // kinds that can reach those are scored too.
  const adapt = options.adaptToWriter ?? true;
  const explain = options.explain ?? true;
  // The missing final period of a full declarative sentence waits for the document's error rate: EWT's writers leave
  // it off list items and headlines but edited prose never does (`styleStep.ts`; journal, "the final period in an
  // error-prone text"). So does a question's end mark (`questionMarks.ts`): EWT's web writers end a question with a
  // period often enough to fill the clean-text budget by themselves (journal, "a question written with a period").
  const pendingFinal = (c: Candidate) =>
    adapt && c.category === 'sentence-final' && (c.action === 'insert' ? declarativeSentence(s.tree, info) : isQuestionMark(c.variant));
  // And the comma before a "but" that joins two full clauses, which EWT's writers leave out a third of the time
  // (`clauses.ts`; journal, "the comma before a "but" that joins two clauses, in an error-prone text").
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

/**
 * Kinds of edit decided by edited prose's grammar rather than by the error model (their detectors in `candidates/`):
 * - the closing comma of a relative clause a comma opened (`unclosedSupplements.ts`);
 * - in `subjects.ts`: the comma after a restrictive relative clause that ends a subject, and the repair of a lone
 *   comma after one that may be supplementary; the comma after a plain noun-phrase subject or a pseudo-cleft's free
 *   relative; the one before the coordinator of a subject of two; the comma before a relative clause opened by "that";
 * - in `clauses.ts`: the lone comma after a coordinator or after "such as" and "including"; the comma between a verb
 *   and the indirect question that is its object; the comma between the last adjective of a series and its noun; the
 *   comma before the complement of a comparative or of "so".
 * Every style guide asks for these, but EWT's writers break them often enough that a calibration fitted on EWT, which
 * counts their sentences as correct, never reaches the threshold (journal, "the closing comma scored on its own parse"
 * to "the lone comma after a plain subject or after a coordinator"). Such a candidate is
 * reported where the model prefers it on its tree (Δ > 0), at a fixed confidence.
 */
/** Confidence of an edit the convention asks for: the grammar decides; the parse could still be wrong. */
export const CONVENTION_CONFIDENCE = 0.9;

const CONVENTION_VARIANTS: ReadonlySet<string> = new Set([UNCLOSED, RESTRICTIVE_SUBJECT, LONE_RELATIVE, PLAIN_SUBJECT, AFTER_COORDINATOR, AFTER_PREPOSITION, PAIRED_SUBJECT, PSEUDO_CLEFT, THAT_RELATIVE, WH_COMPLEMENT, ADJECTIVE_NOUN, DEGREE_COMPLEMENT]);

/** The candidate's kind is decided by a convention (it is scored whatever its calibration could reach). */
export function isConventionKind(variant: string | undefined): boolean {
  return variant !== undefined && CONVENTION_VARIANTS.has(variant);
}

/**
 * A scored candidate as its convention decides it: one the model prefers (Δ > 0) gets at least
 * `CONVENTION_CONFIDENCE`, one it does not is dropped; candidates of other kinds pass unchanged.
 */
export function conventionDecision(c: ScoredCandidate, trace?: DecisionTrace): ScoredCandidate[] {
  if (!isConventionKind(c.candidate.variant)) return [c];
  if (!(c.delta > 0)) {
    trace?.(candidateNote('convention', c.candidate, 'dropped', `the model does not prefer it (Δ ${c.delta.toFixed(2)} ≤ 0)`));
    return [];
  }
  const confidence = Math.max(c.confidence, CONVENTION_CONFIDENCE);
  if (confidence !== c.confidence) trace?.(candidateNote('convention', c.candidate, 'rewritten', `confidence ${c.confidence.toFixed(3)} → ${confidence}`));
  return [{ ...c, confidence }];
}

/**
 * A comma's deletion needs the comma-gap model's agreement that the comma is stray. The punctuation model judges a
 * written comma under the parser's one tree, and the parser was trained to read through stray commas; where it reads
 * through one the writer meant (`Thus, the sampling rate` with `Thus` as a verb; `expect to work, as well as …` with
 * `as well as` an object), the model calls the comma stray with high confidence. On clean edited-english dev, 48 of
 * the default's 120 findings were such deletions and 38 of those false alarms, at confidences that did not
 * tell them from the real ones (0.80–0.99 both). The comma-gap model (`commaGaps/`), trained on edited-english with
 * the writers' errors planted, reads the words and marks around the gap as well as the parse, and gave 22 of those
 * false alarms P(stray) < 0.15 and the real ones 0.17–0.84 (journal, "Deletions need the comma-gap model's
 * agreement"). So a deletion of a lone comma is kept only where that probability reaches `STRAY_AGREEMENT`, chosen on
 * edited-english dev, at the kinds of gap where the model was shown stray commas (9 of the 22 false alarms), and not
 * for the conventions' deletions, which decide themselves.
 */
/**
 * The kinds of gap where a comma-gap model whose file names none (`CommaGapsHeader.strayKinds`) was shown stray commas
 * in training: the four the shipped recipe plants (`research/commaGaps/examples.ts` without `--comma-added-rate`).
 * Elsewhere (`other`: after a preposition or a determiner, inside a verb group or a name, before `than`, the shapes a
 * learner's stray comma takes) such a model never saw one, and its probability is no evidence: the learner sentences
 * of the engine's tests get P 0.003–0.064 there. A model trained with the generic stray comma planted names `other`
 * too, and is asked there (journal, "The learned scorer refitted on a comma-gap model shown learners' stray commas").
 */
const TRAINED_STRAY_KINDS: ReadonlySet<GapKind> = new Set<GapKind>(['subject-verb', 'verb-object', 'restrictive', 'after-coordinator']);

/** The comma-gap model's P(the written comma is stray) that a deletion of it needs (edited-english dev). */
export const STRAY_AGREEMENT = 0.15;

export interface StrayAgreement {
  /** Whether a scored candidate may go on as edited prose is decided (dropped with a note otherwise). */
  edited(c: ScoredCandidate): boolean;
  /**
   * The same in an error-prone document (`writerErrorRate.ts`), where stray commas are `PRIOR_ODDS` times likelier a
   * priori, so the comma-gap model's probability is read at those odds too.
   */
  errorProne(c: ScoredCandidate): boolean;
}

/**
 * Anything but the deletion of a lone comma goes on; that deletion, at a gap of a kind the comma-gap model was trained
 * on, only where the model agrees the comma is stray.
 */
export function strayAgreement(s: AnalysedSentence, gaps: CommaGapsModel, prior: Float64Array | undefined, trace?: DecisionTrace): StrayAgreement {
  // Asked of a candidate by both decisions (edited, then error-prone): the model is read once a candidate.
  const asked = new Map<ScoredCandidate, number | undefined>();
  const strayAt = (c: ScoredCandidate): number | undefined => {
    if (!asked.has(c)) asked.set(c, strayProbability(c));
    return asked.get(c);
  };
  const strayProbability = (c: ScoredCandidate): number | undefined => {
    const { candidate } = c;
    if (candidate.action !== 'delete' || candidate.changes.size !== 1) return undefined;
    // A convention decides its own kind (`conventionDecision`): edited grammar for shapes the comma-gap model was not
    // shown stray (a pseudo-cleft's `What I want to say, is`: P 0.10; `The teacher, and the students were`: P 0.002).
    if (isConventionKind(candidate.variant)) return undefined;
    const [i] = [...candidate.changes.keys()];
    if (gapHead(s, i) !== 'stray') return undefined;
    const g = gapView(s, prior);
    return (gaps.strayKinds ?? TRAINED_STRAY_KINDS).has(gapKind(g, i, 'stray')) ? gapProbabilityAt(gaps, g, i, 'stray') : undefined;
  };
  return {
    edited(c) {
      const p = strayAt(c);
      if (p === undefined || p >= STRAY_AGREEMENT) return true;
      trace?.(candidateNote('stray-agreement', c.candidate, 'dropped', `the comma-gap model's P(the comma is stray) ${p.toFixed(3)} < ${STRAY_AGREEMENT}`));
      return false;
    },
    errorProne(c) {
      const p = strayAt(c);
      return p === undefined || adaptedConfidence(p) >= STRAY_AGREEMENT;
    },
  };
}
