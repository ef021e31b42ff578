/**
 * Error kinds of one sentence that small models of their own decide, beside the punctuation model's candidates
 * (`correction/`): comma splices and fused sentences (`sentenceJoins/`), semicolon/colon confusions (`markChoice/`),
 * missing commas around relative clauses and appositions and after fronted phrases (`setOffCommas/`).
 * Each model is optional: without its file, its kind is not reported.
 */
import { BiLstmTagger } from '../restore/bilstmTagger';
import { LINT_GAP_TAGGER_FILE, loadLintGapTagger } from './correction/learned/sideModels';
import * as path from 'path';
import { PlainEdit, PlainFinding } from './finding';
import { emptyHabit, HABIT_DECISION_FILE, HabitDecisionModel, loadHabitDecisionModel, SentenceHabit, withEvidence, withFrontedEvidence, withGapEvidence, withShares } from './correction/style/introductoryHabit';
import type { IntroductoryConvention } from './correction/style/introductoryConvention';
import { DEFAULT_COMMA_GAPS, DEFAULT_INTRODUCTORY_COMMA, IntroductoryComma, LintOptions } from './types';
import { AnalysedSentence, Reparse } from './sentence';
import { sentenceJoinFindings } from './sentenceJoins/findings';
import { LOWER_CASE_TAGGER_FILE, loadLowerCaseTagger, PunctTagger } from '../restore/punctTagger';
import { JoinModel, loadJoinModel, SENTENCE_JOINS_FILE } from './sentenceJoins/model';
import { asksMarkChoice, markChoiceFindings } from './markChoice/findings';
import { loadMarkChoiceModel, MARK_CHOICE_FILE, MarkChoiceModel } from './markChoice/model';
import { setOffCommaFindings } from './setOffCommas/findings';
import { loadSetOffCommasModel, SET_OFF_COMMAS_FILE, SetOffCommasModel } from './setOffCommas/model';
import { commaGapFindings, gapDecision } from './commaGaps/findings';
import { COMMA_GAPS_FILE, CommaGapsModel, loadCommaGapsModel } from './commaGaps/model';
import { candidates } from './correction/pipeline/candidates';
import type { GuardVeto } from './correction/guards/registry';
import type { DecisionTrace } from './correction/pipeline/decide';
import { changeKey, type SentenceFindings } from './correction/pipeline/modelRules';
import { treeInfo } from './treeInfo';
import { AUDIENCE_FILE, AudienceModel, loadAudienceModel } from './correction/pipeline/writerErrorRate';

/**
 * For measuring only (`server/research/commaGaps/gapVetoes.ts`): told of each comma-gap finding that a guard's veto
 * kept out (and that nothing else would have), with the guards that vetoed it, so what each veto costs the gap model
 * can be counted. Unset in the product.
 */
export const gapVetoTrace: { vetoed?: (finding: PlainFinding, text: string, guards: readonly string[]) => void } = {};

/**
 * Guards whose vetoes the comma-gap model does not follow: on edited-english dev (corrupted suite, 150 per kind, seed
 * 1; dev as written; EWT dev as written), each kept out only right corrections of the gap model and no false alarm or
 * wrong edit (docs/journal/benchmarks.md, "Which guards' vetoes cost the comma-gap model"): clause-after-comma 3
 * (restrictive-clause commas: `the content⟦,→⟧ we were testing`), fronted-clause 2, fronted-phrase 2 (`Of the four
 * teams⟦,→⟧ that satisfied …`), gerund-apposition 2 (`follow this tutorial using⟦,→⟧ your local …`),
 * list-coordinator-ahead 2 (`Her research interests include⟦,→⟧ questionnaire design and …`), renaming-apposition 1,
 * supplementary-adverbial 1, embedded-opener 1. Without their vetoes dev F0.5 (writers' mix) went from 0.773 to 0.780
 * (14 right edits more, no wrong one) and the clean dev findings stayed the same. The other guards' vetoes stand:
 * list-comma-ahead, uncut-comma and closes-aside also kept out false alarms of the gap model on clean dev
 * (`that⟦, →⟧ joined, can`). The candidate generator records only the first guard that fires at a slot, so where one of
 * these fires first the guards after it are not asked.
 */
const GAP_MODEL_IGNORES = new Set(['clause-after-comma', 'fronted-clause', 'fronted-phrase', 'gerund-apposition', 'list-coordinator-ahead', 'renaming-apposition', 'supplementary-adverbial', 'embedded-opener']);

