/**
 * Comment clauses: a short clause of a personal pronoun and a verb of thinking or saying, inserted between commas or
 * after the last one to show the speaker's stance ("It was, I think, the best option", "She will, you know, be late",
 * "That is, I must admit, a fair point"; Quirk et al. 15.53–15.56, CGEL "parentheticals"). Its verb has no complement:
 * the host clause it interrupts stands in for it. Writers set it off by convention, and a parser reads the host
 * clause's continuation as the comment verb's object ("I suspect a wide berth"), so the comma after the comment
 * clause looks like one between a verb and its object, or a stray one.
 */
import { PunctuatedTree, TreeWord } from '../../../../data/depunct';

/** The pronouns a comment clause opens with: the speaker or the hearer ("I think", "we hope", "you know"). */
const SPEAKER_PRONOUNS = new Set(['i', 'we', 'you']);

/**
 * Verbs of belief, knowledge, speech and perception that take a clause as complement and make comment clauses (a
 * closed class: Quirk et al. 15.54, type (i)), in the present-tense or base forms comment clauses use.
 */
const STANCE_VERBS = new Set([
  'think', 'suppose', 'suspect', 'believe', 'guess', 'imagine', 'reckon', 'fear', 'hope', 'trust', 'assume', 'admit',
  'confess', 'say', 'add', 'know', 'see', 'understand', 'grant', 'presume', 'expect', 'gather', 'feel', 'bet', 'mean',
  'agree', 'insist', 'maintain', 'repeat', 'argue',
]);

/** Words that may come between the pronoun and the stance verb: auxiliaries, "not", and adverbs of degree. */
const COMMENT_FILLERS = new Set([
  'do', 'must', 'may', 'might', 'can', 'should', 'would', 'will', "'d", "'ll", 'dare', 'have', 'hasten', 'to', 'need',
  'not', "n't", 'really', 'still', 'firmly', 'honestly', 'only', 'also', 'am', 'venture', 'happen',
]);

/**
 * Whether words [from, to) are a comment clause: a speaker pronoun, at most three filler words, and a stance verb
 * last (nothing after it: a comment verb has no complement of its own).
 */
function isCommentClause(words: TreeWord[], from: number, to: number): boolean {
  if (to - from < 2 || to - from > 5 || !SPEAKER_PRONOUNS.has(words[from].form.toLowerCase())) return false;
  if (!STANCE_VERBS.has(words[to - 1].form.toLowerCase())) return false;
  return words.slice(from + 1, to - 1).every((w) => COMMENT_FILLERS.has(w.form.toLowerCase()));
}

/**
 * Slot i holds a comma that sets off a comment clause: the words from the previous comma to slot i are one (slot i
 * closes it), or the words after slot i up to the next comma or the sentence's end are one (slot i opens it). The
 * comment clause must be set off on its other side too (a comma, or the sentence's end after it): "I think, that
 * he is right" has no comma before "I", so its comma stays a candidate — there "I think" is the main clause and the
 * comma separates it from its object.
 */
export function commentClauseCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const n = words.length;
  if (i < 1 || i >= n || !tree.slots[i].includes(',')) return false;
  let j = i - 1;
  while (j >= 1 && tree.slots[j].length === 0) j--;
  if (j >= 1 && tree.slots[j].includes(',') && isCommentClause(words, j, i)) return true;
  let k = i + 1;
  while (k < n && tree.slots[k].length === 0) k++;
  return (k === n || tree.slots[k].includes(',')) && isCommentClause(words, i, k);
}
