/**
 * The comma that closes a relative clause or an apposition the writer opened with a comma: "My brother, who lives in
 * Boston‸ is a doctor", "My sister, an engineer at Google‸ works very hard". Such supplements are set off by a pair
 * of commas (CGEL 12.4.2; Quirk et al. 17.22). Without the closing one, a comma-robust parser reads the clause on into
 * the predicate ("which opened in 1990 attracts …" with "attracts" inside the clause) or the apposition as a second
 * subject, so on the written sentence's tree T no candidate sits at the right slot with the right structure around it.
 *
 * So each place a relative clause could end is tried by parsing the sentence again with a comma written there
 * (`Reparse`). A place is a candidate when that parse makes the words from the opening comma up to it one relative
 * clause of a word before the comma, and that word the subject of a predicate after it: the pair's second comma then
 * stands where the clause meets its antecedent's verb. The candidate is scored on that tree T_c,
 * Δ = log p(x_c | T_c) − log p(x | T_c) (decide.ts): on the structure the corrected sentence has, how much more
 * probable the closed pair is than the open one. The places of one opening comma are alternatives (`group`): only the
 * best-scoring one is kept. An apposition is tried only where the surface rules out a vocative, a fronted phrase or a
 * list before the subject (`openAppositionCloseAt`), at the one slot before its verb, and the parse may then read it as a
 * second subject of that verb (`secondSubjectAsApposition`) or as a list's second item (`listedSubjectAsApposition`).
 * With both commas written, the same structure is a deletion guard (`supplementCloseAt`).
 *
 * The decision is edited prose's convention, not the error model's (`CONVENTION_VARIANTS`): every style guide closes a
 * supplement the writer opened, but EWT's writers leave a third of mid-sentence appositions open, so a calibration
 * fitted on EWT (which counts their sentences as correct) never reaches the threshold (journal, "the closing comma
 * scored on its own parse"). The candidate is reported where the model prefers the closed pair on its own parse (Δ >
 * 0), at a fixed confidence.
 *
 * Below it, where an apposition left open would close (`openAppositionCloseAt`).
 */
import { PunctuatedTree, TreeWord } from '../../../data/depunct';
import { AnalysedSentence, Reparse } from '../../sentence';
import { TreeInfo, treeInfo } from '../../treeInfo';
import { NONRESTRICTIVE_RELS } from '../pipeline/categories';
import { FINITE_VERB_TAGS, frontedClauseCommaAt, frontedPhraseCommaAt } from '../guards/deletionGuards';
import { ADDRESS_NOUNS, isWhRelative } from '../conventions/asides';
import { ABBREV_DOT } from '../../../data/punctTokens';
import { TIME_NOUNS } from '../../../lexicon';
import { ADJECTIVE_TAGS } from './clauses';

/** The candidates' variant (kind `nonrestrictive-comma/insert/unclosed`). */
export const UNCLOSED = 'unclosed';

/** Tags that can begin an apposition (a noun phrase). */
const NOUN_PHRASE_START = new Set(['DET', 'PRON', 'ADJ', 'NOUN', 'PROPN', 'NUM']);

/**
 * The longest antecedent phrase read before the opening comma, in words: a subject the parse stretches over a whole
 * sentence ("Interim Palestinian leader … in Yasser Arafat's legacy, Abbas pledged") is a misreading.
 */
const MAX_ANTECEDENT_WORDS = 12;

/** The longest supplement tried, in words. */
const MAX_SUPPLEMENT_WORDS = 20;

export interface UnclosedSupplement {
  /** The slot of the writer's opening comma. */
  opener: number;
  /** The slot where the closing comma goes. */
  close: number;
  /** The relative clause's or apposition's head word in `tree`. */
  node: number;
  /** The sentence parsed with the closing comma written. */
  tree: PunctuatedTree;
}

/**
 * Slot o holds a comma alone that can open a supplement: a noun (the antecedent's end) before it, a wh-relative (after
 * a preposition too) or a noun phrase after it, and it does not close a fronted phrase or clause ("According to George
 * Tenet, al Qaeda's ability … is"), whose last noun the parser may take for a subject.
 */
export function opensSupplementAt(tree: PunctuatedTree, o: number): boolean {
  if (o < 1 || o >= tree.words.length || tree.slots[o].length !== 1 || tree.slots[o][0] !== ',') return false;
  if (!['NOUN', 'PROPN', 'PRON'].includes(tree.words[o - 1].upos)) return false;
  if (frontedClauseCommaAt(tree, o) || frontedPhraseCommaAt(tree, o)) return false;
  return relativePronounAt(tree, o) !== undefined || NOUN_PHRASE_START.has(tree.words[o].upos);
}

