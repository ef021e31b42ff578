/**
 * Commas around a reporting clause, the "he said" of direct speech (Quirk et al. 14.29–14.31; CMOS 6.40–6.43). A
 * reporting clause after a quotation is complete: its verb's object is the quotation, so a comma after it never
 * separates a verb from its object, and what follows is a supplement the writer adds to the report ('"No problem," he
 * said, throwing a brick …', '…," she replied, and left'). A reporting clause may also follow the words reported with
 * its subject after the verb ("I thought you said Freight, responded the Master"): that inversion is the mark of a
 * reporting clause, and the comma before it separates the report from it. A comma-robust parse reads the participle
 * as the reporting verb's object, or the inverted clause as a clause complement, and the comma looks stray.
 */
import { PunctuatedTree, TreeWord } from '../../../../data/depunct';
import { CLOSE_DOUBLE, CLOSE_SINGLE } from '../../../../data/punctTokens';
import { clauseStartBefore, finiteVerb } from '../../guards/clauseSpan';
import { commaAlone } from '../../guards/commaAlone';

/** Words a reporting clause after a quotation runs to at most ("he said", "her companion replied", "said the old man"). */
const REPORTING_MAX_WORDS = 4;

/** Verbs of the list that double their final consonant before "-ed" (a stressed last syllable). */
const DOUBLING = new Set(['snap', 'admit']);

/** The past and third-person singular forms of a regular verb (and of "say"). */
function finiteForms(base: string): string[] {
  if (base === 'say') return ['said', 'says'];
  const stem = base.replace(/([^aeiou])y$/, '$1i');
  const past = base.endsWith('e') ? `${base}d` : DOUBLING.has(base) ? `${base}${base.slice(-1)}ed` : stem !== base ? `${stem}ed` : `${base}ed`;
  const third = stem !== base ? `${stem}es` : /(s|sh|ch|x)$/.test(base) ? `${base}es` : `${base}s`;
  return [past, third];
}

/**
 * Verbs of saying that take a quotation and invert with their subject after it (Quirk et al. 14.29): a closed class
 * of communication verbs, the only ones that license "…, said the man". Their past and third-person forms, since the
 * tagger gives no lemma.
 */
const REPORTING_VERBS = new Set(
  [
    'say', 'ask', 'reply', 'respond', 'answer', 'exclaim', 'cry', 'shout', 'whisper', 'add', 'continue', 'explain',
    'remark', 'observe', 'retort', 'murmur', 'mutter', 'declare', 'inquire', 'enquire', 'insist', 'protest', 'announce',
    'yell', 'scream', 'sigh', 'groan', 'snap', 'counter', 'interrupt', 'repeat', 'admit', 'agree',
  ].flatMap(finiteForms),
);

/** Tags that may form the inverted subject of a reporting clause ("the Master", "he", "old Tom"). */
const INVERTED_SUBJECT = new Set(['DET', 'PRON', 'PROPN', 'NOUN', 'ADJ']);

/** Marks that may end an inverted reporting clause. */
const INVERTED_CLAUSE_ENDS = new Set(['.', '!', '?', ',', '...']);

/** Parts of speech that take what follows as their complement. */
const COMPLEMENT_TAKERS = new Set(['VERB', 'AUX', 'ADP', 'DET']);

const isVerb = (w: TreeWord) => w.upos === 'VERB' || w.upos === 'AUX';

/** Whether a slot holds a closing quotation mark: the end of a quotation. */
const closesQuote = (tree: PunctuatedTree, k: number) => tree.slots[k].some((m) => m === CLOSE_DOUBLE || m === CLOSE_SINGLE);

/** Marks that end a quotation the report goes on after: its comma, "?" or "!" inside the closing quote. */
const QUOTATION_BREAKS = new Set([',', '?', '!']);

/**
 * Whether words [from, to) (0-based) are a reporting clause: a verb of saying and its subject of one to three words,
 * in either order ("he said", "her companion replied", "said the old man").
 */
