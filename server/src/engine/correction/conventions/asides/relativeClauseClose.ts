/**
 * Which wh-words open a nonrestrictive relative clause ("which", "who", "whom", "whose"; "that" opens restrictive
 * ones, which take no commas: CGEL 12.4.2), for the generators of `candidates/`. The guard that kept the comma closing
 * such a clause a comma opened was removed after it kept out no false alarm on dev text (docs/journal/benchmarks.md,
 * "The guards measured one by one").
 */
import { TreeWord } from '../../../../data/depunct';

/** Fine tags of the relative pronouns "which", "who", "whom", "whose". */
const RELATIVE_TAGS = new Set(['WDT', 'WP', 'WP$']);

/** A wh-relative that can open a non-restrictive clause: "which", "who", "whom", "whose" ("that" opens restrictive ones). */
export function isWhRelative(w: TreeWord | undefined): boolean {
  return w !== undefined && RELATIVE_TAGS.has(w.xpos) && w.form.toLowerCase() !== 'that';
}
