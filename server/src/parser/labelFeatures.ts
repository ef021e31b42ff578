/**
 * Feature templates of the relation labeller. It labels each arc h → d of a finished tree, so it can read the whole
 * tree: both words, their tags, direction and distance, the grandparent, d's function-word children (case markers,
 * subordinators, auxiliaries decide obl vs nmod, advcl vs xcomp, …), the nearest sibling, and the punctuation at
 * the edges of d's subtree (appositions and non-restrictive clauses are set off by commas).
 */
import { EncodedSentence } from './encoding';
import { FeatureBuffer } from './hash';
import { distanceBucket, TagIds, valueAt } from './parseFeatures';

/** The tree as the labeller reads it: heads (root = n), children lists and subtree edges. */
export interface TreeView {
  head: Int32Array;
  /** Each node's dependents in sentence order. */
  kids: readonly (ArrayLike<number> & Iterable<number>)[];
  leftEdge: Int32Array;
  rightEdge: Int32Array;
}

export function treeView(head: Int32Array): TreeView {
  const n = head.length;
  const lists: number[][] = Array.from({ length: n + 1 }, () => []);
  for (let i = 0; i < n; i++) lists[head[i]].push(i);
  const kids = lists.map((l) => Int32Array.from(l));
  const leftEdge = Int32Array.from({ length: n + 1 }, (_, i) => i);
  const rightEdge = Int32Array.from({ length: n + 1 }, (_, i) => i);
  for (let i = 0; i < n; i++) {
    let h = head[i];
    let guard = 0;
    while (h >= 0 && h < n && guard++ <= n) {
      if (i < leftEdge[h]) leftEdge[h] = i;
      if (i > rightEdge[h]) rightEdge[h] = i;
      h = head[h];
    }
  }
  return { head, kids, leftEdge, rightEdge };
}

/** Tags whose words carry the relation's meaning; the labeller sees their words, not just their tags. */
const FUNCTION_UPOS = new Set(['ADP', 'SCONJ', 'AUX', 'PART', 'DET', 'CCONJ', 'PRON']);

/**
 * The order in which arcs are labelled: top down (a head before its dependents), each head's dependents left to
 * right, so that the head's own relation and its earlier dependents' relations are known when d is labelled.
 */
export function labelOrder(tree: TreeView): Int32Array {
  const n = tree.head.length;
  const order = new Int32Array(n);
  let size = 0;
  for (const k of tree.kids[n]) order[size++] = k;
  for (let q = 0; q < size; q++) for (const k of tree.kids[order[q]]) order[size++] = k;
  return order;
}

/**
 * `labels[x]` is the relation already given to word x, or -1: in `labelOrder`, that is d's head (when it is a word)
 * and d's siblings to its left.
 */
