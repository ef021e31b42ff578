/**
 * Feature templates of the transition parser: Zhang & Nivre (2011)'s rich non-local features adapted to arc-hybrid
 * (words, tags, distances, valencies and the outermost children of s0, s1, s2, b0, b1, b2), plus the punctuation in
 * the slots at the edges of the partial constituents, which the parser reads as evidence but never needs.
 */
import { ArcHybridState } from './arcHybrid';
import { EncodedSentence } from './encoding';
import { FeatureBuffer } from './hash';

export interface TagIds {
  upos: Int32Array;
  xpos: Int32Array;
}

const NONE = -1;
const ROOT = -2;

export function distanceBucket(d: number): number {
  if (d <= 4) return d;
  if (d <= 6) return 5;
  if (d <= 9) return 6;
  return 7;
}

/**
 * Optional template blocks, as bit flags. A model records the blocks it was trained with (`featureSet` in its
 * header), since weights are looked up by hashed row: a template a model never saw would read other rows' weights.
 */
export const FRONTED_COMMA_FEATURES = 1;
export const COORDINATION_FEATURES = 2;

export function parseFeatures(e: EncodedSentence, tags: TagIds, st: ArcHybridState, f: FeatureBuffer, featureSet = 0): void {
  f.clear();
  const n = e.n;
  const { lower, cluster, coarse } = e;
  const { xpos, upos } = tags;

  const s0 = st.s(0), s1 = st.s(1), s2 = st.s(2);
  const b0 = st.bf(0), b1 = st.bf(1), b2 = st.bf(2);
  const s0w = valueAt(lower, n, s0), s0t = valueAt(xpos, n, s0), s1w = valueAt(lower, n, s1);
  const s1t = valueAt(xpos, n, s1), s2t = valueAt(xpos, n, s2);
  const b0w = valueAt(lower, n, b0), b0t = valueAt(xpos, n, b0), b1w = valueAt(lower, n, b1);
  const b1t = valueAt(xpos, n, b1), b2w = valueAt(lower, n, b2), b2t = valueAt(xpos, n, b2);
  const s0L = kid(st.lc1, s0), s0L2 = kid(st.lc2, s0), s0R = kid(st.rc1, s0), s0R2 = kid(st.rc2, s0);
  const s1L = kid(st.lc1, s1), s1R = kid(st.rc1, s1);
  const b0L = kid(st.lc1, b0), b0L2 = kid(st.lc2, b0);
  const s0Lt = valueAt(xpos, n, s0L), s0Rt = valueAt(xpos, n, s0R), s1Rt = valueAt(xpos, n, s1R);
  const s1Lt = valueAt(xpos, n, s1L), b0Lt = valueAt(xpos, n, b0L);

  let t = 100;
  f.add1(t++, 0);
  // Unigrams.
  f.add1(t++, s0w); f.add1(t++, s0t); f.add2(t++, s0w, s0t); f.add1(t++, valueAt(upos, n, s0));
  f.add1(t++, s1w); f.add1(t++, s1t); f.add2(t++, s1w, s1t);
  f.add1(t++, b0w); f.add1(t++, b0t); f.add2(t++, b0w, b0t); f.add1(t++, valueAt(upos, n, b0));
  f.add1(t++, b1w); f.add1(t++, b1t); f.add2(t++, b1w, b1t);
  f.add1(t++, b2w); f.add1(t++, b2t);
  f.add1(t++, s2t); f.add1(t++, valueAt(lower, n, s2));
  f.add1(t++, e.suffix3[s0 >= 0 && s0 < n ? s0 : 0] ^ (s0 < 0 || s0 === n ? 7 : 0));
  // Pairs.
  f.add4(t++, s0w, s0t, b0w, b0t);
  f.add3(t++, s0w, s0t, b0w);
  f.add3(t++, s0w, b0w, b0t);
  f.add3(t++, s0w, s0t, b0t);
  f.add3(t++, s0t, b0w, b0t);
  f.add2(t++, s0w, b0w);
  f.add2(t++, s0t, b0t);
  f.add2(t++, b0t, b1t);
  f.add2(t++, s0t, s1t);
  f.add2(t++, s1w, s0w);
  f.add2(t++, s1t, s0w);
  f.add2(t++, s1w, s0t);
  f.add3(t++, s1w, s1t, s0t);
  f.add2(t++, valueAt(upos, n, s0), valueAt(upos, n, b0));
  f.add2(t++, valueAt(upos, n, s1), valueAt(upos, n, s0));
  // Triples of tags.
  f.add3(t++, b0t, b1t, b2t);
  f.add3(t++, s0t, b0t, b1t);
  f.add3(t++, s1t, s0t, b0t);
  f.add3(t++, s2t, s1t, s0t);
  f.add3(t++, s1t, s0t, s0Lt);
  f.add3(t++, s1t, s0t, s0Rt);
  f.add3(t++, s0t, s0Lt, b0t);
  f.add3(t++, s0t, s0Rt, b0t);
  f.add3(t++, s0t, b0t, b0Lt);
  f.add3(t++, s0t, s0Lt, valueAt(xpos, n, s0L2));
  f.add3(t++, s0t, s0Rt, valueAt(xpos, n, s0R2));
  f.add3(t++, b0t, b0Lt, valueAt(xpos, n, b0L2));
  f.add3(t++, s1t, s1Lt, s0t);
  f.add3(t++, s1t, s1Rt, s0t);
  f.add3(t++, s0w, s1t, b0t);
  f.add3(t++, s0t, s1t, b0w);
  // Children.
  f.add1(t++, valueAt(lower, n, s0L)); f.add1(t++, s0Lt); f.add1(t++, valueAt(lower, n, s0R)); f.add1(t++, s0Rt);
  f.add1(t++, valueAt(lower, n, b0L)); f.add1(t++, b0Lt); f.add1(t++, valueAt(lower, n, s1R)); f.add1(t++, s1Rt);
  f.add2(t++, s0w, s0Rt); f.add2(t++, s0w, s0Lt); f.add2(t++, b0w, b0Lt); f.add2(t++, s1w, s1Rt);
  // Distance.
  const dist = s0 >= 0 && b0 >= 0 && b0 < n ? distanceBucket(b0 - s0) : 9;
  const dist1 = s1 >= 0 ? distanceBucket(s0 - s1) : 9;
  f.add2(t++, dist, s0w); f.add2(t++, dist, s0t); f.add2(t++, dist, b0w); f.add2(t++, dist, b0t);
  f.add3(t++, dist, s0t, b0t); f.add3(t++, dist1, s1t, s0t); f.add2(t++, dist1, s1w); f.add2(t++, dist1, s0w);
  // Valency.
  f.add2(t++, s0w, valency(st.nLeft, s0)); f.add2(t++, s0t, valency(st.nLeft, s0));
  f.add2(t++, s0w, valency(st.nRight, s0)); f.add2(t++, s0t, valency(st.nRight, s0));
  f.add2(t++, b0w, valency(st.nLeft, b0)); f.add2(t++, b0t, valency(st.nLeft, b0));
  f.add2(t++, s1t, valency(st.nRight, s1)); f.add2(t++, s1w, valency(st.nRight, s1));
  // Punctuation at the edges of the partial constituents.
  const pb0 = b0 >= 0 ? slotAt(e, b0) : NONE;
  const pa0 = b0 >= 0 && b0 < n ? slotAt(e, b0 + 1) : NONE;
  const pL0 = s0 >= 0 && s0 < n ? slotAt(e, st.leftEdge[s0]) : NONE;
  const pR0 = s0 >= 0 && s0 < n ? slotAt(e, st.rightEdge[s0] + 1) : NONE;
  const pL1 = s1 >= 0 ? slotAt(e, st.leftEdge[s1]) : NONE;
  const pR1 = s1 >= 0 ? slotAt(e, st.rightEdge[s1] + 1) : NONE;
  const between = s0 >= 0 && b0 >= 0 ? Math.min(3, e.commasBefore[b0 + 1] - e.commasBefore[s0 + 1]) : -1;
  f.add1(t++, pb0); f.add2(t++, pb0, s0t); f.add2(t++, pb0, b0t); f.add3(t++, pb0, s0t, b0t); f.add2(t++, pb0, b0w);
  f.add2(t++, pb0, s0w);
  f.add2(t++, pa0, b0t); f.add3(t++, pa0, b0t, b1t);
  f.add2(t++, pL0, s0t); f.add3(t++, pL0, s0t, s1t); f.add3(t++, pL0, s0t, b0t);
  f.add2(t++, pR0, s0t); f.add3(t++, pR0, s0t, b0t);
  f.add3(t++, pL1, s1t, s0t); f.add3(t++, pR1, s1t, s0t);
  f.add3(t++, commasIn(e, st, s0), s0t, b0t); f.add3(t++, commasIn(e, st, s1), s1t, s0t);
  f.add3(t++, between, s0t, b0t); f.add4(t++, between, s0t, b0t, pb0);
  f.add4(t++, pL0, pb0, s0t, b0t);
  // Word clusters stand in for words the treebank has not seen.
  const s0c = valueAt(cluster, n, s0), b0c = valueAt(cluster, n, b0), s1c = valueAt(cluster, n, s1), b1c = valueAt(cluster, n, b1);
  t = 300;
  f.add1(t++, s0c); f.add1(t++, b0c); f.add1(t++, s1c); f.add1(t++, b1c);
  f.add2(t++, s0c, b0t); f.add2(t++, s0t, b0c); f.add2(t++, s0c, b0c); f.add2(t++, s1c, s0c);
  f.add2(t++, s1c, s0t); f.add2(t++, s1t, s0c); f.add2(t++, b0c, b1c); f.add2(t++, b0c, b1t);
  f.add3(t++, valueAt(coarse, n, s0), valueAt(coarse, n, b0), dist); f.add3(t++, valueAt(coarse, n, s1), valueAt(coarse, n, s0), dist1);
  f.add3(t++, s0t, b0t, valueAt(coarse, n, b0));
  f.add3(t++, s0c, s0t, b0t); f.add2(t++, valueAt(cluster, n, s0R), s0t); f.add2(t++, valueAt(cluster, n, b0L), b0t);
  f.add3(t++, s0c, pb0, b0t);
  // Relations of the dependents already attached (`ArcLabeller`): the outermost ones and the sets.
  const s0Ll = relationOf(st, s0L), s0Rl = relationOf(st, s0R), b0Ll = relationOf(st, b0L), s1Rl = relationOf(st, s1R);
  t = 400;
  f.add1(t++, s0Ll); f.add1(t++, s0Rl); f.add1(t++, b0Ll); f.add1(t++, s1Rl); f.add1(t++, relationOf(st, s1L));
  f.add2(t++, s0t, s0Ll); f.add2(t++, s0t, s0Rl); f.add2(t++, b0t, b0Ll); f.add2(t++, s1t, s1Rl);
  f.add3(t++, s0t, s0Ll, relationOf(st, s0L2)); f.add3(t++, s0t, s0Rl, relationOf(st, s0R2));
  f.add3(t++, b0t, b0Ll, relationOf(st, b0L2));
  f.add3(t++, s0t, b0t, s0Ll); f.add3(t++, s0t, b0t, b0Ll); f.add3(t++, s0t, b0t, s0Rl); f.add3(t++, s1t, s0t, s1Rl);
  f.add2(t++, s0w, s0Ll); f.add2(t++, b0w, b0Ll); f.add2(t++, s0w, s0Rl);
  const s0LS = relationSet(st.leftSetLo, st.leftSetHi, s0), s0RS = relationSet(st.rightSetLo, st.rightSetHi, s0);
  const b0LS = relationSet(st.leftSetLo, st.leftSetHi, b0), s1RS = relationSet(st.rightSetLo, st.rightSetHi, s1);
  f.add2(t++, s0t, s0LS); f.add2(t++, s0t, s0RS); f.add2(t++, b0t, b0LS); f.add2(t++, s1t, s1RS);
  f.add3(t++, s0t, b0t, s0LS); f.add3(t++, s0t, b0t, b0LS); f.add3(t++, s1t, s0t, s1RS); f.add2(t++, s0w, s0LS);
  if (featureSet & FRONTED_COMMA_FEATURES) {
    // The comma between s1 and s0 against what s1 is: a clause opened by a subordinator at the start of the sentence
    // ("When the storm ended, | the town") ends at its comma, so RIGHT would make the main clause's subject its object.
    const s1LS = relationSet(st.leftSetLo, st.leftSetHi, s1);
    const s1Initial = s1 >= 0 && s1 < n && st.leftEdge[s1] === 0 ? 1 : 0;
    t = 460;
    f.add3(t++, pL0, s1LS, valueAt(upos, n, s0)); f.add4(t++, pL0, relationOf(st, s1L), s1Initial, valueAt(upos, n, s0));
    f.add3(t++, pL0, s1t, relationOf(st, s1L));
  }
  if (featureSet & COORDINATION_FEATURES) {
    // Coordination (conj heads are the most frequent error): when b0 has taken a `cc`, which of s0 and s1 it is like;
    // and prepositional attachment: the preposition b0 has taken against s0's and s1's words.
    t = 480;
    f.add4(t++, s1t, s0t, b0t, b0Ll); f.add4(t++, s0t === b0t ? 1 : 0, s1t === b0t ? 1 : 0, b0Ll, valueAt(upos, n, b0));
    f.add3(t++, s0c, b0c, b0Ll); f.add3(t++, s0w, valueAt(lower, n, b0L), b0t); f.add3(t++, s1w, valueAt(lower, n, b0L), s0t);
  }
}

