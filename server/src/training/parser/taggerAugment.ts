/**
 * Sentences made from EWT's own trees for the tagger's training, in shapes that edited prose and fiction use and
 * EWT's web text hardly does (issue 34: on new genres the verb after a subject's set-off apposition or relative
 * clause, and the first verb of a fronted clause before an imperative, are tagged as plural nouns). Every word keeps
 * the gold tags of the tree it came from, so the made sentences are as right as the treebank:
 * - a subject then its verb (`The Act seeks`) gets a set-off apposition or non-restrictive relative clause of
 *   another sentence between them, with its commas (`The Act, a 1995 federal law, seeks`);
 * - an imperative sentence (`Peel the potatoes.`) gets a fronted adverbial clause of another sentence before it,
 *   with its comma (`While the oven heats, peel the potatoes.`).
 * Only the tags are meant to be learnt from them: the heads are kept consistent, but no parser trains on them.
 */
import { PunctuatedTree, TreeWord } from '../../data/depunct';

interface Piece {
  words: TreeWord[];
  /** The slots between the piece's words (length − 1). */
  inner: string[][];
  /** The piece's root word (0-based within the piece). */
  root: number;
}

/** Each word's subtree as [first, last] (0-based), and whether it is contiguous. */
function subtrees(words: readonly TreeWord[]): Array<{ first: number; last: number; size: number }> {
  const out = words.map((_, i) => ({ first: i, last: i, size: 1 }));
  for (let i = 0; i < words.length; i++) {
    // Every ancestor of word i spans it.
    for (let h = words[i].head, guard = 0; h > 0 && guard < words.length; h = words[h - 1].head, guard++) {
      const s = out[h - 1];
      s.first = Math.min(s.first, i);
      s.last = Math.max(s.last, i);
      s.size++;
    }
  }
  return out;
}

const isComma = (slot: readonly string[] | undefined) => !!slot && slot.length === 1 && slot[0] === ',';

function pieceOf(tree: PunctuatedTree, w: number, first: number, last: number): Piece {
  return {
    words: tree.words.slice(first, last + 1).map((x) => ({ ...x, head: x.head === 0 ? 0 : x.head - first })),
    inner: tree.slots.slice(first + 1, last + 1).map((s) => [...s]),
    root: w - first,
  };
}

/** Set-off appositions and non-restrictive relative clauses (commas on both sides), 2–10 words. */
function setOffSpans(trees: readonly PunctuatedTree[]): Piece[] {
  const out: Piece[] = [];
  for (const tree of trees) {
    const spans = subtrees(tree.words);
    tree.words.forEach((w, i) => {
      if (w.deprel !== 'appos' && w.deprel !== 'acl:relcl') return;
      const { first, last, size } = spans[i];
      const len = last - first + 1;
      if (size !== len || len < 2 || len > 10) return;
      if (!isComma(tree.slots[first]) || !isComma(tree.slots[last + 1])) return;
      if (tree.slots.slice(first + 1, last + 1).some((s) => s.length)) return;
      out.push(pieceOf(tree, i, first, last));
    });
  }
  return out;
}

/** Fronted adverbial clauses with a subject, a subordinator first and a comma after them, 3–12 words. */
function frontedClauses(trees: readonly PunctuatedTree[]): Piece[] {
  const out: Piece[] = [];
  for (const tree of trees) {
    const spans = subtrees(tree.words);
    tree.words.forEach((w, i) => {
      if (w.deprel !== 'advcl') return;
      const { first, last, size } = spans[i];
      const len = last - first + 1;
      if (first !== 0 || size !== len || len < 3 || len > 12 || !isComma(tree.slots[last + 1])) return;
      if (tree.words[0].deprel !== 'mark' || tree.words[0].head !== i + 1) return;
      if (!tree.words.some((x) => x.head === i + 1 && x.deprel.startsWith('nsubj'))) return;
      if (tree.slots.slice(1, last + 1).some((s) => s.length)) return;
      out.push(pieceOf(tree, i, first, last));
    });
  }
  return out;
}

/** `tree` with `piece` inserted before word `at` (0-based), its root attached to word `attach` (0-based). */
function insert(tree: PunctuatedTree, piece: Piece, at: number, attach: number, before: string[], after: string[]): PunctuatedTree {
  const L = piece.words.length;
  const moved = (h: number) => (h === 0 ? 0 : h - 1 < at ? h : h + L);
  const host = tree.words.map((w) => ({ ...w, head: moved(w.head) }));
  const inserted = piece.words.map((w, k) => ({ ...w, head: k === piece.root ? moved(attach + 1) : w.head + at }));
  return {
    id: tree.id && `${tree.id}+`,
    words: [...host.slice(0, at), ...inserted, ...host.slice(at)],
    slots: [...tree.slots.slice(0, at), before, ...piece.inner, after, ...tree.slots.slice(at + 1)],
  };
}

const SUBJECT_VERBS = new Set(['VBZ', 'VBD', 'VBP']);

/** Made sentences (see the file's comment): each host sentence gives one with probability `rate`. */
export function augmentForTagger(trees: readonly PunctuatedTree[], rand: () => number, rate: number): PunctuatedTree[] {
  const spans = setOffSpans(trees);
  const clauses = frontedClauses(trees);
  const out: PunctuatedTree[] = [];
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  for (const tree of trees) {
    const words = tree.words;
    const ranges = subtrees(words);
    // A noun subject right before its finite verb, nothing between them.
    for (let s = 0; s < words.length; s++) {
      const w = words[s];
      if (!w.deprel.startsWith('nsubj') || (w.upos !== 'NOUN' && w.upos !== 'PROPN')) continue;
      const v = w.head - 1;
      if (v < 0 || !SUBJECT_VERBS.has(words[v].xpos) || ranges[s].last !== v - 1 || tree.slots[v].length) continue;
      if (spans.length && rand() < rate) out.push(insert(tree, pick(spans), v, s, [','], [',']));
    }
    // An imperative: the root, a base form, first, with no subject.
    const root = words.findIndex((x) => x.head === 0);
    if (root === 0 && words[0].xpos === 'VB' && words.length >= 3 && !words.some((x) => x.head === 1 && x.deprel.startsWith('nsubj'))) {
      if (clauses.length && rand() < rate) {
        const clause = pick(clauses);
        const lowered = { ...tree, words: words.map((x, i) => (i === 0 && x.form !== 'I' ? { ...x, form: lowerFirst(x.form) } : x)) };
        const made = insert(lowered, clause, 0, 0, [], [',']);
        made.words[0] = { ...made.words[0], form: upperFirst(made.words[0].form) };
        out.push(made);
      }
    }
  }
  return out;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
