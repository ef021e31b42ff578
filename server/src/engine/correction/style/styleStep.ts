/**
 * The style step of one sentence: the findings the settings ask for — the serial comma (`serialComma`), the
 * edited-prose introductory comma (`introductoryComma: edited | auto`), the comma splice (`commaSplices`) and British
 * quote placement (`quoteStyle: british`) — made after a decision (the calibrated error model's, `modelRules.ts`, or
 * the learned scorer's, `learnedDecision.ts`) on the slots that decision left. A setting is the writer's standard, not
 * something a model learns from text, so both decisions share this one step.
 *
 * Under `introductoryComma: auto` the introductory-comma style findings (but for the comma after a transition,
 * `introductoryConvention.ts`) are not decided here: the sentence hands them on, with its part of the document's habit,
 * to the document-level step (`introductoryHabit.ts`). Some findings wait for the document's error rate
 * (`writerErrorRate.ts`): the splices `commaSplices: edited` would report under `ignore`, the fronted adverbial
 * clauses `auto` does not cover, and the kinds a decision adds (`StyleStepOptions.errorProne`).
 *
 * Below the step: British quote placement (`britishQuoteFindings`) and the full declarative sentence a final period
 * is held to (`declarativeSentence`).
 */
import { PlainFinding } from '../../finding';
import { EngineModel } from '../../punctModel';
import { AnalysedSentence } from '../../sentence';
import { subjectOf, TreeInfo } from '../../treeInfo';
import { DEFAULT_COMMA_SPLICES, DEFAULT_INTRODUCTORY_COMMA, LintOptions } from '../../types';
import { Candidate } from '../pipeline/candidates';
import { candidateNote, DecisionTrace, ScoredCandidate } from '../pipeline/decide';
import { candidateFinding, constituentLabel } from '../pipeline/findings';
import { IntroductoryConvention, IntroductoryStyle, introductoryStyleAt } from './introductoryConvention';
import { habitCount, PendingOmission, SentenceHabit } from './introductoryHabit';
import { editedSpliceAt, fullClause } from './spliceStyle';
import { PunctuatedTree } from '../../../data/depunct';
import { WH_WORDS } from '../candidates/questionMarks';

/**
 * Confidence given to a style finding: the setting decides whether the mark belongs there, so this is not the error
 * model's probability; 0.9 says that the parse (which constituent the slot closes) could still be wrong.
 */
export const STYLE_CONFIDENCE = 0.9;

/** The least Δ at which the comma after a transition is reported: the model at most e : 1 against it. */
export const TRANSITION_MIN_DELTA = -1;

/**
 * An introductory comma edited prose asks for: an insertion after a transition ("However", "For example"), after an
 * introductory element whose description most of EWT's writers already follow with a comma, or after any other fronted
 * adverbial clause (`introductoryStyleAt`).
 */
function editedIntroductory(c: Candidate, s: AnalysedSentence, info: TreeInfo, conv: IntroductoryConvention | undefined): IntroductoryStyle | undefined {
  if (!conv || c.category !== 'introductory-comma' || c.action !== 'insert') return undefined;
  const [slot] = c.changes.keys();
  return introductoryStyleAt(s.tree, info, slot, conv);
}

/** A comma splice edited prose would not have (`commaSplices: edited`, `spliceStyle.ts`). */
function editedSplice(c: Candidate, s: AnalysedSentence, info: TreeInfo): boolean {
  if (c.category !== 'comma-splice') return false;
  const [slot] = c.changes.keys();
  return editedSpliceAt(s.tree, info, slot) !== undefined;
}

/**
 * Kinds a decision leaves to an error-prone document and reports there at the style confidence (the calibrated
 * decision's missing final mark and comma before a clause-joining "but"): `is` says which candidates, `wanted` whether
 * the model agrees enough in this sentence.
 */
export interface ErrorProneKinds {
  is(c: Candidate): boolean;
  wanted(c: ScoredCandidate): boolean;
}

export interface StyleStepOptions {
  text: string;
  s: AnalysedSentence;
  info: TreeInfo;
  model: EngineModel;
  options: LintOptions;
  quoteStyle?: 'american' | 'british';
  convention?: IntroductoryConvention;
  errorProne?: ErrorProneKinds;
  /** Records what the step does to each candidate a setting decides (`DecisionTrace`). */
  trace?: DecisionTrace;
}