/** The word (1-based) of the wh-relative that opens a clause right after slot o ("who", "in which"), if one does. */
function relativePronounAt(tree: PunctuatedTree, o: number): number | undefined {
  if (isWhRelative(tree.words[o])) return o + 1;
  return tree.words[o]?.xpos === 'IN' && isWhRelative(tree.words[o + 1]) ? o + 2 : undefined;
}

/**
 * The places where a supplement opened by a comma could close before its antecedent's predicate, each with the
 * sentence's parse with that comma written. `judged(i)`: slot i may be edited at all.
 */
export function unclosedSupplements(s: AnalysedSentence, reparse: Reparse, judged: (i: number) => boolean): UnclosedSupplement[] {
  const n = s.tree.words.length;
  const out: UnclosedSupplement[] = [];
  for (let o = 1; o < n - 1; o++) {
    if (!judged(o) || !opensSupplementAt(s.tree, o)) continue;
    const pronoun = relativePronounAt(s.tree, o);
    // After "X, Y" with a noun phrase Y, the surface mostly cannot tell an apposition left open ("My sister, an engineer
    // works") from a fronted name, phrase or vocative before the subject ("Ernest, the rich are different"; "Midway
    // through the process, you'd have to"), and the parse with the comma written takes whichever reading the comma
    // suggests (journal, "the closing comma scored on its own parse": 24 false alarms on the look halves of fortunes
    // and Debian). So an apposition is tried only where the surface rules those readings out (`openAppositionCloseAt`),
    // at the one place it names.
    const places = pronoun !== undefined ? relativeClausePlaces(s.tree, o, pronoun) : [openAppositionCloseAt(s.tree, o)];
    for (const k of places) {
      if (k === undefined || !judged(k)) continue;
      const tree = reparse(s, [k]);
      if (!tree) continue;
      const info = treeInfo(tree);
      const found = supplementBetween(tree, o, k, info) ?? (pronoun === undefined ? subjectAsApposition(tree, o, k, /^nsubj/, info) : undefined);
      if (found && plausibleSupplement(s.tree, found.tree, info, found.node, o)) out.push({ opener: o, close: k, ...found });
    }
  }
  return out;
}

/**
 * The places where a relative clause opened at slot o (its pronoun the word `pronoun`) could close: each slot before
 * a finite verb (its fine tag, which the tagger gets right where it calls the word a noun: "who works in a hospital
 * drives", "drives" NOUN, VBZ) with a verb of the clause's own before it, up to the next mark. Each place tried costs
 * a parse, so only these are.
 */
function relativeClausePlaces(tree: PunctuatedTree, o: number, pronoun: number): number[] {
  const { words, slots } = tree;
  const n = words.length;
  // The next mark: where the writer may have closed the supplement already ("Musk, which is scraped … as long as they
  // can surv ive, makes": no comma is missing inside it).
  let next = o + 1;
  while (next < n && slots[next].length === 0) next++;
  if (next < n && supplementCloseAt(tree, next)) return [];
  const places: number[] = [];
  for (let k = o + 1; k < next && k - o <= MAX_SUPPLEMENT_WORDS; k++) {
    if (FINITE_VERB_TAGS.has(words[k].xpos) && words.slice(pronoun, k).some(isVerb)) places.push(k);
  }
  return places;
}

/** A verb, or a finite verb the tagger called something else ("drives" NOUN, VBZ). */
function isVerb(w: PunctuatedTree['words'][number]): boolean {
  return w.upos === 'VERB' || w.upos === 'AUX' || FINITE_VERB_TAGS.has(w.xpos);
}

/** Relations of a word that the writer's comma closes as a fronted element rather than opens a supplement on. */
const FRONTED_RELATIONS = /^(obl|advmod|nmod:(tmod|npmod|unmarked)|vocative|discourse|dislocated)/;

/** Relations of a predicate that make it one of a series of clauses rather than the antecedent's own clause. */
const SERIES_RELATIONS = /^(conj|parataxis|list|appos|dislocated|orphan|reparandum)/;

