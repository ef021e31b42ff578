/**
 * The model-based rules of one sentence: score candidates, keep the confident ones, add style findings (serial comma,
 * the edited-prose introductory comma) as the settings ask, and build the findings. Under `introductoryComma: auto`
 * the introductory-comma style findings (but for the comma after a transition, `introductoryTransition.ts`) are not
 * decided here: the sentence hands them on, with its part of the document's habit, to the document-level step
 * (`introductoryHabit.ts`).
 */
import { PlainFinding } from '../../finding';
import { EngineModel } from '../../punctModel';
import { AnalysedSentence, Reparse } from '../../sentence';
import { treeInfo, TreeInfo } from '../../treeInfo';
import { DEFAULT_COMMA_SPLICES, DEFAULT_INTRODUCTORY_COMMA, LintOptions } from '../../types';
import { Calibration, canReach } from './calibration';
import { Candidate, proposable } from './candidates';
import { ScoredCandidate, scoreCandidates, selectCandidates } from './decide';
import { candidateFinding, constituentLabel } from './findings';
import { britishQuoteFindings } from '../style/britishQuotes';
import { IntroductoryConvention } from '../style/introductoryConvention';
import { habitCount, SentenceHabit } from '../style/introductoryHabit';
import { IntroductoryStyle, introductoryStyleAt } from '../style/introductoryTransition';
import { editedSpliceAt } from '../style/spliceStyle';
import { declarativeSentence } from '../style/finalPeriodStyle';
import { isQuestionMark } from '../candidates/questionMarks';
import { CONTRAST_CLAUSE } from '../candidates/contrastClauses';
import { adaptedConfidence, adaptedThreshold } from './writerErrorRate';
import { conventionDecision, isConventionKind } from './conventionKinds';

/**
 * Confidence given to a style finding: the setting decides whether the mark belongs there, so this is not the error
 * model's probability; 0.9 says that the parse (which constituent the slot closes) could still be wrong.
 */
const STYLE_CONFIDENCE = 0.9;

/** The least Δ at which the comma after a transition is reported: the model at most e : 1 against it. */
const TRANSITION_MIN_DELTA = -1;

/**
 * An introductory comma edited prose asks for: an insertion after a transition ("However", "For example") or after an
 * introductory element whose description most of EWT's writers already follow with a comma, and, when `clauses`, after
 * any other fronted adverbial clause (`introductoryStyleAt`).
 */
function editedIntroductory(c: Candidate, s: AnalysedSentence, info: TreeInfo, conv: IntroductoryConvention | undefined, clauses: boolean): IntroductoryStyle | undefined {
  if (!conv || c.category !== 'introductory-comma' || c.action !== 'insert') return undefined;
  const [slot] = c.changes.keys();
  const style = introductoryStyleAt(s.tree, info, slot, conv);
  return style === 'clause' && !clauses ? undefined : style;
}