const WAITS_FOR_HABIT = "introductoryComma auto: reported only if the document's habit, or its error rate, asks for it";

export interface SentenceKindModels {
  joins?: JoinModel;
  markChoice?: MarkChoiceModel;
  setOff?: SetOffCommasModel;
  gaps?: CommaGapsModel;
  /** The linter's BiLSTM gap tagger (`correction/learned/sideModels.ts`), when the model directory has one. */
  neuralGaps?: BiLstmTagger;
  /** Restoration's lower-case tagger, the second reader of sentence joins (`sentenceJoins/endTagger.ts`). */
  endTagger?: PunctTagger;
  /** The learned decision over introductory commas waiting for the document's habit (`correction/style/introductoryHabit.ts`). */
  habitDecision?: HabitDecisionModel;
  /** The learned audience decision (`correction/pipeline/writerErrorRate.ts`); without it the hand-set counts decide. */
  audience?: AudienceModel;
}

export const SENTENCE_KIND_FILES = [SENTENCE_JOINS_FILE, MARK_CHOICE_FILE, SET_OFF_COMMAS_FILE, COMMA_GAPS_FILE];

/** `load` wraps each file's loading (the engine turns a failure into a `ModelFileError` naming the file). */
export function loadSentenceKindModels(dir: string, load: <T>(file: string, f: () => T) => T = (_, f) => f()): SentenceKindModels {
  let gaps: { value: CommaGapsModel | undefined } | undefined;
  let markChoice: { value: MarkChoiceModel | undefined } | undefined;
  let neuralGaps: { value: BiLstmTagger | undefined } | undefined;
  let endTagger: { value: PunctTagger | undefined } | undefined;
  let habitDecision: { value: HabitDecisionModel | undefined } | undefined;
  let audience: { value: AudienceModel | undefined } | undefined;
  return {
    // Read when a document is first decided.
    get audience(): AudienceModel | undefined {
      audience ??= { value: load(path.join(dir, AUDIENCE_FILE), () => loadAudienceModel(dir)) };
      return audience.value;
    },
    // Read when a part first has an omission waiting for the document's habit.
    get habitDecision(): HabitDecisionModel | undefined {
      habitDecision ??= { value: load(path.join(dir, HABIT_DECISION_FILE), () => loadHabitDecisionModel(dir)) };
      return habitDecision.value;
    },
    // Read when a sentence first has a join the join model gives at least its kind's floor (`sentenceJoins/findings.ts`).
    get endTagger(): PunctTagger | undefined {
      endTagger ??= { value: load(path.join(dir, LOWER_CASE_TAGGER_FILE), () => loadLowerCaseTagger(dir)) };
      return endTagger.value;
    },
    // Read when a scorer trained with it first asks (`scoredForScorer`).
    get neuralGaps(): BiLstmTagger | undefined {
      neuralGaps ??= { value: load(path.join(dir, LINT_GAP_TAGGER_FILE), () => loadLintGapTagger(dir)) };
      return neuralGaps.value;
    },
    joins: load(path.join(dir, SENTENCE_JOINS_FILE), () => loadJoinModel(dir)),
    // Read when a sentence first writes a semicolon or colon (`sentenceKindFindings`), as the comma-gap model below.
    get markChoice(): MarkChoiceModel | undefined {
      markChoice ??= { value: load(path.join(dir, MARK_CHOICE_FILE), () => loadMarkChoiceModel(dir)) };
      return markChoice.value;
    },
    setOff: load(path.join(dir, SET_OFF_COMMAS_FILE), () => loadSetOffCommasModel(dir)),
    // Read when a lint first asks for it, not at every start (its bytes are checked against the manifest then);
    // the binary file decodes in ~4% of the time its JSON took to parse (journal, "The comma-gap model by default?").
    get gaps(): CommaGapsModel | undefined {
      gaps ??= { value: load(path.join(dir, COMMA_GAPS_FILE), () => loadCommaGapsModel(dir)) };
      return gaps.value;
    },
  };
}

/**
 * How an omitted introductory comma's message names its phrase: from the sentence's first word to where the comma
 * goes (the fix's insertion), not to the finding's range, which marks only the phrase's last word.
 */
function introductoryPhrase(s: AnalysedSentence, text: string, f: PlainFinding): string {
  const end = f.fixes[0]?.edits[0]?.start ?? f.end;
  return `phrase "${text.slice(s.tokens[s.wordTokens[0]].start, end).trim()}"`;
}

