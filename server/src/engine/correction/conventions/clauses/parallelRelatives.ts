/**
 * The comma between two noun phrases of a list that each carry a relative clause with the same relative pronoun:
 * "parents who never listen, teachers who never explain, and so on". The list has no verb of its own (it is often a
 * fragment or an apposition to what comes before), and a comma-robust parse makes the second noun phrase the object
 * of the first relative clause's verb, or its verb the first's: the comma looks like one between a verb and its
 * object, or a subject and its verb. The parallel shape tells the list: the same relative pronoun right after the head
 * of each noun phrase, the first after the last mark before the comma. A learner's stray comma inside one such phrase
 * ("teachers, who never explain", "teachers who never, explain") has no second phrase of that shape after it.
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { commaAlone } from '../../guards/commaAlone';
import { leavesPhraseOpen } from '../../guards/phraseEdges';

/** Relative pronouns that open a relative clause after their noun. */
const RELATIVE_PRONOUNS = new Set(['who', 'which', 'whose', 'whom']);

/** Words a list item's noun phrase runs to before its relative pronoun ("the old teachers who …"). */
const NOUN_PHRASE_MAX_WORDS = 4;

/** The relative pronoun right after the noun phrase that opens at word k (0-based), if any. */
function relativeAfterNounPhrase(tree: PunctuatedTree, k: number, end: number): string | undefined {
  const words = tree.words;
  for (let m = k; m < Math.min(end, k + NOUN_PHRASE_MAX_WORDS + 1); m++) {
    if (m > k && tree.slots[m].length > 0) return undefined;
    const w = words[m];
    const lower = w.form.toLowerCase();
    if (RELATIVE_PRONOUNS.has(lower)) return m > k && ['NOUN', 'PROPN'].includes(words[m - 1].upos) ? lower : undefined;
    if (!['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'CCONJ'].includes(w.upos)) return undefined;
  }
  return undefined;
}

/** Slot i holds the comma between two noun phrases that each carry a relative clause opened by the same pronoun. */
export function parallelRelativeCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 2 || i >= words.length || !commaAlone(tree, i) || leavesPhraseOpen(words[i - 1])) return false;
  const after = relativeAfterNounPhrase(tree, i, words.length);
  if (after === undefined) return false;
  let start = i - 1;
  while (start > 0 && tree.slots[start].length === 0) start--;
  // The item before the comma: from the last mark before it, its noun phrase then the same pronoun.
  return relativeAfterNounPhrase(tree, start, i) === after;
}