export function labelFeatures(
  e: EncodedSentence,
  tags: TagIds,
  uposNames: readonly string[],
  tree: TreeView,
  labels: Int32Array,
  d: number,
  f: FeatureBuffer,
): void {
  f.clear();
  const n = e.n;
  const { lower, cluster, coarse } = e;
  const { xpos, upos } = tags;
  const h = tree.head[d];
  const dw = valueAt(lower, n, d), dt = valueAt(xpos, n, d), du = valueAt(upos, n, d);
  const hw = valueAt(lower, n, h), ht = valueAt(xpos, n, h), hu = valueAt(upos, n, h);
  const dir = h === n ? 2 : h < d ? 1 : 0;
  const dist = h === n ? 8 : distanceBucket(Math.abs(h - d));
  const g = h < n ? tree.head[h] : -1;

  let t = 500;
  f.add1(t++, 0);
  f.add1(t++, dw); f.add1(t++, dt); f.add2(t++, dw, dt); f.add1(t++, du);
  f.add1(t++, hw); f.add1(t++, ht); f.add2(t++, hw, ht);
  f.add2(t++, ht, dt); f.add2(t++, hu, du); f.add2(t++, hw, dt); f.add2(t++, ht, dw); f.add2(t++, hw, dw);
  f.add3(t++, dir, ht, dt); f.add2(t++, dir, dt); f.add3(t++, dir, dist, dt); f.add4(t++, dir, dist, hu, du);
  f.add3(t++, dir, dw, ht);
  f.add3(t++, valueAt(xpos, n, g), ht, dt); f.add4(t++, valueAt(xpos, n, g), hu, du, dir);
  f.add2(t++, e.suffix3[d], dt);
  f.add2(t++, e.shape[d], du);
  f.add2(t++, d === 0 ? 1 : 0, dt);

  // d's children: their tags as a bag, the words of function words, the leftmost and rightmost.
  const kids = tree.kids[d];
  f.add2(t++, Math.min(kids.length, 4), dt);
  let nLeft = 0;
  for (const k of kids) {
    if (k < d) nLeft++;
    f.add2(t, valueAt(xpos, n, k), dt);
    f.add3(t + 1, valueAt(xpos, n, k), dt, dir);
    if (FUNCTION_UPOS.has(uposNames[tags.upos[k]] ?? '')) {
      f.add2(t + 2, valueAt(lower, n, k), dt);
      f.add3(t + 3, valueAt(lower, n, k), du, hu);
    }
  }
  t += 4;
  const firstKid = nLeft > 0 ? valueAt(xpos, n, kids[0]) : -3;
  f.add3(t++, firstKid, nLeft < kids.length ? valueAt(xpos, n, kids[kids.length - 1]) : -3, dt);
  f.add2(t++, Math.min(nLeft, 3), Math.min(kids.length - nLeft, 3));

  // The nearest sibling between h and d (or on the far side), e.g. a preceding `nsubj` or `obj`.
  let sib = -1;
  const hk = tree.kids[h];
  for (const k of hk) {
    if (k === d) continue;
    if (dir === 1 ? k < d && k > sib : k > d && (sib < 0 || k < sib)) sib = k;
  }
  f.add3(t++, valueAt(xpos, n, sib), dt, ht);
  // The head's other dependents: auxiliaries and markers (`was` makes a subject nsubj:pass, `is` makes a cop), and
  // how many nominals follow d on the head's side (a first of two objects is an iobj).
  let nominalsAfter = 0;
  let rank = 0;
  for (const k of hk) {
    if (k === d) continue;
    const ku = uposNames[tags.upos[k]] ?? '';
    if (FUNCTION_UPOS.has(ku)) f.add4(620, valueAt(lower, n, k), dt, dir, k < h ? 0 : 1);
    f.add4(621, valueAt(xpos, n, k), dt, dir, k < d ? 0 : 1);
    if (dir === 1 && k > d && (ku === 'NOUN' || ku === 'PRON' || ku === 'PROPN')) nominalsAfter++;
    if ((dir === 1 && k > h && k < d) || (dir === 0 && k < h && k > d)) rank++;
  }
  f.add3(t++, Math.min(nominalsAfter, 2), dt, ht);
  f.add3(t++, Math.min(rank, 3), dt, dir);
  f.add3(t++, valueAt(lower, n, sib), dt, dir);
  f.add2(t++, Math.min(hk.length, 5), dt);

  // Punctuation at the edges of d's subtree and right before/after d.
  const l = tree.leftEdge[d];
  const r = tree.rightEdge[d];
  const pl = e.slot[l];
  const pr = e.slot[r + 1];
  f.add2(t++, pl, dt); f.add2(t++, pr, dt); f.add4(t++, pl, pr, du, dir); f.add4(t++, pl, pr, ht, dt);
  f.add3(t++, e.slot[d], dt, dir); f.add3(t++, e.slot[d + 1], dt, dir);
  f.add4(t++, pl, dir, hu, du);
  f.add3(t++, l === 0 ? 1 : 0, r === n - 1 ? 1 : 0, dt);
  // Word clusters of both ends.
  t = 600;
  f.add1(t++, valueAt(cluster, n, d)); f.add2(t++, valueAt(cluster, n, d), ht);
  f.add2(t++, valueAt(cluster, n, h), dt); f.add3(t++, valueAt(coarse, n, d), valueAt(coarse, n, h), dir);
  f.add3(t++, valueAt(cluster, n, d), dir, hu);
  // Relations already given: the head's (an nmod's dependent is rarely an obj) and the siblings' to the left (a
  // second nominal after an obj is not another obj; one nsubj per clause).
  const hl = labelOf(labels, n, h);
  t = 650;
  f.add2(t++, hl, dt); f.add3(t++, hl, ht, dt); f.add3(t++, hl, dir, du); f.add3(t++, hl, hw, dt);
  let prev = -1;
  for (const k of hk) {
    if (k === d) break;
    prev = k;
    f.add3(660, labels[k], dt, dir);
  }
  const prevL = labelOf(labels, n, prev);
  f.add3(t++, prevL, dt, dir); f.add4(t++, prevL, dt, ht, dir); f.add3(t++, prevL, valueAt(lower, n, prev), dt);
  f.add4(t++, prevL, labelOf(labels, n, sib), dt, ht);
  // Auxiliaries and markers together with the head's tag: `was` + VBN makes nsubj:pass and aux:pass.
  for (const k of hk) {
    if (k === d || !FUNCTION_UPOS.has(uposNames[tags.upos[k]] ?? '')) continue;
    f.add4(670, valueAt(lower, n, k), ht, dt, k < d ? 0 : 1);
  }
}

/** The relation already given to word x, or -2 for the root and no word (a plain function, see `valueAt`). */
function labelOf(labels: Int32Array, n: number, x: number): number {
  return x < 0 || x >= n ? -2 : labels[x];
}
