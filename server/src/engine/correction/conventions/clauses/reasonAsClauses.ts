/**
 * The comma before "as" opening a clause of reason after a complete clause ("Switching modes is unsafe, as it could
 * corrupt data"). Reason clauses with "as" and "since" are supplementary: they give the speaker's grounds for the
 * whole clause before, and are set off by a comma (Quirk et al. 15.45–15.46; CGEL 8.15.1). A comma-robust parse may
 * attach the clause to the last noun, and the comma then looks like one inside a phrase. A comparison's "as" ("as
 * tall, as his brother") and a clause of manner that ends at its verb ("Leave it, as it is") take no comma and stay
 * candidates: the reason clause here has its own subject, a finite verb and a complement after it.
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { clauseStartBefore, finiteVerb } from '../../guards/clauseSpan';

/** Words that open the first half of a comparison "as/so/such/same … as": then "as" introduces its standard. */
const COMPARISON_OPENERS = new Set(['as', 'so', 'such', 'same']);

/** Tags that may be the subject of the reason clause: a pronoun or the start of a noun phrase. */
const SUBJECT_STARTS = new Set(['PRON', 'DET', 'PROPN', 'NOUN']);

/** Slot i holds the comma before an "as" that opens a clause of reason. */
export function reasonAsCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 2 || i + 2 >= words.length || !tree.slots[i].includes(',') || words[i].form.toLowerCase() !== 'as') return false;
  if (!SUBJECT_STARTS.has(words[i + 1].upos)) return false;
  const start = clauseStartBefore(tree, i);
  const before = words.slice(start, i);
  // The clause before is complete (it has a finite verb) and sets up no comparison.
  if (!before.some((w) => finiteVerb(w) || w.upos === 'AUX') || before.some((w) => COMPARISON_OPENERS.has(w.form.toLowerCase()))) return false;
  // The "as" clause: a finite verb within its first few words, and more words after it before the next mark.
  for (let k = i + 2; k < Math.min(words.length, i + 6); k++) {
    if (tree.slots[k].length > 0) return false;
    if (finiteVerb(words[k]) || words[k].upos === 'AUX') {
      let v = k;
      while (v + 1 < words.length && tree.slots[v + 1].length === 0 && (words[v + 1].upos === 'AUX' || words[v + 1].upos === 'PART')) v++;
      return v + 1 < words.length && tree.slots[v + 1].length === 0 && words[v + 1].upos !== 'ADV';
    }
  }
  return false;
}
