/**
 * A verb the tagger read as a plural noun, read back as a verb by its position, so that the guards for a series of
 * predicates and for an adverbial aside see the sentence's real shape ("…, cheerily opens the drapes, walks over to
 * the bed, fluffs his pillow and …"; "the man who, having nothing to say, abstains from …"). The tagger knows rare
 * verbs' "-s" forms mostly as plural nouns, and it has no clause around them to go by when a comma stands before
 * them. A word after a comma whose "-s" form is tagged a plural noun is a present-tense verb (VBZ) when the word
 * right after it opens what only a verb takes there: a preposition or particle ("walks over to", "abstains from"), a
 * determiner or possessive opening its object ("fluffs his pillow"), an object pronoun ("wishes him"), or an
 * infinitive marker. A plural noun ends its phrase before a verb, a coordinator or a mark, or goes on with another
 * noun or an adjective; none of those is read as a verb. The guards then judge the re-read sentence as they judge a
 * well-tagged one, with all their own conditions: a noun after a comma that the shape does not fit stays a noun
 * phrase to them, and a learner's comma stays a candidate.
 */
import { PunctuatedTree, TreeWord } from '../../../data/depunct';
import { adverbialAsideCommaAt } from '../conventions/asides/adverbialAsides';
import { commaAlone } from './commaAlone';
import { FINITE_VERB_TAGS } from './deletionGuards';
import { predicateSeriesCommaAt } from '../conventions/clauses/predicateSeries';

/** Fine tags of words that open a verb's complement or adjunct and do not go on with a plural noun's phrase. */
const COMPLEMENT_OPENERS = new Set(['IN', 'RP', 'DT', 'PRP$', 'TO']);

/**
 * Fine tags of words that await a noun after them: adjectives, determiners, possessives, numbers, participles. An
 * adjective may end an aside as well ("who, being lonely, talks"), but an adjective or participle before a noun is
 * what learners' commas split far more often ("own, tactics", "bountiful, crops": 8 of EWT train's inserted commas
 * against none written), so it is left out.
 */
const AWAITS_NOUN = new Set(['JJ', 'JJR', 'JJS', 'DT', 'PDT', 'PRP$', 'WP$', 'CD', 'VBN', 'POS']);

/** Object forms of the personal pronouns: after a plural noun no pronoun of this form can follow in its phrase. */
const OBJECT_PRONOUNS = new Set(['me', 'him', 'her', 'us', 'them']);

/** Whether word k (0-based) is a present-tense verb the tagger read as a plural noun (in either tag set), by its position. */
export function misreadAsNoun(tree: PunctuatedTree, k: number): boolean {
  const w = tree.words[k];
  const next = tree.words[k + 1];
  if ((w.upos !== 'NOUN' && w.upos !== 'VERB') || w.xpos !== 'NNS' || !/^[a-z]+[^s']s$/.test(w.form)) return false;
  if (k < 1 || !commaAlone(tree, k) || next === undefined || tree.slots[k + 1].length > 0) return false;
  // A word before the comma that awaits a noun ("our, forces", "bountiful, crops", "tens of, thousands") or a finite
  // verb that takes one as its object ("receives, tens of …") makes the "-s" word that noun: a learner's comma.
  const before = tree.words[k - 1];
  if (AWAITS_NOUN.has(before.xpos) || FINITE_VERB_TAGS.has(before.xpos) || before.form.toLowerCase() === 'of') return false;
  // An adverbial particle before a preposition ("walks over to", "goes back into") is a verb's, tagged an adverb.
  const particle = next.xpos === 'RB' && ['IN', 'TO'].includes(tree.words[k + 2]?.xpos ?? '') && tree.slots[k + 2].length === 0;
  return COMPLEMENT_OPENERS.has(next.xpos) || particle || (next.xpos === 'PRP' && OBJECT_PRONOUNS.has(next.form.toLowerCase()));
}

const asVerb = (w: TreeWord): TreeWord => ({ ...w, upos: 'VERB', xpos: 'VBZ' });

/** The sentence with its misread verbs read as verbs, or undefined when it has none. */
export function withVerbsReadBack(tree: PunctuatedTree): PunctuatedTree | undefined {
  const misread = tree.words.map((_, k) => misreadAsNoun(tree, k));
  if (!misread.includes(true)) return undefined;
  return { ...tree, words: tree.words.map((w, k) => (misread[k] ? asVerb(w) : w)) };
}

/**
 * Slot i holds a comma of a series of predicates or of an adverbial aside once the sentence's misread verbs are read
 * as verbs.
 */
export function misreadVerbCommaAt(tree: PunctuatedTree, i: number): boolean {
  // Not memoised: the tree's marks are what the reading depends on, and callers may try marks in a slot.
  const fixed = withVerbsReadBack(tree);
  return fixed !== undefined && (predicateSeriesCommaAt(fixed, i) || adverbialAsideCommaAt(fixed, i));
}
