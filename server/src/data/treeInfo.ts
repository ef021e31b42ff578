/**
 * The one view of an unpunctuated tree: its words' heads, relations, subtrees' spans and children, computed once per
 * tree. The punctuation model, the linter's rules and the corruption generator all read it.
 *
 * It reads the heads it is given. The model's derivation needs projective heads, so the model views the tree with its
 * non-projective arcs lifted (`model/projective.ts`, `projectiveTree`); the rules view the tree as parsed. The parser
 * only builds projective trees, so on its trees the two are the same tree; they differ only on a non-projective gold
 * tree (31 of EWT dev's 1,985), which training and evaluation read.
 */
import { subtreeSpans, TreeWord } from './depunct';

export interface TreeInfo {
  n: number;
  words: readonly TreeWord[];
  /** The head of word w (1-based, 0 = root). */
  head: (w: number) => number;
  /** Relation with its subtype (`acl:relcl`), and without it (`acl`). */
  rel: (w: number) => string;
  base: (w: number) => string;
  /** 1-based [first, last] word of each word's subtree, index 1..n (index 0 unused). */
  span: Array<[number, number]>;
  /** The same bounds as typed arrays, for the model's inner loops: span[w] = [lo[w], hi[w]]. */
  lo: Int32Array;
  hi: Int32Array;
  /** Children of each word (index 0 = the root's children), left to right; and those before and after it. */
  children: number[][];
  left: number[][];
  right: number[][];
  /** The first word whose head is 0 (0 if none). */
  root: number;
  /** The words reached from `root`, children before parents (left ones, then right ones, then the word). */
  postorder: number[];
}

export function treeInfo(tree: { words: readonly TreeWord[] }): TreeInfo {
  const words = tree.words;
  const n = words.length;
  const span: Array<[number, number]> = [[0, 0], ...subtreeSpans(words)];
  const lo = new Int32Array(n + 1), hi = new Int32Array(n + 1);
  for (let w = 1; w <= n; w++) [lo[w], hi[w]] = span[w];
  const children: number[][] = Array.from({ length: n + 1 }, () => []);
  const left: number[][] = Array.from({ length: n + 1 }, () => []);
  const right: number[][] = Array.from({ length: n + 1 }, () => []);
  let root = 0;
  for (let d = 1; d <= n; d++) {
    const h = words[d - 1].head;
    children[h].push(d);
    if (h === 0) root ||= d;
    else (d < h ? left[h] : right[h]).push(d);
  }
  // Split once: the rules ask for a word's base relation in every walk over the sentence.
  const bases = words.map((w) => w.deprel.split(':')[0]);
  let order: number[] | undefined;
  return {
    n,
    words,
    head: (w) => words[w - 1].head,
    rel: (w) => words[w - 1].deprel,
    base: (w) => bases[w - 1],
    span,
    lo,
    hi,
    children,
    left,
    right,
    root,
    // Only the model walks it: built on first use.
    get postorder(): number[] {
      return (order ??= postorderFrom(root, left, right));
    },
  };
}

/** Children before parents from `root` (a word on a cycle is not reached: its heads never lead to the root). */
function postorderFrom(root: number, left: readonly number[][], right: readonly number[][]): number[] {
  const order: number[] = [];
  if (root === 0) return order;
  const visit = (w: number) => {
    for (const c of left[w]) visit(c);
    for (const c of right[w]) visit(c);
    order.push(w);
  };
  visit(root);
  return order;
}
