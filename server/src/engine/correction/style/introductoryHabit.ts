/**
 * `introductoryComma: auto` — the document's own habit (for every element but a transition such as "However", whose
 * comma `auto` reports as it is: `introductoryTransition.ts`). Where `edited` holds every writer to the convention most of
 * EWT's writers follow, `auto` holds a writer only to their own: in one document (a file: all the prose blocks the
 * prose layer lints, whose parts `documentPart.ts` sums; a text linted alone is a document of one part), it
 * counts the introductory elements the convention covers (`introductoryElement` + the learned table) and whether the
 * writer put the comma after each. When the writer clearly does (at least `HABIT_MIN_WRITTEN` commas, and at least
 * `HABIT_MIN_SHARE` of the covered elements), the omissions that `edited` would report are reported as
 * inconsistencies; otherwise nothing is. The same tally as `quoteStyle: auto`, for a comma instead of a quote.
 *
 * Why these two numbers (BENCHMARKS, lint "Session 5b"):
 * - the share is the convention's own bar (`minShare` 0.75 of the shipped table): a document is held to its habit only
 *   when it is at least as consistent as the population habit that makes an element "covered" in the first place —
 *   a writer at 2 of 3 is no more consistent than EWT's average writer, and has no habit to break;
 * - three commas: the parser, not the writer, decides what counts as a covered element, and a misparse can count one
 *   comma (or hide one); with three, no single sentence — one misparse, one deliberate comma — makes a habit alone.
 *   The weakest pattern allowed, 3 of 4, still puts 0.81 of the posterior on a comma rate above one half (uniform
 *   prior), and each omission it reports goes against the writer's own commas three to one.
 *
 * The per-sentence part (the tally and the findings an omission would give) is remembered with the sentence
 * (`SentenceFindingsMemo`), and summed into its block's part (cached by the prose layer); only the sum over the
 * document, made after every block (`settleParts`), decides. So an edit in one sentence that changes the habit
 * changes the findings of the others without their being analysed again.
 */
import { PlainFinding } from '../../finding';
import { PunctuatedTree } from '../../../data/depunct';
import { TreeInfo } from '../../treeInfo';
import { conventionCovers, IntroductoryConvention, writtenIntroductions } from './introductoryConvention';

/** A document needs at least this many commas after covered elements to have a habit. */
export const HABIT_MIN_WRITTEN = 3;
/** … and this share of its covered elements with the comma (the shipped convention's `minShare`). */
export const HABIT_MIN_SHARE = 0.75;

export interface HabitCount {
  /** Covered introductory elements followed by a comma, as written. */
  written: number;
  /** Covered introductory elements with no mark at all after them. */
  omitted: number;
}

/**
 * An omission `edited` would report, waiting for the document's habit: the finding and what to call its element.
 * `F` is the finding's form: plain offsets within the engine, a built `Finding` in a part handed to the prose layer.
 */
export interface PendingOmission<F = PlainFinding> {
  finding: F;
  /** E.g. `word "However"`, `clause "When the rain stopped"`. */
  element: string;
  /** The sentence's slot the comma goes in (set by the style step; `habitEvidence.ts` asks the set-off model there). */
  slot?: number;
  /**
   * Reported only when the document is error-prone, never under its habit alone: the comma-gap model does not back it
   * (`habitEvidence.ts`, `withGapEvidence`).
   */
  errorProneOnly?: boolean;
}

/** One text's part of the document's habit (a sentence's, or a whole block's): its counts and pending omissions. */
export interface HabitPart<F = PlainFinding> extends HabitCount {
  pending: PendingOmission<F>[];
}

/** One sentence's part of the document's habit. */
export type SentenceHabit = HabitPart<PlainFinding>;

/** The covered introductory elements of one tree as written, with and without the comma. */
export function habitCount(tree: PunctuatedTree, info: TreeInfo, conv: IntroductoryConvention): HabitCount {
  const out: HabitCount = { written: 0, omitted: 0 };
  for (const el of writtenIntroductions(tree, info)) {
    if (!conventionCovers(conv, el.keys)) continue;
    if (el.comma) out.written++;
    else out.omitted++;
  }
  return out;
}

export function habitHolds(h: HabitCount): boolean {
  return h.written >= HABIT_MIN_WRITTEN && h.written >= HABIT_MIN_SHARE * (h.written + h.omitted);
}

/** The document's tally over its parts when it is a habit (see `habitHolds`), else undefined. */
export function documentHabit(parts: readonly HabitCount[]): HabitCount | undefined {
  const total: HabitCount = { written: 0, omitted: 0 };
  for (const p of parts) {
    total.written += p.written;
    total.omitted += p.omitted;
  }
  return habitHolds(total) ? total : undefined;
}

/** A pending omission reported under the document's habit `total`: the message says whose habit and how strong. */
export function habitFinding<F extends { message: string }>({ finding, element }: PendingOmission<F>, total: HabitCount): F {
  const of = `${total.written} of ${total.written + total.omitted}`;
  return {
    ...finding,
    message: `Set off the introductory ${element} with a comma: you write one after introductory elements elsewhere in this document (${of}).`,
  };
}
