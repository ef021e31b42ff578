/**
 * Gapping: the second of two parallel clauses leaves out the verb the first one has, and a comma takes its place
 * ("Art is long, life short"; "The first act was dull, the second worse"; Quirk et al. 13.92, CGEL "gapping"). The
 * remnant is a subject and a predicate with no verb between them, so a parser attaches it to the first clause as an
 * object or a complement, and the comma looks like one between a verb and its object, or a stray one. It marks the
 * gap: deleting it would leave the two remnants run together with the first clause ("human to forgive divine").
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { clauseStartBefore } from '../../guards/clauseSpan';
import { FINITE_VERB_TAGS } from '../../guards/deletionGuards';

/**
 * Fine tags that open a subject alike in both clauses when the words differ ("The first act …, the second …", "My
 * father …, my mother …", "To err …, to forgive …"): determiners, possessives, "to", numbers.
 */
const PARALLEL_OPENERS = new Set(['DT', 'PRP$', 'TO', 'CD']);

/** Marks that end a remnant: the next clause or the sentence begins after them. */
const REMNANT_ENDS = new Set([',', ';', ':', '.', '?', '!']);

/**
 * Slot i holds the comma of a gapped clause:
 * - before it, a clause from its start (the sentence's start, or after a semicolon, colon or opening quote) with a
 *   finite verb after its first word and at least one word after that verb (the predicate the remnant parallels);
 * - after it, a remnant of two to five words up to the next mark, with no finite verb and no auxiliary;
 * - the two open alike, the parallel subjects: the same word, or the same determiner-like tag ("To err …, to forgive
 *   …", "The stakes …, the tension …"), with no coordinator between the verb and the comma.
 * A learner's comma between a verb and its object ("She bought, a new car") has no predicate between the verb and the
 * comma, and a subject–verb comma has a finite verb right after it: both stay candidates.
 */
export function gappingCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const n = words.length;
  if (i < 3 || i >= n || !tree.slots[i].includes(',')) return false;
  const start = clauseStartBefore(tree, i);
  let verb = -1;
  for (let k = start + 1; k < i - 1; k++) if (FINITE_VERB_TAGS.has(words[k].xpos)) verb = k;
  // The first clause's predicate ends at the comma: a verb right before it has the remnant for its object ("This
  // practice may reduce, the problem" is a learner's verb–object comma).
  if (verb < 0 || words[i - 1].upos === 'VERB' || words[i - 1].upos === 'AUX') return false;
  let end = i + 1;
  while (end < n && !tree.slots[end].some((m) => REMNANT_ENDS.has(m))) end++;
  const remnant = words.slice(i, end);
  if (remnant.length < 2 || remnant.length > 5) return false;
  if (remnant.some((w) => FINITE_VERB_TAGS.has(w.xpos) || w.upos === 'AUX')) return false;
  // A coordinator after the verb opens a second clause, whose subject the comma then follows ("Food is awful and the
  // place, caters …"): a subject–verb comma, not a gap.
  if (words.slice(verb + 1, i).some((w) => w.upos === 'CCONJ')) return false;
  const [a, b] = [words[start], words[i]];
  return a.form.toLowerCase() === b.form.toLowerCase() || (a.xpos === b.xpos && PARALLEL_OPENERS.has(a.xpos));
}
