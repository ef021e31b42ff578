/**
 * Candidates for the commas a subject's or a restrictive relative clause's grammar settles, each decided as a
 * convention of edited prose (`CONVENTION_VARIANTS`): the comma between a plain noun-phrase subject and its verb, before
 * the coordinator of a subject of two, after a subject that ends in a relative clause (or after a lone relative
 * clause), after a pseudo-cleft's free relative, and before a relative clause opened by "that". Each section below
 * keeps its own grammar, counts and reasons.
 */
import { PunctuatedTree, TreeWord } from '../../../data/depunct';
import { determinerBefore, TreeInfo } from '../../treeInfo';
import { COPULA_FORMS, finiteVerb } from '../guards/clauseSpan';
import { TIME_NOUNS } from '../../../lexicon';
import { isWhRelative } from '../conventions/asides';

/**
 * The comma between a plain noun-phrase subject and its verb ("All the students in my class, passed the exam",
 * "Many tourists, visit the old town"): edited English never separates a subject from its verb with a single comma
 * (CMOS 6.31; Quirk et al. App. III.19), and learners put one after a subject that feels long. The model prefers the
 * comma gone by a wide margin there (Δ 5–7), but EWT's writers make the same error and the error model fitted on EWT
 * counts their sentences as correct, so its confidence stays under the threshold (journal, "the lone comma after a
 * plain subject or after a coordinator"); the
 * candidate is decided as a convention of edited prose (`CONVENTION_VARIANTS`).
 *
 * Only the shape the parse cannot easily get wrong: a subject that opens the sentence, headed by a common noun (or a
 * quantifier or pronoun with a prepositional phrase: "Most of my friends", "Everyone in my family", or a gerund:
 * "Learning a new language"), with
 * no verb, subordinator or mark inside it (a comma inside it may open an aside this one closes, and a verb inside it
 * may be a fronted clause's), meeting a finite predicate right after the comma, that predicate the sentence's root
 * with no other subject. A time noun heading the "subject" is most often a fronted adverbial before a dropped subject
 * ("This morning, went to the gym"), so it is left out.
 */
/** Variant of a subject–verb comma deletion after a plain noun-phrase subject (`plainSubjectCommaAt`). */
export const PLAIN_SUBJECT = 'plain-subject';

/** Relations of a verb's objects and complements. */
const OBJECTS: ReadonlySet<string> = new Set(['obj', 'iobj', 'ccomp', 'xcomp']);

/**
 * Heads of a quantifier or pronoun subject ("Most of my friends", "One of the guests", "Everyone in my family"): a
 * subject only with a prepositional phrase of its own, since a bare one before a comma is as often an opener ("This,
 * I think, …") or a vocative.
 */
const QUANTIFIER_TAGS: ReadonlySet<string> = new Set(['PRON', 'DET', 'ADJ', 'NUM']);

/** Word w has an `nmod` opened by a preposition ("of my friends", "in my family"). */
function hasPrepositionalPhrase(tree: PunctuatedTree, info: TreeInfo, w: number): boolean {
  return info.children[w].some((c) => info.base(c) === 'nmod' && tree.words[info.span[c][0] - 1].upos === 'ADP');
}

/** A noun-phrase subject's head: a common noun that is no time noun, or a quantifier with a prepositional phrase. */
function plainHead(tree: PunctuatedTree, info: TreeInfo, w: number): boolean {
  const word = tree.words[w - 1];
  return word.upos === 'NOUN' ? !TIME_NOUNS.has(word.form.toLowerCase()) : QUANTIFIER_TAGS.has(word.upos) && hasPrepositionalPhrase(tree, info, w);
}

/** Parts of speech that put a clause, or a misread one, inside the subject (a gerund subject's own head aside). */
const CLAUSAL_TAGS: ReadonlySet<string> = new Set(['VERB', 'AUX', 'SCONJ']);

/**
 * The subject that slot i ends where the slot holds a lone comma between a plain noun-phrase subject opening the
 * sentence and its finite predicate (see the section's comment), or undefined. `marked(j)`: slot j holds any mark as
 * written.
 */
