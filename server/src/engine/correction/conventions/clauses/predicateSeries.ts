/**
 * A series of predicates that share one subject, written with commas ("She lays the egg, rolls it over, then
 * leaves"; "Chop the onions, mix them with the oats, and bake"; Quirk et al. 13.41, asyndetic coordination of
 * predicates). Each comma separates two predicates; a comma-robust parse makes the noun phrase before the comma the
 * subject of the next verb, and the comma looks like one between a subject and its verb. A series is told by its
 * shape: the verb after the comma has the same tag as the clause's first verb, has no subject of its own between the
 * comma and itself, and the series goes on after it (another comma or a coordinator, "then", before a verb of that
 * tag). A learner's subject–verb comma ("The man who called, wants …", "Opens the file and my brother, reads it") has
 * no such continuation and stays a candidate.
 */
import { PunctuatedTree, TreeWord } from '../../../../data/depunct';
import { clauseStartBefore } from '../../guards/clauseSpan';

/** Verb tags a series of predicates repeats: present, past, base (imperative). */
const SERIES_TAGS = new Set(['VBZ', 'VBP', 'VBD', 'VB']);

/** Words that join the last predicate of a series. */
const SERIES_JOINERS = new Set(['and', 'or', 'then']);

const isVerbTagged = (w: TreeWord, tag: string) => w.upos === 'VERB' && w.xpos === tag;

/** Slot i holds a comma between two predicates of a series. */
export function predicateSeriesCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const n = words.length;
  if (i < 2 || i >= n || !tree.slots[i].includes(',')) return false;
  const start = clauseStartBefore(tree, i);
  const first = words.slice(start, i).find((w) => w.upos === 'VERB' && SERIES_TAGS.has(w.xpos));
  if (first === undefined) return false;
  const tag = first.xpos;
  // The verb after the comma, right after it or after an adverb ("…, then takes", "…, quickly mix").
  let v = i;
  if (words[v].upos === 'ADV' && v + 1 < n && tree.slots[v + 1].length === 0) v++;
  if (!isVerbTagged(words[v], tag)) return false;
  // The series goes on: a later comma, "and", "or" or "then" right before another verb of the tag.
  for (let k = v + 1; k < n; k++) {
    const joined = tree.slots[k].includes(',') || SERIES_JOINERS.has(words[k - 1].form.toLowerCase());
    if (joined && (isVerbTagged(words[k], tag) || (SERIES_JOINERS.has(words[k].form.toLowerCase()) && k + 1 < n && isVerbTagged(words[k + 1], tag)))) return true;
  }
  return false;
}
