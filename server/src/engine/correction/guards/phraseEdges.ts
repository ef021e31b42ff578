/**
 * Where the guards for writers' conventions find a phrase's edges from words and tags: whether a word leaves its
 * phrase open when it ends it (the phrase before a comma is then incomplete, and a comma after it splits the phrase:
 * "to the, teachers", "and, to react"), and where a sentence's own words begin after a coordinator that links it to
 * the sentence before ("But afterwards, …").
 */
import { PunctuatedTree, TreeWord } from '../../../data/depunct';

/** Parts of speech that leave a phrase open when they end it: a preposition, determiner, conjunction, auxiliary or particle. */
const OPEN_ENDS = new Set(['ADP', 'DET', 'CCONJ', 'SCONJ', 'AUX', 'PART']);

/** Whether a phrase ending on word `w` is left open (awaits what comes after it). */
export const leavesPhraseOpen = (w: TreeWord): boolean => OPEN_ENDS.has(w.upos);

/** The first word (0-based) of the sentence's own clause: past a coordinator that opens it unmarked ("But …", "And …"). */
export function firstAfterCoordinator(tree: PunctuatedTree): number {
  return tree.words[0].upos === 'CCONJ' && tree.slots[1].length === 0 ? 1 : 0;
}
