/**
 * The comma before an adverb that ends the sentence as an afterthought: "I don't know where it is, either.", "She
 * came back the next day, too.", "It never worked, though." Additive and concessive adverbs at the end of a clause may
 * be set off by a comma or not, as the writer wishes to mark them (CMOS 6.52 on "too" and "either"; Quirk et al.
 * 8.134 on conjuncts in end position): the comma is a writer's choice, never an error, so it is no deletion
 * candidate. The model, trained on web text that mostly leaves it out, calls it unnecessary. A closed class: other
 * adverbs at the end ("He ran, quickly.") belong to the verb, and a comma before them stays a candidate.
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { commaAlone } from '../../guards/commaAlone';

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
