/**
 * A descriptive appositive that ends the sentence: a noun phrase with its own postmodifier that renames or describes
 * the noun phrase the clause before it ends with, without repeating its noun ("he would be tried for receiving, a
 * crime punishable by forty lashes", "The world is your notebook, the pages on which you work"). Supplementary
 * appositives are set off by a comma (Quirk et al. 17.65–17.72; CMOS 6.28); `renamingAppositions.ts` covers those that
 * repeat their noun or take it up with "one". A comma-robust parse reads the appositive as the verb's object or a
 * stray noun, and the comma looks like one between a verb and its object. The appositive here must be unmistakable:
 * it opens with a determiner, carries a postmodifier (a prepositional phrase, a relative clause, a participle or an
 * adjective after its noun), holds no finite verb of its own outside that relative clause, and runs to the
 * sentence's end; and the noun phrase it follows is no verb's direct object, since a learner's comma may split a
 * verb's two objects ("She gave the boy, a book that he liked").
 */
import { PunctuatedTree, TreeWord } from '../../../../data/depunct';
import { FINITE_VERB_TAGS } from '../../guards/deletionGuards';
import { commaAlone } from '../../guards/commaAlone';
import { MEASURE_OF_TIME_NOUNS } from '../../../../lexicon';

/** Words the appositive runs to at most. */
const APPOSITIVE_MAX_WORDS = 15;

/** Tags inside a noun phrase before its head: determiners, possessives, numbers, adjectives, nouns as modifiers. */
const NOUN_PHRASE_TAGS = new Set(['DET', 'NUM', 'ADJ', 'NOUN', 'PROPN']);

/** Fine tags of the wh-words that open a relative clause ("which", "who", "whose", "where"), beside "that". */
const RELATIVE_TAGS = new Set(['WDT', 'WP', 'WP$', 'WRB']);

/**
 * Whether a word can end the noun phrase before the comma: a noun or a name. (A gerund after a preposition was tried
 * too, "tried for receiving, a crime …": on EWT train a comma inserted between a gerund and its object — "by
 * creating, the conditions for …" — has that shape far more often.)
 */
function endsNounPhrase(words: TreeWord[], k: number): boolean {
  return words[k].upos === 'NOUN' || words[k].upos === 'PROPN';
}

/**
 * Whether the noun phrase that ends at word e (0-based) is a verb's direct object: the word before it (past its
 * determiners and modifiers) is a verb other than a copula or auxiliary.
 */
function directObject(words: TreeWord[], e: number): boolean {
  let k = e;
  while (k > 0 && (NOUN_PHRASE_TAGS.has(words[k - 1].upos) || words[k - 1].xpos === 'PRP$')) k--;
  return k > 0 && words[k - 1].upos === 'VERB' && words[k - 1].xpos !== 'VBG';
}

/**
 * Whether the words [from, to) (0-based) are a descriptive appositive: a determiner, its noun phrase, then a
 * postmodifier; a finite verb only after a relative word or a preposition with one.
 */
function isAppositive(words: TreeWord[], from: number, to: number): boolean {
  if (to - from < 3 || to - from > APPOSITIVE_MAX_WORDS || words[from].upos !== 'DET') return false;
  let k = from + 1;
  while (k < to && (NOUN_PHRASE_TAGS.has(words[k].upos) || words[k].xpos === 'PRP$') && words[k].upos !== 'DET') k++;
  const head = words[k - 1];
  if (k === from + 1 || k >= to || (head.upos !== 'NOUN' && head.upos !== 'ADJ')) return false; // nothing after the head: no postmodifier
  const post = words[k];
  const modifier = post.upos === 'ADP' || RELATIVE_TAGS.has(post.xpos) || post.form.toLowerCase() === 'that' || post.xpos === 'VBN' || post.xpos === 'VBG';
  if (!modifier) return false;
  // A relative clause may hold its own finite verb; a postmodifier that is no clause may not ("the pages, are").
  const relative = words.slice(k, to).findIndex((w) => RELATIVE_TAGS.has(w.xpos) || w.form.toLowerCase() === 'that');
  const verbs = words.slice(k, relative < 0 ? to : k + relative);
  return !verbs.some((w) => FINITE_VERB_TAGS.has(w.xpos));
}

/** Determiners of time and frequency: a noun phrase they open is an adverbial ("…, this year"), not an appositive. */
const TIME_DETERMINERS = new Set(['each', 'every', 'this', 'next', 'last']);

/**
 * Slot i holds a comma alone before a descriptive appositive that ends the sentence. Not in a question: after an
 * inverted verb the noun phrase before the comma may be the subject and the one after it the predicate ("Is the
 * plan, a good one?").
 */
export function descriptiveAppositionAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const n = words.length;
  if (i < 2 || i >= n - 2 || !commaAlone(tree, i) || tree.slots[n].includes('?')) return false;
  if (TIME_DETERMINERS.has(words[i].form.toLowerCase()) || words.slice(i + 1, i + 3).some((w) => MEASURE_OF_TIME_NOUNS.has(w.form.toLowerCase()))) return false;
  for (let k = i + 1; k < n; k++) if (tree.slots[k].length > 0) return false; // it runs to the sentence's end
  if (!endsNounPhrase(words, i - 1) || directObject(words, i - 1)) return false;
  return isAppositive(words, i, n);
}
