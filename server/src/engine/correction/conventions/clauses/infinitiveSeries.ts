/**
 * The comma between the infinitives of a series of three or more ("tendencies to perceive order, to see a pattern
 * …, to jump to conclusions"; Quirk et al. 13.41 on asyndetic coordination). Writers set each item of such a series
 * off; a comma-robust parse hangs each later infinitive on a word of the item before, and the comma looks
 * unnecessary. The series is told by its shape: the comma stands before "to" and a bare verb, an earlier comma in
 * the sentence stands before "to" and a bare verb as well, and an infinitive without a comma before it opens the
 * series before that. A lone "…, to" after a clause (a purpose, or a learner's comma before a verb's complement:
 * "I want, to go") has no such series before it and stays a candidate.
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { commaAlone } from '../../guards/commaAlone';
import { leavesPhraseOpen } from '../../guards/phraseEdges';

/** Whether slot k holds a lone comma followed by "to" and a bare verb. */
function commaInfinitive(tree: PunctuatedTree, k: number): boolean {
  const [to, verb] = [tree.words[k], tree.words[k + 1]];
  return commaAlone(tree, k) && to?.xpos === 'TO' && verb !== undefined && (verb.upos === 'VERB' || verb.upos === 'AUX') && verb.xpos === 'VB';
}

/** Slot i holds the comma before the third or a later infinitive of a series. */
export function infinitiveSeriesCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  // The item before the comma is complete: it ends on no word that awaits more ("and, to react").
  if (!commaInfinitive(tree, i) || leavesPhraseOpen(words[i - 1])) return false;
  for (let j = i - 2; j >= 2; j--) {
    if (!commaInfinitive(tree, j)) continue;
    // The series' first item: "to" and a bare verb, before the earlier comma, not after a comma itself.
    for (let k = j - 2; k >= 0; k--) {
      if (words[k].xpos === 'TO' && words[k + 1].xpos === 'VB' && tree.slots[k].length === 0) return true;
    }
    return false;
  }
  return false;
}