/** What the style step adds to a sentence's findings. */
export interface StyleFindings {
  findings: PlainFinding[];
  /** Findings that wait for the document's error rate (reported only if it is error-prone). */
  waiting: PlainFinding[];
  /** Under `introductoryComma: auto` (with the convention loaded): the sentence's part of the document's habit. */
  habit?: SentenceHabit;
  /** The slots the style findings (reported, waiting or pending) claim. */
  claimed: Set<number>;
}

export interface StyleStep {
  /** Whether the step may report this candidate: a decision scores it even where its own decision cannot reach. */
  isStyle(c: Candidate): boolean;
  /**
   * Whether the candidate inserts an introductory comma the introductory settings speak for, whatever the setting:
   * after a transition or an element the learned convention covers (`introductoryStyleAt`). Such a comma is the
   * writer's standard (`introductoryComma`) and, under `auto`, the writer's own habit, so the learned decision leaves
   * it to this step.
   */
  isIntroductorySetting(c: Candidate): boolean;
  /** Whether serial-comma candidates are wanted at all (`serialComma` is not `ignore`). */
  serial: boolean;
  /** Whether the splices wait for the document's error rate (`commaSplices: ignore` in an adapting lint). */
  pendingSplices: boolean;
  /** The style findings on the scored candidates, on slots outside `taken` (those the decision reported). */
  run(scored: readonly ScoredCandidate[], taken: ReadonlySet<number>): StyleFindings;
}

