/**
 * An imperative clause after a comma that follows a complete clause ending in a prepositional phrase ("It's just like
 * cooking kidney, just boil the piss out of it"). A comma-robust parse reads the noun as the subject of the bare verb
 * after the comma, but that noun is already the object of a preposition in a clause with its own finite verb, and a
 * singular common noun cannot be the subject of a verb in its base form (the present takes "-s" after it: "kidney
 * boils"; CGEL 3.1.1 on agreement): the verb's clause has no subject, an imperative, a clause of its own after the
 * comma (a splice, mended by a semicolon or a full stop, never by deleting the comma). A learner's comma after a
 * subject stays a candidate, with an agreeing verb ("The child, plays outside") or not ("My brother, go to school";
 * "I think my brother, go …"; "The friend of my brother, go …": no finite verb before the preposition).
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { clauseStartBefore, finiteVerb } from '../../guards/clauseSpan';

/** Tags inside a noun phrase before its head noun (a gerund modifier "cooking kidney" included). */
const NOUN_PHRASE_TAGS = new Set(['DET', 'ADJ', 'NUM', 'NOUN', 'PROPN']);

/**
 * Whether the noun at word n (0-based) ends a prepositional phrase in a clause with a finite verb before the
 * preposition: the noun's role is taken, it is no subject of what follows.
 */
function objectOfPrepositionInClause(tree: PunctuatedTree, n: number): boolean {
  const words = tree.words;
  let k = n - 1;
  while (k >= 0 && tree.slots[k + 1].length === 0 && (NOUN_PHRASE_TAGS.has(words[k].upos) || ['PRP$', 'VBG'].includes(words[k].xpos))) k--;
  if (k < 0 || tree.slots[k + 1].length > 0 || words[k].xpos !== 'IN') return false;
  const start = clauseStartBefore(tree, n + 1);
  return words.slice(start, k).some((w) => finiteVerb(w) || w.upos === 'AUX');
}

/** Slot i holds a comma between a singular noun and a bare verb (after adverbs) that cannot agree with it. */
export function imperativeAfterNounCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 1 || i >= words.length || !tree.slots[i].includes(',')) return false;
  const noun = words[i - 1];
  if (noun.upos !== 'NOUN' || noun.xpos !== 'NN' || !objectOfPrepositionInClause(tree, i - 1)) return false;
  let k = i;
  while (k < words.length && words[k].upos === 'ADV' && k - i < 2 && tree.slots[k + 1].length === 0) k++;
  // The base form, with no "to" or auxiliary before it (those make it an infinitive or a verb chain).
  return k < words.length && words[k].upos === 'VERB' && words[k].xpos === 'VB' && (k === i || tree.slots[k].length === 0);
}
