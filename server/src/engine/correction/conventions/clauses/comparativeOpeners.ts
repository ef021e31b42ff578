/**
 * The comma after a comparison that opens the sentence: "More than ever, the town needs …", "Less than a year later,
 * the company …", "Rather than wait, we left". A phrase of a comparative and "than" is an adverbial set off by
 * convention as a prepositional opener is (CMOS 6.36); the fronted-phrase guard reads only a preposition or a
 * participle as the first word, and the parse takes the comparative for an adjective whose noun runs past the comma.
 * The phrase holds no finite verb, and a complete clause (a subject, then its finite verb) follows the comma; where
 * the comparison is the subject's own ("More than half of the voters, agreed"), no clause follows and the comma stays
 * a candidate.
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { finiteVerb } from '../../guards/clauseSpan';
import { commaAlone } from '../../guards/commaAlone';
import { firstAfterCoordinator } from '../../guards/phraseEdges';
import { opensClause } from './discourseImperatives';

/** Fine tags of a comparative adjective or adverb. */
const COMPARATIVE_TAGS = new Set(['JJR', 'RBR']);

/** Slot i holds the comma that closes a comparison opening the sentence (after a coordinator at most), before a complete clause. */
export function comparativeOpenerCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 3 || i >= words.length || !commaAlone(tree, i)) return false;
  const o = firstAfterCoordinator(tree);
  const than = words[o + 1];
  if (!COMPARATIVE_TAGS.has(words[o].xpos) || than === undefined || than.form.toLowerCase() !== 'than' || i - o < 3) return false;
  for (let k = o + 1; k < i; k++) if (tree.slots[k].length > 0 || finiteVerb(words[k])) return false;
  return opensClause(words, i);
}
