/**
 * The writer's own habit with a comma before "which", as the learned scorer reads it. In edited English a relative
 * "which" follows its noun without a comma about 45% of the time (1,127 of 2,525 in edited-english, the restrictive
 * "which" of technical and government prose), so one sentence cannot tell a missing comma from a restrictive clause:
 * the scorer gave `on failure⟦→,⟧ which happens` 0.81 and `on reach⟦→,⟧ which includes` 0.57, below the 0.88 a
 * report needs. A writer is consistent, though: of the edited dev items with a removed comma before "which", 42 come
 * from documents whose other "which"s mostly or all have one, and the scorer found 14 of them.
 *
 * So the document's other "which"s are a feature of an inserted comma before one: counted on the text (no parse),
 * over the whole document the prose layer gives (`documentRegister.ts` carries the count with the register's bins),
 * less the sentence's own, so that the sentence being judged never votes for itself. That difference is the same
 * for a sentence as written and for the sentence with its comma put back, which keeps training (on the documents as
 * written) and linting (a document with the error in it) alike.
 */
import type { FeatureVector } from './learnedScorer';

/** A "which" after one of these is not the relative that a comma could set off: `in which`, `that which`. */
const NOT_AFTER = new Set(['of', 'in', 'to', 'for', 'by', 'on', 'with', 'from', 'at', 'about', 'through', 'under', 'and', 'or', 'but', 'that', 'into', 'upon', 'during', 'after', 'before', 'over', 'between', 'among', 'against', 'within', 'without', 'via', 'than']);
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const WORD_CHAR = /[\p{L}\p{N}'’-]/u;
const SPACE = /\s/u;
/** What may stand between the word and the comma: a closing bracket or quote (`’` is read as part of the word). */
const CLOSERS = new Set([')', '"', '”']);
const ASCII_WORD = /[A-Za-z0-9_]/;

/**
 * "which" after a word, with a comma between them and without: `[comma, bare]`. Read from each "which" backwards (a
 * comma inside a closing quote is not counted): a pattern that matched the word first went back over a long word at
 * every letter, quadratic in one 20,000-character word (the scaling test).
 */
export function whichTally(text: string): [number, number] {
  let comma = 0;
  let bare = 0;
  // Where the last counted word began: a word is counted once, as the one match it would make.
  let used = 0;
  for (let at = text.indexOf('which'); at >= 0; at = text.indexOf('which', at + 5)) {
    if (ASCII_WORD.test(text[at + 5] ?? '')) continue;
    let j = at;
    while (j > used && SPACE.test(text[j - 1])) j--;
    if (j === at) continue;
    const hasComma = j > used && text[j - 1] === ',';
    if (hasComma) j--;
    if (j > used && CLOSERS.has(text[j - 1])) j--;
    let k = j;
    while (k > used && WORD_CHAR.test(text[k - 1])) k--;
    while (k < j && !LETTER_OR_DIGIT.test(text[k])) k++;
    if (k === j) continue;
    used = at + 5;
    if (NOT_AFTER.has(text.slice(k, j).toLowerCase())) continue;
    if (hasComma) comma++;
    else bare++;
  }
  return [comma, bare];
}

/** The tally's entry among the document's register bins (`registerBins`): not a feature of its own. */
export const WHICH_BIN = 'which=';

export function whichBin(tally: readonly [number, number]): string {
  return `${WHICH_BIN}${tally[0]}/${tally[1]}`;
}

/** The tally a bins list carries, if it carries one. */
export function whichTallyOfBins(bins: readonly string[]): [number, number] | undefined {
  const b = bins.find((x) => x.startsWith(WHICH_BIN));
  if (!b) return undefined;
  const [comma, bare] = b.slice(WHICH_BIN.length).split('/').map(Number);
  return [comma, bare];
}

/** The document's "which"s but the sentence's own. */
export function whichOthers(document: readonly [number, number], sentenceText: string): [number, number] {
  const own = whichTally(sentenceText);
  return [Math.max(0, document[0] - own[0]), Math.max(0, document[1] - own[1])];
}

/**
 * The writer's habit as a few classes: no other "which"; one, with or without a comma; several, all with a comma, most
 * with one, or most without.
 */
export function whichHabitClass([comma, bare]: readonly [number, number]): string {
  const n = comma + bare;
  if (n === 0) return 'none';
  if (n === 1) return comma ? 'one-comma' : 'one-bare';
  if (bare === 0) return 'all-comma';
  if (comma === 0) return 'all-bare';
  return comma > bare ? 'most-comma' : 'most-bare';
}

/**
 * The features of a comma inserted before "which" (the candidate's first slot), given the document's other ones: the
 * habit's class for the candidate's kind only. A class shared by every kind of insertion carried the relative
 * clause's weight to other commas before a "which": `Once you've decided⟦→,⟧ which type of PEP` got an introductory
 * comma at 0.87 (clean edited dev).
 */
export function whichHabitFeatures(others: readonly [number, number], key: string): FeatureVector {
  return [[`docWhich=${whichHabitClass(others)}*key=${key}`, 1]];
}
