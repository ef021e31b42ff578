/**
 * The comma before the coordinator of a subject of two ("My sister, and my brother live in Paris"): a comma comes
 * before "and" or "or" in a series of three or more, or between clauses, never between the two halves of a noun
 * phrase (CMOS 6.22; learners put one there as they would pause). On EWT train, a sentence's nominal subject of two
 * coordinated nouns has a comma before its coordinator 9 times in 338, most of those an aside closed by a second
 * comma ("Ayad Allawi, and other ministers running on his list, have"). The error model, fitted on EWT, never proposes
 * deleting such a comma (it cuts no word from what it needs, `cutComplements.ts`), so the candidate is decided as a
 * convention of edited prose (`conventionKinds.ts`).
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
import { PunctuatedTree } from '../../../data/depunct';
import { determinerBefore, TreeInfo } from '../../treeInfo';
import { finiteVerb } from '../guards/clauseSpan';

/** Variant of a comma deletion before the coordinator of a subject of two (`pairedSubjectCommaAt`). */
export const PAIRED_SUBJECT = 'paired-subject';

const COORDINATORS: ReadonlySet<string> = new Set(['and', 'or']);
const NOMINAL_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'PRON']);
/** Parts of speech that put a clause, or a misread one, inside the subject. */
const CLAUSAL_TAGS: ReadonlySet<string> = new Set(['VERB', 'AUX', 'SCONJ']);

/**
 * Slot i holds a lone comma right before the coordinator of a sentence-opening subject of two nominal conjuncts (see
 * the file's comment). `marked(j)`: slot j holds any mark as written; `onlyComma(j)`: a comma and nothing else.
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
