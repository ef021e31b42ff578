/**
 * The comma right after "such as" or "including", before the noun phrase they introduce ("many sports such as‸,
 * football and tennis", "fruits, including‸, apples and pears"): a preposition leads straight into its object, and a
 * comma after it only opens an aside that a second comma closes ("such as, for example, tennis"). A lone one is an
 * error of edited prose by grammar, as the lone comma after a coordinator is (`coordinatorCommas.ts`). The model
 * prefers it gone by a wide margin (Δ 9.6 and 13.2 on those two), but a list guard keeps the first from being judged
 * and the error model keeps the second under the threshold, so the candidate is decided as a convention
 * (`conventionKinds.ts`).
 *
 * Only these two: after any other preposition a comma in edited text is nearly always a stranded preposition's
 * ("Kids used to ask where they came from‸, now they'll tell you"), a fixed expression's ("of course‸,") or the close
 * of a coordinated insertion ("similar to, and inspired by‸, xUnit"), which the parse reads as a preposition before
 * its object (BENCHMARKS, lint "Session 20 (lead): the comma after a preposition", P, and "… after "such as" or
 * "including"", P′). These two introduce examples and are never stranded.
 */
import { PunctuatedTree } from '../../../data/depunct';
import { TreeInfo } from '../../treeInfo';

/** Variant of a comma deletion after "such as" or "including" (`prepositionCommaAt`). */
export const AFTER_PREPOSITION = 'after-preposition';

/** Parts of speech that open the noun phrase an example-giving preposition introduces. */
const NOUN_PHRASE_OPENERS: ReadonlySet<string> = new Set(['DET', 'NOUN', 'PROPN', 'PRON', 'NUM', 'ADJ']);

/** The first word of the "such as" or "including" that ends at word i, if it does. */
export function prepositionEndingAt(tree: PunctuatedTree, i: number): number | undefined {
  const form = tree.words[i - 1]?.form.toLowerCase();
  if (form === 'including') return i;
  return form === 'as' && i >= 2 && tree.words[i - 2].form.toLowerCase() === 'such' ? i - 1 : undefined;
}

/**
 * Slot i holds a lone comma right after "such as" or "including" in mid-sentence, and the next word opens a noun
 * phrase. A comma that closes an insertion after them is followed by something else ("including, but not limited to,
 * the warranties" has "but" after its first comma, "such as, for example, tennis" a preposition), so a comma earlier in
 * the sentence does not matter ("Also, they can see content such as, violent videos"). `onlyComma(j)`: slot j holds
 * a comma and nothing else; `marked(j)`: any mark.
 */
export function prepositionCommaAt(tree: PunctuatedTree, i: number, marked: (j: number) => boolean, onlyComma: (j: number) => boolean): boolean {
  const n = tree.words.length;
  if (i < 2 || i >= n || !onlyComma(i)) return false;
  const first = prepositionEndingAt(tree, i);
  if (first === undefined || first < 2) return false;
  if (marked(first - 1) && !onlyComma(first - 1)) return false;
  return NOUN_PHRASE_OPENERS.has(tree.words[i].upos);
}