export function styleStep({ text, s, info, model, options, quoteStyle, convention, errorProne, trace }: StyleStepOptions): StyleStep {
  const serial = options.serialComma ?? 'ignore';
  const intro = options.introductoryComma ?? DEFAULT_INTRODUCTORY_COMMA;
  // `auto` weighs the same omissions as `edited`; the document's habit decides whether the convention's are reported.
  const conv = intro === 'edited' || intro === 'auto' ? convention : undefined;
  const adapt = options.adaptToWriter ?? true;
  // Under `auto` a fronted adverbial clause the convention does not cover waits for an error-prone document
  // (journal, "every fronted adverbial clause in an error-prone text").
  const pendingClauses = intro === 'auto' && adapt;
  // Each candidate's introductory style, found once (a walk over the tree): the scoring filter, the style step and
  // the habit split below all ask for it.
  // Found under the loaded convention whatever the setting, so that `isIntroductorySetting` reads the same walk.
  const styles = new Map<Candidate, IntroductoryStyle | undefined>();
  const styleOf = (c: Candidate) => {
    if (!styles.has(c)) styles.set(c, editedIntroductory(c, s, info, convention));
    return styles.get(c);
  };
  const introStyle = (c: Candidate) => {
    const style = conv ? styleOf(c) : undefined;
    return style === 'clause' && !pendingClauses ? undefined : style;
  };
  const splices = (options.commaSplices ?? DEFAULT_COMMA_SPLICES) === 'edited';
  // There, too, the splices `edited` would report wait for the document's total: a writer whose own errors mark the
  // text as error-prone most likely splices unintentionally as well (journal, "comma splices in an error-prone text").
  const pendingSplices = !splices && adapt;
  const errorProneKind = (c: Candidate) => errorProne?.is(c) ?? false;
  // A dense candidate (`denseCandidates`) is the learned scorer's alone: its kind is read off the slot, not
  // proposed by the generator whose edits the settings describe (a splice's candidate replaces its comma, a dense one
  // of the same kind may delete it).
  const isStyle = (c: Candidate) =>
    !c.dense &&
    (c.category === 'serial-comma' || introStyle(c) !== undefined || ((splices || pendingSplices) && editedSplice(c, s, info)) || errorProneKind(c));
  const isIntroductorySetting = (c: Candidate) => !c.dense && (styleOf(c) === 'transition' || styleOf(c) === 'convention');
  const explain = options.explain ?? true;
  const toFinding = (c: ScoredCandidate) => candidateFinding(c, s, info, text, model, explain);

  // Under `auto`, the comma after a transition is reported as it is; the convention's elements wait for the habit.
  const habitual = (c: ScoredCandidate) => intro === 'auto' && introStyle(c.candidate) === 'convention';

  function run(scored: readonly ScoredCandidate[], taken: ReadonlySet<number>): StyleFindings {
    const style: ScoredCandidate[] = [];
    // The convention's omissions the model does not agree with (Δ ≤ 0): they wait for the habit too, held back
    // (`unbacked`), for the learned decision to weigh (`introductoryHabit.ts`); they claim no slot.
    const unagreed: ScoredCandidate[] = [];
    for (const c of scored) {
      if (!isStyle(c.candidate)) continue;
      if ([...c.candidate.changes.keys()].some((i) => taken.has(i))) {
        trace?.(candidateNote('style', c.candidate, 'dropped', 'the decision before it reported a correction on its slot'));
        continue;
      }
      const { category, action } = c.candidate;
      const serialWanted = category === 'serial-comma' && ((serial === 'always' && action === 'insert') || (serial === 'never' && action === 'delete'));
      // The introductory comma also needs the model's agreement in this sentence (Δ > 0: the MAP reading of this tree
      // prefers the comma), so that a misparse or an odd context does not fire. After a transition the guides decide,
      // and the model need only not be strongly against it: it finds the comma rare before a copular predicate ("In
      // addition the hotel was far", Δ −0.36; journal, "a transition's comma where the model mildly disagrees").
      const introWanted = category === 'introductory-comma' && c.delta > (introStyle(c.candidate) === 'transition' ? TRANSITION_MIN_DELTA : 0);
      // A splice needs no agreement from the model: its writers splice often, so it finds the comma usual (`spliceStyle.ts`).
      const spliceWanted = category === 'comma-splice';
      const kindWanted = errorProneKind(c.candidate) && errorProne!.wanted(c);
      if (serialWanted || introWanted || spliceWanted || kindWanted) style.push({ ...c, confidence: STYLE_CONFIDENCE, style: true });
      else {
        if (trace) trace(candidateNote('style', c.candidate, 'dropped', unwantedBecause(c, category === 'serial-comma', category === 'introductory-comma')));
        if (category === 'introductory-comma' && habitual(c)) unagreed.push({ ...c, confidence: STYLE_CONFIDENCE, style: true });
      }
    }
    const waitsForErrorRate = (c: ScoredCandidate) =>
      (pendingSplices && c.candidate.category === 'comma-splice') || errorProneKind(c.candidate) || introStyle(c.candidate) === 'clause';
    // A transition's missing comma is a style finding, but one the guides do not leave to the writer: it counts towards
    // the document's error rate (journal, "a transition's missing comma counts …").
    // A splice `commaSplices: edited` reports is one the default holds for the document's error rate: it counts there
    // as it would have waited (`PlainFinding.countsAsDeferred`).
    const findings = style
      .filter((c) => !habitual(c) && !waitsForErrorRate(c))
      .map((c) =>
        introStyle(c.candidate) === 'transition'
          ? { ...toFinding(c), countsAsError: true, basis: 'transition' as const }
          : splices && adapt && c.candidate.category === 'comma-splice'
            ? { ...toFinding(c), countsAsDeferred: true }
            : toFinding(c),
      );
    if (quoteStyle === 'british') findings.push(...britishQuoteFindings(s, model));
    const waiting = adapt ? style.filter(waitsForErrorRate).map(toFinding) : [];
    if (trace) for (const c of style) trace(styleNote(c, habitual(c), waitsForErrorRate(c)));
    const claimed = new Set(style.flatMap((c) => [...c.candidate.changes.keys()]));
    if (intro !== 'auto' || !convention) return { findings, waiting, claimed };
    const omission = (c: ScoredCandidate, unbacked: boolean): PendingOmission => ({
      finding: toFinding(c),
      element: constituentLabel(c, s, info),
      slot: [...c.candidate.changes.keys()][0],
      evidence: { source: 'decision', delta: c.delta },
      ...(unbacked ? { unbacked } : {}),
    });
    const pending = [...style.filter(habitual).map((c) => omission(c, false)), ...unagreed.map((c) => omission(c, true))];
    return { findings, waiting, claimed, habit: { ...habitCount(s.tree, info, convention), pending } };
  }

  /** Why a candidate a setting decides is not reported (traced only). */
  function unwantedBecause(c: ScoredCandidate, serialKind: boolean, introKind: boolean): string {
    if (serialKind) return `serialComma ${serial} does not ask for this ${c.candidate.action}`;
    if (introKind && !errorProneKind(c.candidate)) return `the model does not agree enough (Δ ${c.delta.toFixed(2)} ≤ ${introStyle(c.candidate) === 'transition' ? TRANSITION_MIN_DELTA : 0})`;
    return `the model does not agree enough (Δ ${c.delta.toFixed(2)})`;
  }

  /** What became of a candidate the setting asks for: reported, or waiting for a decision over the document. */
  function styleNote(c: ScoredCandidate, habitual: boolean, waits: boolean) {
    if (habitual) return candidateNote('style', c.candidate, 'deferred', "introductoryComma auto: waits for the document's habit");
    if (waits && !adapt) return candidateNote('writer-error-rate', c.candidate, 'dropped', "reported only in an error-prone document, and adaptToWriter is off");
    if (waits) return candidateNote('writer-error-rate', c.candidate, 'deferred', `reported only in an error-prone document, at confidence ${STYLE_CONFIDENCE}`);
    return candidateNote('style', c.candidate, 'rewritten', `a setting asks for it: confidence ${STYLE_CONFIDENCE}`);
  }

  return { isStyle, isIntroductorySetting, serial: serial !== 'ignore', pendingSplices, run };
}

