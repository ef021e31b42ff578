/**
 * A stranded auxiliary: verb-phrase ellipsis leaves an auxiliary at the end of its clause ("those who can", "as
 * you should", "if it will"; Quirk et al. 12.61, CGEL "post-auxiliary ellipsis"). When the next clause's verb follows
 * at once, writers put a comma after the auxiliary so that the two are not read as one verb group ("Those who can,
 * teach": not "can teach"). The parser reads them as one, and the comma looks stray.
 */
import { PunctuatedTree } from '../../../../data/depunct';

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
