/**
 * A text linted as one part of a larger document (a prose block of a Markdown file, which the prose layer lints one
 * at a time and caches): the findings that are the text's own, and what a decision over the whole document needs
 * from it. Two such decisions exist today, `introductoryComma: auto` (the document's own habit,
 * `correction/style/introductoryHabit.ts`) and `adaptToWriter` (its own error rate, `correction/pipeline/writerErrorRate.ts`);
 * `quoteStyle: auto` is decided before the blocks are linted, from a count of marks (`LintOptions.quoteHabit`).
 *
 * An error-prone document with no habit of its own is held to edited prose's introductory commas (journal,
 * "introductory commas in an error-prone text").
 *
 * `settleParts` makes the document-level decision over the parts alone — a sum over counts that were computed (and
 * cached) with each part, never a new analysis — so an edit that changes the habit in one block changes the findings
 * of the others without their being analysed again. `Linter.lint(text)` is `settleParts([lintPart(text)])`: a text
 * linted alone is a document of one part, and gets exactly what it got before parts existed.
 */
import { documentHabit, habitDecisionProbability, habitExpectation, habitFinding, HABIT_MIN_EXPECTED, HabitPart } from './correction/style/introductoryHabit';
import { documentErrorRate, errorProneFinding, errorProneOmission, ErrorRatePart, heldFinding } from './correction/pipeline/writerErrorRate';
import { AudienceDecision, learnerMessage } from './audience';
import type { DecisionNote, DecisionTrace } from './correction/pipeline/decide';
import type { Linter } from './index';
import { Audience, Finding, LintOptions } from './types';
import { findingWith } from './finding';

export interface LintPart {
  /** The findings that hold whatever the rest of the document says; offsets are into the part's text. */
  findings: Finding[];
  /**
   * Under `introductoryComma: auto` (with the convention loaded): the part's covered introductory elements and the
   * omissions that wait for the document's habit, built like `findings` (rules switched off and the confidence floor
   * already applied, severity overrides too; the message is written when the habit is decided).
   */
  habit?: HabitPart<Finding>;
  /**
   * Under `adaptToWriter`: the part's findings and sentences, which the document sums to decide whether it is
   * error-prone, and the findings the part adds if it is (`correction/pipeline/writerErrorRate.ts`), built like `habit.pending`;
   * `held`, a sure rule's findings reported only then (`TextRule.errorProneOnly`), are not counted.
   */
  errorRate?: ErrorRatePart<Finding>;
  /** The audience the part was linted for (`audience.ts`); `learner` makes the document error-prone whatever it counts. */
  audience?: Audience;
  /**
   * Present when `habit.pending` or `errorRate.pending` is not empty: the part's findings before overlapping ones
   * were dropped, so that a pending finding reported displaces a weaker finding it overlaps (or is displaced by a
   * stronger one) exactly as it would in one `lint` of the whole text.
   */
  contenders?: Finding[];
  /** Words the model analysed (the sentences' words: what its budget counts). */
  words?: number;
  /**
   * Where the model stopped before the part's end (its offset): the word budget ran out (`LintOptions.wordBudget`),
   * or `isCancelled` turned true. The text after it got the typographic rules only.
   */
  stoppedAt?: number;
  stoppedBy?: 'budget' | 'cancelled';
}

/** `linter.lintPart`, or for a linter without it (a test double) a part that decides nothing over the document. */
export function lintAsPart(linter: Linter, text: string, options?: LintOptions): LintPart {
  return linter.lintPart ? linter.lintPart(text, options) : { findings: linter.lint(text, options) };
}

/** Whether two findings' ranges overlap (as `lint` has always judged it: strictly, by offsets). */
export function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start < b.end && b.start < a.end;
}

/**
 * The findings to report when some overlap: the most confident first, each kept only if it overlaps none kept
 * before it; in document order. Ties keep the input's order (the sort is stable). `dropped` is told of each one left
 * out and a kept one it overlaps (`puncteme explain --candidates`). A finding whose range is not a pair of offsets is
 * left out alone (`by` undefined): no fix can be placed from it, and it must not hide the others.
 */
export function keepStrongest<F extends { confidence: number }>(items: readonly F[], span: (f: F) => { start: number; end: number }, dropped?: (f: F, by: F | undefined) => void): F[] {
  // Which kept finding covers each character (its index + 1), and where kept empty findings stand: a check costs the
  // finding's length, not the number kept (comparing with every kept finding was quadratic: a run of 40,000 stray
  // closing brackets, each a finding, took 2 s at 40,000 and 22 s at 80,000). Same results as `overlaps` with each.
  const valid: F[] = [];
  for (const f of items) {
    const { start, end } = span(f);
    if (Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && end >= start) valid.push(f);
    else dropped?.(f, undefined);
  }
  let size = 1;
  for (const f of valid) size = Math.max(size, span(f).end + 1);
  // Both hold a kept finding's index + 1: `cover` over its characters, `points` where an empty one stands.
  const cover = new Int32Array(size);
  const points = new Int32Array(size);
  const kept: F[] = [];
  for (const f of valid.sort((a, b) => b.confidence - a.confidence)) {
    const { start, end } = span(f);
    // `by`: the clashing kept finding's index + 1.
    let clash = false;
    let by = 0;
    if (end > start) {
      for (let i = start; i < end && !clash; i++) {
        if (cover[i] !== 0) [clash, by] = [true, cover[i]];
        else if (i > start && points[i] !== 0) [clash, by] = [true, points[i]];
      }
    } else [clash, by] = [start > 0 && cover[start - 1] !== 0 && cover[start - 1] === cover[start], cover[start]];
    if (clash) {
      dropped?.(f, kept[by - 1]);
      continue;
    }
    kept.push(f);
    if (end > start) cover.fill(kept.length, start, end);
    else points[start] = kept.length;
  }
  return kept.sort((a, b) => span(a).start - span(b).start || span(a).end - span(b).end);
}