/*
 * What the templates read of a configuration, as plain functions: closures made inside parseFeatures would be
 * created at every transition, and the language server's bundle (esbuild keepNames) names each one as it is created.
 */

/** a[x] for a word, NONE (-1) for no such item, ROOT (-2) for the root (x = n). */
export function valueAt(a: Int32Array, n: number, x: number): number {
  return x < 0 ? NONE : x === n ? ROOT : a[x];
}

/** a[x] of a child array (leftmost, rightmost…), -1 for no item. */
function kid(a: Int32Array, x: number): number {
  return x < 0 ? -1 : a[x];
}

function slotAt(e: EncodedSentence, i: number): number {
  return i >= 0 && i <= e.n ? e.slot[i] : NONE;
}

function valency(a: Int32Array, x: number): number {
  return x < 0 ? -1 : Math.min(a[x], 4);
}

function relationOf(st: ArcHybridState, x: number): number {
  return x < 0 ? NONE : st.label[x];
}

function relationSet(lo: Int32Array, hi: Int32Array, x: number): number {
  return x < 0 ? NONE : mixSet(lo[x], hi[x]);
}

/** Commas inside x's partial constituent, at most 3. */
function commasIn(e: EncodedSentence, st: ArcHybridState, x: number): number {
  return x < 0 || x === e.n ? -1 : Math.min(3, e.commasBefore[st.rightEdge[x] + 1] - e.commasBefore[st.leftEdge[x] + 1]);
}

/** One integer for a relation set given as two bit masks. */
function mixSet(lo: number, hi: number): number {
  return lo ^ Math.imul(hi, 0x9e3779b1);
}
