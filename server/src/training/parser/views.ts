/**
 * The three views of a training sentence (issue 4): punctuation kept, removed, and randomly corrupted the way writers
 * get commas wrong (dropped, inserted, doubled), so that the tagger and parser give the words the same analysis
 * whatever the punctuation.
 */
import { PunctuatedTree } from '../../data/depunct';
import { WordSequence } from '../../parser/encoding';
import { frontedAdverbialClauses } from './frontedClauses';

export type ViewKind = 'kept' | 'removed' | 'corrupted';
export const VIEW_KINDS: readonly ViewKind[] = ['kept', 'removed', 'corrupted'];

/** The shared seeded generator (mulberry32), under the name the parser's training uses. */
export { seededRng as seededRandom } from '../../random/seededRng';

export interface CorruptionRates {
  dropComma: number;
  insertComma: number;
  doubleComma: number;
  /** Dropping every mark of a slot (a forgotten period, bracket, dash). */
  dropSlot: number;
}

export const DEFAULT_CORRUPTION: CorruptionRates = { dropComma: 0.3, insertComma: 0.06, doubleComma: 0.03, dropSlot: 0.1 };

/** Learner-comma slots of a sentence (`learnerCommas.ts`) and the probability of a comma in each of them. */
export interface LearnerCommas {
  slots: ReadonlySet<number>;
  rate: number;
}

/**
 * `keep`: slots left as written (see `protectedSlots`). `learner`: empty slots where a learner's comma is added with
 * its own probability (drawn only there, so without it the random stream is the one older models were trained on).
 */
export function corruptSlots(
  slots: string[][],
  rand: () => number,
  rates = DEFAULT_CORRUPTION,
  keep?: ReadonlySet<number>,
  learner?: LearnerCommas,
): string[][] {
  const n = slots.length - 1;
  return slots.map((marks, i) => {
    if (keep?.has(i)) return marks;
    if (marks.length && rand() < rates.dropSlot) return [];
    const out: string[] = [];
    for (const m of marks) {
      if (m === ',') {
        if (rand() < rates.dropComma) continue;
        out.push(m);
        if (rand() < rates.doubleComma) out.push(m);
      } else out.push(m);
    }
    if (out.length === 0 && marks.length === 0 && i > 0 && i < n && rand() < rates.insertComma) out.push(',');
    if (out.length === 0 && marks.length === 0 && learner?.slots.has(i) && rand() < learner.rate) out.push(',');
    return out;
  });
}

/**
 * One writer's error put into a sentence (a set-off comma dropped, a subject–verb comma added, a splice …): the slots
 * with the error, or undefined when no such error applies to it. Built outside the shipped code, from the linter's own
 * corruption generator (`server/research/parserViews/writersErrors.ts`), so that the parser learns to read through the
 * errors the linter must find.
 */
export type WritersError = (rand: () => number) => string[][] | undefined;

/**
 * `writers`: with probability `rate`, the corrupted view is the sentence with one writer's error instead of the random
 * corruption (drawn only when given, so without it the random stream is the one older models were trained on).
 */
export interface WritersErrors {
  rate: number;
  error: WritersError;
}

export function viewOf(
  tree: PunctuatedTree,
  kind: ViewKind,
  rand: () => number,
  keep?: ReadonlySet<number>,
  learner?: LearnerCommas,
  writers?: WritersErrors,
): WordSequence {
  const forms = tree.words.map((w) => w.form);
  if (kind === 'kept') return { forms, slots: tree.slots };
  if (kind === 'removed') return { forms, slots: tree.slots.map(() => []) };
  if (writers && rand() < writers.rate) {
    const slots = writers.error(rand);
    if (slots) return { forms, slots };
  }
  return { forms, slots: corruptSlots(tree.slots, rand, DEFAULT_CORRUPTION, keep, learner) };
}

/**
 * Slots the corrupted view leaves as written: the comma closing a sentence-initial adverbial clause. Writers drop it
 * often, but when it is there it is the evidence that the clause has ended ("When the storm ended, the town…"); a
 * parser that never sees it kept while its neighbours are corrupted learns to read past it.
 */
export function protectedSlots(tree: PunctuatedTree, phrases = false): Set<number> {
  const out = new Set(frontedAdverbialClauses(tree).map((c) => c.last + 1));
  if (phrases) for (const i of frontedPhraseCommas(tree)) out.add(i);
  return out;
}

/**
 * With `phrases`, also the comma after any sentence-initial phrase ("As such, Rust …", "Remember, most people …",
 * "Because of this, winter …"): a slot holding a comma before the main predicate, with every word before it in a
 * subtree that ends before it and hangs on the predicate. A parser whose corrupted views drop these commas learns to
 * read through them: the 2 × 64 scorer did so on edited prose (journal, "The parser's encoder with two BiLSTM layers").
 */
export function frontedPhraseCommas(tree: PunctuatedTree): number[] {
  const words = tree.words;
  const n = words.length;
  const root = words.findIndex((w) => w.head === 0) + 1;
  const out: number[] = [];
  for (let i = 1; i < root; i++) {
    if (!tree.slots[i].includes(',')) continue;
    // Words 1..i: each one's ancestors up to the predicate lie within 1..i.
    let prefix = true;
    for (let k = 1; k <= i && prefix; k++) {
      let h = words[k - 1].head;
      let steps = 0;
      while (h !== root && h >= 1 && h <= i && steps++ < n) h = words[h - 1].head;
      if (h !== root) prefix = false;
    }
    if (prefix) out.push(i);
  }
  return out;
}
