/**
 * A predicative adjective after a copula and a degree word, followed by more of a list of qualities ("It's more
 * compact, ISO 6400 capability, faster lens …"). Degree words ("more", "very", "too", …) modify adjectives and
 * adverbs; after "is more" the word is an adjective, whatever the tagger calls it ("compact" read as a verb or a noun
 * with the next noun phrase as its object). An adjective takes no object, so the comma after it is no verb–object
 * comma: it separates the list's items. A comma before the standard of a comparison ("is more expensive, than …")
 * is a learner's error and stays a candidate, as does any comma after a real verb ("He rarely reads, the paper").
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { COPULA_FORMS } from '../../guards/clauseSpan';

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
