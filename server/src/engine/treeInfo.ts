/** Structural facts about an unpunctuated tree that the rules and the corruption generator both ask for. */
import { PunctuatedTree, subtreeSpans } from '../data/depunct';

export interface TreeInfo {
  n: number;
  /** 1-based [first, last] word of each word's subtree, index 1..n (index 0 unused). */
  span: Array<[number, number]>;
  /** Children of each word (index 0 = the root's children), left to right. */
  children: number[][];
  /** Relation without subtype (`acl:relcl` → `acl`) and with it. */
  base: (w: number) => string;
  rel: (w: number) => string;
  head: (w: number) => number;
}

export function treeInfo(tree: PunctuatedTree): TreeInfo {
  const n = tree.words.length;
  const spans = subtreeSpans(tree.words);
  const span: Array<[number, number]> = [[0, 0], ...spans];
  const children: number[][] = Array.from({ length: n + 1 }, () => []);
  tree.words.forEach((w, k) => children[w.head].push(k + 1));
  // Split once: the rules and guards ask for a word's base relation in every walk over the sentence.
  const bases = tree.words.map((w) => w.deprel.split(':')[0]);
  return {
    n,
    span,
    children,
    rel: (w) => tree.words[w - 1].deprel,
    base: (w) => bases[w - 1],
    head: (w) => tree.words[w - 1].head,
  };
}

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
