/**
 * The syntactic edits re-punctuation supports, on the underlying tree T′: each moves or removes whole constituents
 * with the punctemes at their edges (paper §6.3: "syntactic transformations on a sentence should often preserve the
 * underlying punctuation attached to its tree"). A join adds a coordinator and makes the second sentence's root a
 * conjunct of the first's; those two nodes' punctemes are left for the model to choose (`free`).
 */
import { TreeWord } from '../../data/depunct';
import { infoOf, reorder, UnderlyingTree } from './underlyingTree';

export type TreeEdit =
  /** Delete the constituent headed by word `head` (1-based). */
  | { kind: 'delete'; head: number }
  /** Move the constituent headed by `head` to the front or the end of its clause (or of the whole sentence). */
  | { kind: 'move'; head: number; to: 'front' | 'end'; within?: 'clause' | 'sentence' }
  /** Join a second sentence to this one with a coordinator (`and`, `but`, …). */
  | { kind: 'join'; coordinator: string };

export class EditError extends Error {}

export interface EditedTree {
  tree: UnderlyingTree;
  /** Nodes (1-based, in the edited tree) whose punctemes the model chooses again: their relation changed. */
  free: number[];
}

function checkHead(t: UnderlyingTree, head: number): void {
  if (!Number.isInteger(head) || head < 1 || head > t.nodes.length) throw new EditError(`no word ${head} in a sentence of ${t.nodes.length} words`);
  if (t.nodes[head - 1].word.head === 0) throw new EditError('the head of the whole sentence cannot be deleted or moved');
}

export function deleteConstituent(t: UnderlyingTree, head: number): EditedTree {
  checkHead(t, head);
  const info = infoOf(t);
  const lo = info.lo[head], hi = info.hi[head];
  const order = t.nodes.map((_, k) => k + 1).filter((w) => w < lo || w > hi);
  return { tree: reorder(t, order), free: [] };
}

/** Relations that head a clause: a moved constituent goes to the front or end of the nearest one above it. */
const CLAUSAL = new Set(['root', 'advcl', 'ccomp', 'xcomp', 'csubj', 'acl', 'parataxis', 'conj']);

/** The head of the clause a word belongs to: its nearest ancestor that heads a clause (a verb, or a clausal relation). */
export function clauseHead(t: UnderlyingTree, w: number): number {
  let h = t.nodes[w - 1].word.head;
  while (h !== 0) {
    const word = t.nodes[h - 1].word;
    if (word.head === 0 || word.upos === 'VERB' || CLAUSAL.has(word.deprel.split(':')[0])) return h;
    h = word.head;
  }
  return h;
}

/**
 * The constituent moves to the front or the end of its clause and becomes a dependent of the clause's head (so the
 * tree stays projective: the moved span is the first or last dependent span of that head). Its own punctemes are
 * chosen again by the model (`free`): where a modifier stands decides its marks (`, however.` but `However,`), and
 * the MAP T′ of the old position often puts a comma on the edge that the new position does not have.
 */
export function moveConstituent(t: UnderlyingTree, head: number, to: 'front' | 'end', within: 'clause' | 'sentence' = 'clause'): EditedTree {
  checkHead(t, head);
  const info = infoOf(t);
  const lo = info.lo[head], hi = info.hi[head];
  const clause = within === 'sentence' ? info.root : clauseHead(t, head);
  const cLo = info.lo[clause], cHi = info.hi[clause];
  const moved = Array.from({ length: hi - lo + 1 }, (_, k) => lo + k);
  const rest = t.nodes.map((_, k) => k + 1).filter((w) => w < lo || w > hi);
  // The clause's span without the moved words starts at its first remaining word and ends at its last.
  const first = rest.findIndex((w) => w >= cLo && w <= cHi);
  let last = -1;
  rest.forEach((w, k) => {
    if (w >= cLo && w <= cHi) last = k;
  });
  const pos = to === 'front' ? first : last + 1;
  const order = [...rest.slice(0, pos), ...moved, ...rest.slice(pos)];
  const moved1 = order.indexOf(head) + 1;
  return { tree: reorder(t, order, new Map([[head, clause]])), free: [moved1] };
}

/**
 * `first` + coordinator + `second`: the second root becomes a `conj` of the first, the coordinator its `cc`. Both
 * get new punctemes from the model (`free`), since a sentence's root and a conjunct are punctuated differently.
 */
export function joinTrees(first: UnderlyingTree, second: UnderlyingTree, coordinator: string): EditedTree {
  const word = coordinator.trim();
  if (!/^[\p{L}][\p{L}'’-]*$/u.test(word)) throw new EditError(`"${coordinator}" is not a single word`);
  const n1 = first.nodes.length;
  const root1 = first.nodes.findIndex((n) => n.word.head === 0) + 1;
  const root2 = second.nodes.findIndex((n) => n.word.head === 0) + 1;
  const cc: TreeWord = { form: word, lemma: word.toLowerCase(), upos: 'CCONJ', xpos: 'CC', feats: '_', deprel: 'cc', head: n1 + 1 + root2 };
  const nodes = [
    ...first.nodes,
    { word: cc, l: [], r: [], origin: { inserted: word } },
    ...second.nodes.map((n) => ({
      ...n,
      word: { ...n.word, head: n.word.head === 0 ? root1 : n.word.head + n1 + 1, deprel: n.word.head === 0 ? 'conj' : n.word.deprel },
    })),
  ];
  return { tree: { nodes }, free: [n1 + 1, n1 + 1 + root2] };
}

export function applyTreeEdit(t: UnderlyingTree, edit: TreeEdit, second?: UnderlyingTree): EditedTree {
  switch (edit.kind) {
    case 'delete':
      return deleteConstituent(t, edit.head);
    case 'move':
      return moveConstituent(t, edit.head, edit.to, edit.within);
    case 'join':
      if (!second) throw new EditError('a join needs the next sentence');
      return joinTrees(t, second, edit.coordinator);
  }
}
