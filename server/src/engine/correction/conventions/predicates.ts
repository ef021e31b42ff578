/**
 * Writers' conventions inside a predicate (registered in `WRITERS_CONVENTIONS`, `guards/registry.ts`): the comma
 * after a degree word's adjective in a list of qualities; between the predicates of a series; before the positive
 * half of a "not …, only …" contrast; after an auxiliary stranded by ellipsis; before an afterthought adverb that
 * ends the sentence. Each is read off words, marks and tags, since the tree is what goes wrong there; each section
 * below keeps its own grammar and reasons.
 */
import { PunctuatedTree, TreeWord } from '../../../data/depunct';
import { clauseStartBefore, COPULA_FORMS } from '../guards/clauseSpan';
import { commaAlone } from '../guards/deletionGuards';

/**
 * A predicative adjective after a copula and a degree word, followed by more of a list of qualities ("It's more
 * compact, ISO 6400 capability, faster lens …"). Degree words ("more", "very", "too", …) modify adjectives and
 * adverbs; after "is more" the word is an adjective, whatever the tagger calls it ("compact" read as a verb or a noun
 * with the next noun phrase as its object). An adjective takes no object, so the comma after it is no verb–object
 * comma: it separates the list's items. A comma before the standard of a comparison ("is more expensive, than …")
 * is a learner's error and stays a candidate, as does any comma after a real verb ("He rarely reads, the paper").
 */
/** Degree words that premodify an adjective (Quirk et al. 7.33; CGEL's degree adverbs). */
const DEGREE_WORDS = new Set(['more', 'less', 'most', 'least', 'very', 'too', 'so', 'quite', 'rather']);

/** Tags of what may open the next item of a list of qualities: a noun phrase or an adjective. */
const ITEM_STARTS = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM', 'DET']);

/** Slot i holds the comma after a predicative adjective that a copula and a degree word announce. */
export function degreePredicateCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 3 || i >= words.length || !tree.slots[i].includes(',')) return false;
  // "than" and "as" introduce the standard of a comparison: no comma before them ("more expensive, than mine").
  const next = words[i];
  if (!ITEM_STARTS.has(next.upos) || ['than', 'as'].includes(next.form.toLowerCase())) return false;
  const degree = words[i - 2];
  if (!DEGREE_WORDS.has(degree.form.toLowerCase()) || tree.slots[i - 1].length > 0) return false;
  // The copula, with at most adverbs between it and the degree word ("It's really more compact").
  let k = i - 3;
  while (k >= 0 && words[k].upos === 'ADV' && tree.slots[k + 1].length === 0) k--;
  return k >= 0 && tree.slots[k + 1].length === 0 && words[k].upos === 'AUX' && COPULA_FORMS.has(words[k].form.toLowerCase());
}

/**
 * A series of predicates that share one subject, written with commas ("She lays the egg, rolls it over, then
 * leaves"; "Chop the onions, mix them with the oats, and bake"; Quirk et al. 13.41, asyndetic coordination of
 * predicates). Each comma separates two predicates; a comma-robust parse makes the noun phrase before the comma the
 * subject of the next verb, and the comma looks like one between a subject and its verb. A series is told by its
 * shape: the verb after the comma has the same tag as the clause's first verb, has no subject of its own between the
 * comma and itself, and the series goes on after it (another comma or a coordinator, "then", before a verb of that
 * tag). A learner's subject–verb comma ("The man who called, wants …", "Opens the file and my brother, reads it") has
 * no such continuation and stays a candidate.
 */
/** Verb tags a series of predicates repeats: present, past, base (imperative). */
const SERIES_TAGS = new Set(['VBZ', 'VBP', 'VBD', 'VB']);

/** Words that join the last predicate of a series. */
const SERIES_JOINERS = new Set(['and', 'or', 'then']);

const isVerbTagged = (w: TreeWord, tag: string) => w.upos === 'VERB' && w.xpos === tag;

/** Slot i holds a comma between two predicates of a series. */
export function predicateSeriesCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const n = words.length;
  if (i < 2 || i >= n || !tree.slots[i].includes(',')) return false;
  const start = clauseStartBefore(tree, i);
  const first = words.slice(start, i).find((w) => w.upos === 'VERB' && SERIES_TAGS.has(w.xpos));
  if (first === undefined) return false;
  const tag = first.xpos;
  // The verb after the comma, right after it or after an adverb ("…, then takes", "…, quickly mix").
  let v = i;
  if (words[v].upos === 'ADV' && v + 1 < n && tree.slots[v + 1].length === 0) v++;
  if (!isVerbTagged(words[v], tag)) return false;
  // The series goes on: a later comma, "and", "or" or "then" right before another verb of the tag.
  for (let k = v + 1; k < n; k++) {
    const joined = tree.slots[k].includes(',') || SERIES_JOINERS.has(words[k - 1].form.toLowerCase());
    if (joined && (isVerbTagged(words[k], tag) || (SERIES_JOINERS.has(words[k].form.toLowerCase()) && k + 1 < n && isVerbTagged(words[k + 1], tag)))) return true;
  }
  return false;
}