/**
 * What the parse of the corrected sentence (`tree`, the supplement headed by `node` opened at slot o) must also
 * satisfy beside its shape, against four misreadings seen on EWT:
 * - the written sentence's parse reads the antecedent as an adverbial, a vocative or a discourse word ("Last June, an
 *   initiative … failed"; "Malach, what you say makes sense"): the comma closes a fronted element and opens nothing;
 * - the antecedent's phrase is longer than a subject is (`MAX_ANTECEDENT_WORDS`);
 * - the antecedent follows a preposition or a verb ("… in Yasser Arafat's legacy, Abbas pledged"): it is no subject;
 * - the antecedent's predicate is a clause in a series ("…, the support of anyone with a dial-up connection, the
 *   problem is that …": two sentences spliced by the comma, not a supplement).
 */
function plausibleSupplement(written: PunctuatedTree, tree: PunctuatedTree, info: TreeInfo, node: number, o: number): boolean {
  const antecedent = tree.words[node - 1].head;
  if (FRONTED_RELATIONS.test(written.words[antecedent - 1].deprel)) return false;
  if (SERIES_RELATIONS.test(tree.words[tree.words[antecedent - 1].head - 1].deprel)) return false;
  if (o - info.span[antecedent][0] >= MAX_ANTECEDENT_WORDS) return false;
  // A subject does not follow a preposition or a verb that would take it as its object ("…, cloaking himself in
  // Yasser Arafat's legacy, Abbas pledged": "legacy" is no subject).
  const before = tree.words[info.span[antecedent][0] - 2];
  return !(before && (before.upos === 'ADP' || before.upos === 'VERB'));
}

/**
 * In `tree`, the head of a relative clause or apposition spanning exactly words o + 1 … k whose antecedent (a word up
 * to o) is the subject of a predicate after k; undefined if there is none.
 */
export function supplementBetween(tree: PunctuatedTree, o: number, k: number, info: TreeInfo = treeInfo(tree)): { node: number; tree: PunctuatedTree } | undefined {
  for (let w = o + 1; w <= k; w++) {
    if (!NONRESTRICTIVE_RELS.has(info.rel(w))) continue;
    const [a, b] = info.span[w];
    const h = tree.words[w - 1].head;
    if (a !== o + 1 || b !== k || h < 1 || h > o) continue;
    const antecedent = tree.words[h - 1];
    if (antecedent.deprel.startsWith('nsubj') && antecedent.head > k) return { node: w, tree };
  }
  return undefined;
}

/**
 * An apposition the parser read as a second subject ("My sister, an engineer at Google, works": "sister" and
 * "engineer" both subjects of "works", with both commas written too): a predicate takes one subject, so where the
 * words o + 1 … k form a subject of the same predicate after k as the phrase ending at o, the tree with that second
 * subject made an apposition of the first. Undefined when the tree has no such pair.
 */
export function secondSubjectAsApposition(
  tree: PunctuatedTree,
  o: number,
  k: number,
  /** The first phrase's relations accepted besides a subject (the guard also takes a name read as a vocative). */
  firstRelation: RegExp = /^nsubj/,
  info: TreeInfo = treeInfo(tree),
): { node: number; tree: PunctuatedTree } | undefined {
  const w = spanHead(info, o, k);
  if (w === undefined || !tree.words[w - 1].deprel.startsWith('nsubj')) return undefined;
  const p = tree.words[w - 1].head;
  const first = tree.words.findIndex((x, i) => i + 1 <= o && x.head === p && firstRelation.test(x.deprel) && info.span[i + 1][1] === o) + 1;
  return first === 0 || p <= k ? undefined : appositionOf(tree, w, first);
}

/**
 * An apposition the parser read as the second item of a list that is the subject ("My best friend, a quiet girl,
 * paints …": "girl" a `conj` of "friend"): a list of two noun phrases with no coordinator is no list, so where the words
 * o + 1 … k are such an item of the phrase ending at o, itself a subject of a predicate after k, the tree with that item
 * made the phrase's apposition. Undefined when the tree has no such item.
 */
export function listedSubjectAsApposition(
  tree: PunctuatedTree,
  o: number,
  k: number,
  firstRelation: RegExp = /^nsubj/,
  info: TreeInfo = treeInfo(tree),
): { node: number; tree: PunctuatedTree } | undefined {
  const w = spanHead(info, o, k);
  if (w === undefined || info.base(w) !== 'conj') return undefined;
  const first = tree.words[w - 1].head;
  if (first > o || !firstRelation.test(info.rel(first)) || tree.words[first - 1].head <= k) return undefined;
  if (info.children[w].some((c) => info.base(c) === 'cc') || info.children[first].some((c) => c !== w && info.base(c) === 'conj')) return undefined;
  return appositionOf(tree, w, first);
}

