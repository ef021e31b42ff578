/**
 * The comma before the complement of a comparative or of "so" ("He is taller‸, than his brother", "It was so cold‸,
 * that we stayed at home"): the "than" phrase completes the comparison and the "that" clause completes the degree word
 * "so", and edited English sets neither off (CMOS 6.35; Quirk et al. 15.63–15.68). Learners pause there. The model
 * prefers the comma gone, but the deletion falls in the `comma` kind, whose calibration fitted on EWT keeps it under
 * the threshold, so it is decided as a convention of edited prose (`conventionKinds.ts`; BENCHMARKS, session 16, DC).
 *
 * Read off words and marks, since the parser attaches "than" and a result clause in many ways: the comma is right
 * before "than" with a comparative (JJR, RBR, or "rather") among the three words before it, or right before "that" and
 * a subject with "so" before an adjective or adverb among the four words before it; no other mark lies between that
 * word and the comma (a mark there closes something else first).
 */
import { PunctuatedTree } from '../../../data/depunct';

/** Variant of the deletion of a comma before a degree complement. */
export const DEGREE_COMPLEMENT = 'degree-complement';

const COMPARATIVE_TAGS: ReadonlySet<string> = new Set(['JJR', 'RBR']);
/** Parts of speech that open the subject of a result clause after "that". */
const SUBJECT_STARTS: ReadonlySet<string> = new Set(['PRON', 'DET', 'NOUN', 'PROPN']);

/** The word (1-based) that the complement after slot i completes, within `reach` words before the comma, or 0. */
function degreeWordBefore(tree: PunctuatedTree, i: number, reach: number, is: (k: number) => boolean): number {
  for (let k = i; k >= Math.max(1, i - reach + 1); k--) {
    // Slot k lies between word k and the comma's side: a mark there, the degree word's own included, ends the search.
    if (k < i && tree.slots[k].length > 0) return 0;
    if (is(k)) return k;
  }
  return 0;
}

/** Slot i holds the lone comma before a degree complement (see the file's comment). */
export function degreeComplementCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 2 || i >= words.length || tree.slots[i].length !== 1 || tree.slots[i][0] !== ',') return false;
  const next = words[i].form.toLowerCase();
  if (next === 'than') return degreeWordBefore(tree, i, 3, (k) => COMPARATIVE_TAGS.has(words[k - 1].xpos) || words[k - 1].form.toLowerCase() === 'rather') > 0;
  if (next !== 'that' || !SUBJECT_STARTS.has(words[i + 1]?.upos ?? '')) return false;
  // "so" as a degree word comes right before its adjective or adverb ("so cold"); the conjunction "so" does not ("so I
  // could rest"). "such" is left out: after "such a foolish notion" a "that" clause may be the noun's content, set off
  // as an apposition ("Such a foolish notion, that war is called devotion").
  const degree = (k: number) => words[k - 1].form.toLowerCase() === 'so' && k < i && ['ADJ', 'ADV'].includes(words[k].upos);
  return degreeWordBefore(tree, i, 4, degree) > 0;
}
