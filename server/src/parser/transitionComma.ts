/**
 * The comma a sentence-initial transition ("For example", "On the other hand", "Moreover") is read with, written or
 * not. Edited prose sets a transition off; learners often leave the comma out, and without it the tagger and parser
 * read the transition into the clause: "For example my brother lives in London" came out with "lives" a plural noun
 * (the object of "example", the root), "On the other hand many people like living in the city" with "like" a
 * preposition. The parser reads punctuation as evidence, so the repair hands it the comma the transition implies (a
 * virtual mark in the slot the tagger and parser read; the tree keeps the slots as written, so the linter still sees
 * the comma missing and can report it).
 *
 * Only phrases that have no comma-less reading running on into the next words: "however" is left out ("However you
 * look at it", "However much"), and so are "otherwise" and "similarly", which also modify a following adjective
 * ("otherwise healthy", "similarly sized"); a phrase followed by a preposition that could complement it ("In addition
 * to", "As a result of", "In contrast with", "Fortunately for us") is left as written. The list itself is the
 * lexicon's (`lexicon/`), which the introductory-comma rule (`engine/correction/style/introductoryConvention.ts`) reads too.
 *
 * A transition set off so (by the writer or by the repair) is parsed apart from its clause (`parseDetached`): a bare
 * plural subject after it still pulled it into the noun phrase ("Firstly smartphones are very useful" with "Firstly"
 * an `amod` of "smartphones", comma or not; "Moreover teachers" a compound; "Additionally people like it" with
 * "Additionally" the root; journal, "a one-word transition parsed apart from its clause"), and so it did after a phrase
 * ("First of all, smartphones help" with "smartphones" the object of "of", "On the other hand students need" the object
 * of "On"; journal, "a multi-word transition parsed apart from its clause"). UD attaches such a transition to the
 * clause's root: a one-word one as an `advmod`, a phrase by its head.
 */
import { TreeWord } from '../data/depunct';
import { TRANSITIONS } from '../lexicon';
import { WordSequence } from './encoding';

/** The repair's name in the parser's version (bump when it changes what it returns). */
export const TRANSITION_COMMA_REPAIR = 'trans4';

/** Transitions with a second, comma-less use at the start of a sentence (see above). */
const READ_AS_WRITTEN = new Set(['however', 'otherwise', 'similarly']);

/** Words after which the phrase may be a preposition's or adverb's head rather than a transition. */
const COMPLEMENT_OPENERS = new Set(['to', 'of', 'for', 'with', 'than', 'from', 'as', 'that', 'in', 'on']);

/** The transitions as words, longest first, so that a phrase is never cut short by a shorter one it starts with. */
const PHRASES: readonly string[][] = TRANSITIONS.map((t) => t.split(' ')).sort((a, b) => b.length - a.length);

/** The transition the sentence opens with (no mark before it, at least one word after it), as words, if any. */
function openingTransition(forms: readonly string[], slots: readonly (readonly string[])[]): string[] | undefined {
  if (slots[0].length > 0) return undefined;
  return PHRASES.find((p) => p.length < forms.length && p.every((w, i) => forms[i].toLowerCase() === w));
}

/** Fewer words after the transition than this: too short to be a clause the transition introduces. */
const MIN_WORDS_AFTER = 2;

/**
 * The number of words of the sentence-initial transition that the repair reads with a comma after it, or 0: the
 * sentence opens (no mark before it) with a transition not read as written, nothing is written after it, and at least
 * `MIN_WORDS_AFTER` words follow, the first no preposition that could complement the transition.
 */
export function transitionCommaAt(s: WordSequence): number {
  const phrase = openingTransition(s.forms, s.slots);
  if (!phrase || READ_AS_WRITTEN.has(phrase.join(' '))) return 0;
  const m = phrase.length;
  if (s.forms.length < m + MIN_WORDS_AFTER) return 0;
  // Inside the phrase nothing may be written ("On the other, hand"), and after it nothing either.
  for (let i = 1; i <= m; i++) if (s.slots[i].length > 0) return 0;
  return COMPLEMENT_OPENERS.has(s.forms[m].toLowerCase()) ? 0 : m;
}

/**
 * The index of the first word after a sentence-initial transition set off by a comma (as read: written, or put there by
 * `withTransitionComma`), or 0 when the sentence does not open with one. The clause the transition introduces opens
 * there.
 */
export function clauseAfterTransition(forms: readonly string[], slots: readonly (readonly string[])[]): number {
  const phrase = openingTransition(forms, slots);
  return phrase && slots[phrase.length].includes(',') ? phrase.length : 0;
}

/** The sentence as the tagger and parser should read it: with the comma after its transition, if it lacks one. */
export function withTransitionComma<S extends WordSequence>(s: S): S {
  const m = transitionCommaAt(s);
  if (m === 0) return s;
  const slots = s.slots.map((slot, i) => (i === m ? [','] : slot));
  return { ...s, slots };
}

/**
 * The sentence as parsed with its opening transition apart (see the file's comment), or undefined when it does not
 * open with one set off by a comma (as written, or as `withTransitionComma` reads it) before at least
 * `MIN_WORDS_AFTER` words. `parse` reads the words after it as a sentence of their own, and a phrase's words as one
 * too; the transition's head hangs on that clause's root.
 */
export function parseDetached(read: WordSequence, parse: (rest: WordSequence) => TreeWord[]): TreeWord[] | undefined {
  const phrase = openingTransition(read.forms, read.slots);
  if (!phrase) return undefined;
  const m = phrase.length;
  const comma = read.slots[m];
  if (read.forms.length < m + MIN_WORDS_AFTER || comma.length !== 1 || comma[0] !== ',') return undefined;
  const rest = parse({ forms: read.forms.slice(m), slots: [[], ...read.slots.slice(m + 1)] });
  const root = rest.findIndex((w) => w.head === 0) + 1 + m;
  const transition = m === 1 ? [oneWordTransition(read.forms[0])] : phraseTransition(read, m, parse);
  if (!transition) return undefined;
  return [...transition.map((w) => (w.head === 0 ? { ...w, head: root } : w)), ...rest.map((w) => ({ ...w, head: w.head === 0 ? 0 : w.head + m }))];
}

/** A one-word transition, an adverb (its head, 0 here, becomes the clause's root). */
function oneWordTransition(form: string): TreeWord {
  return { form, lemma: '_', upos: 'ADV', xpos: 'RB', feats: '_', head: 0, deprel: 'advmod' };
}

/**
 * A transition of `m` words parsed on its own ("For example": "example" its head, "For" its case). UD hangs its head on
 * the clause's root, an `obl` when it is a noun ("example", "hand", "opinion") and an `advmod` otherwise ("First of
 * all"), as EWT train does. Undefined when the phrase parses with a verb as its head.
 */
function phraseTransition(read: WordSequence, m: number, parse: (rest: WordSequence) => TreeWord[]): TreeWord[] | undefined {
  const words = parse({ forms: read.forms.slice(0, m), slots: Array.from({ length: m + 1 }, () => []) });
  const head = words.find((w) => w.head === 0);
  if (!head || head.upos === 'VERB' || head.upos === 'AUX') return undefined;
  const noun = head.upos === 'NOUN' || head.upos === 'PROPN' || head.upos === 'PRON';
  return words.map((w) => (w === head ? { ...w, deprel: noun ? 'obl' : 'advmod' } : w));
}