/** The word whose subtree spans exactly words o + 1 … k, if one does (in a projective tree at most one does). */
function spanHead(info: TreeInfo, o: number, k: number): number | undefined {
  for (let w = o + 1; w <= k; w++) if (info.span[w][0] === o + 1 && info.span[w][1] === k) return w;
  return undefined;
}

/** The tree with word w made an apposition of word `of`. */
function appositionOf(tree: PunctuatedTree, w: number, of: number): { node: number; tree: PunctuatedTree } {
  const words = tree.words.map((x, i) => (i + 1 === w ? { ...x, head: of, deprel: 'appos' } : x));
  return { node: w, tree: { ...tree, words } };
}

/** The words o + 1 … k as an apposition the parser read as a second subject or as a list's second item. */
function subjectAsApposition(tree: PunctuatedTree, o: number, k: number, firstRelation: RegExp, info: TreeInfo): { node: number; tree: PunctuatedTree } | undefined {
  return secondSubjectAsApposition(tree, o, k, firstRelation, info) ?? listedSubjectAsApposition(tree, o, k, firstRelation, info);
}

/**
 * Slot i holds the comma that closes a supplement a comma opened, on the parser's reading of the written sentence: a
 * deletion guard (`WRITERS_CONVENTIONS`, `registry.ts`). The parser reads most appositions as a second subject even with both
 * commas written ("Mr. Brown, our English teacher, gives …": "teacher" a subject of "gives"), so the closing comma
 * looks like one between a subject and its verb; deleting it would leave the opening one unpaired.
 */
export function supplementCloseAt(tree: PunctuatedTree, i: number): boolean {
  if (i <= 1 || i >= tree.words.length || tree.slots[i].length !== 1 || tree.slots[i][0] !== ',') return false;
  let o = i - 1;
  while (o > 0 && i - o <= MAX_SUPPLEMENT_WORDS && tree.slots[o].length === 0) o--;
  if (o <= 0 || !opensSupplementAt(tree, o)) return false;
  // With both commas written, a name before the first is no vocative ("Mr. Brown, our English teacher, gives": "Brown"
  // read as one).
  const info = treeInfo(tree);
  return (supplementBetween(tree, o, i, info) ?? subjectAsApposition(tree, o, i, /^(nsubj|vocative|dislocated)/, info)) !== undefined;
}

/**
 * Where a subject's apposition the writer opened with a comma ends, when the surface says it is one: "My cousin, a
 * talented musician‸ plays the violin", "Our manager, Ms. Green‸ approved the budget". The closing comma itself is
 * tried and scored as a relative clause's is (`unclosedSupplements`, above); this section only decides where that is
 * worth a parse.
 *
 * "X, Y verb" with two noun phrases reads four ways, and only one of them is an apposition left open: X may be a
 * vocative ("Anna, the meeting has moved"), a fronted time phrase ("The next morning, the family went"), a phrase or
 * clause before the subject, or the first item of a list ("flac, ogg vorbis and mp3 are supported"). A parse cannot
 * tell them apart: it takes whichever reading the comma suggests (journal, "the closing comma scored on its own parse":
 * 24 false alarms of these shapes on the look halves, when every "X, Y verb" was tried). In EWT train's gold trees
 * every sentence-initial "X, Y verb" of two noun phrases is a time phrase or a vocative (journal, "the apposition left
 * open"). So only the surface that rules them out is taken:
 * - X opens the sentence and is a plain noun phrase (no verb, adverb, subordinator, coordinator or preposition but
 *   "of"), headed by a common noun with a determiner or possessive, which is neither a time noun nor a plural or bare
 *   term of address ("My friends, the time has come"); or X is a name, and Y then opens with "a"/"an" or with a
 *   possessive of the first or third person before a noun of relation ("my roommate", `RELATION_NOUNS`), since "Anna,
 *   the meeting …", "Mr. Lopez, your order …" and "John, my flight …" address the reader;
 * - X never holds "your" (a vocative's mark: "Your Honor, my client …");
 * - Y is a noun phrase of at most `MAX_APPOSITION_WORDS` words (prepositional phrases in it: "a doctor in Boston") with
 *   no verb, pronoun (but a possessive), subordinator, coordinator or mark, and a finite verb follows it, with no comma
 *   right after that verb ("Several of the outfits, Ignatius noticed, were": a comment clause).
 */
/** The longest apposition tried, in words. */
const MAX_APPOSITION_WORDS = 10;

