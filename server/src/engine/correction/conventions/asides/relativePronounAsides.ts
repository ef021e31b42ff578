/**
 * An adverbial set between two commas right after the relative pronoun that opens a clause ("a husband who, every
 * week when I sit down to watch the show, won't scream"). The pronoun is the clause's subject, the aside its adjunct,
 * and the clause's verb follows the closing comma; parenthetical commas come in pairs (Quirk et al. 15.55), so neither
 * is a deletion candidate alone. A comma-robust parse reads the aside's noun as the clause's verb or subject and the
 * comma after "who" looks stray. A learner's comma between the pronoun and its verb ("a man who, lives next door")
 * has no aside before the verb and stays a candidate.
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { FINITE_VERB_TAGS } from '../../guards/deletionGuards';

/** The longest aside read between the commas, in words. */
const ASIDE_MAX_WORDS = 15;

/** Slot i holds the comma after a relative "who"/"which" that opens an aside closed before the clause's verb. */
export function relativePronounAsideAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 2 || i >= words.length || !tree.slots[i].includes(',')) return false;
  const pronoun = words[i - 1];
  // A relative pronoun after its noun (not an interrogative "who" opening a question).
  if (!['WP', 'WDT'].includes(pronoun.xpos) || pronoun.form.toLowerCase() === 'that' || words[i - 2].upos !== 'NOUN' || tree.slots[i - 1].length > 0) return false;
  // The aside opens with no verb: it is the clause's adjunct, not its predicate ("who, lives …").
  if (words[i].upos === 'VERB' || words[i].upos === 'AUX') return false;
  for (let m = i + 1; m < words.length && m - i <= ASIDE_MAX_WORDS; m++) {
    const slot = tree.slots[m];
    if (slot.length === 0) continue;
    if (slot.includes(',')) return FINITE_VERB_TAGS.has(words[m].xpos);
  }
  return false;
}
