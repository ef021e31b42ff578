/**
 * The comma between a plain noun-phrase subject and its verb ("All the students in my class, passed the exam",
 * "Many tourists, visit the old town"): edited English never separates a subject from its verb with a single comma
 * (CMOS 6.31; Quirk et al. App. III.19), and learners put one after a subject that feels long. The model prefers the
 * comma gone by a wide margin there (Δ 5–7), but EWT's writers make the same error and the error model fitted on EWT
 * counts their sentences as correct, so its confidence stays under the threshold (BENCHMARKS, session 15); the
 * candidate is decided as a convention of edited prose (`conventionKinds.ts`).
 *
 * Only the shape the parse cannot easily get wrong: a subject that opens the sentence, headed by a common noun (or a
 * quantifier or pronoun with a prepositional phrase: "Most of my friends", "Everyone in my family", or a gerund:
 * "Learning a new language"), with
 * no verb, subordinator or mark inside it (a comma inside it may open an aside this one closes, and a verb inside it
 * may be a fronted clause's), meeting a finite predicate right after the comma, that predicate the sentence's root
 * with no other subject. A time noun heading the "subject" is most often a fronted adverbial before a dropped subject
 * ("This morning, went to the gym"), so it is left out.
 */
import { PunctuatedTree } from '../../../data/depunct';
import { determinerBefore, TreeInfo } from '../../treeInfo';
import { finiteVerb } from '../guards/clauseSpan';
import { meetsItsVerb } from './restrictiveSubjects';
import { TIME_NOUNS } from '../../../lexicon';

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
 * sentence and its finite predicate (see the file's comment), or undefined. `marked(j)`: slot j holds any mark as
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
 * Bingo‸, keep": BENCHMARKS, session 14, R2).
 */
export function endsInCloseName(tree: PunctuatedTree, info: TreeInfo, w: number, i: number, marked: (j: number) => boolean): boolean {
  if (tree.words[w - 1].upos !== 'NOUN') return false;
  const appos = info.children[w].find((c) => c > w && info.rel(c) === 'appos' && info.span[c][1] === i);
  if (!determinerBefore(info, w, w) || appos === undefined || marked(info.span[appos][0] - 1)) return false;
  const [from, to] = info.span[appos];
  return tree.words.slice(from - 1, to).every((x) => x.upos === 'PROPN');
}