/** What the small models find in one sentence, by when each finding is reported. */
export interface SmallModelFindings {
  findings: PlainFinding[];
  /** Reported only in an error-prone document (`correction/pipeline/writerErrorRate.ts`). */
  adaptive: PlainFinding[];
  /**
   * Reported only in a document that is not error-prone: a finding whose slots a decision's deferred finding edits
   * (`deferred`): an error-prone document reports the deferred one in its place.
   */
  yielding: PlainFinding[];
}

/**
 * `adaptive`: what a document whose other findings mark it as error-prone adds (`correction/pipeline/writerErrorRate.ts`).
 * `others`: the sentence's findings from the punctuation model's candidates; a set-off comma one of them already adds
 * is not reported twice, and one a deferred finding (`deferred`) edits is `yielding`. A fronted phrase's comma follows
 * `introductoryComma` as the punctuation model's do: reported under `edited`; under `auto` it waits in `habit` for the document's habit (or its error rate) to ask for it
 * (`correction/style/introductoryHabit.ts`: a web writer who leaves these commas out is not held to edited prose's);
 * never under `ignore`. The comma-gap model (`commaGaps/`) asks every gap last: a gap that a finding before it already
 * edits is not reported again; it is asked only under `askGaps` (`LintOptions.commaGaps`, on by default). `prior`: the punctuation model's comma prior of the sentence's tree, one of its features.
 * `trace` is told of what each model weighed and this sentence leaves out (`explain --candidates`).
 */
