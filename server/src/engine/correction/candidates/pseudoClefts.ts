/**
 * The comma after the free relative that is a pseudo-cleft's subject ("What I want to say, is that we need more
 * time", "What he told us, was not true"): the clause is the subject of "be", and edited English puts no single comma
 * between a subject and its verb (CMOS 6.31), however long the clause. Learners put one there as after any long
 * subject. The parser reads such a sentence in many ways (a relative clause on "What", an outer subject of the
 * clause after "is"), so the shape is read off words and marks: the sentence opens with "what" and a clause that has
 * a verb and no mark before the comma, and a form of "be" follows the comma. A question is no pseudo-cleft: "What do
 * you think, is it good?" has an auxiliary right after "what" or ends in a question mark. Decided as a convention of
 * edited prose (`conventionKinds.ts`; BENCHMARKS, session 15, S2).
 */
import { PunctuatedTree } from '../../../data/depunct';
import { COPULA_FORMS } from '../guards/clauseSpan';

/** Variant of a subject–verb comma deletion after a pseudo-cleft's free relative (`pseudoCleftCommaAt`). */
export const PSEUDO_CLEFT = 'pseudo-cleft';

/** Slot i holds the lone comma between a pseudo-cleft's free-relative subject and its "be" (see the file's comment). */
export function pseudoCleftCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const n = words.length;
  if (i < 3 || i >= n || words[0].form.toLowerCase() !== 'what' || words[1].upos === 'AUX') return false;
  if (tree.slots[i].length !== 1 || tree.slots[i][0] !== ',' || !COPULA_FORMS.has(words[i].form.toLowerCase())) return false;
  for (let j = 1; j < i; j++) if (tree.slots[j].length > 0) return false;
  if (tree.slots[n].includes('?')) return false;
  return words.slice(1, i).some((w) => w.upos === 'VERB');
}