/**
 * British (logical) quote placement, decided by the model: `.”` and `,”` stay when the mark belongs to the quotation;
 * when the MAP underlying tree T′ puts the mark outside the quoted constituent ([“ a disaster ”] .) the American
 * surface came from the channel's transposition (”. ↦ .”), and British style writes the underlying order, `”.`.
 */
/** Confidence of a style finding whose underlying order the model has chosen. */
const CONFIDENCE = 0.8;

export function britishQuoteFindings(s: AnalysedSentence, model: EngineModel): PlainFinding[] {
  const n = s.tree.words.length;
  const sites: Array<{ slot: number; k: number }> = [];
  for (let i = 0; i <= n; i++) {
    const slot = s.tree.slots[i];
    for (let k = 0; k + 1 < slot.length; k++) if ((slot[k] === ',' || slot[k] === '.') && slot[k + 1] === '”') sites.push({ slot: i, k });
  }
  if (sites.length === 0) return [];
  const u = model.viterbi(s.tree);
  const out: PlainFinding[] = [];
  for (const { slot, k } of sites) {
    const mark = s.tree.slots[slot][k];
    const under = u.underlying[slot] ?? [];
    const q = under.indexOf('”');
    const m = under.indexOf(mark);
    if (q < 0 || m < 0 || q > m) continue;
    const toks = s.slotTokens[slot].map((t) => s.tokens[t]);
    const a = toks[k];
    const b = toks[k + 1];
    if (!a || !b || !a.punct || !b.punct || a.end !== b.start) continue;
    out.push({
      ruleId: 'quote-placement',
      message: `British style puts the ${mark === ',' ? 'comma' : 'period'} outside the closing quotation mark: ${b.text}${a.text} here, not ${a.text}${b.text} as written.`,
      severity: 'info',
      confidence: CONFIDENCE,
      start: a.start,
      end: b.end,
      fixes: [{ title: `Write "${b.text}${a.text}"`, edits: [{ start: a.start, end: b.end, newText: b.text + a.text }] }],
      explanation: `Underlying punctuation (most probable tree T′): ${u.bracketing}\nThe ${mark === ',' ? 'comma' : 'period'} belongs to the sentence, not to the quotation: underlyingly "${under.join(' ')}". American style transposes it inside (”${mark} ↦ ${mark}”); British style writes the underlying order.`,
    });
  }
  return out;
}

/**
 * The final period edited prose gives a full declarative sentence. EWT's writers end list items, headlines, e-mail
 * lines and sign-offs without one, so the error model is rarely sure a final period was dropped ("I live in Berlin
 * with my family" at a paragraph's end: 0.42). A sentence that is a full declarative clause is none of those; in a
 * text whose own findings mark it as error-prone (`writerErrorRate.ts`) its missing period is reported (journal, "the
 * final period in an error-prone text").
 */
/** The fewest words of such a sentence: shorter ones are labels and replies ("Thanks a lot", "See you there"). */
const MIN_WORDS = 4;

/**
 * Whether the sentence is one full declarative clause: a single root with a finite predicate and its subject, at least
 * `MIN_WORDS` words, not opened by a question word or an auxiliary, and no auxiliary or copula before its subject
 * (an inversion: a question, "Can you help me", or "Never have I seen").
 */
export function declarativeSentence(tree: PunctuatedTree, info: TreeInfo): boolean {
  if (info.n < MIN_WORDS || info.children[0].length !== 1) return false;
  const root = info.children[0][0];
  if (!fullClause(tree, info, root)) return false;
  const first = tree.words[0];
  if (WH_WORDS.has(first.form.toLowerCase()) || first.upos === 'AUX') return false;
  const subject = subjectOf(info, root)!;
  return !info.children[root].some((c) => c < subject && (info.base(c) === 'aux' || info.base(c) === 'cop'));
}
