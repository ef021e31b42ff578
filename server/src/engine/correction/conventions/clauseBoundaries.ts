/**
 * Writers' conventions at a clause's boundary (registered in `WRITERS_CONVENTIONS`, `guards/registry.ts`): the
 * comma before a clause of its own; after an opener inside the sentence; before a supplementary adverbial; before an
 * imperative after a prepositional object; between the halves of a comparative correlative; before a concessive
 * inversion. Each is read off words, marks and tags, since the tree is what goes wrong there; each section below
 * keeps its own grammar and reasons.
 */
import { PunctuatedTree, TreeWord } from '../../../data/depunct';
import { clauseStartBefore, finiteVerb } from '../guards/clauseSpan';
import { FINITE_VERB_TAGS, frontedClauseCommaAt, frontedPhraseCommaAt, interjectionCommaAt } from '../guards/deletionGuards';

/**
 * A comma followed by a clause of its own: a subject and a finite verb right after the comma, and a finite verb in
 * the clause before it ("The lights went out, two men ran in"; "It is not the prize, it is the game"). Two
 * independent clauses joined by a comma alone are a comma splice; edited prose mends it with a semicolon, a period or
 * a conjunction (the `comma-splice` candidate, and `commaSplices: edited`), never by deleting the comma, which would
 * leave a fused sentence, worse than the splice. Literary and spoken English splices short clauses by choice. A
 * comma-robust parse misreads the second clause's subject as the first verb's object ("lose it"), so the comma looks
 * like one between a verb and its object: the clause is read off words and tags.
 */
/** Subject pronouns and other words that are a subject on their own ("it's", "that's", "there are"). */
const SUBJECT_WORDS = new Set([
  'i', 'you', 'he', 'she', 'it', 'we', 'they', 'there', 'this', 'that', 'these', 'those', 'everyone', 'everybody',
  'someone', 'somebody', 'nobody', 'everything', 'something', 'nothing',
]);

/** Tags that may open a noun-phrase subject before its noun: determiners, possessives, numbers, adjectives. */
const NOUN_PHRASE_OPENERS = new Set(['DET', 'NUM', 'ADJ']);

/**
 * Relations under which a clause is a complement or a modifier inside the clause before the comma, not a clause of
 * its own: "I think, he is right" (a learner's comma before an object clause), "the man, I met is kind".
 */
const EMBEDDED_RELS = new Set(['ccomp', 'xcomp', 'csubj', 'acl', 'obj', 'nsubj']);

/** The index (0-based) of the finite verb of a clause that opens at word k with its subject, if one does. */
function clauseVerbFrom(words: TreeWord[], slots: string[][], k: number): number | undefined {
  const n = words.length;
  let j = k;
  const unmarked = () => j < n && slots[j].length === 0; // no mark between word j-1 and word j
  // "…, now they'll tell you", "…, then it rains"; not a wh-adverb, which opens a subordinate clause ("…, where
  // there was a victim", "I know, where he lives").
  if (words[j].upos === 'ADV' && words[j].xpos !== 'WRB') j++;
  if (j > k && !unmarked()) return undefined;
  if (j < n && SUBJECT_WORDS.has(words[j].form.toLowerCase())) j++;
  else {
    while (j < n && (NOUN_PHRASE_OPENERS.has(words[j].upos) || words[j].xpos === 'PRP$') && (j === k || unmarked())) j++;
    const nounStart = j;
    while (j < n && (words[j].upos === 'NOUN' || words[j].upos === 'PROPN') && (j === k || unmarked())) j++;
    if (j === nounStart) return undefined;
  }
  while (j < n && unmarked() && (words[j].upos === 'ADV' || words[j].upos === 'PART')) j++;
  return j < n && unmarked() && FINITE_VERB_TAGS.has(words[j].xpos) ? j : undefined;
}

/** The word (0-based) that heads the clause of verb v: v itself, or the predicate an auxiliary or copula v serves. */
function clauseHead(words: TreeWord[], v: number): number {
  const base = words[v].deprel.split(':')[0];
  return (base === 'aux' || base === 'cop') && words[v].head > 0 ? words[v].head - 1 : v;
}

