/**
 * Writers' conventions for asides (registered in `WRITERS_CONVENTIONS`, `guards/registry.ts`): the comma that
 * closes an interruption its first word announces; the commas around a comment clause; before an answer offered to
 * a wh-question; before a vocative that ends the sentence; between two absolute phrases of a series. Also the word
 * classes the candidates read for asides: nouns of address and the wh-relatives that open a nonrestrictive clause.
 * Each section below keeps its own grammar and reasons.
 */
import { PunctuatedTree, TreeWord } from '../../../data/depunct';
import { commaAlone } from '../guards/deletionGuards';
import { clauseStartBefore, firstAfterCoordinator, leavesPhraseOpen } from '../guards/clauseSpan';
import { CLOSE_DOUBLE, CLOSE_SINGLE } from '../../../data/punctTokens';

/**
 * The closing comma of an interruption: a phrase or clause that breaks into its host clause between two commas and
 * opens with a word that announces an aside — a preposition ("I have no right, by anything I say, to …"), "not" ("It
 * may worsen, not ease, the problem"), a coordinator with a focusing adverb ("we can foresee, and even prove, that
 * …"), or an adverb with a subordinator ("A guest, especially if he is late, should …"). Parenthetical commas come in
 * pairs (Quirk et al. 15.55; CMOS 6.22 for the contrasting "not" phrase): deleting the closing one alone leaves the
 * opening one unpaired. A comma-robust parse reads the aside into the clause, so the closing comma looks like one
 * between the subject or verb and what follows. `closesAsideAt` (deletionGuards.ts) judges subject–verb commas after
 * any aside up to eight words; this one judges any comma after an aside its first word announces.
 */
/** Words an interruption between two commas runs to at most ("especially if she had the misfortune of knowing anything"). */
const INTERRUPTION_MAX_WORDS = 12;

/** Focusing and degree adverbs that, after a coordinator, make an added conjunct an aside ("and even", "or perhaps"). */
const FOCUSING = new Set(['even', 'especially', 'perhaps', 'possibly', 'maybe', 'indeed', 'not', 'also', 'above', 'particularly', 'rather']);

/** Whether the words from k (0-based) open an interruption. */
function opensInterruption(words: TreeWord[], k: number): boolean {
  const [a, b] = [words[k], words[k + 1]];
  if (b === undefined) return false;
  const lower = a.form.toLowerCase();
  if (a.upos === 'ADP' && lower !== 'of') return true; // "of" continues a noun phrase ("most, of the time")
  if (lower === 'not') return true;
  if (a.upos === 'CCONJ') return FOCUSING.has(b.form.toLowerCase());
  return a.upos === 'ADV' && (b.upos === 'SCONJ' || b.upos === 'ADP');
}

/**
 * Slot i holds the comma that closes an interruption: the nearest marked slot before it holds a comma alone, two to
 * `INTERRUPTION_MAX_WORDS` words back, the words after that comma open an interruption, and words follow slot i (the
 * host clause goes on). A learner's subject–verb comma after a fronted opener ("When I came home, my brother, was
 * asleep") has a subject, not an aside, after the first comma, and stays a candidate.
 */
export function interruptionCloseAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 3 || i >= words.length || !tree.slots[i].includes(',')) return false;
  let j = i - 1;
  while (j >= 1 && tree.slots[j].length === 0) j--;
  if (j < 1 || i - j < 2 || i - j > INTERRUPTION_MAX_WORDS || tree.slots[j].length !== 1 || tree.slots[j][0] !== ',') return false;
  return opensInterruption(words, j);
}

/**
 * Comment clauses: a short clause of a personal pronoun and a verb of thinking or saying, inserted between commas or
 * after the last one to show the speaker's stance ("It was, I think, the best option", "She will, you know, be late",
 * "That is, I must admit, a fair point"; Quirk et al. 15.53–15.56, CGEL "parentheticals"). Its verb has no complement:
 * the host clause it interrupts stands in for it. Writers set it off by convention, and a parser reads the host
 * clause's continuation as the comment verb's object ("I suspect a wide berth"), so the comma after the comment
 * clause looks like one between a verb and its object, or a stray one.
 */
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

/**
 * Nouns of address, which open appositions (`candidates/unclosedSupplements.ts`). The vocative guard that read them here
 * was removed after it kept out no false alarm on dev text (docs/journal/benchmarks.md, "The guards measured one by
 * one").
 */
/** Nouns of address: kinship, rank and endearment terms used to call someone rather than to name a thing. */
export const ADDRESS_NOUNS: ReadonlySet<string> = new Set([
  'sir', 'sirs', 'madam', "ma'am", 'maam', 'miss', 'mister', 'dear', 'darling', 'honey', 'sweetheart', 'mate', 'buddy',
  'pal', 'friend', 'friends', 'folks', 'guys', 'man', 'boy', 'boys', 'girl', 'girls', 'kid', 'kids', 'son', 'child',
  'children', 'everyone', 'everybody', 'ladies', 'gentlemen', 'doctor', 'officer', 'father', 'mother', 'mom', 'mum',
  'dad', 'master', 'lord', 'captain', 'brother', 'sister', 'comrade', 'comrades', 'lads', 'love',
]);

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

/**
 * Which wh-words open a nonrestrictive relative clause ("which", "who", "whom", "whose"; "that" opens restrictive
 * ones, which take no commas: CGEL 12.4.2), for the generators of `candidates/`. The guard that kept the comma closing
 * such a clause a comma opened was removed after it kept out no false alarm on dev text (docs/journal/benchmarks.md,
 * "The guards measured one by one").
 */
/** Fine tags of the relative pronouns "which", "who", "whom", "whose". */
const RELATIVE_TAGS = new Set(['WDT', 'WP', 'WP$']);

/** A wh-relative that can open a non-restrictive clause: "which", "who", "whom", "whose" ("that" opens restrictive ones). */
export function isWhRelative(w: TreeWord | undefined): boolean {
  return w !== undefined && RELATIVE_TAGS.has(w.xpos) && w.form.toLowerCase() !== 'that';
}