export function plainSubjectCommaAt(tree: PunctuatedTree, info: TreeInfo, i: number, marked: (j: number) => boolean): number | undefined {
  if (i < 2 || i >= info.n) return undefined;
  for (let w = 1; w <= info.n; w++) {
    if ((info.base(w) !== 'nsubj' && info.base(w) !== 'csubj') || info.span[w][0] !== 1 || info.span[w][1] !== i) continue;
    const word = tree.words[w - 1];
    const gerund = word.xpos === 'VBG';
    if (!(gerund || (info.base(w) === 'nsubj' && plainHead(tree, info, w)))) return undefined;
    for (let k = 1; k <= i; k++) if ((CLAUSAL_TAGS.has(tree.words[k - 1].upos) && !(gerund && k === w)) || (k < i && marked(k))) return undefined;
    const h = info.head(w);
    if (info.head(h) !== 0 || !meetsItsVerb(info, w, i) || !finiteVerb(tree.words[i])) return undefined;
    // A predicate followed by a coordinator or a mark may be a list's item the tagger read as a verb ("The food,
    // drinks and music were great"): the list guard's case, not this rule's.
    if (tree.words[i + 1]?.upos === 'CCONJ' || marked(i + 1)) return undefined;
    // A past form in -ed right after the comma may as well be a participle that modifies the noun before it ("Code
    // from the future, delivered to you"): only an object of its own makes it the subject's verb.
    if (i + 1 === h && /ed$/i.test(tree.words[i].form) && !info.children[h].some((c) => OBJECTS.has(info.base(c)))) return undefined;
    return w;
  }
  return undefined;
}

/**
 * Subject w (ending at slot i) ends in a close apposition of names that its head noun introduces ("My best friend
 * Carlos", "Our teacher Mr. Smith"): the head is a common noun with a determiner or possessive, and its `appos` runs
 * to the subject's end, is made of names only, and has no mark at its left edge. The comma after such a subject is a
 * plain subject's: a close apposition is part of its noun phrase (CGEL 15.28). Other subjects that end in an apposition
 * the parser found without a comma are too often misreadings to be judged so ("Queries `elems`‸, returns", "Support
 * Bingo‸, keep": journal, "a relative clause's commas, as learners get them wrong", R2).
 */
export function endsInCloseName(tree: PunctuatedTree, info: TreeInfo, w: number, i: number, marked: (j: number) => boolean): boolean {
  if (tree.words[w - 1].upos !== 'NOUN') return false;
  const appos = info.children[w].find((c) => c > w && info.rel(c) === 'appos' && info.span[c][1] === i);
  if (!determinerBefore(info, w, w) || appos === undefined || marked(info.span[appos][0] - 1)) return false;
  const [from, to] = info.span[appos];
  return tree.words.slice(from - 1, to).every((x) => x.upos === 'PROPN');
}

/**
 * The comma before the coordinator of a subject of two ("My sister, and my brother live in Paris"): a comma comes
 * before "and" or "or" in a series of three or more, or between clauses, never between the two halves of a noun
 * phrase (CMOS 6.22; learners put one there as they would pause). On EWT train, a sentence's nominal subject of two
 * coordinated nouns has a comma before its coordinator 9 times in 338, most of those an aside closed by a second
 * comma ("Ayad Allawi, and other ministers running on his list, have"). The error model, fitted on EWT, never proposes
 * deleting such a comma (it cuts no word from what it needs, `clauses.ts`), so the candidate is decided as a
 * convention of edited prose (`CONVENTION_VARIANTS`).
 *
 * Only the shape the parse cannot easily get wrong: a subject that opens the sentence, two nominal conjuncts (a noun,
 * name or pronoun each, the second with the coordinator and no verb, subordinator or mark of its own; the first a name,
 * a pronoun or a noun with a determiner or possessive, since a bare noun may be a clause's subject whose verb the
 * tagger read as a noun: "Government lies, and newspapers lie"), the comma the
 * only mark in the subject, and the sentence's finite predicate right after it with no mark between (a comma there
 * would close an aside the first one opens). The comma misleads the parser as often as not: it reads two subjects of
 * the one predicate, with the coordinator hung on the predicate ("The teacher, and the students were happy"); that
 * reading is taken for the same subject of two.
 */
