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
 * list before the subject (`openAppositions.ts`), at the one slot before its verb, and the parse may then read it as a
 * second subject of that verb (`secondSubjectAsApposition`) or as a list's second item (`listedSubjectAsApposition`).
 * With both commas written, the same structure is a deletion guard (`supplementCloseAt`).
 *
 * The decision is edited prose's convention, not the error model's (`conventionKinds.ts`): every style guide closes a
 * supplement the writer opened, but EWT's writers leave a third of mid-sentence appositions open, so a calibration
 * fitted on EWT (which counts their sentences as correct) never reaches the threshold (BENCHMARKS, session 13). The
 * candidate is reported where the model prefers the closed pair on its own parse (Δ > 0), at a fixed confidence.
 */
import { PunctuatedTree } from '../../../data/depunct';
import { AnalysedSentence, Reparse } from '../../sentence';
import { TreeInfo, treeInfo } from '../../treeInfo';
import { NONRESTRICTIVE_RELS } from '../pipeline/categories';
import { FINITE_VERB_TAGS, frontedClauseCommaAt, frontedPhraseCommaAt } from '../guards/deletionGuards';
import { isWhRelative } from '../conventions/asides';
import { openAppositionCloseAt } from './openAppositions';

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
    // suggests (BENCHMARKS, session 13: 24 false alarms on the look halves of fortunes and Debian). So an apposition
    // is tried only where the surface rules those readings out (`openAppositions.ts`), at the one place it names.
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