/** The decision trace's note of a finding left out for a more confident one overlapping it. */
export function overlapNote(f: { ruleId: string; confidence: number }, range: { start: number; end: number }, by: { ruleId: string; confidence: number } | undefined): DecisionNote {
  const reason = by ? `overlaps ${by.ruleId} (confidence ${by.confidence.toFixed(3)} ≥ ${f.confidence.toFixed(3)})` : 'its range is not a pair of offsets in the text';
  return { stage: 'strongest', kind: f.ruleId, changes: [], effect: 'dropped', reason, range };
}

/** A built finding's range as offsets. */
export const findingSpan = (f: Finding) => ({ start: f.start.offset, end: f.end.offset });

/**
 * The document-level decisions over its parts: each part's findings, in the part's own coordinates. A part the
 * decisions do not touch gets its `findings` array itself back (callers may test identity to skip work).
 */
export function settleParts(parts: readonly LintPart[]): Finding[][] {
  return settleDocument(parts).findings;
}

/**
 * `settleParts`, with the audience the document was held to (`audience.ts`); `trace` is told of each finding a
 * document-level one overlaps and outweighs (`explain --candidates`, on a document of one part).
 */
export function settleDocument(parts: readonly LintPart[], trace?: DecisionTrace): { findings: Finding[][]; audience: AudienceDecision } {
  const habit = documentHabit(parts.flatMap((p) => (p.habit ? [p.habit] : [])));
  const decision = parts.find((p) => p.habit?.decision)?.habit?.decision;
  const rates = parts.flatMap((p) => (p.errorRate ? [p.errorRate] : []));
  const total = { findings: 0, sentences: 0 };
  for (const r of rates) [total.findings, total.sentences] = [total.findings + r.findings, total.sentences + r.sentences];
  // A named learner audience holds every part to the error-prone document's decisions, whatever the parts count.
  const named = parts.some((p) => p.audience === 'learner') ? 'learner' : parts.some((p) => p.audience === 'edited') ? 'edited' : undefined;
  const errorRate = named === 'learner' ? total : named === 'edited' ? undefined : documentErrorRate(rates);
  const audience: AudienceDecision = { audience: errorRate ? 'learner' : 'edited', by: named ? 'setting' : 'auto', ...total };
  // Under the named audience the reason in a message is the setting, not a count the other findings change.
  const reason = <F extends { message: string }>(f: F): F => (named ? findingWith(f, { message: learnerMessage(f.message) } as Partial<F>) : f);
  const findings = parts.map((p) => {
    // Without a habit of its own, an error-prone document is held to edited prose's introductory commas, as to its
    // splices: a writer whose text is full of punctuation errors has not chosen to leave them out (journal,
    // "introductory commas in an error-prone text").
    // The user's confidence floor, which a habit omission's confidence meets or not only now.
    const floor = p.habit?.minConfidence ?? 0;
    // In a document held to its writer's habit, the learned decision weighs every omission waiting for it, the ones
    // the hand-set gates hold back included (`introductoryHabit.ts`); without its model, and in an error-prone document,
    // the gates decide.
    const learned = !errorRate ? decision : undefined;
    const waiting = (p.habit?.pending ?? []).filter((o) => learned || !o.unbacked);
    const omissions = waiting.filter((o) => o.share !== undefined || o.finding.confidence >= floor);
    const backed = omissions.filter((o) => !o.errorProneOnly);
    const asErrorProne = (o: (typeof omissions)[number]) => (errorRate && o.finding.confidence >= floor ? [reason(errorProneOmission(o, errorRate))] : []);
    const habitual = learned
      ? waiting.flatMap((o) => {
          const prob = habitDecisionProbability(learned, o, habit);
          return prob >= learned.threshold && prob >= floor ? [habitFinding(o, habit, prob)] : [];
        })
      : [
          ...backed.flatMap((o) => {
            // The comma's expected rate under the writer's habit is the finding's confidence.
            const expected = o.share === undefined ? 0 : habitExpectation(habit, o.share, o.counted);
            if (expected >= HABIT_MIN_EXPECTED && expected >= floor) return [habitFinding(o, habit, expected)];
            return asErrorProne(o);
          }),
          ...omissions.filter((o) => o.errorProneOnly).flatMap(asErrorProne),
        ];
    const reported = [
      ...habitual,
      ...(errorRate && p.errorRate ? p.errorRate.pending.map((f) => reason(errorProneFinding(f, errorRate))) : []),
      ...(errorRate && p.errorRate?.held ? p.errorRate.held.map((f) => reason(heldFinding(f, errorRate))) : []),
      ...(!errorRate && p.errorRate?.yielding ? p.errorRate.yielding : []),
    ];
    if (!reported.length) return p.findings;
    return keepStrongest([...(p.contenders ?? p.findings), ...reported], findingSpan, trace && ((f, by) => trace(overlapNote(f, findingSpan(f), by))));
  });
  return { findings, audience };
}