/**
 * Slot i holds a comma between two clauses, each with a finite verb, the one after it opening with its subject, and
 * the parse does not embed the second in the first (as a complement, a relative clause or an object: there the comma
 * is a learner's, "I know, he is right", "the book, I read was good").
 */
export function clauseAfterCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 2 || i >= words.length || !tree.slots[i].includes(',')) return false;
  const start = clauseStartBefore(tree, i);
  if (!words.slice(start, i).some(finiteVerb)) return false;
  const v = clauseVerbFrom(words, tree.slots, i);
  if (v === undefined) return false;
  const head = clauseHead(words, v);
  return !EMBEDDED_RELS.has(words[head].deprel.split(':')[0]);
}

/**
 * An opener inside the sentence: a new clause begins after a semicolon or an opening quotation mark as it does at the
 * sentence's start, and it may open with a fronted clause, phrase or answer word that writers set off with a comma
 * (`he said, "If you want it, take it"`, `…; but when they met again, nobody spoke`). The fronted guards of
 * `deletionGuards.ts` look for openers at the sentence's start or after a colon only; this applies the same guards to
 * the clause after the last semicolon or opening quote, after a coordinator that opens the clause or the sentence
 * ("But if it rains, …", "…; but when …"), and after an adverb before the opener ("Briefly put, …").
 */
/** The words and slots of `tree` from word `from` (0-based) on, as a sentence of their own (heads are not kept). */
function clauseFrom(tree: PunctuatedTree, from: number): PunctuatedTree {
  return { words: tree.words.slice(from), slots: [[], ...tree.slots.slice(from + 1)] };
}

/**
 * Slot i holds the comma that closes an opener of the clause after the last semicolon or opening quote before it
 * (or after that clause's coordinator, or after an adverb before the opener), as `frontedClauseCommaAt`, `frontedPhraseCommaAt` or `interjectionCommaAt`
 * judge it on that clause alone.
 */
export function embeddedOpenerCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  let start = clauseStartBefore(tree, i);
  const starts: number[] = [start];
  const skippable = (k: number, ok: (upos: string, xpos: string) => boolean) => k < i && ok(words[k].upos, words[k].xpos) && tree.slots[k + 1].length === 0;
  if (skippable(start, (upos) => upos === 'CCONJ')) starts.push(++start);
  // An adverb before a fronted phrase leaves it a fronted phrase ("Briefly stated, …", "Instead of waiting, …").
  if (skippable(start, (upos, xpos) => upos === 'ADV' && xpos !== 'WRB')) starts.push(++start);
  // Start 0 is the sentence's own opener, which deletionGuards.ts already judges.
  return starts.some((k) => k > 0 && i - k >= 1 && [frontedClauseCommaAt, frontedPhraseCommaAt, interjectionCommaAt].some((opener) => opener(clauseFrom(tree, k), i - k)));
}

/**
 * The comma before a supplementary adverbial that ends a sentence: after a complete clause, a participle clause
 * ("…is treated as X, overriding the default"), a clause of time, condition or concession ("…is transformed, before
 * being returned", "…as well, though no error is thrown"), a contrast with "but" ("…at once, but without
 * descriptions"), a next step with "then" ("…parses the code, then passing …"), or "instead of"/"rather than" (Quirk
 * et al. 8.87, 15.58–15.60 "supplementive clauses"; CMOS 6.31). The comma marks the adverbial as added rather than
 * restrictive ("I'll leave if you want" vs "I'll leave, if you want"): the writer's choice of reading, so it is never
 * deleted as unnecessary. The model, trained on web text that rarely sets these off, calls it a stray comma.
 * Subordinators whose clause is usually restrictive ("because", "so that", "that", "whether") are left out, and so is a
 * participle right after an active verb, which may be its object ("I like, swimming").
 */
/** Subordinators that open a supplementary clause of time, condition or concession. */
const SUPPLEMENTARY_SUBORDINATORS = new Set([
  'though', 'although', 'whereas', 'while', 'whilst', 'unless', 'till', 'until', 'before', 'after', 'if', 'once',
]);