/** Variant of a comma deletion before the coordinator of a subject of two (`pairedSubjectCommaAt`). */
export const PAIRED_SUBJECT = 'paired-subject';

const COORDINATORS: ReadonlySet<string> = new Set(['and', 'or']);
const NOMINAL_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'PRON']);

/**
 * Slot i holds a lone comma right before the coordinator of a sentence-opening subject of two nominal conjuncts (see
 * the section's comment). `marked(j)`: slot j holds any mark as written; `onlyComma(j)`: a comma and nothing else.
 */
export function pairedSubjectCommaAt(tree: PunctuatedTree, info: TreeInfo, i: number, marked: (j: number) => boolean, onlyComma: (j: number) => boolean): boolean {
  if (i < 1 || i + 1 >= info.n || !onlyComma(i)) return false;
  const cc = i + 1;
  if (!COORDINATORS.has(tree.words[cc - 1].form.toLowerCase()) || tree.words[cc - 1].upos !== 'CCONJ' || info.base(cc) !== 'cc') return false;
  const pair = coordinatedPair(info, cc) ?? twoSubjects(info, i, cc);
  if (!pair) return false;
  const [first, second, end, predicate] = pair;
  if (!NOMINAL_TAGS.has(tree.words[first - 1].upos) || !NOMINAL_TAGS.has(tree.words[second - 1].upos)) return false;
  // A bare common noun may be a clause's subject whose verb the tagger read as a noun ("Government lies‸, and
  // newspapers lie"): the first conjunct is a name, a pronoun or a noun with a determiner or possessive.
  if (tree.words[first - 1].upos === 'NOUN' && !determinerBefore(info, first, first)) return false;
  if (info.base(first) !== 'nsubj' || info.span[first][0] !== 1 || info.head(predicate) !== 0) return false;
  for (let k = 1; k <= end; k++) if (CLAUSAL_TAGS.has(tree.words[k - 1].upos) || (k !== i && marked(k))) return false;
  // The sentence's finite predicate right after the subject, with no mark between.
  const next = end + 1;
  return (next === predicate || (info.head(next) === predicate && ['aux', 'cop', 'advmod'].includes(info.base(next)))) && finiteVerb(tree.words[end]);
}

/**
 * The coordinator's conjunct and the one it joins, read as a coordination: [first, second, the subject's last word, the
 * predicate], when the first has no other conjunct (two, not a series) and no other subject shares its predicate.
 */
function coordinatedPair(info: TreeInfo, cc: number): [number, number, number, number] | undefined {
  const second = info.head(cc);
  const first = second === 0 ? 0 : info.head(second);
  if (first === 0 || first >= cc || info.base(second) !== 'conj') return undefined;
  if (info.children[first].some((c) => c !== second && info.base(c) === 'conj')) return undefined;
  const predicate = info.head(first);
  if (predicate === 0 || subjects(info, predicate).length !== 1) return undefined;
  return [first, second, info.span[first][1], predicate];
}

/** The same pair read as two subjects of one predicate, the coordinator hung on the predicate between them. */
function twoSubjects(info: TreeInfo, i: number, cc: number): [number, number, number, number] | undefined {
  const predicate = info.head(cc);
  if (predicate === 0 || predicate <= cc) return undefined;
  const both = subjects(info, predicate);
  if (both.length !== 2) return undefined;
  const [first, second] = both;
  if (info.span[first][1] !== i || info.span[second][0] !== cc + 1) return undefined;
  return [first, second, info.span[second][1], predicate];
}

function subjects(info: TreeInfo, w: number): number[] {
  return info.children[w].filter((c) => info.base(c) === 'nsubj' || info.base(c) === 'csubj');
}

