/**
 * The end mark of a question (`sentence-final`): a direct question written with a period ("Do you like
 * pizza.", "Where do you live.") gets a question mark, and an indirect question written with one ("I wonder where he
 * is?") a period. Learners and web writers get both wrong; edited prose never does. The punctuation model knows the
 * difference (its Attach model reads the root's dependents): the candidate is proposed where the words say which kind
 * of sentence it is, and reported where the model prefers the repair (Δ > 0), as a style finding that waits, as a
 * missing final period does (`styleStep.ts`), for a text whose own findings mark it as error-prone
 * (`writerErrorRate.ts`). Reported everywhere, it met its criterion on the design sets but took clean EWT test from 17
 * to 21 findings, every added one a real error of EWT's web writers ("Are you free for lunch today."), over the
 * issue's 10 per 1,000 (journal, "a question written with a period").
 *
 * EWT train as written (gold trees; journal, "a question written with a period"): an
 * inverted root clause opened by its auxiliary or by a wh-phrase ends in "?" 306 times and in "." 19; an indirect
 * question after "wonder" or "ask" ends in "." 11 times and in "?" once. Polite requests ("Could you send me the
 * report.") may end in a period (Chicago 6.70), so they are left alone.
 */
import { PunctuatedTree } from '../../../data/depunct';
import { SlotMark } from '../../sentence';
import { subjectOf, TreeInfo } from '../../treeInfo';
import type { Candidate } from '../pipeline/candidates';

/** Variant of a direct question's missing question mark. */
export const QUESTION = 'question';
/** Variant of an indirect question's question mark. */
export const INDIRECT_QUESTION = 'indirect-question';

/** The candidate replaces a question's end mark (either way). */
export function isQuestionMark(variant: string | undefined): boolean {
  return variant === QUESTION || variant === INDIRECT_QUESTION;
}

/** What may stand between an inverted auxiliary and its subject ("Why didn't you …", the tree's "did n't"). */
const NEGATIONS = new Set(['not', "n't", 'nt']);
/** Forms of the verbs that invert when they are the main verb ("Is there …", "Are you ready" read with "Are" as root). */
const INVERTIBLE_VERBS = /^(am|is|are|was|were|has|have|had)$/i;
/** Words that open a question (or an indirect one). */
export const WH_WORDS: ReadonlySet<string> = new Set(['what', 'who', 'whom', 'whose', 'which', 'where', 'when', 'why', 'how']);
/** A modal before "you" makes a request ("Could you send …"), which may end in a period. */
const REQUEST_MODALS = new Set(['can', 'could', 'would', 'will']);
/** Auxiliaries that open a conditional by inversion ("Should you …, call me"; "Had I known, …"; "Were it not …, …"). */
const CONDITIONAL_AUXILIARIES = new Set(['should', 'had', 'were']);
/**
 * Verbs whose clausal object reports a question ("I wonder where he is", "She asked whether it was late"), in their
 * forms: the parser gives no lemmas.
 */
const ASKING_VERBS = /^(wonder|ask)(s|ed|ing)?$/;
const EMBEDDED_QUESTION_OPENERS = new Set([...WH_WORDS, 'if', 'whether']);

const lower = (tree: PunctuatedTree, w: number) => tree.words[w - 1]?.form.toLowerCase() ?? '';

/**
 * The root's subject and the first auxiliary or copula of the root before it (or the root itself, a form of "be" or
 * "have" before its subject), if the sentence has one root.
 */
function rootOrder(tree: PunctuatedTree, info: TreeInfo): { root: number; subject: number; inverted: number | undefined } | undefined {
  if (info.children[0].length !== 1) return undefined;
  const root = info.children[0][0];
  const subject = subjectOf(info, root);
  if (subject === undefined) return undefined;
  const inverted =
    info.children[root].find((c) => c < subject && (info.base(c) === 'aux' || info.base(c) === 'cop')) ??
    // "Is there any milk left": the verb "be" is the root itself, before its subject.
    (root < subject && INVERTIBLE_VERBS.test(tree.words[root - 1].form) ? root : undefined);
  return { root, subject, inverted };
}

/** A wh-word, or a preposition and one ("In which city …"), opens the sentence. */
function opensWithWhWord(tree: PunctuatedTree): boolean {
  return WH_WORDS.has(lower(tree, 1)) || (tree.words[0].upos === 'ADP' && WH_WORDS.has(lower(tree, 2)));
}

/**
 * Whether the sentence is a direct question by its word order: the root's auxiliary or copula comes right before the
 * root's subject (a negation aside) and opens the sentence ("Do you …", "Is it …") or follows a wh-phrase that does ("Where do you …", "How
 * often is …", "What time is it"), with no verb and no mark inside that phrase. An auxiliary that is not the root's is
 * a conditional ("Should you need help, call me"), and so is "Should", "Had" or "Were" before a comma, which the parser
 * may read as the root; "May God …" wishes; requests and any "please" may end in a period;
 * "What a day" and "How lucky we are" have no inversion.
 */
