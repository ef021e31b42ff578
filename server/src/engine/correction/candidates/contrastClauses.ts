/**
 * The comma before "but" or "yet" when it joins two clauses that could each stand as a sentence ("I wanted to go to
 * the party‸ but I was too tired"). Edited prose writes it (CMOS 6.22); EWT's writers do 69% of the time with
 * clauses of five words or more (214 of 312, train as written) and less with short ones, below the 75% at which the
 * introductory convention calls a comma edited prose's. So it is held for a text whose own findings mark it as
 * error-prone (`writerErrorRate.ts`), where the writer most likely left it out by mistake, as the comma after a
 * fronted clause is (BENCHMARKS, lint "Session 20 (lead): the comma before a "but" that joins two clauses"). "And" and
 * "or" are left alone: EWT's writers set them off a third of the time, and edited prose drops the comma between short
 * clauses. "So" is left alone too: as "so that" it states a purpose and takes no comma.
 */
import { PunctuatedTree } from '../../../data/depunct';
import { TreeInfo } from '../../treeInfo';
import { fullClause } from '../style/spliceStyle';

/** Variant of the comma insertion before a coordinator that joins two full clauses (`contrastClauseCommaAt`). */
export const CONTRAST_CLAUSE = 'contrast-clause';

const CONTRAST_COORDINATORS: ReadonlySet<string> = new Set(['but', 'yet']);
/** The fewest words on each side: "I tried but I failed" is one thought. */
const MIN_CLAUSE_WORDS = 3;

/**
 * The slot i lies right before a "but" or "yet" that opens a conjunct clause, with its subject and a finite verb,
 * of a clause before it that has both too; each side has `MIN_CLAUSE_WORDS` words or more.
 */
export function contrastClauseCommaAt(tree: PunctuatedTree, info: TreeInfo, i: number): boolean {
  if (i < 1 || i + 1 >= info.n) return false;
  const cc = i + 1;
  if (!CONTRAST_COORDINATORS.has(tree.words[cc - 1].form.toLowerCase()) || info.base(cc) !== 'cc') return false;
  const right = info.head(cc);
  if (info.base(right) !== 'conj' || info.span[right][0] !== cc) return false;
  const left = info.head(right);
  if (left > i || !fullClause(tree, info, right) || !fullClause(tree, info, left)) return false;
  return i - info.span[left][0] + 1 >= MIN_CLAUSE_WORDS && info.span[right][1] - cc >= MIN_CLAUSE_WORDS;
}
