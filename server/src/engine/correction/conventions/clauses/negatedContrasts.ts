/**
 * The comma before the positive half of a contrast after a negated clause ("your opinion of cats was not sought, only
 * your services as a speaker"; "It is not a bug, but a feature"). The second half replaces what the negation denied and
 * is a coordinate of its own, set off by a comma (Quirk et al. 13.42 on "not … but"; CGEL 15.2.3, contrastive
 * coordination); a comma-robust parse reads it as the verb's object or an adjunct and the comma as one between a verb
 * and its object. The clause before must hold a negation and the half after it must open with "only", "just",
 * "merely" or "but": a learner's comma between a negated verb and its object ("I did not see, the movie") opens no
 * contrast and stays a candidate, and so does one after an active verb that still lacks its object ("I don't like,
 * only apples"): a verb right before the comma must be a passive participle, whose clause is complete.
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { clauseStartBefore, COPULA_FORMS } from '../../guards/clauseSpan';

/** Negations that a contrast's second half answers. */
const NEGATIONS = new Set(['not', "n't", 'never', 'no']);

/** Forms of "be", the passive's auxiliary. */
const BE = new Set([...COPULA_FORMS, 'being']);

/** Words that open the positive half of the contrast. */
const CONTRAST_OPENERS = new Set(['only', 'just', 'merely', 'but']);

/** Tags of what the positive half may hold right after its opener: a noun phrase. */
const NOUN_PHRASE_STARTS = new Set(['DET', 'PRON', 'NOUN', 'PROPN', 'ADJ', 'NUM']);

/** Slot i holds the comma before the positive half of a "not …, only …" contrast. */
export function negatedContrastCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 2 || i + 1 >= words.length || !tree.slots[i].includes(',')) return false;
  if (!CONTRAST_OPENERS.has(words[i].form.toLowerCase()) || tree.slots[i + 1].length > 0) return false;
  // "only your services": a noun phrase, not a clause ("…, but I went anyway" is a coordinated clause, judged elsewhere).
  const next = words[i + 1];
  if (!NOUN_PHRASE_STARTS.has(next.upos) || (next.upos === 'PRON' && next.xpos !== 'PRP$')) return false;
  const start = clauseStartBefore(tree, i);
  const last = words[i - 1];
  const passive = last.xpos === 'VBN' && words.slice(start, i - 1).some((w) => w.upos === 'AUX' && BE.has(w.form.toLowerCase()));
  if (last.upos === 'VERB' && !passive) return false;
  return words.slice(start, i).some((w) => NEGATIONS.has(w.form.toLowerCase()) && (w.upos === 'PART' || w.upos === 'ADV' || w.upos === 'DET'));
}
