/**
 * Two auxiliary chains that share one main verb, the second set off between commas: "Forms have been, and are
 * being, evolved", "He could, and should, have left" (right-node raising of the verb, Quirk et al. 13.90; CMOS 6.19
 * sets the interrupting coordinate off on both sides). A comma-robust parse joins the second auxiliary chain to the
 * verb and the comma before the verb looks stray. The shape tells it: the first comma follows an auxiliary, the
 * words between the commas are a coordinator and auxiliaries (with "not" or an adverb), and a verb follows the second
 * comma (or the rest of the first chain: "could, and should, have left"). A stray comma inside one chain ("have,
 * been evolved") has no coordinated chain and stays a candidate.
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { commaAlone } from '../../guards/commaAlone';

/** Whether the words [from, to) (0-based) are a coordinator then auxiliaries, with adverbs among them. */
function coordinatedChain(tree: PunctuatedTree, from: number, to: number): boolean {
  const words = tree.words;
  if (to - from < 2 || words[from].upos !== 'CCONJ') return false;
  let auxiliaries = 0;
  for (let k = from + 1; k < to; k++) {
    if (k > from && tree.slots[k].length > 0) return false;
    if (words[k].upos === 'AUX') auxiliaries++;
    else if (words[k].upos !== 'ADV' && words[k].upos !== 'PART') return false;
  }
  return auxiliaries > 0;
}

/** Whether commas at slots j < k set off a coordinated auxiliary chain between an auxiliary and its verb. */
function chainBetween(tree: PunctuatedTree, j: number, k: number): boolean {
  const words = tree.words;
  return j >= 1 && k < words.length && commaAlone(tree, j) && commaAlone(tree, k) && words[j - 1].upos === 'AUX' && (words[k].upos === 'VERB' || words[k].upos === 'AUX') && coordinatedChain(tree, j, k);
}

/** Slot i holds either comma around a coordinated auxiliary chain. */
export function coordinatedAuxiliaryCommaAt(tree: PunctuatedTree, i: number): boolean {
  const n = tree.words.length;
  let after = i + 1;
  while (after < n && tree.slots[after].length === 0) after++;
  let before = i - 1;
  while (before >= 1 && tree.slots[before].length === 0) before--;
  return chainBetween(tree, i, after) || chainBetween(tree, before, i);
}
