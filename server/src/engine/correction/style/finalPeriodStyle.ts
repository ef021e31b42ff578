/**
 * The final period edited prose gives a full declarative sentence. EWT's writers end list items, headlines, e-mail
 * lines and sign-offs without one, so the error model is rarely sure a final period was dropped ("I live in Berlin
 * with my family" at a paragraph's end: 0.42). A sentence that is a full declarative clause is none of those; in a
 * text whose own findings mark it as error-prone (`writerErrorRate.ts`) its missing period is reported (session 19).
 */
import { PunctuatedTree } from '../../../data/depunct';
import { subjectOf, TreeInfo } from '../../treeInfo';
import { fullClause } from './spliceStyle';
import { WH_WORDS } from '../candidates/questionMarks';

/** The fewest words of such a sentence: shorter ones are labels and replies ("Thanks a lot", "See you there"). */
const MIN_WORDS = 4;

/**
 * Whether the sentence is one full declarative clause: a single root with a finite predicate and its subject, at least
 * `MIN_WORDS` words, not opened by a question word or an auxiliary, and no auxiliary or copula before its subject
 * (an inversion: a question, "Can you help me", or "Never have I seen").
 */
export function declarativeSentence(tree: PunctuatedTree, info: TreeInfo): boolean {
  if (info.n < MIN_WORDS || info.children[0].length !== 1) return false;
  const root = info.children[0][0];
  if (!fullClause(tree, info, root)) return false;
  const first = tree.words[0];
  if (WH_WORDS.has(first.form.toLowerCase()) || first.upos === 'AUX') return false;
  const subject = subjectOf(info, root)!;
  return !info.children[root].some((c) => c < subject && (info.base(c) === 'aux' || info.base(c) === 'cop'));
}