export function sentenceKindFindings(
  s: AnalysedSentence,
  text: string,
  models: SentenceKindModels,
  minConfidence?: number,
  adapt = false,
  others: readonly PlainFinding[] = [],
  introductory: IntroductoryComma = DEFAULT_INTRODUCTORY_COMMA,
  prior?: () => Float64Array | undefined,
  askGaps = false,
  trace?: DecisionTrace,
  deferred: ReadonlySet<PlainFinding> = new Set(),
  reparse?: Reparse,
  overruled: ReadonlySet<string> = new Set(),
): SmallModelFindings & { habit?: SentenceHabit } {
  const joins = models.joins ? sentenceJoinFindings(s, text, models.joins, minConfidence, adapt, trace, () => models.endTagger) : { findings: [], adaptive: [] };
  // The mark-choice model is read (its file loaded, `loadSentenceKindModels`) only for a sentence that writes a ';' or ':'.
  const markChoice = asksMarkChoice(s) ? models.markChoice : undefined;
  const findings = [...joins.findings, ...(markChoice ? markChoiceFindings(s, markChoice, minConfidence, trace) : [])];
  const yielding: PlainFinding[] = [];
  let habit: SentenceHabit | undefined;
  if (models.setOff) {
    // Another finding that edits the phrase's edges or what lies between them (the comma after a restrictive clause
    // that ends a subject, deleted as a subject–verb comma) decides it: a second fix there would contradict it.
    const gaps = askGaps ? models.gaps : undefined;
    // The comma-gap model backs a set-off candidate below its threshold (`GAP_AGREEMENT`): the least of its
    // probabilities of a missing comma at the candidate's slots.
    const gapBacking = gaps
      ? (slots: readonly number[]) => {
          const commaPrior = prior?.();
          const ps = slots.map((slot) => gapDecision(s, gaps, slot, commaPrior)).map((d) => (d && d.head === 'missing' ? d.p : 0));
          return Math.min(...ps);
        }
      : undefined;
    for (const { finding: f, reach, kind, slots } of setOffCommaFindings(s, text, models.setOff, { minConfidence, introductory: introductory !== 'ignore', trace, reparse, gapBacking })) {
      // A finding that waits for the document's error rate decides only an error-prone document: elsewhere it is never
      // reported, and the set-off finding was lost with it ("When we arrived, … When the rain stopped we went out."
      // found nothing under `auto`; under the learned decision, whose deferred candidates reach further, edited dev's
      // relative clauses found went 21 → 37 of 138 and appositions 9 → 14 of 39 once they decided nothing at all;
      // journal, "The learned decision as the default"). So the set-off finding is reported where the document is not
      // error-prone (`yielding`), and an error-prone one keeps the deferred finding, as before.
      const edits = (o: PlainFinding) => (o.fixes[0]?.edits ?? []).some((e) => e.end >= reach.start && e.start <= reach.end);
      const by = others.find((o) => !deferred.has(o) && edits(o));
      if (by) {
        trace?.({ stage: 'decided-by-another', kind: `set-off/${kind}`, changes: slots.map((slot) => ({ slot, marks: [','] })), effect: 'dropped', reason: `${by.ruleId} edits it (confidence ${by.confidence.toFixed(3)})` });
        continue;
      }
      const yields = others.some((o) => deferred.has(o) && edits(o));
      if (f.ruleId !== 'introductory-comma' || introductory === 'edited') (yields ? yielding : findings).push(f);
      else {
        (habit ??= emptyHabit()).pending.push({ finding: f, element: introductoryPhrase(s, text, f), slot: slots[slots.length - 1], evidence: { source: 'setOff', sourceP: f.confidence } });
        trace?.({ stage: 'style', kind: `set-off/${kind}`, changes: slots.map((slot) => ({ slot, marks: [','] })), effect: 'deferred', reason: WAITS_FOR_HABIT });
      }
    }
  }
  if (askGaps && models.gaps) {
    // A gap a deferred finding edits is the gap model's only where the document is not error-prone (as above).
    const taken = [...others.filter((o) => !deferred.has(o)), ...findings, ...yielding, ...(habit?.pending.map((x) => x.finding) ?? [])].flatMap((f) => f.fixes[0]?.edits ?? []);
    const takenIfErrorProne = others.filter((o) => deferred.has(o)).flatMap((f) => f.fixes[0]?.edits ?? []);
    // A gap reaches from the end of the word before it to the start of the word after it.
    const regionOf = (at: number) => {
      const k = s.tokens.findIndex((t) => !t.punct && t.start >= at);
      return { start: at, end: k < 0 ? s.end : s.tokens[k].start };
    };
    // A gap where a guard keeps the punctuation model from the same edit is left alone too (but for the guards of
    // `GAP_MODEL_IGNORES`): each guard names a measured failure that the gap model repeats ("What did you buy⟦, →⟧ a car?": an answer offered to the question, not an
    // object). Read from the candidate generator's trace (no inference), only when the model flags a gap.
    let vetoes: GuardVeto[] | undefined;
    const vetoedBy = (slots: readonly number[], action: 'insert' | 'delete') => {
      if (!vetoes) candidates(s, treeInfo(s.tree), undefined, 0, undefined, (vetoes = []));
      return [...new Set(vetoes.filter((v) => v.action === action && slots.includes(v.slot) && !GAP_MODEL_IGNORES.has(v.guard)).map((v) => v.guard))];
    };
    for (const { finding: f, kind, head, slots } of commaGapFindings(s, text, models.gaps, { minConfidence, prior: prior?.() })) {
      const guards = vetoedBy(slots, head === 'missing' ? 'insert' : 'delete');
      const note = (reason: string) =>
        trace?.({ stage: 'comma-gap', kind: `comma-gap/${head}`, changes: slots.map((slot) => ({ slot, marks: head === 'missing' ? [','] : [] })), effect: 'dropped', reason });
      // The learned scorer reads this model's probability among its features: where it weighed the same change and
      // left it out, reporting the gap model's finding would count that evidence twice and overrule the decision that
      // saw it. The README false alarm that showed it: `To support all GFM features⟦,→⟧ use …` (scorer 0.48 < 0.84, gap
      // model 0.99); the journal, "The scorer's decision over the comma-gap model's".
      const key = gapChangeKey(s, slots, head);
      if (key !== undefined && overruled.has(key)) {
        note("the learned scorer, which reads this model's probability, weighed the same change and left it out");
        continue;
      }
      if (guards.length > 0 && !gapVetoTrace.vetoed) {
        note(`vetoed by ${guards.join(', ')}`);
        continue;
      }
      const regions = f.fixes[0].edits.map((e) => regionOf(e.newText ? e.start : (s.tokens.slice(0, s.tokens.findIndex((t) => t.start === e.start)).reverse().find((t) => !t.punct)?.end ?? e.start)));
      const editedIn = (edits: readonly PlainEdit[]) => regions.some((r) => edits.some((e) => e.end >= r.start && e.start <= r.end));
      if (editedIn(taken)) {
        note('another finding already edits the gap');
        continue;
      }
      const yields = editedIn(takenIfErrorProne);
      if (guards.length > 0) {
        gapVetoTrace.vetoed?.(f, text, guards);
        continue;
      }
      if (kind !== 'introductory' || f.ruleId !== 'introductory-comma' || introductory === 'edited') (yields ? yielding : findings).push(f);
      else if (yields) note('another finding already edits the gap');
      else if (introductory !== 'ignore') {
        (habit ??= emptyHabit()).pending.push({ finding: f, element: introductoryPhrase(s, text, f), slot: slots[slots.length - 1], evidence: { source: 'gaps', sourceP: f.confidence } });
        trace?.({ stage: 'style', kind: `comma-gap/${head}`, changes: slots.map((slot) => ({ slot, marks: [','] })), effect: 'deferred', reason: WAITS_FOR_HABIT });
      } else note('introductoryComma is ignore');
    }
  }
  return { findings, adaptive: joins.adaptive, yielding, habit };
}