/** Parts of speech a plain noun phrase is made of (a possessive pronoun is a PRON, the possessive 's a PART). */
const NOUN_PHRASE_TAGS: ReadonlySet<string> = new Set(['DET', 'ADJ', 'NUM', 'NOUN', 'PROPN']);

/**
 * Participles, and past forms that the tagger gives a participle between a determiner and a noun: "a retired/VBN
 * soldier", "a trained/VBD chef" (a finite verb cannot follow a determiner).
 */
const PARTICIPLE_TAGS: ReadonlySet<string> = new Set(['VBN', 'VBD']);

/** Adverbs of frequency and focus that stand right before a verb: the apposition ends before them ("a man‸ rarely leaves"). */
const PREVERBAL_ADVERBS: ReadonlySet<string> = new Set([
  'always', 'never', 'often', 'rarely', 'seldom', 'sometimes', 'usually', 'also', 'still', 'just', 'already', 'generally',
  'normally', 'frequently', 'occasionally', 'really', 'only', 'even',
]);

/** A word between `before` and `after` modifies the noun: after a determiner, possessive or adjective, before a noun or adjective. */
function modifies(before: TreeWord, after: TreeWord): boolean {
  const opens = before.upos === 'DET' || before.xpos === 'PRP$' || before.xpos === 'POS' || ADJECTIVE_TAGS.has(before.xpos);
  return opens && (after.upos === 'NOUN' || after.upos === 'PROPN' || ADJECTIVE_TAGS.has(after.xpos));
}

/** Word k (1-based) is a participle modifier that the tagger read as a verb form ("a trained chef"). */
function participleModifier(words: readonly TreeWord[], k: number): boolean {
  return k >= 2 && k < words.length && PARTICIPLE_TAGS.has(words[k - 1].xpos) && modifies(words[k - 2], words[k]);
}

/** Possessive pronouns that stand alone, as after "of" in a noun phrase ("an old friend of mine"). */
const INDEPENDENT_POSSESSIVES: ReadonlySet<string> = new Set(['mine', 'yours', 'his', 'hers', 'ours', 'theirs']);

/** Possessives of the first and third person: after a name they begin an apposition, where "your" begins an address. */
const NON_SECOND_POSSESSIVES: ReadonlySet<string> = new Set(['my', 'our', 'his', 'her', 'its', 'their']);

/**
 * Nouns for a person's relation to someone ("my roommate", "our teacher"): after a name, a possessive opens an
 * apposition only with one of these; otherwise the name is more likely addressed ("John, my flight arrives at six").
 */
const RELATION_NOUNS: ReadonlySet<string> = new Set([
  'friend', 'boyfriend', 'girlfriend', 'roommate', 'flatmate', 'housemate', 'classmate', 'schoolmate', 'teammate',
  'colleague', 'coworker', 'co-worker', 'partner', 'neighbour', 'neighbor', 'boss', 'manager', 'supervisor', 'teacher',
  'tutor', 'professor', 'lecturer', 'mentor', 'coach', 'doctor', 'dentist', 'lawyer', 'landlord', 'landlady', 'tenant',
  'assistant', 'secretary', 'mother', 'father', 'mom', 'mum', 'dad', 'parent', 'brother', 'sister', 'sibling', 'son',
  'daughter', 'child', 'husband', 'wife', 'fiance', 'fiancé', 'fiancee', 'fiancée', 'cousin', 'uncle', 'aunt', 'nephew',
  'niece', 'grandmother', 'grandfather', 'grandma', 'grandpa', 'grandson', 'granddaughter', 'stepmother', 'stepfather',
  'stepbrother', 'stepsister', 'guide', 'driver', 'nurse',
]);

/** Terms of address that make X a vocative even with a possessive: a plural one ("My friends", "Ladies"). */
const PLURAL_ADDRESS = /s$|^(everyone|everybody|gentlemen|children|folks)$/;

const lower = (w: TreeWord) => w.form.toLowerCase();

/**
 * A word of a plain noun phrase: a determiner, adjective, number, noun, name, possessive (also "mine" … after "of"),
 * or a preposition inside it ("of" only, or any when `anyPreposition`: "a doctor in Boston").
 */
