/**
 * The comma splice as edited prose sees it (`commaSplices: edited`): two independent clauses, each with its own
 * subject and finite verb, joined by a comma alone ("It was late, everybody was tired").
 *
 * Why a style setting rather than the error model: EWT's writers splice often (about 25 comma-joined clause pairs
 * per 1,000 sentences of train, against 3 joined by a semicolon), so the model, which learned their habits, finds
 * the comma usual there and its calibrated confidence for "comma → semicolon" stays below any threshold (0.2–0.5 on
 * learners' splices). Edited prose does not splice; a writer who wants to be held to that asks for it, as for
 * `introductoryComma: edited`. Off by default: clean EWT would get about 10 findings per 1,000 sentences, all real
 * splices by edited norms but over the false-alarm budget a default must keep.
 *
 * The shapes left out are those the style guides themselves allow, or where the comma is not between two clauses:
 * - a right clause that is only a subject and its verb ("…, I think", "I came, I saw"): comment clauses and short
 *   parallel clauses, which the guides let a comma join;
 * - the middle clauses of a coordinated series ("A wants them, B wants them, and C …"): the comma is a list's;
 * - a clause opened by "so" or "yet", coordinators UD sometimes files as adverbs ("…, so I left");
 * - a question tag ("It's fine, isn't it?");
 * - a right clause with a wh-word before its verb ("…, who is responsible", "…, most of whom had"): a relative clause
 *   the parse took for a main one (or a question, "…, what can I say", which the guides treat as a quotation);
 * - a left clause that is subordinate (has a subordinator, or is an adverbial or adnominal clause: "when X refused,
 *   Y came"), and the comma that closes a fronted clause: only two independent clauses make a splice;
 * - either clause without a finite verb (a fragment or a misparse: without one there is no independent clause).
 */
import { PunctuatedTree } from '../../data/depunct';
import { TreeInfo } from '../treeInfo';
import { spliceAt } from './categories';
import { FINITE_VERB_TAGS, frontedClauseCommaAt, questionTagCommaAt } from './deletionGuards';

/** Coordinators that may open the second clause though UD tags them ADV (then they are no `cc` child). */
const ADVERB_COORDINATORS = new Set(['so', 'yet']);

/** Relations of a clause head's children that are not part of its predicate's complement. */
const NOT_COMPLEMENT = new Set(['nsubj', 'csubj', 'expl', 'aux', 'cop', 'advmod', 'discourse', 'punct']);

/** Tags of the wh-words that open relative clauses and questions. */
const WH_TAGS = new Set(['WDT', 'WP', 'WP$']);

/** Whether clause head w is finite: its own tag or one of its auxiliaries' or copulas'. */
function isFinite(tree: PunctuatedTree, info: TreeInfo, w: number): boolean {
  if (FINITE_VERB_TAGS.has(tree.words[w - 1].xpos)) return true;
  return info.children[w].some((c) => (info.base(c) === 'aux' || info.base(c) === 'cop') && FINITE_VERB_TAGS.has(tree.words[c - 1].xpos));
}

/** A clause that is its subject and verb (with auxiliaries and adverbs) and nothing else: "I think", "she didn't". */
function bareClause(tree: PunctuatedTree, info: TreeInfo, w: number): boolean {
  return tree.words[w - 1].upos === 'VERB' && info.children[w].every((c) => NOT_COMPLEMENT.has(info.base(c)));
}

/** The conjuncts after w in w's series carry a coordinator: w is a middle item of "A, B, and C". */
function middleOfSeries(info: TreeInfo, w: number): boolean {
  if (info.base(w) !== 'conj') return false;
  const later = info.children[info.head(w)].filter((c) => c > w && info.base(c) === 'conj');
  return later.some((c) => info.children[c].some((x) => info.base(x) === 'cc'));
}

/** A wh-word among the words from slot i up to the clause head w (a relative clause or a question). */
function whBeforeVerb(tree: PunctuatedTree, i: number, w: number): boolean {
  for (let k = i + 1; k <= w; k++) if (WH_TAGS.has(tree.words[k - 1].xpos)) return true;
  return false;
}

/** Clause head h is subordinate: it has a subordinator, or it is itself an adverbial or adnominal clause. */
function subordinate(info: TreeInfo, h: number): boolean {
  return info.base(h) === 'advcl' || info.base(h) === 'acl' || info.children[h].some((c) => info.base(c) === 'mark');
}

/** The clause that slot i splices onto the clause before it, if edited prose would call the comma a splice. */
export function editedSpliceAt(tree: PunctuatedTree, info: TreeInfo, i: number): number | undefined {
  const w = spliceAt(info, i);
  if (w === undefined) return undefined;
  const h = info.head(w);
  if (!isFinite(tree, info, w) || !isFinite(tree, info, h)) return undefined;
  if (bareClause(tree, info, w) || middleOfSeries(info, w)) return undefined;
  if (i < tree.words.length && ADVERB_COORDINATORS.has(tree.words[i].form.toLowerCase())) return undefined;
  if (whBeforeVerb(tree, i, w) || subordinate(info, h)) return undefined;
  if (questionTagCommaAt(tree, i) || frontedClauseCommaAt(tree, i)) return undefined;
  return w;
}
