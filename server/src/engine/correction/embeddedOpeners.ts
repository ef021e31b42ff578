/**
 * An opener inside the sentence: a new clause begins after a semicolon or an opening quotation mark as it does at the
 * sentence's start, and it may open with a fronted clause, phrase or answer word that writers set off with a comma
 * (`he said, "If you want it, take it"`, `…; but when they met again, nobody spoke`). The fronted guards of
 * `deletionGuards.ts` look for openers at the sentence's start or after a colon only; this applies the same guards to
 * the clause after the last semicolon or opening quote, and after a coordinator that opens the clause or the sentence
 * ("But if it rains, …", "…; but when …").
 */
import { PunctuatedTree } from '../../data/depunct';
import { clauseStartBefore } from './clauseSpan';
import { frontedClauseCommaAt, frontedPhraseCommaAt, interjectionCommaAt } from './deletionGuards';

/** The words and slots of `tree` from word `from` (0-based) on, as a sentence of their own (heads are not kept). */
function clauseFrom(tree: PunctuatedTree, from: number): PunctuatedTree {
  return { words: tree.words.slice(from), slots: [[], ...tree.slots.slice(from + 1)] };
}

/**
 * Slot i holds the comma that closes an opener of the clause after the last semicolon or opening quote before it
 * (or after that clause's coordinator), as `frontedClauseCommaAt`, `frontedPhraseCommaAt` or `interjectionCommaAt`
 * judge it on that clause alone.
 */
export function embeddedOpenerCommaAt(tree: PunctuatedTree, i: number): boolean {
  let start = clauseStartBefore(tree, i);
  const coordinator = tree.words[start].upos === 'CCONJ' && tree.slots[start + 1].length === 0;
  if (start === 0 && !coordinator) return false; // the sentence's own opener: deletionGuards.ts already judges it
  if (coordinator) start++;
  if (i - start < 1) return false;
  const clause = clauseFrom(tree, start);
  const j = i - start;
  return [frontedClauseCommaAt, frontedPhraseCommaAt, interjectionCommaAt].some((opener) => opener(clause, j));
}