function nounPhraseWord(w: TreeWord, first: boolean, anyPreposition: boolean, before?: TreeWord, after?: TreeWord): boolean {
  // An adjective by its fine tag too: the tagger may call it a verb ("a retired/VERB/JJ teacher").
  if (NOUN_PHRASE_TAGS.has(w.upos) || ADJECTIVE_TAGS.has(w.xpos)) return true;
  if (before && after && PARTICIPLE_TAGS.has(w.xpos) && modifies(before, after)) return true;
  if (w.xpos === 'PRP$' || w.xpos === 'POS') return !(first && w.xpos === 'POS');
  if (before && lower(before) === 'of' && INDEPENDENT_POSSESSIVES.has(lower(w))) return true;
  return !first && (anyPreposition ? w.upos === 'ADP' : lower(w) === 'of');
}

/** Slots strictly inside words [from, to] (1-based) hold nothing but abbreviation dots. */
function unmarkedInside(tree: PunctuatedTree, from: number, to: number): boolean {
  for (let j = from; j < to; j++) if (tree.slots[j].some((m) => m !== ABBREV_DOT)) return false;
  return true;
}

/**
 * Words [from, to] (1-based) form a plain noun phrase; returns its head (the word before its first preposition, or its
 * last word), or 0.
 */
function plainNounPhrase(tree: PunctuatedTree, from: number, to: number, anyPreposition: boolean): number {
  const words = tree.words;
  for (let k = from; k <= to; k++) if (!nounPhraseWord(words[k - 1], k === from, anyPreposition, words[k - 2], k < to ? words[k] : undefined)) return 0;
  if (!unmarkedInside(tree, from, to)) return 0;
  const preposition = words.slice(from - 1, to).findIndex((w) => w.upos === 'ADP');
  const head = preposition < 0 ? to : from + preposition - 1;
  return head >= from && (words[head - 1].upos === 'NOUN' || words[head - 1].upos === 'PROPN') ? head : 0;
}

/** Words [from, head) hold a determiner or possessive of the head's. */
function determined(tree: PunctuatedTree, from: number, head: number): boolean {
  return tree.words.slice(from - 1, head - 1).some((w) => w.upos === 'DET' || w.xpos === 'PRP$' || w.xpos === 'POS');
}

/**
 * The slot where an apposition opened by the comma at slot o and left open would close (the slot before the
 * subject's finite verb), when the sentence's surface reads "X, Y verb" as a subject and its apposition (see the section's
 * comment); undefined otherwise.
 */
export function openAppositionCloseAt(tree: PunctuatedTree, o: number): number | undefined {
  const words = tree.words;
  const n = words.length;
  if (o < 1 || o >= n - 1 || tree.slots[o].length !== 1 || tree.slots[o][0] !== ',') return undefined;
  const xHead = plainNounPhrase(tree, 1, o, false);
  if (xHead === 0 || words.slice(0, o).some((w) => lower(w) === 'your')) return undefined;
  const xName = words.slice(0, o).every((w) => w.upos === 'PROPN');
  const xWord = lower(words[xHead - 1]);
  const commonX = words[xHead - 1].upos === 'NOUN' && determined(tree, 1, xHead) && !TIME_NOUNS.has(xWord) && !(ADDRESS_NOUNS.has(xWord) && PLURAL_ADDRESS.test(xWord));
  if (!xName && !commonX) return undefined;
  // Y runs from the comma to the first finite verb, with nothing but a noun phrase's words before it (a participle
  // modifier read as a past form is none: "a trained/VBD chef"), and an adverb before the verb outside it.
  let k = o + 1;
  while (k <= n && k - o <= MAX_APPOSITION_WORDS && (!FINITE_VERB_TAGS.has(words[k - 1].xpos) || participleModifier(words, k))) k++;
  const close = k - 1 > o + 1 && PREVERBAL_ADVERBS.has(lower(words[k - 2])) ? k - 2 : k - 1;
  if (k > n || close <= o || k - o > MAX_APPOSITION_WORDS || tree.slots[close].length > 0 || tree.slots[k].includes(',')) return undefined;
  const yHead = plainNounPhrase(tree, o + 1, close, true);
  if (yHead === 0) return undefined;
  const opener = words[o];
  if (lower(opener) === 'your') return undefined;
  if (xName && !(['a', 'an'].includes(lower(opener)) || NON_SECOND_POSSESSIVES.has(lower(opener)))) return undefined;
  if (xName && NON_SECOND_POSSESSIVES.has(lower(opener)) && !RELATION_NOUNS.has(lower(words[yHead - 1]))) return undefined;
  if (!xName && !(determined(tree, o + 1, yHead) || words[yHead - 1].upos === 'PROPN')) return undefined;
  return close;
}