/**
 * A comma a relative clause's grammar settles, whatever a writer's habit (CGEL 12.4.2; Quirk et al. 17.22): a
 * restrictive relative clause is part of its noun phrase and takes no comma, so a comma between a subject that ends in
 * one and the subject's verb is an error — the one learners make most with long subjects ("The man who lives next
 * door, is a doctor"). EWT's writers make it too, and a comma after a relative clause usually closes a pair there, so
 * the model's Δ for deleting it is small and the error model fitted on EWT never reaches its threshold (journal,
 * "a relative clause's commas, as learners get them wrong"); the candidate is decided as a convention of edited prose
 * (`CONVENTION_VARIANTS`). After a clause that may be supplementary ("which" after a noun), the lone comma is just as
 * wrong — a relative clause has commas on both sides or on neither — but the repair is in doubt, so both are candidates
 * and the model chooses.
 */
/** Variant of a subject–verb comma deletion after a restrictive relative clause (`restrictiveSubjectAt`). */
export const RESTRICTIVE_SUBJECT = 'restrictive-subject';
/** Variant of the two repairs of a lone comma after a clause that may be supplementary (`loneRelativeCommaAt`). */
export const LONE_RELATIVE = 'lone-relative';

/** The wh-relative that opens the relative clause `r` (first word, or after its preposition: "in which"), if any. */
function openingWhRelative(tree: PunctuatedTree, info: TreeInfo, r: number): TreeWord | undefined {
  const [a] = info.span[r];
  const first = tree.words[a - 1];
  if (isWhRelative(first)) return first;
  return first.upos === 'ADP' && isWhRelative(tree.words[a]) ? tree.words[a] : undefined;
}

/**
 * The relative clause that slot i closes where it ends a subject before that subject's verb, when the clause is
 * restrictive by its form and nothing opened it: introduced by "that", reduced ("the house we rented"), or by "who",
 * "whom" or "whose" after a common noun or a pronoun with no possessive ("the girl who sits next to me", "anyone who
 * wants to join"), with no comma at its left edge. Undefined elsewhere. On EWT train such a "who" clause is written
 * without commas 185 times against 8 with them (after a possessive 5 against 2); a "which" clause after a common noun
 * 76 times against 54 (so "which" is left out: a comma after it may as well close a clause whose opening comma was
 * dropped). `hasComma(j)`: slot j holds a comma as written.
 */
export function restrictiveSubjectAt(tree: PunctuatedTree, info: TreeInfo, i: number, hasComma: (j: number) => boolean): number | undefined {
  const found = relativeSubjectCommaAt(tree, info, i, hasComma);
  return found?.restrictive ? found.clause : undefined;
}

/**
 * The wh-relative clause that slot i closes where it ends a subject before its verb, with no comma at its left edge,
 * when the clause may as well be supplementary ("which" after a common noun; any wh-relative after a possessive or a
 * name: `restrictiveSubjectAt` takes the rest). The sentence is wrong as written either way — a relative clause is set
 * off on both sides or on neither — but the repair is in doubt: the comma goes, or the opening one is added.
 */
export function loneRelativeCommaAt(tree: PunctuatedTree, info: TreeInfo, i: number, hasComma: (j: number) => boolean): number | undefined {
  const found = relativeSubjectCommaAt(tree, info, i, hasComma);
  return found && !found.restrictive ? found.clause : undefined;
}

/**
 * A relative clause with no comma at its left edge that slot i closes where it ends a subject before its verb, and
 * whether it is restrictive by its form (`restrictiveSubjectAt`) or may be supplementary (`loneRelativeCommaAt`).
 */
export function relativeSubjectCommaAt(tree: PunctuatedTree, info: TreeInfo, i: number, hasComma: (j: number) => boolean): { clause: number; restrictive: boolean } | undefined {
  for (let r = 1; r <= info.n; r++) {
    if (info.rel(r) !== 'acl:relcl' || info.span[r][1] !== i || hasComma(info.span[r][0] - 1)) continue;
    // The subject whose phrase the clause ends: the antecedent or a word above it, its phrase ending at the slot.
    const w = subjectAbove(info, r, (x) => info.span[x][1] === i);
    if (w === 0 || info.head(w) <= i || !meetsItsVerb(info, w, i)) continue;
    const wh = openingWhRelative(tree, info, r);
    return { clause: r, restrictive: !wh || restrictiveWho(tree, info, wh, info.head(r)) };
  }
  return undefined;
}