/**
 * The small models asked after the candidates' decision `r`, as the lint and `explain --candidates` both ask them: their
 * findings and the sentence's habit parts, each pending omission with the evidence it needs (`introductoryHabit.ts`: the
 * set-off model finds a fronted phrase and the comma-gap model a missing comma). `commaPrior`: the punctuation model's
 * comma prior of the sentence's tree.
 */
export function smallModelStep(
  s: AnalysedSentence,
  text: string,
  kinds: SentenceKindModels | undefined,
  r: SentenceFindings,
  options: LintOptions,
  commaPrior: () => Float64Array | undefined,
  reparse?: Reparse,
  trace?: DecisionTrace,
  convention?: IntroductoryConvention,
): SmallModelFindings & { habits: SentenceHabit[] } {
  const askGaps = options.commaGaps ?? DEFAULT_COMMA_GAPS;
  const gaps = askGaps ? kinds?.gaps : undefined;
  const gapEvidence = (h: SentenceHabit) => (gaps ? withGapEvidence(h, s, gaps, commaPrior, trace) : h);
  // An omission held back by a gate (`unbacked`) decides nothing here: the small models' findings at its slot stand.
  const others = [...r.findings, ...(r.adaptive ?? []), ...(r.habit?.pending.filter((x) => !x.unbacked).map((x) => x.finding) ?? [])];
  const k = kinds
    ? sentenceKindFindings(s, text, kinds, options.minConfidence, options.adaptToWriter ?? true, others, options.introductoryComma ?? DEFAULT_INTRODUCTORY_COMMA, commaPrior, askGaps, trace, new Set(r.adaptive), reparse, new Set(r.overruled))
    : { findings: [], adaptive: [], yielding: [] };
  const habits: SentenceHabit[] = [];
  const shares = (h: SentenceHabit) => withShares(h, s.tree, convention);
  // The learned scorer's probability of the same comma, where it weighed one (`SentenceFindings.commaInserts`).
  const inserts = r.commaInserts;
  const scored = (h: SentenceHabit): SentenceHabit => (inserts && h.pending.length ? { ...h, pending: h.pending.map((o) => (o.slot === undefined ? o : withEvidence(o, { scorer: inserts.get(o.slot) }))) } : h);
  if (k.habit) habits.push(shares(gapEvidence(scored(k.habit))));
  // A held-back omission whose slot a small model's omission waits at too is that one's: one omission, one example.
  const waiting = new Set(k.habit?.pending.map((p) => p.slot) ?? []);
  const own = r.habit && r.habit.pending.some((p) => p.unbacked && waiting.has(p.slot)) ? { ...r.habit, pending: r.habit.pending.filter((p) => !(p.unbacked && waiting.has(p.slot))) } : r.habit;
  if (own) habits.push(shares(gapEvidence(kinds?.setOff ? withFrontedEvidence(scored(own), s, kinds.setOff, trace) : scored(own))));
  return { findings: k.findings, adaptive: k.adaptive, yielding: k.yielding, habits };
}

/**
 * The change a comma-gap finding makes, as `SentenceFindings.overruled` names changes (`changeKey`): a comma added to
 * an empty slot, or a slot's lone comma removed; undefined where a slot holds other marks too.
 */
function gapChangeKey(s: AnalysedSentence, slots: readonly number[], head: string): string | undefined {
  const changes = new Map<number, Array<{ norm: string }>>();
  for (const slot of slots) {
    const marks = s.tree.slots[slot] ?? [];
    if (head === 'missing' ? marks.length !== 0 : marks.length !== 1 || marks[0] !== ',') return undefined;
    changes.set(slot, head === 'missing' ? [{ norm: ',' }] : []);
  }
  return changeKey(changes);
}
