/**
 * The comma before a relative clause opened by "that" ("This is the book, that I told you about"): "that" opens only
 * restrictive relative clauses in edited English (CMOS 6.27; Quirk et al. 17.15), and a restrictive clause is part of
 * its noun phrase, set off by no comma. On EWT train, of 541 relative clauses opened by "that" after a word, 4 have a
 * comma before them, all four errors by edited norms; the model prefers the comma gone (Δ ≈ 7–9), but the error model
 * keeps it under the threshold (BENCHMARKS, session 15, T), so the candidate is decided as a convention
 * (`conventionKinds.ts`). The tagger's WDT is what tells the relative "that" from the complementizer ("told him,
 * that …": a verb–object comma, `subjectVerbAt`) and the demonstrative.
 */
import { PunctuatedTree } from '../../../data/depunct';
import { TreeInfo } from '../../treeInfo';

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
