/**
 * A noun the tagger's coarse tag calls a verb while its fine tag calls it a noun ("your exercise-book": "book" VERB
 * but NN), read back as a noun by its position, so that the guards for appositions see the noun phrase it heads
 * ("The world is your exercise-book, the pages on which …"). The tagger's two tag sets are predicted apart and
 * disagree where a word is both a noun and a verb; after a determiner, a possessive or an adjective, with its phrase
 * ending at a mark, the word is the noun of that phrase. The apposition guards then judge the re-read sentence with
 * all their own conditions.
 */
import { PunctuatedTree, TreeWord } from '../../../data/depunct';
import { descriptiveAppositionAt } from '../conventions/asides/descriptiveAppositions';
import { renamingAppositionAt } from '../conventions/asides/renamingAppositions';

/** Fine tags of what opens or modifies a noun phrase before its noun. */
const NOUN_PHRASE_MODIFIERS = new Set(['DT', 'PRP$', 'WP$', 'JJ', 'JJR', 'JJS', 'NN', 'POS', 'CD']);

/**
 * Whether word k (0-based), before a mark, is a noun the coarse tag reads as a verb: fine tag a noun's after a noun
 * phrase's modifier, a gerund after a noun or adjective, or a name with a digit in it.
 */
export function misreadAsVerb(tree: PunctuatedTree, k: number): boolean {
  const w = tree.words[k];
  const before = tree.words[k - 1];
  if (w.upos !== 'VERB' || before === undefined || tree.slots[k + 1].length === 0) return false;
  // A name with a digit in it ("libusb-1.0", "Qt6") is no verb, whatever its tags.
  if (/\p{L}/u.test(w.form) && /\d/.test(w.form)) return true;
  // A gerund after a noun or an adjective heads a noun phrase ("critical thinking", "language guessing"): a verb's
  // -ing form follows its auxiliary or its subject, not a modifier (session 10, Debian's package descriptions).
  if (w.xpos === 'VBG') return NOUN_PHRASE_MODIFIERS.has(before.xpos) || before.xpos === 'NNS' || before.xpos === 'NNP';
  return (w.xpos === 'NN' || w.xpos === 'NNS') && NOUN_PHRASE_MODIFIERS.has(before.xpos);
}

const asNoun = (w: TreeWord): TreeWord => ({ ...w, upos: 'NOUN' });

/** Slot i holds the comma of an apposition once the sentence's misread nouns are read as nouns. */
export function misreadNounCommaAt(tree: PunctuatedTree, i: number): boolean {
  const misread = tree.words.map((_, k) => misreadAsVerb(tree, k));
  if (!misread.includes(true)) return false;
  const fixed = { ...tree, words: tree.words.map((w, k) => (misread[k] ? asNoun(w) : w)) };
  return descriptiveAppositionAt(fixed, i) || renamingAppositionAt(fixed, i);
}
