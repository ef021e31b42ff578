/**
 * Where a subject's apposition the writer opened with a comma ends, when the surface says it is one: "My cousin, a
 * talented musician‸ plays the violin", "Our manager, Ms. Green‸ approved the budget". The closing comma itself is
 * tried and scored as a relative clause's is (`unclosedSupplements.ts`); this file only decides where that is worth a
 * parse.
 *
 * "X, Y verb" with two noun phrases reads four ways, and only one of them is an apposition left open: X may be a
 * vocative ("Anna, the meeting has moved"), a fronted time phrase ("The next morning, the family went"), a phrase or
 * clause before the subject, or the first item of a list ("flac, ogg vorbis and mp3 are supported"). A parse cannot
 * tell them apart: it takes whichever reading the comma suggests (BENCHMARKS, session 13: 24 false alarms of these
 * shapes on the look halves, when every "X, Y verb" was tried). In EWT train's gold trees every sentence-initial
 * "X, Y verb" of two noun phrases is a time phrase or a vocative (BENCHMARKS, session 16). So only the surface that
 * rules them out is taken:
 * - X opens the sentence and is a plain noun phrase (no verb, adverb, subordinator, coordinator or preposition but
 *   "of"), headed by a common noun with a determiner or possessive, which is neither a time noun nor a plural or bare
 *   term of address ("My friends, the time has come"); or X is a name, and Y then opens with "a"/"an" or with a
 *   possessive of the first or third person before a noun of relation ("my roommate", `RELATION_NOUNS`), since "Anna,
 *   the meeting …", "Mr. Lopez, your order …" and "John, my flight …" address the reader;
 * - X never holds "your" (a vocative's mark: "Your Honor, my client …");
 * - Y is a noun phrase of at most `MAX_APPOSITION_WORDS` words (prepositional phrases in it: "a doctor in Boston") with
 *   no verb, pronoun (but a possessive), subordinator, coordinator or mark, and a finite verb follows it, with no comma
 *   right after that verb ("Several of the outfits, Ignatius noticed, were": a comment clause).
 */
import { PunctuatedTree, TreeWord } from '../../../data/depunct';
import { ABBREV_DOT } from '../../../data/punctTokens';
import { FINITE_VERB_TAGS } from '../guards/deletionGuards';
import { TIME_NOUNS } from '../../../lexicon';
import { ADJECTIVE_TAGS } from './adjectiveSeries';
import { ADDRESS_NOUNS } from '../conventions/asides';

/** The longest apposition tried, in words. */
const MAX_APPOSITION_WORDS = 10;

/** Parts of speech a plain noun phrase is made of (a possessive pronoun is a PRON, the possessive 's a PART). */
const NOUN_PHRASE_TAGS: ReadonlySet<string> = new Set(['DET', 'ADJ', 'NUM', 'NOUN', 'PROPN']);

/**
 * Participles, and past forms that the tagger gives a participle between a determiner and a noun: "a retired/VBN
 * soldier", "a trained/VBD chef" (a finite verb cannot follow a determiner).
 */
const PARTICIPLE_TAGS: ReadonlySet<string> = new Set(['VBN', 'VBD']);

/** Adverbs of frequency and focus that stand right before a verb: the apposition ends before them ("a man‸ rarely leaves"). */
const PREVERBAL_ADVERBS: ReadonlySet<string> = new Set([
  'always', 'never', 'often', 'rarely', 'seldom', 'sometimes', 'usually', 'also', 'still', 'just', 'already', 'generally',
  'normally', 'frequently', 'occasionally', 'really', 'only', 'even',
]);

/** A word between `before` and `after` modifies the noun: after a determiner, possessive or adjective, before a noun or adjective. */
function modifies(before: TreeWord, after: TreeWord): boolean {
  const opens = before.upos === 'DET' || before.xpos === 'PRP$' || before.xpos === 'POS' || ADJECTIVE_TAGS.has(before.xpos);
  return opens && (after.upos === 'NOUN' || after.upos === 'PROPN' || ADJECTIVE_TAGS.has(after.xpos));
}

/** Word k (1-based) is a participle modifier that the tagger read as a verb form ("a trained chef"). */
function participleModifier(words: readonly TreeWord[], k: number): boolean {
  return k >= 2 && k < words.length && PARTICIPLE_TAGS.has(words[k - 1].xpos) && modifies(words[k - 2], words[k]);
}

/** Possessive pronouns that stand alone, as after "of" in a noun phrase ("an old friend of mine"). */
const INDEPENDENT_POSSESSIVES: ReadonlySet<string> = new Set(['mine', 'yours', 'his', 'hers', 'ours', 'theirs']);

/** Possessives of the first and third person: after a name they begin an apposition, where "your" begins an address. */
const NON_SECOND_POSSESSIVES: ReadonlySet<string> = new Set(['my', 'our', 'his', 'her', 'its', 'their']);

/**
 * Nouns for a person's relation to someone ("my roommate", "our teacher"): after a name, a possessive opens an
 * apposition only with one of these; otherwise the name is more likely addressed ("John, my flight arrives at six").
 */
const RELATION_NOUNS: ReadonlySet<string> = new Set([
  'friend', 'boyfriend', 'girlfriend', 'roommate', 'flatmate', 'housemate', 'classmate', 'schoolmate', 'teammate',
  'colleague', 'coworker', 'co-worker', 'partner', 'neighbour', 'neighbor', 'boss', 'manager', 'supervisor', 'teacher',
  'tutor', 'professor', 'lecturer', 'mentor', 'coach', 'doctor', 'dentist', 'lawyer', 'landlord', 'landlady', 'tenant',
  'assistant', 'secretary', 'mother', 'father', 'mom', 'mum', 'dad', 'parent', 'brother', 'sister', 'sibling', 'son',
  'daughter', 'child', 'husband', 'wife', 'fiance', 'fiancé', 'fiancee', 'fiancée', 'cousin', 'uncle', 'aunt', 'nephew',
  'niece', 'grandmother', 'grandfather', 'grandma', 'grandpa', 'grandson', 'granddaughter', 'stepmother', 'stepfather',
  'stepbrother', 'stepsister', 'guide', 'driver', 'nurse',
]);

