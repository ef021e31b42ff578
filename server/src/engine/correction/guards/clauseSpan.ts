/**
 * Where the clause around a comma begins and where the phrase after it ends, read off the written marks: the guards
 * against literary and spoken conventions (`WRITERS_CONVENTIONS`, `registry.ts`) compare the words on the two sides of a comma,
 * and a comma-robust parse cannot be trusted to say where those sides end.
 *
 * Below them, where a phrase's edges are (`leavesPhraseOpen`, `firstAfterCoordinator`).
 */
import { PunctuatedTree, TreeWord } from '../../../data/depunct';
import { OPEN_DOUBLE, OPEN_SINGLE } from '../../../data/punctTokens';
import { FINITE_VERB_TAGS } from './deletionGuards';

/** Marks after which a new clause begins: a semicolon, a colon, or an opening quotation mark (direct speech). */
const CLAUSE_OPENERS = new Set([';', ':', OPEN_DOUBLE, OPEN_SINGLE]);

/** Whether slot k holds any punctuation mark. */
function marked(tree: PunctuatedTree, k: number): boolean {
  return tree.slots[k].length > 0;
}

/** The first word (0-based) of the clause slot i lies in: after the last `CLAUSE_OPENERS` mark before it, else 0. */
export function clauseStartBefore(tree: PunctuatedTree, i: number): number {
  for (let k = i - 1; k >= 1; k--) if (tree.slots[k].some((m) => CLAUSE_OPENERS.has(m))) return k;
  return 0;
}

/** The words (0-based [from, to)) between slot i and the next slot after it that holds a mark (or the sentence's end). */
export function phraseAfter(tree: PunctuatedTree, i: number): [number, number] {
  let k = i + 1;
  while (k < tree.words.length && !marked(tree, k)) k++;
  return [i, k];
}

/** The forms of "be" that serve as a copula (lower case). */
export const COPULA_FORMS: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', "'s", "'re", 'be', 'been', 'am', "'m"]);

/** Fine tags of the non-finite verb forms: base form, participles. */
const NON_FINITE_TAGS = new Set(['VB', 'VBG', 'VBN']);

/**
 * Whether a word is a finite verb: tagged so, or a verb whose fine tag is none of the non-finite forms (the tagger's
 * two tag sets disagree on irregular past forms: "swung" VERB but JJ). A clause with one is complete enough to be
 * followed by a clause or an adverbial of its own.
 */
export function finiteVerb(w: TreeWord): boolean {
  return FINITE_VERB_TAGS.has(w.xpos) || (w.upos === 'VERB' && !NON_FINITE_TAGS.has(w.xpos));
}

/**
 * Where the guards for writers' conventions find a phrase's edges from words and tags: whether a word leaves its
 * phrase open when it ends it (the phrase before a comma is then incomplete, and a comma after it splits the phrase:
 * "to the, teachers", "and, to react"), and where a sentence's own words begin after a coordinator that links it to
 * the sentence before ("But afterwards, …").
 */
/** Parts of speech that leave a phrase open when they end it: a preposition, determiner, conjunction, auxiliary or particle. */
const OPEN_ENDS = new Set(['ADP', 'DET', 'CCONJ', 'SCONJ', 'AUX', 'PART']);

/** Whether a phrase ending on word `w` is left open (awaits what comes after it). */
export const leavesPhraseOpen = (w: TreeWord): boolean => OPEN_ENDS.has(w.upos);

/** The first word (0-based) of the sentence's own clause: past a coordinator that opens it unmarked ("But …", "And …"). */
export function firstAfterCoordinator(tree: PunctuatedTree): number {
  return tree.words[0].upos === 'CCONJ' && tree.slots[1].length === 0 ? 1 : 0;
}
