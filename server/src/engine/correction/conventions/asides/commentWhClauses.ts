/**
 * A comment set off between commas as a wh-clause of "what", a copula and a comparative: ", or what is worse, to
 * avoid …", ", and what's more, it …", ", what is more important, …" (a sentential relative that comments on what
 * follows; Quirk et al. 15.57, CGEL's "what is more"). Writers set it off on both sides; a comma-robust parse takes
 * it for the subject of what follows, and the comma closing it looks like one between a subject and its verb. The
 * comment opens after a comma (or a coordinator at the sentence's start), and the host goes on after it without a
 * finite verb first; "What is worse, is the noise" has the clause as its subject, a learner's comma, and stays a
 * candidate.
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { finiteVerb } from '../../guards/clauseSpan';
import { commaAlone } from '../../guards/commaAlone';

/** Forms of the copula a comment clause uses. */
const COPULA = new Set(['is', "'s", 'was']);

/** Fine tags of a comparative or superlative. */
const COMPARATIVE_TAGS = new Set(['JJR', 'JJS', 'RBR', 'RBS']);

/** The comment's words from `from` (0-based) end before slot `end`: [coordinator] what, copula, [more|most] comparative-or-adjective. */
function commentBetween(tree: PunctuatedTree, from: number, end: number): boolean {
  const words = tree.words;
  let k = from;
  if (words[k]?.upos === 'CCONJ') k++;
  if (words[k]?.form.toLowerCase() !== 'what' || !COPULA.has(words[k + 1]?.form.toLowerCase() ?? '')) return false;
  const rest = words.slice(k + 2, end);
  const comparative = rest.length === 1 && COMPARATIVE_TAGS.has(rest[0].xpos);
  const periphrastic = rest.length === 2 && ['more', 'most'].includes(rest[0].form.toLowerCase()) && rest[1].upos === 'ADJ';
  for (let m = from + 1; m < end; m++) if (tree.slots[m].length > 0) return false;
  return comparative || periphrastic;
}

/** Slot i holds either comma around a "what is worse" comment. */
export function commentWhClauseCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 1 || i >= words.length || !commaAlone(tree, i)) return false;
  // Slot i closes the comment: it opened after a comma, or at the start after a coordinator, and no finite verb follows.
  for (let j = i - 1; j >= 0 && i - j <= 5; j--) {
    const opened = (j > 0 && commaAlone(tree, j)) || (j === 0 && words[0].upos === 'CCONJ');
    if (opened && commentBetween(tree, j, i) && !finiteVerb(words[i])) return true;
  }
  // Slot i opens it: a comment runs to the next comma, and the host goes on after that without a finite verb first.
  for (let k = i + 1; k < words.length && k - i <= 5; k++) {
    if (!commaAlone(tree, k)) continue;
    return commentBetween(tree, i, k) && !finiteVerb(words[k]);
  }
  return false;
}
