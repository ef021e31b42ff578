/**
 * The underlying tree T′ that re-punctuation edits (paper §6.3): the words of a sentence with their projective heads
 * and, on every word, the left and right punctemes (l, r) the model put at the edges of its constituent. A syntactic
 * edit moves whole constituents with their punctemes; the surface is then written again through the channel.
 */
import { TreeWord } from '../../data/depunct';
import { TreeInfo } from '../../data/treeInfo';
import { projectiveTree } from '../../model/projective';

/** Where a word of an edited tree came from: word `word` (1-based) of sentence `sentence` (0, or 1 for a join's second), or inserted. */
export type WordOrigin = { sentence: number; word: number } | { inserted: string };

export interface UnderlyingNode {
  /** The word, its head given as the 1-based index of the head among the tree's words (0 for the root), projective. */
  word: TreeWord;
  l: string[];
  r: string[];
  origin: WordOrigin;
}

export interface UnderlyingTree {
  nodes: UnderlyingNode[];
}

/**
 * T′ of a sentence from its words and the MAP pairs. The heads are the model's projective ones (`projectiveTree`): the model
 * put its punctemes on those constituents, so the edits move those constituents.
 */
export function underlyingTree(words: readonly TreeWord[], pairs: ReadonlyArray<{ l: readonly string[]; r: readonly string[] }>, sentence = 0): UnderlyingTree {
  if (pairs.length !== words.length) throw new Error(`expected ${words.length} puncteme pairs, got ${pairs.length}`);
  const info = projectiveTree({ words: [...words] });
  return {
    nodes: words.map((w, k) => ({ word: { ...w, head: info.head(k + 1) }, l: [...pairs[k].l], r: [...pairs[k].r], origin: { sentence, word: k + 1 } })),
  };
}

export function infoOf(t: UnderlyingTree): TreeInfo {
  return projectiveTree({ words: t.nodes.map((n) => n.word) });
}

/**
 * The nodes in a new order (`order[k]` = old 1-based index of the new word k+1), heads renumbered; `heads` overrides
 * the head of some old words (old index → old index of the new head, 0 for the root).
 */
export function reorder(t: UnderlyingTree, order: readonly number[], heads: ReadonlyMap<number, number> = new Map()): UnderlyingTree {
  const newIndex = new Map<number, number>();
  order.forEach((old, k) => newIndex.set(old, k + 1));
  return {
    nodes: order.map((old) => {
      const n = t.nodes[old - 1];
      const h = heads.get(old) ?? n.word.head;
      const nh = h === 0 ? 0 : newIndex.get(h);
      if (nh === undefined) throw new Error(`word ${old} would depend on a removed word`);
      return { ...n, word: { ...n.word, head: nh } };
    }),
  };
}
