/**
 * An opener inside the sentence: a new clause begins after a semicolon or an opening quotation mark as it does at the
 * sentence's start, and it may open with a fronted clause, phrase or answer word that writers set off with a comma
 * (`he said, "If you want it, take it"`, `…; but when they met again, nobody spoke`). The fronted guards of
 * `deletionGuards.ts` look for openers at the sentence's start or after a colon only; this applies the same guards to
 * the clause after the last semicolon or opening quote, after a coordinator that opens the clause or the sentence
 * ("But if it rains, …", "…; but when …"), and after an adverb before the opener ("Briefly put, …").
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { clauseStartBefore } from '../../guards/clauseSpan';
import { frontedClauseCommaAt, frontedPhraseCommaAt, interjectionCommaAt } from '../../guards/deletionGuards';

/** The words and slots of `tree` from word `from` (0-based) on, as a sentence of their own (heads are not kept). */
function clauseFrom(tree: PunctuatedTree, from: number): PunctuatedTree {
  return { words: tree.words.slice(from), slots: [[], ...tree.slots.slice(from + 1)] };
}

/**
 * Slot i holds the comma that closes an opener of the clause after the last semicolon or opening quote before it
 * (or after that clause's coordinator, or after an adverb before the opener), as `frontedClauseCommaAt`, `frontedPhraseCommaAt` or `interjectionCommaAt`
 * judge it on that clause alone.
 */
export function embeddedOpenerCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  let start = clauseStartBefore(tree, i);
  const starts: number[] = [start];
  const skippable = (k: number, ok: (upos: string, xpos: string) => boolean) => k < i && ok(words[k].upos, words[k].xpos) && tree.slots[k + 1].length === 0;
  if (skippable(start, (upos) => upos === 'CCONJ')) starts.push(++start);
  // An adverb before a fronted phrase leaves it a fronted phrase ("Briefly stated, …", "Instead of waiting, …").
  if (skippable(start, (upos, xpos) => upos === 'ADV' && xpos !== 'WRB')) starts.push(++start);
  // Start 0 is the sentence's own opener, which deletionGuards.ts already judges.
  return starts.some((k) => k > 0 && i - k >= 1 && [frontedClauseCommaAt, frontedPhraseCommaAt, interjectionCommaAt].some((opener) => opener(clauseFrom(tree, k), i - k)));
}