/** The nearest subject (nsubj, csubj) above word x whose way up stays where `within` holds, or 0. */
export function subjectAbove(info: TreeInfo, x: number, within: (w: number) => boolean = () => true): number {
  let w = info.head(x);
  while (w !== 0 && within(w) && info.base(w) !== 'nsubj' && info.base(w) !== 'csubj') w = info.head(w);
  return w !== 0 && within(w) ? w : 0;
}

/** A "who"-type relative after an antecedent it restricts: a common noun or pronoun, not possessed. */
function restrictiveWho(tree: PunctuatedTree, info: TreeInfo, wh: TreeWord, antecedent: number): boolean {
  if (!['who', 'whom', 'whose'].includes(wh.form.toLowerCase())) return false;
  if (!['NOUN', 'PRON'].includes(tree.words[antecedent - 1].upos)) return false;
  return !info.children[antecedent].some((c) => info.rel(c) === 'nmod:poss');
}

/**
 * The subject w meets its predicate right after slot i (the predicate, or its auxiliary, copula or adverb, comes
 * next), and the predicate has no other subject: after "…, and", "…, whose" the comma belongs to a coordination or
 * another clause, and a predicate with two subjects ("those that don't love us, may God turn their hearts") is a
 * misparse of a fronted phrase.
 */
export function meetsItsVerb(info: TreeInfo, w: number, i: number): boolean {
  const h = info.head(w);
  const next = i + 1;
  if (next !== h && !(info.head(next) === h && ['aux', 'cop', 'advmod'].includes(info.base(next)))) return false;
  return info.children[h].filter((c) => info.base(c) === 'nsubj' || info.base(c) === 'csubj').length === 1;
}

/**
 * The comma after the free relative that is a pseudo-cleft's subject ("What I want to say, is that we need more
 * time", "What he told us, was not true"): the clause is the subject of "be", and edited English puts no single comma
 * between a subject and its verb (CMOS 6.31), however long the clause. Learners put one there as after any long
 * subject. The parser reads such a sentence in many ways (a relative clause on "What", an outer subject of the
 * clause after "is"), so the shape is read off words and marks: the sentence opens with "what" and a clause that has
 * a verb and no mark before the comma, and a form of "be" follows the comma. A question is no pseudo-cleft: "What do
 * you think, is it good?" has an auxiliary right after "what" or ends in a question mark. Decided as a convention of
 * edited prose (`CONVENTION_VARIANTS`; journal, "the lone comma after a plain subject or after a coordinator", S2).
 */
/** Variant of a subject–verb comma deletion after a pseudo-cleft's free relative (`pseudoCleftCommaAt`). */
export const PSEUDO_CLEFT = 'pseudo-cleft';

/** Slot i holds the lone comma between a pseudo-cleft's free-relative subject and its "be" (see the section's comment). */
export function pseudoCleftCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const n = words.length;
  if (i < 3 || i >= n || words[0].form.toLowerCase() !== 'what' || words[1].upos === 'AUX') return false;
  if (tree.slots[i].length !== 1 || tree.slots[i][0] !== ',' || !COPULA_FORMS.has(words[i].form.toLowerCase())) return false;
  for (let j = 1; j < i; j++) if (tree.slots[j].length > 0) return false;
  if (tree.slots[n].includes('?')) return false;
  return words.slice(1, i).some((w) => w.upos === 'VERB');
}

