/**
 * An appositive that takes up the noun before the comma with a demonstrative pro-form and an "of" phrase ("only one
 * choice for the Arabs, that of fighting"; "two kinds of risk, those of cost and those of delay"). "that of"/"those
 * of" stands for the noun phrase before it (Quirk et al. 6.45, 17.72 on appositives that specify), and the appositive
 * is set off by a comma; a comma-robust parse reads "that" as a verb's complementizer or object and the comma as one
 * between a verb and its object. The appositive is a noun phrase to the next mark, with no finite verb: a learner's
 * comma before a complement clause ("I told my friend, that of all the students he was the best") has one and stays
 * a candidate, and "of course" is no "of" phrase.
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { finiteVerb } from '../../guards/clauseSpan';

/** Slot i holds the comma before "that of …"/"those of …" renaming the noun before it. */
export function demonstrativeAppositiveAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 1 || i + 2 >= words.length || !tree.slots[i].includes(',')) return false;
  if (!['that', 'those'].includes(words[i].form.toLowerCase()) || words[i + 1].form.toLowerCase() !== 'of') return false;
  if (tree.slots[i + 1].length > 0 || tree.slots[i + 2].length > 0 || words[i + 2].form.toLowerCase() === 'course') return false;
  // What it takes up: a noun right before the comma.
  if (words[i - 1].upos !== 'NOUN' && words[i - 1].upos !== 'PROPN') return false;
  for (let k = i + 2; k < words.length && tree.slots[k].length === 0; k++) if (finiteVerb(words[k]) || words[k].upos === 'AUX') return false;
  return true;
}
