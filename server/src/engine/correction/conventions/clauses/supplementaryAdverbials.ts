/**
 * The comma before a supplementary adverbial that ends a sentence: after a complete clause, a participle clause
 * ("…is treated as X, overriding the default"), a clause of time, condition or concession ("…is transformed, before
 * being returned", "…as well, though no error is thrown"), a contrast with "but" ("…at once, but without
 * descriptions"), a next step with "then" ("…parses the code, then passing …"), or "instead of"/"rather than" (Quirk
 * et al. 8.87, 15.58–15.60 "supplementive clauses"; CMOS 6.31). The comma marks the adverbial as added rather than
 * restrictive ("I'll leave if you want" vs "I'll leave, if you want"): the writer's choice of reading, so it is never
 * deleted as unnecessary. The model, trained on web text that rarely sets these off, calls it a stray comma.
 * Subordinators whose clause is usually restrictive ("because", "so that", "that", "whether") are left out, and so is a
 * participle right after an active verb, which may be its object ("I like, swimming").
 */
import { PunctuatedTree, TreeWord } from '../../../../data/depunct';
import { clauseStartBefore, finiteVerb } from '../../guards/clauseSpan';

/** Subordinators that open a supplementary clause of time, condition or concession. */
const SUPPLEMENTARY_SUBORDINATORS = new Set([
  'though', 'although', 'whereas', 'while', 'whilst', 'unless', 'till', 'until', 'before', 'after', 'if', 'once',
]);

/** Active finite and base verb tags: a participle after one of these may be its object. */
const ACTIVE_VERB_TAGS = new Set(['VB', 'VBP', 'VBZ', 'VBD']);

/** Whether the words from k (0-based) open a supplementary adverbial. */
function opensSupplement(words: TreeWord[], k: number, before: TreeWord): boolean {
  const [a, b] = [words[k], words[k + 1]];
  const lower = a.form.toLowerCase();
  if (SUPPLEMENTARY_SUBORDINATORS.has(lower) && (a.upos === 'SCONJ' || a.upos === 'ADP')) return true;
  if (lower === 'but' || lower === 'yet') return a.upos === 'CCONJ';
  if (b === undefined) return false;
  if ((lower === 'instead' && b.form.toLowerCase() === 'of') || (lower === 'rather' && b.form.toLowerCase() === 'than')) return true;
  if (lower === 'then' && (b.upos === 'VERB' || b.upos === 'ADV')) return true;
  return a.xpos === 'VBG' && !(before.upos === 'VERB' && ACTIVE_VERB_TAGS.has(before.xpos));
}

/**
 * Slot i holds a comma after a complete clause (a finite verb between its start and the comma) and before a
 * supplementary adverbial. A learner's comma between a verb and its object ("She said, that …", "I enjoy, reading")
 * stays a candidate.
 */
export function supplementaryAdverbialAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 2 || i >= words.length || !tree.slots[i].includes(',')) return false;
  const start = clauseStartBefore(tree, i);
  if (!words.slice(start, i).some(finiteVerb)) return false;
  // A clause that ends in an auxiliary or a copula has not reached its predicate: what follows the comma is that
  // predicate, not a supplement ("He is, saying …", "Delivery is, lightning fast": learners' stray commas).
  if (words[i - 1].upos === 'AUX') return false;
  return opensSupplement(words, i, words[i - 1]);
}
