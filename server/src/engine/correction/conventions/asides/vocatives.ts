/**
 * The comma before a vocative: the name or term of address a speaker puts after what they say to someone ("Where are
 * you going, Sam?", "Tell me, old friend, what you saw"). English sets a vocative off with commas whatever its
 * position (CGEL 15.55; Quirk et al. 10.52): it is no argument of the clause, so the comma is never one between a verb
 * and its object or a stray one. The tagger reads a title such as "Captain" or "Master" as a noun and the parser makes it
 * the predicate's object or head, and the comma then looks unnecessary to the model.
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { CLOSE_DOUBLE, CLOSE_SINGLE } from '../../../../data/punctTokens';
import { clauseStartBefore, phraseAfter } from '../../guards/clauseSpan';

/** Nouns of address: kinship, rank and endearment terms used to call someone rather than to name a thing. */
export const ADDRESS_NOUNS: ReadonlySet<string> = new Set([
  'sir', 'sirs', 'madam', "ma'am", 'maam', 'miss', 'mister', 'dear', 'darling', 'honey', 'sweetheart', 'mate', 'buddy',
  'pal', 'friend', 'friends', 'folks', 'guys', 'man', 'boy', 'boys', 'girl', 'girls', 'kid', 'kids', 'son', 'child',
  'children', 'everyone', 'everybody', 'ladies', 'gentlemen', 'doctor', 'officer', 'father', 'mother', 'mom', 'mum',
  'dad', 'master', 'lord', 'captain', 'brother', 'sister', 'comrade', 'comrades', 'lads', 'love',
]);

/** Words that may come before the address noun in a vocative ("my dear friend", "you fool", "old man"). */
const VOCATIVE_PREMODIFIERS = new Set(['my', 'our', 'you', 'dear', 'old', 'young', 'good', 'poor', 'little']);

/**
 * Tags of the word before the comma after which the phrase that follows is most likely its complement, not a
 * vocative: a verb or preposition takes it as its object ("I saw, John."), a determiner or coordinator continues it.
 */
const COMPLEMENT_TAKERS = new Set(['VERB', 'AUX', 'ADP', 'DET', 'CCONJ', 'SCONJ']);

/** Whether word k (0-based) is the answer word "no", which the tagger reads as a determiner ("No, sir."). */
const answerNo = (tree: PunctuatedTree, k: number) => tree.words[k].form.toLowerCase() === 'no' && (k === 0 || tree.slots[k].length > 0);

/** Demonstratives: before a comma they stand alone as pronouns ("Why are you doing that, Sam?"), determining nothing. */
const DEMONSTRATIVES = new Set(['this', 'that', 'these', 'those']);

/** Marks that may end a vocative: the sentence's end, a comma before the rest of the utterance, a closing quote. */
const ADDRESS_ENDS = new Set(['?', '!', '.', ',', '...', CLOSE_DOUBLE, CLOSE_SINGLE]);

/** Whether words [from, to) form a vocative: at most three words, ending in a name or a noun of address. */
function isVocative(tree: PunctuatedTree, from: number, to: number): boolean {
  if (to - from < 1 || to - from > 3) return false;
  const words = tree.words.slice(from, to);
  const last = words[words.length - 1];
  const head = last.form.toLowerCase();
  const name = last.upos === 'PROPN' || (/^\p{Lu}/u.test(last.form) && last.upos === 'NOUN');
  // "you" opens an address by epithet ("you fool", "you dumb beast"): any noun may end it then.
  const epithet = words[0].form.toLowerCase() === 'you' && words.length >= 2 && last.upos === 'NOUN';
  if (!(name || ADDRESS_NOUNS.has(head) || epithet)) return false;
  return words.slice(0, -1).every((w) => VOCATIVE_PREMODIFIERS.has(w.form.toLowerCase()) || w.upos === 'ADJ' || w.upos === 'PROPN' || epithet);
}

/**
 * Slot i holds the comma before a vocative: the words after it, up to the next mark (the sentence's end, a comma, a
 * closing quote), are a vocative, and the word before the comma cannot take them as its complement.
 */
export function vocativeCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 1 || i >= words.length || !tree.slots[i].includes(',')) return false;
  const before = words[i - 1];
  if (COMPLEMENT_TAKERS.has(before.upos) && !answerNo(tree, i - 1) && !DEMONSTRATIVES.has(before.form.toLowerCase())) return false;
  const [from, to] = phraseAfter(tree, i);
  // A vocative addresses someone in an utterance: the words before it say something (they have a verb, "What is
  // Fate, Master?"), and the address ends at a mark of its own. A title or a heading ("Analyst Team, Participants:",
  // "Great Neighborhood, Hangout") has neither, and its comma stays a candidate.
  const utterance = words.slice(clauseStartBefore(tree, i), i).some((w) => w.upos === 'VERB' || w.upos === 'AUX') || answerNo(tree, i - 1);
  const closed = tree.slots[to].some((m) => ADDRESS_ENDS.has(m));
  return utterance && closed && isVocative(tree, from, to);
}