/** Active finite and base verb tags: a participle after one of these may be its object. */
const ACTIVE_VERB_TAGS = new Set(['VB', 'VBP', 'VBZ', 'VBD']);

/** Whether the words from k (0-based) open a supplementary adverbial. */
function opensSupplement(words: TreeWord[], k: number, before: TreeWord): boolean {
  const [a, b] = [words[k], words[k + 1]];
  const lower = a.form.toLowerCase();
  if (SUPPLEMENTARY_SUBORDINATORS.has(lower) && (a.upos === 'SCONJ' || a.upos === 'ADP')) return true;
  if (lower === 'but' || lower === 'yet') return a.upos === 'CCONJ';
  if (b === undefined) return false;
  if ((lower === 'instead' && b.form.toLowerCase() === 'of') || (lower === 'rather' && b.form.toLowerCase() === 'than')) return true;
  if (lower === 'then' && (b.upos === 'VERB' || b.upos === 'ADV')) return true;
  return a.xpos === 'VBG' && !(before.upos === 'VERB' && ACTIVE_VERB_TAGS.has(before.xpos));
}

/**
 * Slot i holds a comma after a complete clause (a finite verb between its start and the comma) and before a
 * supplementary adverbial. A learner's comma between a verb and its object ("She said, that …", "I enjoy, reading")
 * stays a candidate.
 */
export function supplementaryAdverbialAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 2 || i >= words.length || !tree.slots[i].includes(',')) return false;
  const start = clauseStartBefore(tree, i);
  if (!words.slice(start, i).some(finiteVerb)) return false;
  // A clause that ends in an auxiliary or a copula has not reached its predicate: what follows the comma is that
  // predicate, not a supplement ("He is, saying …", "Delivery is, lightning fast": learners' stray commas).
  if (words[i - 1].upos === 'AUX') return false;
  return opensSupplement(words, i, words[i - 1]);
}

/**
 * An imperative clause after a comma that follows a complete clause ending in a prepositional phrase ("It's just like
 * cooking kidney, just boil the piss out of it"). A comma-robust parse reads the noun as the subject of the bare verb
 * after the comma, but that noun is already the object of a preposition in a clause with its own finite verb, and a
 * singular common noun cannot be the subject of a verb in its base form (the present takes "-s" after it: "kidney
 * boils"; CGEL 3.1.1 on agreement): the verb's clause has no subject, an imperative, a clause of its own after the
 * comma (a splice, mended by a semicolon or a full stop, never by deleting the comma). A learner's comma after a
 * subject stays a candidate, with an agreeing verb ("The child, plays outside") or not ("My brother, go to school";
 * "I think my brother, go …"; "The friend of my brother, go …": no finite verb before the preposition).
 */
/** Tags inside a noun phrase before its head noun (a gerund modifier "cooking kidney" included). */
const NOUN_PHRASE_TAGS = new Set(['DET', 'ADJ', 'NUM', 'NOUN', 'PROPN']);

/**
 * Whether the noun at word n (0-based) ends a prepositional phrase in a clause with a finite verb before the
 * preposition: the noun's role is taken, it is no subject of what follows.
 */
function objectOfPrepositionInClause(tree: PunctuatedTree, n: number): boolean {
  const words = tree.words;
  let k = n - 1;
  while (k >= 0 && tree.slots[k + 1].length === 0 && (NOUN_PHRASE_TAGS.has(words[k].upos) || ['PRP$', 'VBG'].includes(words[k].xpos))) k--;
  if (k < 0 || tree.slots[k + 1].length > 0 || words[k].xpos !== 'IN') return false;
  const start = clauseStartBefore(tree, n + 1);
  return words.slice(start, k).some((w) => finiteVerb(w) || w.upos === 'AUX');
}

