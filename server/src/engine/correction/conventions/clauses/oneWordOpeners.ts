/**
 * The comma after a one-word adverbial that opens the sentence ("Afterwards, the doctor came", "Meanwhile, the town
 * …", "Personally, I doubt it"). Setting off a short introductory adverbial is the writer's choice (CMOS 6.36), never
 * an error to mend by deleting the comma. The adverb stands alone when a complete clause follows the comma: a
 * subject, then its finite verb. What
 * stays a candidate: a subordinator ("Because, the shop was shut"; tagged no adverb), a wh-adverb ("When, they saw
 * it"), a focusing adverb, which modifies the phrase after it ("Only, time will tell", "Even, partition is …"), and a
 * number after the word, which the word then modifies ("About, 1,200 soldiers", "Over, 300 people"). A word tagged
 * a preposition is left out, although the tagger reads some such adverbs so ("Afterwards"): on EWT's gold trees a
 * preposition alone before a comma and a clause is a learner's split of a prepositional phrase ("In, the end Nixon
 * kept …", "By, definition most tourists …": 16 inserted commas of that shape against none written, even with the
 * clause's subject one noun phrase).
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { commaAlone } from '../../guards/commaAlone';
import { firstAfterCoordinator } from '../../guards/phraseEdges';
import { opensClause } from './discourseImperatives';

/** Focusing adverbs (Quirk et al. 8.116): they modify the phrase after them, and a comma there splits it. */
const FOCUSING = new Set(['only', 'even', 'just', 'merely', 'simply', 'especially', 'particularly', 'mainly', 'purely', 'exactly', 'almost', 'nearly', 'not']);

/** Slot i holds the comma after the sentence's first word (after a coordinator at most), an adverb standing alone before a complete clause. */
export function oneWordOpenerCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 1 || i >= words.length || !commaAlone(tree, i)) return false;
  const o = firstAfterCoordinator(tree);
  const word = words[o];
  if (i - o !== 1 || !/^\p{L}+$/u.test(word.form) || FOCUSING.has(word.form.toLowerCase()) || words[i].upos === 'NUM') return false;
  return word.upos === 'ADV' && word.xpos === 'RB' && opensClause(words, i);
}
