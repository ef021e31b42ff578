/**
 * The comma before a vocative that ends the sentence: the name or term of address a speaker puts after what they say
 * ("I know, Mum.", "Are you coming, Emma?", "It's not going to rain, Mum."). English sets a vocative off with a comma
 * (CGEL 15.55; Quirk et al. 10.52): it is no argument of the clause. The parser, which saw 16 such vocatives in EWT
 * train, reads the name as the verb's object, and both decisions then call the comma one between a verb and its
 * object: 3 of 12 vocative sentences of dialogue and email were reported (the calibrated pipeline at 0.79–0.84, the
 * learned scorer at 0.99–1.00; docs/journal/benchmarks.md, "Vocatives at the end of a sentence").
 *
 * Why a verb before the comma does not make the name its object here: in EWT train and dev (gold trees, the writers'
 * own commas), no sentence ends in a comma, a verb and a one-word object after it; every name or address noun alone
 * after a final comma is a vocative, an apposition or a list item. A writer's stray comma before a final name is too
 * rare to find, a vocative common in dialogue, so the comma is kept. The words before the comma must be an utterance
 * (they have a verb), and the address must run to the sentence's end, so that a heading or a list ("Analyst Team,
 * Participants") is no vocative.
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { CLOSE_DOUBLE, CLOSE_SINGLE } from '../../../../data/punctTokens';
import { clauseStartBefore } from '../../guards/clauseSpan';
import { ADDRESS_NOUNS } from './vocatives';

/** Words that may come before the address noun ("my dear friend", "old man"). */
const PREMODIFIERS = new Set(['my', 'our', 'dear', 'old', 'young', 'good', 'poor', 'little']);

/** Tags of a word whose complement may follow a comma by mistake ("went to, London"): no vocative after them. */
const COMPLEMENT_OPENERS = new Set(['ADP', 'DET', 'CCONJ', 'SCONJ']);

/** Marks that end a sentence-final address. */
const FINAL_MARKS = new Set(['?', '!', '.', '...', '…', CLOSE_DOUBLE, CLOSE_SINGLE]);

/** Words [from, n) are a vocative: one to three words ending in a name or a noun of address. */
function isAddress(tree: PunctuatedTree, from: number): boolean {
  const words = tree.words.slice(from);
  if (words.length < 1 || words.length > 3) return false;
  const last = words[words.length - 1];
  const name = last.upos === 'PROPN' && /^\p{Lu}/u.test(last.form);
  if (!name && !ADDRESS_NOUNS.has(last.form.toLowerCase())) return false;
  return words.slice(0, -1).every((w) => PREMODIFIERS.has(w.form.toLowerCase()) || w.upos === 'ADJ' || (w.upos === 'PROPN' && /^\p{Lu}/u.test(w.form)));
}

/** Slot i holds the lone comma before a vocative that ends the sentence, after an utterance. */
export function trailingVocativeCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const n = words.length;
  if (i < 1 || i >= n || tree.slots[i].length !== 1 || tree.slots[i][0] !== ',') return false;
  if (COMPLEMENT_OPENERS.has(words[i - 1].upos)) return false;
  // Nothing but the address after the comma: no mark inside it, and the sentence ends (or a quotation closes) there.
  for (let k = i + 1; k < n; k++) if (tree.slots[k].length) return false;
  if (tree.slots[n].length && !tree.slots[n].some((m) => FINAL_MARKS.has(m))) return false;
  if (!isAddress(tree, i)) return false;
  return words.slice(clauseStartBefore(tree, i), i).some((w) => w.upos === 'VERB' || w.upos === 'AUX');
}
