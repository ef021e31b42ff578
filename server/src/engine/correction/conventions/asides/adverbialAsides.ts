/**
 * An adverbial clause or participle phrase set between two commas inside its host clause: "the fact that, when exposed
 * to the same air, bread …", "It is a profitable thing, if one is wise, to seem foolish", "the man who, having
 * nothing to say, abstains", "The backoff, returned from the call, has …". Parenthetical commas come in pairs (Quirk
 * et al. 15.55; CMOS 6.32 for a clause inside a clause): deleting one leaves the other unpaired, so neither is a
 * deletion candidate alone (the pair as one is another candidate, `candidates.ts`). A comma-robust parse attaches the
 * aside to a word on one side, and the comma on the other side then looks like one between a subject and its verb or
 * a verb and its complement. The aside must open with a word that cannot continue the host clause's phrase there: a
 * subordinator of an adverbial clause (not "that" or "whether", which open complement clauses a verb takes: "I said,
 * that …" is a learner's comma) or a participle; and the host clause must break and resume around it as `asideBetween`
 * says, which leaves out a verb that takes the participle as its complement ("I enjoy, reading books, and …", "He is,
 * saying that …", learners' stray commas).
 */
import { PunctuatedTree, TreeWord } from '../../../../data/depunct';
import { FINITE_VERB_TAGS, frontedClauseCommaAt, frontedPhraseCommaAt } from '../../guards/deletionGuards';
import { commaAlone } from '../../guards/commaAlone';
import { leavesPhraseOpen } from '../../guards/phraseEdges';

/** Words an aside between two commas runs to at most ("when exposed to the same atmosphere", "whilst this planet has gone cycling on"). */
const ASIDE_MAX_WORDS = 12;

/**
 * Subordinators that open complement clauses, which a noun or verb before the comma may take ("the fact, that …").
 * "if" is not one here: after a verb it is excluded anyway (`COMPLEMENT_TAKERS`), and elsewhere it opens a condition.
 */
const COMPLEMENTIZERS = new Set(['that', 'whether']);

/** Parts of speech that end a noun phrase an aside may follow. */
const NOUN_PHRASE_HEADS = new Set(['NOUN', 'PROPN', 'PRON']);

/** Parts of speech that open a clause's subject. */
const CLAUSE_OPENERS = new Set(['DET', 'PRON', 'PROPN', 'NOUN']);

/**
 * Whether every clause the words [from, to) (0-based) open has its verb: a subordinator, a wh-word, or a coordinator
 * before a subject opens a clause, and a verb after it closes the need. An aside that ends before its inner clause's
 * verb ("charging that they, mismanaged", "although it seems that the rest of Baghdad, is") has its comma between a
 * subject and its verb: a learner's.
 */
function clausesComplete(words: TreeWord[], from: number, to: number): boolean {
  let open = false;
  for (let k = from; k < to; k++) {
    const w = words[k];
    if (w.upos === 'SCONJ' || w.xpos === 'WDT' || w.xpos === 'WP' || w.xpos === 'WRB') open = true;
    else if (w.upos === 'CCONJ' && k + 1 < to && CLAUSE_OPENERS.has(words[k + 1].upos)) open = true;
    else if (w.upos === 'VERB' || w.upos === 'AUX') open = false;
  }
  return !open;
}

/** Focusing adverbs that may come before an aside's subordinator ("even when …", "only if …", "especially since …"). */
const FOCUSING = new Set(['even', 'only', 'just', 'especially', 'particularly', 'mainly', 'partly', 'except']);

/** The word (0-based) that opens the aside starting at `from`: past a focusing adverb before a subordinator. */
function opening(words: TreeWord[], from: number): number {
  const next = words[from + 1];
  const focused = FOCUSING.has(words[from].form.toLowerCase()) && next !== undefined && (next.upos === 'SCONJ' || next.xpos === 'WRB');
  return focused ? from + 1 : from;
}

/**
 * Whether the words [from, to) (0-based) are an adverbial aside: a subordinator that opens an adverbial clause, a
 * wh-adverb of time ("when exposed …"), or a participle; a past form the tagger gives for a participle counts before
 * a preposition ("returned from the call"), which an active past verb's object would not begin with. Its clauses are
 * complete, and it ends on no word that awaits more.
 */
function isAdverbialAside(words: TreeWord[], from: number, to: number): boolean {
  if (to - from < 2 || to - from > ASIDE_MAX_WORDS || leavesPhraseOpen(words[to - 1]) || !clausesComplete(words, from, to)) return false;
  const a = words[opening(words, from)];
  const lower = a.form.toLowerCase();
  if (a.upos === 'SCONJ' && !COMPLEMENTIZERS.has(lower)) return true;
  if (a.xpos === 'WRB' && (lower === 'when' || lower === 'while' || lower === 'whenever')) return true;
  if (a.upos === 'VERB' && (a.xpos === 'VBG' || a.xpos === 'VBN')) return true;
  // "being" and "having" open participle clauses as lexical participles do ("who, being tired, left").
  if (a.upos === 'AUX' && a.xpos === 'VBG') return true;
  return a.upos === 'VERB' && a.xpos === 'VBD' && words[from + 1].upos === 'ADP';
}

