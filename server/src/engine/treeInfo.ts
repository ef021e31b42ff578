/**
 * The tree view the rules read (`data/treeInfo.ts`: the one view of a tree, here of the tree as parsed), and the
 * questions about clauses that the rules and the corruption generator both ask of it.
 */
import { TreeInfo } from '../data/treeInfo';

export { TreeInfo, treeInfo } from '../data/treeInfo';

/** Whether w heads a clause with its own subject (what makes two clauses a splice when joined by a comma). */
export function hasSubject(info: TreeInfo, w: number): boolean {
  return subjectOf(info, w) !== undefined;
}

/** w's first subject dependent (nominal, clausal or expletive), if any. */
export function subjectOf(info: TreeInfo, w: number): number | undefined {
  return info.children[w].find((c) => /^(nsubj|csubj|expl)/.test(info.rel(c)));
}

/** Whether w has a determiner or a possessive among its dependents before word `before` ("a … car", "my … friend"). */
export function determinerBefore(info: TreeInfo, w: number, before: number): boolean {
  return info.children[w].some((c) => c < before && (info.base(c) === 'det' || info.rel(c) === 'nmod:poss'));
}