function isReportingClause(words: TreeWord[], from: number, to: number): boolean {
  if (to - from < 2 || to - from > REPORTING_MAX_WORDS) return false;
  const clause = words.slice(from, to);
  const subject = (ws: TreeWord[]) => ws.length >= 1 && ws.length <= 3 && ws.every((w) => INVERTED_SUBJECT.has(w.upos));
  const reporting = (w: TreeWord) => w.upos === 'VERB' && REPORTING_VERBS.has(w.form.toLowerCase());
  return (reporting(clause[clause.length - 1]) && subject(clause.slice(0, -1))) || (reporting(clause[0]) && subject(clause.slice(1)));
}

/**
 * Slot i holds a comma alone after a reporting clause that follows a quotation: the last marked slot before it closes
 * a quotation that breaks off with a comma, "?" or "!" ('"No problem," he said, …'), and the words between are a
 * reporting clause. A learner's comma between a verb and its object after a quotation ('… "Don't be evil," they
 * imagine, a company …') has a verb that does not report the quotation, and stays a candidate.
 */
export function afterReportingClauseAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 2 || i >= words.length || !commaAlone(tree, i)) return false;
  let j = i - 1;
  while (j >= 1 && tree.slots[j].length === 0) j--;
  if (j < 1 || !closesQuote(tree, j) || !tree.slots[j].some((m) => QUOTATION_BREAKS.has(m))) return false;
  // The comma ends the clause, not a name or phrase inside its subject ("says a, Pakistani official", "said David,
  // Leavy"): the word before it is no modifier waiting for its noun, the word after it no name going on.
  if (['DET', 'ADJ'].includes(words[i - 1].upos) || words[i].upos === 'PROPN') return false;
  return isReportingClause(words, j, i);
}

/**
 * Slot i holds a comma alone before an inverted reporting clause that ends the sentence: a verb of saying, then its
 * subject of one to three words, then the sentence's end or a mark; and the words before the comma say something (a
 * finite verb since their clause began). A learner's comma after a subject ("The man who lives here, said hello")
 * has no such inversion: a noun phrase subject goes before its verb, and "hello" is no subject.
 */
export function beforeInvertedReportingAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const n = words.length;
  if (i < 2 || i >= n - 1 || !commaAlone(tree, i)) return false;
  const verb = words[i];
  if (verb.upos !== 'VERB' || !REPORTING_VERBS.has(verb.form.toLowerCase())) return false;
  let k = i + 1;
  while (k < n && tree.slots[k].length === 0) k++;
  const subject = words.slice(i + 1, k);
  // The inverted subject ends the sentence or its own clause: a mark follows it (the sentence's final mark at k = n).
  // It opens as a definite noun phrase does (a determiner, a name, a pronoun): a bare noun after a verb form is more
  // likely that form's noun ("a nice, added benefit").
  if (subject.length < 1 || subject.length > 3 || !subject.every((w) => INVERTED_SUBJECT.has(w.upos))) return false;
  if (!['DET', 'PROPN', 'PRON'].includes(subject[0].upos)) return false;
  // A pronoun subject inverts only in older or literary English ("said he"); it must then be a subject form.
  if (subject[0].upos === 'PRON' && !['he', 'she', 'they', 'i', 'we'].includes(subject[0].form.toLowerCase())) return false;
  // The clause ends with its subject: a final mark or a comma follows, not a quotation it goes on to introduce.
  if (!tree.slots[k].some((m) => INVERTED_CLAUSE_ENDS.has(m))) return false;
  // The words reported come right before the comma as a clause of their own, with its finite verb, and end on no word
  // that takes what follows as its complement ("Bush is reported to have, asked …"); a closing quotation mark
  // between them and the comma means the clause before the comma is the report's frame ('"…," NASA spokesman Allard
  // Beutel, said Tuesday': a subject and its verb).
  const start = clauseStartBefore(tree, i);
  // Nor on a personal pronoun, the subject of the verb after the comma ("…, he, explained the plan").
  if (COMPLEMENT_TAKERS.has(words[i - 1].upos) || words[i - 1].xpos === 'PRP' || tree.slots.slice(start + 1, i).some((m) => m.some((x) => x === CLOSE_DOUBLE || x === CLOSE_SINGLE))) return false;
  return words.slice(start, i).some((w) => isVerb(w) && finiteVerb(w));
}

/** Slot i holds a comma that a reporting clause sets (either of the two above). */
export function reportingClauseCommaAt(tree: PunctuatedTree, i: number): boolean {
  return afterReportingClauseAt(tree, i) || beforeInvertedReportingAt(tree, i);
}