/**
 * Whether the noun phrase before slot j can be the subject of a verb after the aside: no finite verb lies between it
 * and the start of its clause (the last mark before it, or a word that opens a clause: a subordinator or wh-word).
 * After one ("But that means nothing, since …") the noun phrase is an object, and a finite verb after the aside
 * belongs to the aside's own clause, split from its subject by a learner's comma ("… guys like Bush, told …").
 */
function subjectBefore(tree: PunctuatedTree, j: number): boolean {
  const words = tree.words;
  for (let m = j - 1; m >= 0; m--) {
    const w = words[m];
    if (FINITE_VERB_TAGS.has(w.xpos)) return false;
    if (w.upos === 'SCONJ' || w.xpos === 'WDT' || w.xpos === 'WP' || (m > 0 && tree.slots[m].length > 0)) return true;
  }
  return true;
}

/**
 * The aside between the commas at slots j < k, if it is one: both commas alone, the words between an adverbial aside,
 * and the host clause broken at slot j and resumed at slot k. It breaks after a noun phrase (its head before the
 * comma: "The backoff, …", "a profitable thing, …", "the man who, …") and resumes with that phrase's predicate (a
 * finite verb, or an extraposed infinitive: "…, has", "…, to seem foolish"); or it breaks right after what opens a
 * clause (the complementizer "that" or a coordinator: "the fact that, …", "and, …") and resumes with that clause's
 * subject (or, after "that", its verb). A comma inserted inside a clause ("the announcement was probably, made to show progress, I …") leaves a
 * "host" that neither breaks nor resumes so.
 */
function asideBetween(tree: PunctuatedTree, j: number, k: number): boolean {
  const words = tree.words;
  if (j < 1 || k >= words.length || !commaAlone(tree, j) || !commaAlone(tree, k)) return false;
  for (let m = j + 1; m < k; m++) if (tree.slots[m].length > 0) return false;
  // A sentence's opener closed at slot j is no host broken there ("In this case, following the talent, leads"): the
  // fronted guards judge that comma.
  if (frontedClauseCommaAt(tree, j) || frontedPhraseCommaAt(tree, j)) return false;
  const [before, resumed] = [words[j - 1], words[k]];
  // An infinitive resumes the host only after a clause (extraposition: "It is a profitable thing, if one is wise, to
  // seem foolish"); after a participle it is the participle's ("challenging him, to deliver").
  const clauseAside = words[opening(words, j)].upos === 'SCONJ' || words[opening(words, j)].xpos === 'WRB';
  // Nor when the aside ends on a finite or bare verb, which takes the infinitive itself ("because he wants, to have
  // …"); a participle ending it ("when a friend is grieving, to sit …") closes its clause more often.
  const takesInfinitive = words[k - 1].upos === 'VERB' && words[k - 1].xpos !== 'VBG' && words[k - 1].xpos !== 'VBN';
  const infinitive = clauseAside && resumed.xpos === 'TO' && (words[k + 1]?.upos === 'VERB' || words[k + 1]?.upos === 'AUX') && !takesInfinitive;
  // A personal pronoun ending the aside is the subject of a finite verb after it ("when Z happens after X it, is").
  const pronounSubject = words[k - 1].xpos === 'PRP';
  const predicate = (FINITE_VERB_TAGS.has(resumed.xpos) && !pronounSubject) || infinitive;
  // An extraposed infinitive may follow a predicate adjective as well as a noun ("It was wise, if …, to leave"), and
  // a verb's infinitive complement may follow the clause that interrupts it ("people tend, even when …, to jump").
  const afterNounPhrase = (NOUN_PHRASE_HEADS.has(before.upos) && predicate && (infinitive || subjectBefore(tree, j))) || (infinitive && (before.upos === 'ADJ' || before.upos === 'VERB'));
  // After a coordinator the clause resumes with its subject ("And, as it is with Kerry, it's …"); after the
  // complementizer "that" with its subject or, the subject being a relative's, its verb. A preposition tagged a
  // subordinator before a gerund ("in identifying") opens no clause.
  const complementizer = before.upos === 'SCONJ' && before.form.toLowerCase() === 'that';
  const afterClauseOpener = (complementizer && (predicate || CLAUSE_OPENERS.has(resumed.upos))) || (before.upos === 'CCONJ' && CLAUSE_OPENERS.has(resumed.upos));
  // A past form after a relative pronoun is its verb ("the girl who, disappeared with Fabio, had"), not a participle.
  if (words[j].xpos === 'VBD' && before.upos === 'PRON') return false;
  return (afterNounPhrase || afterClauseOpener) && isAdverbialAside(words, j, k);
}

/** Slot i holds either comma of an adverbial aside inside its host clause. */
export function adverbialAsideCommaAt(tree: PunctuatedTree, i: number): boolean {
  if (i < 1 || i >= tree.words.length || !commaAlone(tree, i)) return false;
  let after = i + 1;
  while (after < tree.words.length && tree.slots[after].length === 0) after++;
  let before = i - 1;
  while (before >= 1 && tree.slots[before].length === 0) before--;
  return asideBetween(tree, i, after) || asideBetween(tree, before, i);
}
