/**
 * The comma before a concessive clause with its verb fronted and "as" after it ("…into which no one is able to enter,
 * invite them as we may"; "Try as he might, …"): the clause means "however much we invite them" (Quirk et al. 15.40,
 * CGEL 11.8 on "as" in concessive inversion). It is an adjunct of its own, set off by a comma; a comma-robust parse
 * reads its bare verb as the predicate of the noun before the comma, and the comma as one between a subject and its
 * verb. The clause must end in "as", a pronoun and a modal: a learner's comma between a subject and its verb ("My
 * friends, invite me to parties") has no such ending and stays a candidate.
 */
import { PunctuatedTree } from '../../../../data/depunct';

/** The longest concessive clause read after the comma, in words. */
const MAX_CLAUSE_WORDS = 8;

/** Slot i holds the comma before a fronted-verb concessive clause ("…, invite them as we may"). */
export function concessiveInversionCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 1 || i >= words.length || !tree.slots[i].includes(',') || words[i].upos !== 'VERB' || words[i].xpos !== 'VB') return false;
  // The clause runs to the next mark; its last three words are "as", a personal pronoun and a modal.
  let end = i + 1;
  while (end < words.length && tree.slots[end].length === 0 && end - i <= MAX_CLAUSE_WORDS) end++;
  if (end - i > MAX_CLAUSE_WORDS || end - i < 4) return false;
  const [as, subject, modal] = words.slice(end - 3, end);
  return as.form.toLowerCase() === 'as' && subject.xpos === 'PRP' && modal.xpos === 'MD';
}