/** Terms of address that make X a vocative even with a possessive: a plural one ("My friends", "Ladies"). */
const PLURAL_ADDRESS = /s$|^(everyone|everybody|gentlemen|children|folks)$/;

const lower = (w: TreeWord) => w.form.toLowerCase();

/**
 * A word of a plain noun phrase: a determiner, adjective, number, noun, name, possessive (also "mine" … after "of"),
 * or a preposition inside it ("of" only, or any when `anyPreposition`: "a doctor in Boston").
 */
function nounPhraseWord(w: TreeWord, first: boolean, anyPreposition: boolean, before?: TreeWord, after?: TreeWord): boolean {
  // An adjective by its fine tag too: the tagger may call it a verb ("a retired/VERB/JJ teacher").
  if (NOUN_PHRASE_TAGS.has(w.upos) || ADJECTIVE_TAGS.has(w.xpos)) return true;
  if (before && after && PARTICIPLE_TAGS.has(w.xpos) && modifies(before, after)) return true;
  if (w.xpos === 'PRP$' || w.xpos === 'POS') return !(first && w.xpos === 'POS');
  if (before && lower(before) === 'of' && INDEPENDENT_POSSESSIVES.has(lower(w))) return true;
  return !first && (anyPreposition ? w.upos === 'ADP' : lower(w) === 'of');
}

/** Slots strictly inside words [from, to] (1-based) hold nothing but abbreviation dots. */
function unmarkedInside(tree: PunctuatedTree, from: number, to: number): boolean {
  for (let j = from; j < to; j++) if (tree.slots[j].some((m) => m !== ABBREV_DOT)) return false;
  return true;
}

/**
 * Words [from, to] (1-based) form a plain noun phrase; returns its head (the word before its first preposition, or its
 * last word), or 0.
 */
function plainNounPhrase(tree: PunctuatedTree, from: number, to: number, anyPreposition: boolean): number {
  const words = tree.words;
  for (let k = from; k <= to; k++) if (!nounPhraseWord(words[k - 1], k === from, anyPreposition, words[k - 2], k < to ? words[k] : undefined)) return 0;
  if (!unmarkedInside(tree, from, to)) return 0;
  const preposition = words.slice(from - 1, to).findIndex((w) => w.upos === 'ADP');
  const head = preposition < 0 ? to : from + preposition - 1;
  return head >= from && (words[head - 1].upos === 'NOUN' || words[head - 1].upos === 'PROPN') ? head : 0;
}

/** Words [from, head) hold a determiner or possessive of the head's. */
function determined(tree: PunctuatedTree, from: number, head: number): boolean {
  return tree.words.slice(from - 1, head - 1).some((w) => w.upos === 'DET' || w.xpos === 'PRP$' || w.xpos === 'POS');
}

/**
 * The slot where an apposition opened by the comma at slot o and left open would close (the slot before the
 * subject's finite verb), when the sentence's surface reads "X, Y verb" as a subject and its apposition (see the file's
 * comment); undefined otherwise.
 */
export function openAppositionCloseAt(tree: PunctuatedTree, o: number): number | undefined {
  const words = tree.words;
  const n = words.length;
  if (o < 1 || o >= n - 1 || tree.slots[o].length !== 1 || tree.slots[o][0] !== ',') return undefined;
  const xHead = plainNounPhrase(tree, 1, o, false);
  if (xHead === 0 || words.slice(0, o).some((w) => lower(w) === 'your')) return undefined;
  const xName = words.slice(0, o).every((w) => w.upos === 'PROPN');
  const xWord = lower(words[xHead - 1]);
  const commonX = words[xHead - 1].upos === 'NOUN' && determined(tree, 1, xHead) && !TIME_NOUNS.has(xWord) && !(ADDRESS_NOUNS.has(xWord) && PLURAL_ADDRESS.test(xWord));
  if (!xName && !commonX) return undefined;
  // Y runs from the comma to the first finite verb, with nothing but a noun phrase's words before it (a participle
  // modifier read as a past form is none: "a trained/VBD chef"), and an adverb before the verb outside it.
  let k = o + 1;
  while (k <= n && k - o <= MAX_APPOSITION_WORDS && (!FINITE_VERB_TAGS.has(words[k - 1].xpos) || participleModifier(words, k))) k++;
  const close = k - 1 > o + 1 && PREVERBAL_ADVERBS.has(lower(words[k - 2])) ? k - 2 : k - 1;
  if (k > n || close <= o || k - o > MAX_APPOSITION_WORDS || tree.slots[close].length > 0 || tree.slots[k].includes(',')) return undefined;
  const yHead = plainNounPhrase(tree, o + 1, close, true);
  if (yHead === 0) return undefined;
  const opener = words[o];
  if (lower(opener) === 'your') return undefined;
  if (xName && !(['a', 'an'].includes(lower(opener)) || NON_SECOND_POSSESSIVES.has(lower(opener)))) return undefined;
  if (xName && NON_SECOND_POSSESSIVES.has(lower(opener)) && !RELATION_NOUNS.has(lower(words[yHead - 1]))) return undefined;
  if (!xName && !(determined(tree, o + 1, yHead) || words[yHead - 1].upos === 'PROPN')) return undefined;
  return close;
}