/** A comma splice edited prose would not have (`commaSplices: edited`, `spliceStyle.ts`). */
function editedSplice(c: Candidate, s: AnalysedSentence, info: TreeInfo): boolean {
  if (c.category !== 'comma-splice') return false;
  const [slot] = c.changes.keys();
  return editedSpliceAt(s.tree, info, slot) !== undefined;
}

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
): SentenceFindings {
  if (s.tree.words.length === 0) return { findings: [] };
  const info = treeInfo(s.tree);
  const serial = options.serialComma ?? 'ignore';
  const intro = options.introductoryComma ?? DEFAULT_INTRODUCTORY_COMMA;
  // `auto` weighs the same omissions as `edited`; the document's habit decides whether the convention's are reported.
  const conv = intro === 'edited' || intro === 'auto' ? convention : undefined;
  // An error-prone document decides at lower thresholds on the calibrated confidence (`writerErrorRate.ts`), so the
  // kinds that can reach those are scored too.
  const adapt = options.adaptToWriter ?? true;
  // Under `auto` a fronted adverbial clause the convention does not cover waits for an error-prone document (session 19).
  const pendingClauses = intro === 'auto' && adapt;
  // Each candidate's introductory style, found once (a walk over the tree): the scoring filter, the style step and
  // the habit split below all ask for it.
  const styles = new Map<Candidate, IntroductoryStyle | undefined>();
  const introStyle = (c: Candidate) => {
    if (!styles.has(c)) styles.set(c, editedIntroductory(c, s, info, conv, pendingClauses));
    return styles.get(c);
  };
  const splices = (options.commaSplices ?? DEFAULT_COMMA_SPLICES) === 'edited';
  const explain = options.explain ?? true;
  // There, too, the splices `edited` would report wait for the document's total: a writer whose own errors mark the
  // text as error-prone most likely splices unintentionally as well (BENCHMARKS, lint "Session 18").
  const pendingSplices = !splices && adapt;
  // So does the missing final period of a full declarative sentence, which EWT's writers leave off list items and
  // headlines but edited prose never does (`finalPeriodStyle.ts`; BENCHMARKS, lint "Session 19").
  // And a question's end mark (`questionMarks.ts`): EWT's web writers end a question with a period often enough to fill
  // the clean-text budget by themselves (BENCHMARKS, lint "Session 20 (lead): a question written with a period").
  const pendingFinal = (c: Candidate) =>
    adapt && c.category === 'sentence-final' && (c.action === 'insert' ? declarativeSentence(s.tree, info) : isQuestionMark(c.variant));
  // And the comma before a "but" that joins two full clauses, which EWT's writers leave out a third of the time
  // (`contrastClauses.ts`; BENCHMARKS, lint "Session 20").
  const pendingContrast = (c: Candidate) => adapt && c.action === 'insert' && c.variant === CONTRAST_CLAUSE;
  const isStyle = (c: Candidate) =>
    c.category === 'serial-comma' ||
    introStyle(c) !== undefined ||
    ((splices || pendingSplices) && editedSplice(c, s, info)) ||
    pendingFinal(c) ||
    pendingContrast(c);
  const lowThresholdOf = (key: string) => (adapt ? adaptedThreshold(thresholdOf(key)) : thresholdOf(key));
  const scored = scoreCandidates(
    model,
    s,
    info,
    cal,
    // A question's end mark has no error model of its own: it is scored only to wait for the document's error rate.
    (c, key) =>
      proposable(c, options.fragment) &&
      (c.category === 'serial-comma' ? serial !== 'ignore' : isQuestionMark(c.variant) ? pendingFinal(c) : isStyle(c) || isConventionKind(c.variant) || canReach(cal, key, lowThresholdOf(key))),
    reparse,
    // A splice kept only to wait for the document's error rate needs no inference unless it is to be explained: the
    // language server's analyses skip it (they ask for explanations on hover), which keeps a keystroke's work as before.
    (c, key) => pendingSplices && !explain && c.category === 'comma-splice' && !canReach(cal, key, lowThresholdOf(key)),
  ).flatMap(conventionDecision);
  const errors = scored.filter((c) => c.candidate.category !== 'serial-comma' && !isQuestionMark(c.candidate.variant));
  const chosen = selectCandidates(errors, thresholdOf);
  const taken = new Set(chosen.flatMap((c) => [...c.candidate.changes.keys()]));
  const style: ScoredCandidate[] = [];
  for (const c of scored) {
    if (!isStyle(c.candidate) || [...c.candidate.changes.keys()].some((i) => taken.has(i))) continue;
    const { category, action } = c.candidate;
    const serialWanted = category === 'serial-comma' && ((serial === 'always' && action === 'insert') || (serial === 'never' && action === 'delete'));
    // The introductory comma also needs the model's agreement in this sentence (Δ > 0: the MAP reading of this tree
    // prefers the comma), so that a misparse or an odd context does not fire. After a transition the guides decide,
    // and the model need only not be strongly against it: it finds the comma rare before a copular predicate ("In
    // addition the hotel was far", Δ −0.36; BENCHMARKS, lint "Session 18").
    const introWanted = category === 'introductory-comma' && c.delta > (introStyle(c.candidate) === 'transition' ? TRANSITION_MIN_DELTA : 0);
    // A splice needs no agreement from the model: its writers splice often, so it finds the comma usual (`spliceStyle.ts`).
    const spliceWanted = category === 'comma-splice';
    // The final period needs the model's agreement, as the introductory comma does. Before a "but" that joins two
    // clauses the guides decide, as after a transition, and the model need only not be strongly against the comma: it
    // learned from writers who leave it out a third of the time (Δ −0.1 to +1.1 on such sentences).
    const finalWanted = category === 'sentence-final' && c.delta > 0;
    const contrastWanted = pendingContrast(c.candidate) && c.delta > TRANSITION_MIN_DELTA;
    if (serialWanted || introWanted || spliceWanted || finalWanted || contrastWanted) style.push({ ...c, confidence: STYLE_CONFIDENCE, style: true });
  }
  const toFinding = (c: ScoredCandidate) => candidateFinding(c, s, info, text, model, explain);
  // Under `auto`, the comma after a transition is reported as it is; the convention's elements wait for the habit.
  const habitual = (c: ScoredCandidate) => intro === 'auto' && introStyle(c.candidate) === 'convention';
  const waitsForErrorRate = (c: ScoredCandidate) =>
    (pendingSplices && c.candidate.category === 'comma-splice') || pendingFinal(c.candidate) || pendingContrast(c.candidate) || introStyle(c.candidate) === 'clause';
  // A transition's missing comma is a style finding, but one the guides do not leave to the writer: it counts towards
  // the document's error rate (BENCHMARKS, lint "Session 19 (lead): a transition's missing comma counts …").
  const out = [...chosen, ...style.filter((c) => !habitual(c) && !waitsForErrorRate(c))].map((c) =>
    introStyle(c.candidate) === 'transition' ? { ...toFinding(c), countsAsError: true, basis: 'transition' as const } : toFinding(c),
  );
  if (quoteStyle === 'british') out.push(...britishQuoteFindings(s, model));
  // What an error-prone document would add: the decisions at the adapted thresholds, on slots nothing else claims.
  const claimed = new Set([...taken, ...style.flatMap((c) => [...c.candidate.changes.keys()])]);
  const adaptive = adapt
    ? [
        ...selectCandidates(
          errors.filter((c) => ![...c.candidate.changes.keys()].some((i) => claimed.has(i))),
          lowThresholdOf,
        ).map((c) => toFinding({ ...c, confidence: adaptedConfidence(c.confidence) })),
        ...style.filter(waitsForErrorRate).map(toFinding),
      ]
    : [];
  const extra = adaptive.length ? { adaptive } : {};
  if (intro !== 'auto' || !convention) return { findings: out, ...extra };
  const pending = style.filter(habitual).map((c) => ({ finding: toFinding(c), element: constituentLabel(c, s, info) }));
  return { findings: out, habit: { ...habitCount(s.tree, info, convention), pending }, ...extra };
}

/** Every scored candidate of a sentence (for calibration and threshold tuning). */
export function sentenceCandidates(s: AnalysedSentence, model: EngineModel, cal: Calibration, reparse?: Reparse, only?: (key: string) => boolean): ScoredCandidate[] {
  if (s.tree.words.length === 0) return [];
  return scoreCandidates(model, s, treeInfo(s.tree), cal, only && ((_, key) => only(key)), reparse);
}