export function directQuestion(tree: PunctuatedTree, info: TreeInfo): boolean {
  const order = rootOrder(tree, info);
  if (order?.inverted === undefined) return false;
  const { root, subject, inverted: aux } = order;
  if (tree.words.some((w) => w.form.toLowerCase() === 'please')) return false;
  // The subject follows the auxiliary at once ("Do you", "Why didn't you"), as a noun phrase: a clausal subject after
  // a copula is a fragment's ("Qalculate! | is small and simple to use").
  if (info.rel(subject).startsWith('csubj') || tree.slots[aux].length > 0) return false;
  // Nothing written between the subject and the words after it: a hyphen there is a compound's the tokenizer split
  // (`Do not monkey-patch the fs module` read with `monkey` the subject of `patch`; the one question finding on the
  // READMEs' look half once the learned scorer reported questions).
  const subjectEnd = info.span[subject][1];
  if (subjectEnd < info.n && tree.slots[subjectEnd].length > 0) return false;
  for (let w = aux + 1; w < info.span[subject][0]; w++) if (!NEGATIONS.has(lower(tree, w))) return false;
  if (aux === 1) {
    const first = lower(tree, 1);
    // The parser reads "Should you need help, call me" and "Had I known, I would …" with the condition as the root.
    if (CONDITIONAL_AUXILIARIES.has(first) && tree.slots.some((marks) => marks.includes(','))) return false;
    return first !== 'may' && !(REQUEST_MODALS.has(first) && lower(tree, 2) === 'you');
  }
  if (!opensWithWhWord(tree)) return false;
  // The words before the auxiliary are one wh-phrase: no mark, no verb, each hanging on the root through words before
  // the auxiliary ("When you do, you can use …" read with "do" as the root's auxiliary is a clause and a comma).
  for (let w = 1; w < aux; w++) {
    if (tree.slots[w].length > 0 || tree.words[w - 1].upos === 'VERB' || tree.words[w - 1].upos === 'AUX') return false;
    let h = w;
    while (h !== root && h !== 0 && h < aux) h = info.head(h);
    if (h !== root) return false;
  }
  return true;
}

/**
 * Whether the sentence reports a question without asking it: a declarative clause (no inversion, not opened by an
 * auxiliary or a wh-word) whose root is "wonder" or "ask" and whose last dependent is a clause opened by a wh-word,
 * "if" or "whether" that runs to the end, with no mark between them (a colon or quote would make it direct:
 * `He asked: "what do you want?"`).
 */
export function indirectQuestion(tree: PunctuatedTree, info: TreeInfo): boolean {
  const order = rootOrder(tree, info);
  if (!order || order.inverted !== undefined || tree.words[0].upos === 'AUX' || opensWithWhWord(tree)) return false;
  const { root } = order;
  if (!ASKING_VERBS.test(lower(tree, root))) return false;
  // The parser may hang "where he is" on its wh-word as an adverb, and an "if" clause as a condition: any last
  // dependent that runs to the end, opens with a wh-word, "if" or "whether" and holds a clause with its subject.
  const object = info.children[root].find((c) => c > root && info.span[c][1] === info.n);
  if (object === undefined || !EMBEDDED_QUESTION_OPENERS.has(lower(tree, info.span[object][0]))) return false;
  const [a, b] = info.span[object];
  let clause = false;
  for (let w = a; w <= b && !clause; w++) clause = info.children[w].some((c) => /^(nsubj|expl)/.test(info.rel(c)));
  if (!clause) return false;
  for (let i = root; i < info.n; i++) if (tree.slots[i].length > 0) return false;
  return true;
}

/**
 * The question-mark candidate of the sentence's final slot (marks `last`, as written), if any: a period that opens
 * the slot → "?" after a direct question, a lone "?" → "." after an indirect one.
 */
export function questionMarkCandidate(tree: PunctuatedTree, info: TreeInfo, last: readonly SlotMark[]): Candidate | undefined {
  const n = info.n;
  // The period first in the slot: after a closing quote (`"Are you coming".`) the quotation's own marks are at stake.
  if (last[0]?.norm === '.' && !last.some((m) => m.norm === '?' || m.norm === '!') && directQuestion(tree, info)) {
    const marks = last.map((m, k) => (k === 0 ? { norm: '?', text: '?' } : m));
    return { category: 'sentence-final', action: 'replace', node: 0, variant: QUESTION, changes: new Map([[n, marks]]) };
  }
  if (last.length === 1 && last[0].norm === '?' && indirectQuestion(tree, info))
    return { category: 'sentence-final', action: 'replace', node: 0, variant: INDIRECT_QUESTION, changes: new Map([[n, [{ norm: '.', text: '.' }]]]) };
  return undefined;
}
