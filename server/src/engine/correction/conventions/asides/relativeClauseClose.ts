/**
 * The comma that closes a nonrestrictive relative clause a comma opened ("After a bad series against the Giants, in
 * which our fielder made three errors and let two balls through, the manager pleaded …"). A supplementary relative
 * clause is set off by a pair of commas (CGEL 12.4.2; Quirk et al. 17.22), and the closing one often also ends the
 * phrase the clause belongs to. A comma-robust parse runs the relative clause on into what follows (there "manager"
 * read as an oblique of "get"), and the closing comma then looks unnecessary; deleting it would leave the opening
 * comma unpaired. Only "which", "who", "whom", "whose" (after a preposition too) open such a clause: "that" opens
 * restrictive ones, which take no commas. A learner's comma after a restrictive relative clause ("My friend who lives in
 * London, is a doctor") has no opening comma and stays a candidate.
 */
import { PunctuatedTree, TreeWord } from '../../../../data/depunct';

/** Fine tags of the relative pronouns "which", "who", "whom", "whose". */
const RELATIVE_TAGS = new Set(['WDT', 'WP', 'WP$']);

/** A wh-relative that can open a non-restrictive clause: "which", "who", "whom", "whose" ("that" opens restrictive ones). */
export function isWhRelative(w: TreeWord | undefined): boolean {
  return w !== undefined && RELATIVE_TAGS.has(w.xpos) && w.form.toLowerCase() !== 'that';
}

/** The longest relative clause read between its commas, in words. */
const MAX_CLAUSE_WORDS = 25;

/** Slot i holds a comma that closes a relative clause opened by a comma and a wh-relative. */
export function relativeClauseCloseAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 3 || i >= words.length || !tree.slots[i].includes(',')) return false;
  let j = i - 1;
  while (j > 0 && i - j <= MAX_CLAUSE_WORDS && tree.slots[j].length === 0) j--;
  if (j <= 0 || i - j > MAX_CLAUSE_WORDS || tree.slots[j].length !== 1 || tree.slots[j][0] !== ',') return false;
  const first = words[j];
  const pronoun = isWhRelative(first) ? j : first.xpos === 'IN' && RELATIVE_TAGS.has(words[j + 1].xpos) ? j + 1 : -1;
  if (pronoun < 0) return false;
  // The clause has its own verb after the pronoun ("in which our fielder made …"; the tagger may call a past form a
  // participle there, so any verb counts).
  return words.slice(pronoun + 1, i).some((w) => w.upos === 'VERB' || w.upos === 'AUX');
}
