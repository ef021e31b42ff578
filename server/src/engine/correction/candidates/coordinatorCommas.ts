/**
 * The comma right after a coordinator in mid-sentence ("eggs, milk, and, bread", "The food was good but, the service
 * was slow"): a coordinator joins what follows it directly, and a comma after it only opens an aside that a second
 * comma closes ("and, in most cases, very creative"; CMOS 6.24). A lone one is an error of edited prose by grammar.
 * On EWT train a comma after a mid-sentence coordinator is closed by a later one 13 times and lone 3 times, two of
 * those errors ("but, the food was", "and, great suggestions"); the model prefers the lone comma gone by a wide margin
 * (Δ ≈ 9), but the error model keeps it under the threshold (BENCHMARKS, session 15), so the candidate is decided as a
 * convention (`conventionKinds.ts`).
 */
import { PunctuatedTree } from '../../../data/depunct';
import { TreeInfo } from '../../treeInfo';

/** Variant of a comma deletion after a coordinator (`coordinatorCommaAt`). */
export const AFTER_COORDINATOR = 'after-coordinator';

const COORDINATORS: ReadonlySet<string> = new Set(['and', 'or', 'but', 'nor']);

/**
 * Slot i holds a lone comma right after a coordinator that is not the sentence's first word: no other mark at the
 * slot or before the coordinator, the next word a word of the conjunct (not another coordinator: "and, or"), and no
 * mark anywhere later in the sentence, which could close an aside the comma opens. The parse cannot be asked where
 * the aside ends: it hangs the coordinator on a word inside the aside as often as on the conjunct after it ("and,
 * without my contact lenses, essentially blind"). `marked(j)`: slot j holds any mark as written; `onlyComma(j)`: slot
 * j holds a comma and nothing else.
 */
export function coordinatorCommaAt(tree: PunctuatedTree, info: TreeInfo, i: number, marked: (j: number) => boolean, onlyComma: (j: number) => boolean): boolean {
  if (i < 2 || i >= info.n || !onlyComma(i)) return false;
  const cc = tree.words[i - 1];
  if (cc.upos !== 'CCONJ' || !COORDINATORS.has(cc.form.toLowerCase()) || info.base(i) !== 'cc') return false;
  if (tree.words[i].upos === 'CCONJ' || tree.words[i].upos === 'PUNCT') return false;
  // A quoted coordinator ("the word "and", which …") has a mark before it.
  if (marked(i - 1) && !onlyComma(i - 1)) return false;
  if (info.head(i) <= i) return false;
  for (let j = i + 1; j < info.n; j++) if (marked(j)) return false;
  return true;
}
