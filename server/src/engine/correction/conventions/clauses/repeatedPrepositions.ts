/**
 * The comma between prepositional phrases of a series that repeat their preposition ("Never his mind on where he was,
 * on what he was doing"; "to the horizon, to the sky, to the future"). Repeating the preposition makes the second
 * phrase a coordinate or a restatement of the first (Quirk et al. 13.65 on asyndetic coordination, 17.65 on
 * apposition), which a comma sets off; a comma-robust parse hangs the second phrase on a word of the first, and the
 * comma then looks unnecessary. The phrase before the comma must open with the same preposition and hold no other
 * mark: a learner's comma before a verb's only prepositional complement ("I waited, for the bus") repeats nothing and
 * stays a candidate.
 */
import { PunctuatedTree } from '../../../../data/depunct';

/** The longest prepositional phrase read before the comma, in words. */
const MAX_PHRASE_WORDS = 10;

/** Slot i holds a comma before a preposition that repeats the one opening the phrase before the comma. */
export function repeatedPrepositionCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 2 || i + 1 >= words.length || !tree.slots[i].includes(',')) return false;
  const prep = words[i];
  // The tagger's fine tag IN covers a preposition before a wh-clause it may call a subordinator ("on what he was
  // doing"); "that" repeated opens complement clauses, not phrases of a series, and is left out.
  if (prep.xpos !== 'IN' || prep.form.toLowerCase() === 'that' || tree.slots[i + 1].length > 0) return false;
  // Back to the start of the phrase before the comma: the first mark or the clause's start.
  let k = i - 1;
  while (k > 0 && tree.slots[k].length === 0 && i - k <= MAX_PHRASE_WORDS) k--;
  for (let j = i - 2; j >= k; j--) {
    // The same preposition opens a phrase before ("on where he was") with at least one word after it.
    if (words[j].xpos === 'IN' && words[j].form.toLowerCase() === prep.form.toLowerCase()) return true;
  }
  return false;
}
