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
 * - a clause that is only a pronoun subject and its verb, on either side ("…, I think", "I mean, …", "I came, I saw"):
 *   comment clauses and short parallel clauses, which the guides let a comma join — but not before a conjunctive
 *   adverb, which joins nothing ("It was raining, therefore we stayed home"; journal, "a splice before a conjunctive
 *   adverb");
 * - a reporting clause without its complement ("…, it announced this week", "…, she added"): the clause before is
 *   what was reported, and the guides set the reporting clause off with a comma;
 * - comparative correlatives ("The more you practise, the better you get"): one clause subordinate to the other;
 * - the commas of a coordinated series of clauses ("A wants them, B wants them, and C …"): the comma is a list's,
 *   whether or not the parse saw the series (a later ", and" or ", or" before a predicate);
 * - a clause opened by "so" or "yet", coordinators UD sometimes files as adverbs ("…, so I left");
 * - a comma after a subordinate clause ("…, when we start, we will …", "My vet told me when a dog vomits‸ it could
 *   be …"): the clause may belong to either side, and the parse cannot tell which; also when the parse missed it and
 *   only a subordinator (SCONJ) since the last comma or coordinator shows it, or a conditional inversion ("Should
 *   they decide to squeeze‸ we will …");
 * - a coordinator right after the comma ("We waited, and then we left"): joined, not spliced;
 * - a question tag ("It's fine, isn't it?");
 * - a wh-word before either clause's verb ("…, who is responsible", "…, most of whom had", "Whatever you do, …"):
 *   a relative or free relative clause the parse took for a main one (or a question, "…, what can I say", which
 *   the guides treat as a quotation);
 * - a left clause that is subordinate (has a subordinator, or is an adverbial or adnominal clause: "when X refused,
 *   Y came"), and the comma that closes a fronted clause: only two independent clauses make a splice;
 * - either clause without a finite verb (a fragment or a misparse: without one there is no independent clause).
 */
import { PunctuatedTree } from '../../../data/depunct';
import { hasSubject, TreeInfo } from '../../treeInfo';
import { spliceAt } from '../pipeline/categories';
import { opensHalf } from '../conventions/clauseBoundaries';
import { FINITE_VERB_TAGS, frontedClauseCommaAt, questionTagCommaAt } from '../guards/deletionGuards';
import { BARE_TIME_NOUNS } from '../../../lexicon';

/** Coordinators that may open the second clause though UD tags them ADV (then they are no `cc` child). */
const ADVERB_COORDINATORS = new Set(['so', 'yet']);

const NEGATIONS = new Set(['not', "n't", 'never']);

/** Adverbs that link a clause to the one before without joining them ("…, therefore we stayed home"). */
const CONJUNCTIVE_ADVERBS = new Set(['however', 'therefore', 'thus', 'hence', 'consequently', 'moreover', 'furthermore', 'nevertheless', 'nonetheless', 'otherwise', 'instead', 'meanwhile', 'then']);

/** The coordinators that close a series ("A, B, and C"). */
const SERIES_COORDINATORS = new Set(['and', 'or']);

/** Tags of the wh-words that open relative clauses and questions. */
const WH_TAGS = new Set(['WDT', 'WP', 'WP$']);

/** Whether clause head w is finite: its own tag or one of its auxiliaries' or copulas'. */
/** Whether w is a finite clause with its own subject ("I was too tired", "the rooms were small"). */
export function fullClause(tree: PunctuatedTree, info: TreeInfo, w: number): boolean {
  return hasSubject(info, w) && finitePredicate(tree, info, w);
}

export function finitePredicate(tree: PunctuatedTree, info: TreeInfo, w: number): boolean {
  if (FINITE_VERB_TAGS.has(tree.words[w - 1].xpos)) return true;
  return info.children[w].some((c) => (info.base(c) === 'aux' || info.base(c) === 'cop') && FINITE_VERB_TAGS.has(tree.words[c - 1].xpos));
}

/**
 * A clause that is a pronoun subject and its verb (with auxiliaries and a negation) and nothing else, `other` (the
 * clause on the other side of the comma, which the parse may attach to it) aside: "I think", "you know", "I don't",
 * "I saw". Anything more ("we went home", "the train was delayed") makes a clause of its own weight.
 */
function bareClause(tree: PunctuatedTree, info: TreeInfo, w: number, other: number): boolean {
  if (tree.words[w - 1].upos !== 'VERB') return false;
  const kids = info.children[w].filter((c) => c !== other);
  const bare = (c: number) =>
    (info.base(c) === 'nsubj' && tree.words[c - 1].upos === 'PRON') || info.base(c) === 'aux' || (info.base(c) === 'advmod' && NEGATIONS.has(tree.words[c - 1].form.toLowerCase()));
  return kids.every(bare) && kids.some((c) => info.base(c) === 'nsubj');
}

/**
 * Forms of the verbs that report speech or thought and take a clause as complement: without one, the clause they
 * head comments on the clause next to it ("…, it announced this week", "…, I believe").
 */
const REPORTING_VERBS = new Set(
  ['say', 'tell', 'think', 'believe', 'announce', 'report', 'add', 'explain', 'note', 'suppose', 'guess', 'hope', 'know', 'mean', 'admit', 'claim', 'insist', 'reply', 'write', 'argue', 'suggest', 'recall', 'agree']
    .flatMap((v) => [v, `${v}s`, v.endsWith('e') ? `${v}d` : `${v}ed`])
    .concat(['said', 'told', 'thought', 'knew', 'meant', 'wrote', 'replied', 'replies', 'argued', 'agreed']),
);

/** Clause w is a reporting verb with no clausal complement or object of its own (a time phrase is no object). */
function reportingClause(tree: PunctuatedTree, info: TreeInfo, w: number): boolean {
  const complement = (c: number) => ['ccomp', 'xcomp'].includes(info.base(c)) || (info.base(c) === 'obj' && !BARE_TIME_NOUNS.has(tree.words[c - 1].form.toLowerCase()));
  return REPORTING_VERBS.has(tree.words[w - 1].form.toLowerCase()) && !info.children[w].some(complement);
}

/** The conjuncts after w in w's series carry a coordinator: w is a middle item of "A, B, and C". */
function middleOfSeries(info: TreeInfo, w: number): boolean {
  if (info.base(w) !== 'conj') return false;
  const later = info.children[info.head(w)].filter((c) => c > w && info.base(c) === 'conj');
  return later.some((c) => info.children[c].some((x) => info.base(x) === 'cc'));
}

/** A wh-word among clause w's words up to its head (a relative clause, a free relative or a question). */
function whBeforeVerb(tree: PunctuatedTree, info: TreeInfo, w: number): boolean {
  for (let k = info.span[w][0]; k <= w; k++) if (WH_TAGS.has(tree.words[k - 1].xpos)) return true;
  return false;
}

/** The first word (1-based) of the stretch before slot i: after the last comma, else the sentence's first. */
function stretchStart(tree: PunctuatedTree, i: number): number {
  for (let j = i - 1; j >= 1; j--) if (tree.slots[j].includes(',')) return j + 1;
  return 1;
}

/** Words that open a conditional inversion ("Should they decide", "Had I known", "Were it not"). */
const INVERTED_CONDITIONALS = new Set(['should', 'had', 'were']);

/** Tags of the words that begin a subject: the subordinator before one opens a finite clause ("when a dog …"). */
const SUBJECT_START = new Set(['PRON', 'DET', 'NOUN', 'PROPN', 'NUM']);

/**
 * The stretch before slot i (since the last comma) is, or ends in, a subordinate clause the parse may have missed: it
 * holds a subordinator
 * (SCONJ, or a wh-adverb such as "when") that opens a finite clause (a subject follows it; "that", which opens the
 * object clause of a main verb, is not one: "I was told that X had left‸ TK was …" still splices), or it opens with
 * a conditional inversion (the auxiliary before its subject).
 */
function subordinateStretchBefore(tree: PunctuatedTree, i: number): boolean {
  const start = stretchStart(tree, i);
  for (let k = start; k < i; k++) {
    const w = tree.words[k - 1];
    // UD files "when", "where", "whenever" as adverbs (WRB) of the clause they open, not as SCONJ.
    const subordinator = (w.upos === 'SCONJ' && w.form.toLowerCase() !== 'that') || w.xpos === 'WRB';
    if (subordinator && SUBJECT_START.has(tree.words[k].upos)) return true;
  }
  // An inversion opens the stretch or a clause coordinated inside it ("… and should anyone need to join‸ they may").
  for (let k = start; k < i; k++) {
    const opensClause = k === start || tree.words[k - 2].upos === 'CCONJ';
    if (opensClause && INVERTED_CONDITIONALS.has(tree.words[k - 1].form.toLowerCase()) && SUBJECT_START.has(tree.words[k].upos)) return true;
  }
  return false;
}

/** Clause head h (the left clause of a `parataxis`/`conj` splice) is subordinate: a subordinator, or it is an adverbial or adnominal clause. */
function subordinate(info: TreeInfo, h: number): boolean {
  return info.base(h) === 'advcl' || info.base(h) === 'acl' || info.children[h].some((c) => info.base(c) === 'mark');
}

/**
 * Slot i closes an adverbial clause with a subordinator ("…, when we start the process‸ we will …", "My vet told me
 * when a dog vomits‸ it could be …"): it may belong to the clause after it, which then is no splice, and even when it
 * is attached before the comma ("look at them if you have time‸ they're cool") the parse is not to be trusted there.
 */
function closesSubordinate(tree: PunctuatedTree, info: TreeInfo, i: number): boolean {
  for (let x = 1; x <= info.n; x++) {
    if (info.span[x][1] !== i || info.base(x) !== 'advcl') continue;
    if (info.children[x].some((c) => info.base(c) === 'mark' && tree.words[c - 1].upos === 'SCONJ')) return true;
  }
  return false;
}

/** Word w heads a predicate: a verb, or a word with a copula or an auxiliary (what makes a conjunct a clause). */
function predicate(tree: PunctuatedTree, info: TreeInfo, w: number): boolean {
  return tree.words[w - 1].upos === 'VERB' || info.children[w].some((c) => info.base(c) === 'cop' || info.base(c) === 'aux');
}

/**
 * A comma after slot i is followed by "and"/"or" and a conjunct that is a predicate: slot i is in a series of clauses.
 * The conjunct's subject is not asked for, because the parse of a long series often loses it.
 */
function inClauseSeries(tree: PunctuatedTree, info: TreeInfo, i: number): boolean {
  for (let k = i + 1; k < tree.words.length; k++) {
    const cc = tree.words[k];
    if (tree.slots[k].includes(',') && cc.upos === 'CCONJ' && SERIES_COORDINATORS.has(cc.form.toLowerCase()) && cc.head !== 0 && predicate(tree, info, cc.head)) return true;
  }
  return false;
}

/** The clause that slot i splices onto the clause before it, if edited prose would call the comma a splice. */
export function editedSpliceAt(tree: PunctuatedTree, info: TreeInfo, i: number): number | undefined {
  const w = spliceAt(info, i);
  if (w === undefined) return undefined;
  const h = info.head(w);
  // `spliceAt` finds the clause after the slot attached to the one before it, or the one before attached as an
  // adverbial to the one after (a fronted reading of a splice).
  const [left, right] = h < w ? [h, w] : [w, h];
  if (!finitePredicate(tree, info, left) || !finitePredicate(tree, info, right)) return undefined;
  // A conjunctive adverb opening the clause after the comma joins nothing: the comma splices even short clauses.
  const adverbJoined = i < tree.words.length && CONJUNCTIVE_ADVERBS.has(tree.words[i].form.toLowerCase()) && tree.words[i].upos === 'ADV';
  if (!adverbJoined && (bareClause(tree, info, left, right) || bareClause(tree, info, right, left))) return undefined;
  if (reportingClause(tree, info, left) || reportingClause(tree, info, right)) return undefined;
  // A comparative correlative ("The more you practise, the better you get"): one half is subordinate to the other.
  // The left half's start is read off the tree, which also finds it after "But" or "Then".
  const correlative = opensHalf(tree.words, info.span[left][0] - 1) && opensHalf(tree.words, i);
  if (correlative || whBeforeVerb(tree, info, left) || whBeforeVerb(tree, info, right)) return undefined;
  if (h < w && (middleOfSeries(info, w) || subordinate(info, h))) return undefined;
  if (inClauseSeries(tree, info, i)) return undefined;
  if (i < tree.words.length && ADVERB_COORDINATORS.has(tree.words[i].form.toLowerCase())) return undefined;
  if (closesSubordinate(tree, info, i) || subordinateStretchBefore(tree, i)) return undefined;
  if (i < tree.words.length && tree.words[i].upos === 'CCONJ') return undefined;
  if (questionTagCommaAt(tree, i) || frontedClauseCommaAt(tree, i)) return undefined;
  return w;
}
