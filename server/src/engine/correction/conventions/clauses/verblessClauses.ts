/**
 * A fronted verbless clause: a subordinator with a predicate but no verb ("If in doubt, ask", "When in Rome, …",
 * "Although tired, she went on", "If possible, …"; Quirk et al. 14.9 and 15.34, "verbless adverbial clauses"). It is an
 * adverbial clause like any other, and writers set it off with a comma. `frontedClauseCommaAt` (deletionGuards.ts) looks
 * for the clause's verb or a subject after the comma, and finds neither here; the parse reads the clause into the main
 * one, so the comma looks stray.
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { clauseStartBefore, finiteVerb } from '../../guards/clauseSpan';

/** Subordinators that open verbless clauses. */
const VERBLESS_SUBORDINATORS = new Set(['if', 'when', 'whenever', 'while', 'although', 'though', 'once', 'unless', 'whether', 'wherever']);

/** Tags a verbless clause's first word has: the predicate's preposition, adjective or adverb, or "not". */
const VERBLESS_OPENERS = new Set(['ADP', 'ADJ', 'ADV', 'PART']);

/**
 * Slot i holds the first comma of its clause, after a subordinator and one to five words with no verb, no pronoun and
 * no noun phrase first, and the word after it is no finite verb or auxiliary. A comma inside a clause whose verb follows it ("When the storm, ended …") has a
 * finite verb right after it and stays a candidate.
 */
export function verblessClauseCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 2 || i >= words.length || !tree.slots[i].includes(',')) return false;
  const start = clauseStartBefore(tree, i);
  if (i - start < 2 || i - start > 6 || !VERBLESS_SUBORDINATORS.has(words[start].form.toLowerCase())) return false;
  for (let k = start + 1; k < i; k++) if (tree.slots[k].length > 0) return false;
  // A verbless clause has no subject either: it opens with its predicate, a preposition, an adjective, an adverb or
  // "not" ("if in doubt", "although tired", "if not now"), never with a noun phrase ("Unless the professor, steps …",
  // "When the storm, ended …": a subject whose verb follows the comma) or a pronoun ("if its a reel then its").
  const opener = words.slice(start + 1, i);
  if (!VERBLESS_OPENERS.has(opener[0].upos) || opener.some((w) => w.upos === 'VERB' || w.upos === 'AUX' || w.upos === 'PRON')) return false;
  return !finiteVerb(words[i]) && words[i].upos !== 'AUX';
}