/** Slot i holds a comma between a singular noun and a bare verb (after adverbs) that cannot agree with it. */
export function imperativeAfterNounCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 1 || i >= words.length || !tree.slots[i].includes(',')) return false;
  const noun = words[i - 1];
  if (noun.upos !== 'NOUN' || noun.xpos !== 'NN' || !objectOfPrepositionInClause(tree, i - 1)) return false;
  let k = i;
  while (k < words.length && words[k].upos === 'ADV' && k - i < 2 && tree.slots[k + 1].length === 0) k++;
  // The base form, with no "to" or auxiliary before it (those make it an infinitive or a verb chain).
  return k < words.length && words[k].upos === 'VERB' && words[k].xpos === 'VB' && (k === i || tree.slots[k].length === 0);
}

/**
 * The comparative correlative ("The more you read, the more you know"): two clauses, each fronted by "the" and a
 * comparative, the first subordinate to the second (CGEL 13.4 "comparative correlatives"; Quirk et al. 15.36). Writers
 * separate the two halves with a comma by convention. A parser reads "the more you know" as the first clause's
 * object (it has no rule for the construction), so the comma looks like one between a verb and its object.
 */
/** Comparatives the tagger may not tag as such (irregular forms, and "more"/"less" before an adjective or noun). */
const COMPARATIVE_WORDS = new Set(['more', 'less', 'fewer', 'better', 'worse', 'further', 'farther', 'sooner', 'later', 'longer']);

/**
 * Whether words k, k+1 open a half of a comparative correlative: "the" and a comparative (tagged JJR/RBR, an
 * irregular one, or an -er form the tagger took for a noun as it does in this construction, "the harder" NN), not
 * followed by a verb of which it would be the subject.
 */
export function opensHalf(words: readonly TreeWord[], k: number): boolean {
  if (k + 1 >= words.length || words[k].form.toLowerCase() !== 'the') return false;
  const c = words[k + 1];
  // The comparative is not the half's subject: "the teacher said" is a noun and its verb, not a correlative half.
  if (k + 2 < words.length && (words[k + 2].upos === 'VERB' || words[k + 2].upos === 'AUX')) return false;
  return c.xpos === 'JJR' || c.xpos === 'RBR' || COMPARATIVE_WORDS.has(c.form.toLowerCase()) || /^\p{Ll}{3,}er$/u.test(c.form);
}

/**
 * Slot i holds the comma between the two halves: the clause the slot lies in opens with "the" + comparative, and so
 * do the words after the comma. Both halves are required, so a subject such as "The older students, were" (a
 * learner's subject–verb comma, no second half) keeps its comma a candidate.
 */
export function correlativeCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 2 || i >= words.length || !tree.slots[i].includes(',')) return false;
  return opensHalf(words, clauseStartBefore(tree, i)) && opensHalf(words, i);
}

/**
 * The comma before a concessive clause with its verb fronted and "as" after it ("…into which no one is able to enter,
 * invite them as we may"; "Try as he might, …"): the clause means "however much we invite them" (Quirk et al. 15.40,
 * CGEL 11.8 on "as" in concessive inversion). It is an adjunct of its own, set off by a comma; a comma-robust parse
 * reads its bare verb as the predicate of the noun before the comma, and the comma as one between a subject and its
 * verb. The clause must end in "as", a pronoun and a modal: a learner's comma between a subject and its verb ("My
 * friends, invite me to parties") has no such ending and stays a candidate.
 */
/** The longest concessive clause read after the comma, in words. */
const MAX_CLAUSE_WORDS = 8;

/** Slot i holds the comma before a fronted-verb concessive clause ("…, invite them as we may"). */
export function concessiveInversionCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 1 || i >= words.length || !tree.slots[i].includes(',') || words[i].upos !== 'VERB' || words[i].xpos !== 'VB') return false;
  // The clause runs to the next mark; its last three words are "as", a personal pronoun and a modal.
  let end = i + 1;
  while (end < words.length && tree.slots[end].length === 0 && end - i <= MAX_CLAUSE_WORDS) end++;
  if (end - i > MAX_CLAUSE_WORDS || end - i < 4) return false;
  const [as, subject, modal] = words.slice(end - 3, end);
  return as.form.toLowerCase() === 'as' && subject.xpos === 'PRP' && modal.xpos === 'MD';
}