/**
 * The comma before the positive half of a contrast after a negated clause ("your opinion of cats was not sought, only
 * your services as a speaker"; "It is not a bug, but a feature"). The second half replaces what the negation denied and
 * is a coordinate of its own, set off by a comma (Quirk et al. 13.42 on "not … but"; CGEL 15.2.3, contrastive
 * coordination); a comma-robust parse reads it as the verb's object or an adjunct and the comma as one between a verb
 * and its object. The clause before must hold a negation and the half after it must open with "only", "just",
 * "merely" or "but": a learner's comma between a negated verb and its object ("I did not see, the movie") opens no
 * contrast and stays a candidate, and so does one after an active verb that still lacks its object ("I don't like,
 * only apples"): a verb right before the comma must be a passive participle, whose clause is complete.
 */
/** Negations that a contrast's second half answers. */
const NEGATIONS = new Set(['not', "n't", 'never', 'no']);

/** Forms of "be", the passive's auxiliary. */
const BE = new Set([...COPULA_FORMS, 'being']);

/** Words that open the positive half of the contrast. */
const CONTRAST_OPENERS = new Set(['only', 'just', 'merely', 'but']);

/** Tags of what the positive half may hold right after its opener: a noun phrase. */
const NOUN_PHRASE_STARTS = new Set(['DET', 'PRON', 'NOUN', 'PROPN', 'ADJ', 'NUM']);

/** Slot i holds the comma before the positive half of a "not …, only …" contrast. */
export function negatedContrastCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 2 || i + 1 >= words.length || !tree.slots[i].includes(',')) return false;
  if (!CONTRAST_OPENERS.has(words[i].form.toLowerCase()) || tree.slots[i + 1].length > 0) return false;
  // "only your services": a noun phrase, not a clause ("…, but I went anyway" is a coordinated clause, judged elsewhere).
  const next = words[i + 1];
  if (!NOUN_PHRASE_STARTS.has(next.upos) || (next.upos === 'PRON' && next.xpos !== 'PRP$')) return false;
  const start = clauseStartBefore(tree, i);
  const last = words[i - 1];
  const passive = last.xpos === 'VBN' && words.slice(start, i - 1).some((w) => w.upos === 'AUX' && BE.has(w.form.toLowerCase()));
  if (last.upos === 'VERB' && !passive) return false;
  return words.slice(start, i).some((w) => NEGATIONS.has(w.form.toLowerCase()) && (w.upos === 'PART' || w.upos === 'ADV' || w.upos === 'DET'));
}

/**
 * A stranded auxiliary: verb-phrase ellipsis leaves an auxiliary at the end of its clause ("those who can", "as
 * you should", "if it will"; Quirk et al. 12.61, CGEL "post-auxiliary ellipsis"). When the next clause's verb follows
 * at once, writers put a comma after the auxiliary so that the two are not read as one verb group ("Those who can,
 * teach": not "can teach"). The parser reads them as one, and the comma looks stray.
 */
/** Fine tags of the words that open the clause an auxiliary is stranded in: wh-words and subordinators. */
const SUBORDINATE_OPENERS = new Set(['WP', 'WDT', 'WRB', 'IN']);

/**
 * Slot i holds the comma after a stranded auxiliary: the word before it is an auxiliary (or the "not"/"n't" after
 * one), the word after it a verb, and the auxiliary's clause is subordinate — a wh-word or subordinator at most two
 * words before the auxiliary ("who can", "as you should", "than we did") — so it ends there. A learner's comma
 * inside a verb group ("I can, do it") has no such clause opener and stays a candidate.
 */
export function strandedAuxiliaryCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 2 || i >= words.length || !tree.slots[i].includes(',')) return false;
  if (words[i].upos !== 'VERB') return false;
  let aux = i - 1;
  if (words[aux].upos === 'PART' && aux > 0) aux--;
  if (words[aux].upos !== 'AUX') return false;
  for (let k = aux - 1; k >= Math.max(0, aux - 3); k--) {
    if (tree.slots[k + 1].length > 0) return false;
    if (SUBORDINATE_OPENERS.has(words[k].xpos)) return true;
  }
  return false;
}

/**
 * The comma before an adverb that ends the sentence as an afterthought: "I don't know where it is, either.", "She
 * came back the next day, too.", "It never worked, though." Additive and concessive adverbs at the end of a clause may
 * be set off by a comma or not, as the writer wishes to mark them (CMOS 6.52 on "too" and "either"; Quirk et al.
 * 8.134 on conjuncts in end position): the comma is a writer's choice, never an error, so it is no deletion
 * candidate. The model, trained on web text that mostly leaves it out, calls it unnecessary. A closed class: other
 * adverbs at the end ("He ran, quickly.") belong to the verb, and a comma before them stays a candidate.
 */
/** Additive, concessive and conjunct adverbs that may end a sentence after a comma ("then" is left out: at the end it
 * is mostly the adverb of time, "than Bush did then", which takes no comma). */
const AFTERTHOUGHT_ADVERBS = new Set(['too', 'either', 'though', 'however', 'anyway', 'anyhow', 'instead', 'perhaps', 'indeed', 'nevertheless', 'nonetheless', 'therefore']);

/** Slot i holds a comma alone before the sentence's last word, an afterthought adverb, which a final mark follows. */
export function finalAdverbCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const n = words.length;
  if (i !== n - 1 || i < 2 || !commaAlone(tree, i)) return false;
  const w = words[n - 1];
  return w.upos === 'ADV' && AFTERTHOUGHT_ADVERBS.has(w.form.toLowerCase()) && tree.slots[n].some((m) => ['.', '!', '?', '...'].includes(m));
}
