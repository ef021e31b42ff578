/**
 * The comma between two absolute phrases of a series: a noun phrase with a participle, an adjective or a
 * prepositional phrase for its predicate and no finite verb, set off after a clause ("their sails furled, their decks
 * crowded with men", "tall, thin, his coat open, a lantern in his hand"; Quirk et al. 15.58, CGEL 14.14). The tagger
 * reads an `-ed` participle as a past tense and the parser makes the next noun phrase its object (or an adjective's),
 * and both decisions then call the comma one between a verb and its object: the calibrated pipeline at 0.96–0.97 and
 * the learned scorer at 0.98–0.99 on the two sentences above (docs/journal/benchmarks.md, "Absolute phrases in a
 * series"). Edited-english and EWT hold too few absolutes for a model to learn them; literary prose is full of them.
 *
 * Only a series is taken, so that a writer's stray comma before an object ("I want, my money back") stays a
 * candidate: the words before the comma must themselves be an absolute phrase opened by a comma, and the words after
 * it another, up to the next mark.
 */
import { PunctuatedTree, TreeWord } from '../../../../data/depunct';

/** Tags that may open or fill the noun phrase of an absolute. */
const NOUN_PHRASE = /^(DT|PRP\$|CD|JJ|JJR|JJS|NN|NNS|NNP|NNPS|POS)$/;
/** Tags of a noun, the phrase's head. */
const NOUN = /^(NN|NNS|NNP|NNPS)$/;
/** Tags the predicate of an absolute may open with: a participle, an adjective, a preposition. */
const PREDICATE = /^(VBN|VBG|JJ|IN)$/;
/** Finite verbs, which make a clause rather than an absolute (a past tense in `-ed` may be a participle misread). */
const FINITE = /^(VBZ|VBP|MD)$/;

const isFinite = (w: TreeWord) => FINITE.test(w.xpos) || (w.xpos === 'VBD' && !/ed$/i.test(w.form));
const opensPredicate = (w: TreeWord) => PREDICATE.test(w.xpos) || (w.xpos === 'VBD' && /ed$/i.test(w.form));

/** Words [from, to) (0-based) are an absolute phrase: a noun phrase ending in a noun, then its predicate. */
function isAbsolute(words: readonly TreeWord[], from: number, to: number): boolean {
  if (to - from < 2 || words.slice(from, to).some(isFinite)) return false;
  let k = from;
  while (k < to && NOUN_PHRASE.test(words[k].xpos) && !(k > from && NOUN.test(words[k - 1].xpos) && PREDICATE.test(words[k].xpos))) k++;
  // The noun phrase ends in a noun, and a predicate follows it.
  return k > from && k < to && NOUN.test(words[k - 1].xpos) && opensPredicate(words[k]);
}

/** Slot i holds the lone comma between two absolute phrases, the first opened by a comma of its own. */
export function absoluteSeriesCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const n = words.length;
  if (i < 2 || i >= n || tree.slots[i].length !== 1 || tree.slots[i][0] !== ',') return false;
  let start = i - 1;
  while (start > 0 && tree.slots[start].length === 0) start--;
  if (start === 0 || !tree.slots[start].includes(',')) return false;
  let end = i + 1;
  while (end < n && tree.slots[end].length === 0) end++;
  return isAbsolute(words, start, i) && isAbsolute(words, i, end);
}
