/**
 * The comparative correlative ("The more you read, the more you know"): two clauses, each fronted by "the" and a
 * comparative, the first subordinate to the second (CGEL 13.4 "comparative correlatives"; Quirk et al. 15.36). Writers
 * separate the two halves with a comma by convention. A parser reads "the more you know" as the first clause's
 * object (it has no rule for the construction), so the comma looks like one between a verb and its object.
 */
import { PunctuatedTree, TreeWord } from '../../../../data/depunct';
import { clauseStartBefore } from '../../guards/clauseSpan';

/** Comparatives the tagger may not tag as such (irregular forms, and "more"/"less" before an adjective or noun). */
const COMPARATIVE_WORDS = new Set(['more', 'less', 'fewer', 'better', 'worse', 'further', 'farther', 'sooner', 'later', 'longer']);

/**
 * Whether words k, k+1 open a half of a comparative correlative: "the" and a comparative (tagged JJR/RBR, an
 * irregular one, or an -er form the tagger took for a noun as it does in this construction, "the harder" NN), not
 * followed by a verb of which it would be the subject.
 */
export function opensHalf(words: readonly TreeWord[], k: number): boolean {
  if (k + 1 >= words.length || words[k].form.toLowerCase() !== 'the') return false;
  const c = words[k + 1];
  // The comparative is not the half's subject: "the teacher said" is a noun and its verb, not a correlative half.
  if (k + 2 < words.length && (words[k + 2].upos === 'VERB' || words[k + 2].upos === 'AUX')) return false;
  return c.xpos === 'JJR' || c.xpos === 'RBR' || COMPARATIVE_WORDS.has(c.form.toLowerCase()) || /^\p{Ll}{3,}er$/u.test(c.form);
}

/**
 * Slot i holds the comma between the two halves: the clause the slot lies in opens with "the" + comparative, and so
 * do the words after the comma. Both halves are required, so a subject such as "The older students, were" (a
 * learner's subject–verb comma, no second half) keeps its comma a candidate.
 */
export function correlativeCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 2 || i >= words.length || !tree.slots[i].includes(',')) return false;
  return opensHalf(words, clauseStartBefore(tree, i)) && opensHalf(words, i);
}
