/**
 * The comma before a noun phrase that ends a wh-question and offers an answer to it: "What did you buy, a car?",
 * "Which one do you want, the red one?", "Who are you, a doctor?". The phrase is a guess at the value of the
 * wh-word, set off as an afterthought (Quirk et al. 11.14 on questions; it stands outside the clause, as a tag does);
 * a comma-robust parse makes it the verb's object, and the comma looks like one between a verb and its object. The
 * question is told by its shape: it ends with "?", opens with a wh-pronoun standing for a noun phrase ("what", "who",
 * "which"; after a coordinator at most) and an auxiliary before its subject, so the wh-word is the clause's missing
 * part and the clause, ending on its verb or subject, is complete before the comma; the phrase after the comma opens
 * with a determiner and runs, a noun phrase without a verb, to the question mark. A learner's comma inside the clause
 * ("What was he doing with his, youth?", "Who wants, some cake?": no inversion), after "how" or "why" ("How can we
 * arrange, it?") or before a phrase with a verb ("What do you think, the answer is?") stays a candidate.
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { commaAlone } from '../../guards/commaAlone';
import { firstAfterCoordinator, leavesPhraseOpen } from '../../guards/phraseEdges';

/** Parts of speech a noun phrase offered as an answer is made of. */
const NOUN_PHRASE_WORDS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'PRON']);

/** Parts of speech that open a subject after the inverted auxiliary. */
const SUBJECT_OPENERS = new Set(['PRON', 'DET', 'NOUN', 'PROPN']);

/** Words the offered answer runs to at most. */
const ANSWER_MAX_WORDS = 4;

/** Slot i holds the comma before a noun phrase offered as the answer to the wh-question it ends. */
export function candidateAnswerCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const n = words.length;
  if (i < 3 || i >= n || !commaAlone(tree, i) || !tree.slots[n].includes('?') || leavesPhraseOpen(words[i - 1])) return false;
  const o = firstAfterCoordinator(tree);
  // A wh-word, possibly with its noun ("Which one", "How many people"), then an auxiliary and the subject.
  // The wh-word stands for a noun phrase ("what", "who", "which"), which the answer offers; the clause ends on its verb
  // or its subject, and the answer opens with a determiner ("a car", "the red one").
  if (!['WP', 'WDT'].includes(words[o].xpos) || !['VERB', 'PRON'].includes(words[i - 1].upos) || words[i].upos !== 'DET' || words[i - 1].xpos === 'PRP$') return false;
  let a = o + 1;
  while (a < i && ['NOUN', 'NUM', 'ADJ', 'ADV', 'DET'].includes(words[a].upos)) a++;
  if (a + 1 >= i || words[a].upos !== 'AUX' || !SUBJECT_OPENERS.has(words[a + 1].upos)) return false;
  for (let k = o + 1; k < i; k++) if (tree.slots[k].length > 0) return false;
  // The answer: a short noun phrase, no mark inside, running to the question mark.
  if (n - i > ANSWER_MAX_WORDS) return false;
  for (let k = i; k < n; k++) if (!NOUN_PHRASE_WORDS.has(words[k].upos) || (k > i && tree.slots[k].length > 0)) return false;
  return true;
}