/**
 * The comma before a relative clause opened by "that" ("This is the book, that I told you about"): "that" opens only
 * restrictive relative clauses in edited English (CMOS 6.27; Quirk et al. 17.15), and a restrictive clause is part of
 * its noun phrase, set off by no comma. On EWT train, of 541 relative clauses opened by "that" after a word, 4 have a
 * comma before them, all four errors by edited norms; the model prefers the comma gone (Δ ≈ 7–9), but the error model
 * keeps it under the threshold (journal, "the lone comma after a plain subject or after a coordinator", T), so the
 * candidate is decided as a convention (`CONVENTION_VARIANTS`). The tagger's WDT is what tells the relative "that" from
 * the complementizer ("told him, that …": a verb–object comma, `subjectVerbAt`) and the demonstrative.
 */
/** Variant of the deletion of the comma(s) around a relative clause opened by "that" (`thatRelativeAt`). */
export const THAT_RELATIVE = 'that-relative';

/** Parts of speech a subject after the relative "that" opens with ("that I told you about", "that the dog ate"). */
const SUBJECT_STARTS: ReadonlySet<string> = new Set(['PRON', 'DET', 'NOUN', 'PROPN', 'NUM', 'ADJ']);

/**
 * Word w heads a relative clause that opens with the relative pronoun "that" right after a comma, after an antecedent
 * it can restrict: a common noun or pronoun with no possessive. After a name or a possessed noun ("My car, that I
 * bought last year, …") the writer may have meant a supplementary clause and chosen the wrong pronoun: the repair is
 * "which", not deleting the commas, so that is left to the error model. Two readings the tree cannot rule out are left
 * alone too: "that" right before a verb may be a demonstrative opening a clause of its own ("if you send me a story,
 * that would be great", "…markdown, that's what X does"), so "that" must be the clause's object, a subject after it;
 * and a mark before the antecedent's phrase or inside it, or before a larger phrase that ends with it, means the comma
 * may close an apposition or aside ("two events, `onSuccess`/`onFailure`, that are called …"; "a belief, shared by
 * many teachers, that we should …"). `marked(j)`: slot j holds any mark as written.
 */
export function thatRelativeAt(tree: PunctuatedTree, info: TreeInfo, w: number, marked: (j: number) => boolean): boolean {
  const antecedent = info.head(w);
  const [a] = info.span[w];
  if (info.rel(w) !== 'acl:relcl' || antecedent >= a) return false;
  if (!['NOUN', 'PRON'].includes(tree.words[antecedent - 1].upos) || info.children[antecedent].some((c) => info.rel(c) === 'nmod:poss')) return false;
  const [that, next] = [tree.words[a - 1], tree.words[a]];
  if (that.form.toLowerCase() !== 'that' || that.xpos !== 'WDT' || next === undefined || !SUBJECT_STARTS.has(next.upos) || next.xpos === 'WDT') return false;
  for (let j = info.span[antecedent][0] - 1; j < a - 1; j++) if (marked(j)) return false;
  // Nor may the antecedent stand in an aside or apposition a mark opened (a dependent of the clause whose phrase
  // starts after a mark), which this comma may then close ("It is a common belief, shared by many teachers, that we
  // should …": an extraposed subject, not a relative clause of "teachers").
  for (let x = info.head(antecedent); x !== 0 && info.head(x) !== 0; x = info.head(x)) if (info.span[x][0] > 1 && marked(info.span[x][0] - 1)) return false;
  return true;
}

/**
 * The relative clause opened by "that" right after slot i, when slot i's comma is the only one it has: no mark at
 * its end (with a comma there, the pair is the candidate) nor inside it, where a parse that ran the clause on may have
 * swallowed the closing one ("The book, that I told you about, is …"). `marked(j)`: slot j holds any mark as written.
 */
export function loneThatRelativeCommaAt(tree: PunctuatedTree, info: TreeInfo, i: number, marked: (j: number) => boolean): number | undefined {
  for (let w = i + 1; w <= info.n; w++) {
    if (info.span[w][0] !== i + 1 || !thatRelativeAt(tree, info, w, marked)) continue;
    const end = info.span[w][1];
    for (let j = i + 1; j < end; j++) if (marked(j)) return undefined;
    return end < info.n && marked(end) ? undefined : w;
  }
  return undefined;
}
