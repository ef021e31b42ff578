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
  const W = (x: number) => (x < 0 ? NONE : x === n ? ROOT : e.lower[x]);
  const T = (x: number) => (x < 0 ? NONE : x === n ? ROOT : tags.xpos[x]);
  const U = (x: number) => (x < 0 ? NONE : x === n ? ROOT : tags.upos[x]);
  const kid = (a: Int32Array, x: number) => (x < 0 ? -1 : a[x]);
  const slotAt = (i: number) => (i >= 0 && i <= n ? e.slot[i] : NONE);

  const s0 = st.s(0), s1 = st.s(1), s2 = st.s(2);
  const b0 = st.bf(0), b1 = st.bf(1), b2 = st.bf(2);
  const s0w = W(s0), s0t = T(s0), s1w = W(s1), s1t = T(s1), s2t = T(s2);
  const b0w = W(b0), b0t = T(b0), b1w = W(b1), b1t = T(b1), b2w = W(b2), b2t = T(b2);
  const s0L = kid(st.lc1, s0), s0L2 = kid(st.lc2, s0), s0R = kid(st.rc1, s0), s0R2 = kid(st.rc2, s0);
  const s1L = kid(st.lc1, s1), s1R = kid(st.rc1, s1);
  const b0L = kid(st.lc1, b0), b0L2 = kid(st.lc2, b0);
  const s0Lt = T(s0L), s0Rt = T(s0R), s1Rt = T(s1R), s1Lt = T(s1L), b0Lt = T(b0L);

  let t = 100;
  f.add1(t++, 0);
  // Unigrams.
  f.add1(t++, s0w); f.add1(t++, s0t); f.add2(t++, s0w, s0t); f.add1(t++, U(s0));
  f.add1(t++, s1w); f.add1(t++, s1t); f.add2(t++, s1w, s1t);
  f.add1(t++, b0w); f.add1(t++, b0t); f.add2(t++, b0w, b0t); f.add1(t++, U(b0));
  f.add1(t++, b1w); f.add1(t++, b1t); f.add2(t++, b1w, b1t);
  f.add1(t++, b2w); f.add1(t++, b2t);
  f.add1(t++, s2t); f.add1(t++, W(s2));
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
  f.add2(t++, U(s0), U(b0));
  f.add2(t++, U(s1), U(s0));
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
  f.add3(t++, s0t, s0Lt, T(s0L2));
  f.add3(t++, s0t, s0Rt, T(s0R2));
  f.add3(t++, b0t, b0Lt, T(b0L2));
  f.add3(t++, s1t, s1Lt, s0t);
  f.add3(t++, s1t, s1Rt, s0t);
  f.add3(t++, s0w, s1t, b0t);
  f.add3(t++, s0t, s1t, b0w);
  // Children.
  f.add1(t++, W(s0L)); f.add1(t++, s0Lt); f.add1(t++, W(s0R)); f.add1(t++, s0Rt);
  f.add1(t++, W(b0L)); f.add1(t++, b0Lt); f.add1(t++, W(s1R)); f.add1(t++, s1Rt);
  f.add2(t++, s0w, s0Rt); f.add2(t++, s0w, s0Lt); f.add2(t++, b0w, b0Lt); f.add2(t++, s1w, s1Rt);
  // Distance.
  const dist = s0 >= 0 && b0 >= 0 && b0 < n ? distanceBucket(b0 - s0) : 9;
  const dist1 = s1 >= 0 ? distanceBucket(s0 - s1) : 9;
  f.add2(t++, dist, s0w); f.add2(t++, dist, s0t); f.add2(t++, dist, b0w); f.add2(t++, dist, b0t);
  f.add3(t++, dist, s0t, b0t); f.add3(t++, dist1, s1t, s0t); f.add2(t++, dist1, s1w); f.add2(t++, dist1, s0w);
  // Valency.
  const v = (a: Int32Array, x: number) => (x < 0 ? -1 : Math.min(a[x], 4));
  f.add2(t++, s0w, v(st.nLeft, s0)); f.add2(t++, s0t, v(st.nLeft, s0));
  f.add2(t++, s0w, v(st.nRight, s0)); f.add2(t++, s0t, v(st.nRight, s0));
  f.add2(t++, b0w, v(st.nLeft, b0)); f.add2(t++, b0t, v(st.nLeft, b0));
  f.add2(t++, s1t, v(st.nRight, s1)); f.add2(t++, s1w, v(st.nRight, s1));
  // Punctuation at the edges of the partial constituents.
  const pb0 = b0 >= 0 ? slotAt(b0) : NONE;
  const pa0 = b0 >= 0 && b0 < n ? slotAt(b0 + 1) : NONE;
  const pL0 = s0 >= 0 && s0 < n ? slotAt(st.leftEdge[s0]) : NONE;
  const pR0 = s0 >= 0 && s0 < n ? slotAt(st.rightEdge[s0] + 1) : NONE;
  const pL1 = s1 >= 0 ? slotAt(st.leftEdge[s1]) : NONE;
  const pR1 = s1 >= 0 ? slotAt(st.rightEdge[s1] + 1) : NONE;
  const commas = (x: number) =>
    x < 0 || x === n ? -1 : Math.min(3, e.commasBefore[st.rightEdge[x] + 1] - e.commasBefore[st.leftEdge[x] + 1]);
  const between = s0 >= 0 && b0 >= 0 ? Math.min(3, e.commasBefore[b0 + 1] - e.commasBefore[s0 + 1]) : -1;
  f.add1(t++, pb0); f.add2(t++, pb0, s0t); f.add2(t++, pb0, b0t); f.add3(t++, pb0, s0t, b0t); f.add2(t++, pb0, b0w);
  f.add2(t++, pb0, s0w);
  f.add2(t++, pa0, b0t); f.add3(t++, pa0, b0t, b1t);
  f.add2(t++, pL0, s0t); f.add3(t++, pL0, s0t, s1t); f.add3(t++, pL0, s0t, b0t);
  f.add2(t++, pR0, s0t); f.add3(t++, pR0, s0t, b0t);
  f.add3(t++, pL1, s1t, s0t); f.add3(t++, pR1, s1t, s0t);
  f.add3(t++, commas(s0), s0t, b0t); f.add3(t++, commas(s1), s1t, s0t);
  f.add3(t++, between, s0t, b0t); f.add4(t++, between, s0t, b0t, pb0);
  f.add4(t++, pL0, pb0, s0t, b0t);
  // Word clusters stand in for words the treebank has not seen.
  const C = (x: number) => (x < 0 ? NONE : x === n ? ROOT : e.cluster[x]);
  const K = (x: number) => (x < 0 ? NONE : x === n ? ROOT : e.coarse[x]);
  const s0c = C(s0), b0c = C(b0), s1c = C(s1), b1c = C(b1);
  t = 300;
  f.add1(t++, s0c); f.add1(t++, b0c); f.add1(t++, s1c); f.add1(t++, b1c);
  f.add2(t++, s0c, b0t); f.add2(t++, s0t, b0c); f.add2(t++, s0c, b0c); f.add2(t++, s1c, s0c);
  f.add2(t++, s1c, s0t); f.add2(t++, s1t, s0c); f.add2(t++, b0c, b1c); f.add2(t++, b0c, b1t);
  f.add3(t++, K(s0), K(b0), dist); f.add3(t++, K(s1), K(s0), dist1); f.add3(t++, s0t, b0t, K(b0));
  f.add3(t++, s0c, s0t, b0t); f.add2(t++, C(s0R), s0t); f.add2(t++, C(b0L), b0t); f.add3(t++, s0c, pb0, b0t);
  // Relations of the dependents already attached (`ArcLabeller`): the outermost ones and the sets.
  const R = (x: number) => (x < 0 ? NONE : st.label[x]);
  const s0Ll = R(s0L), s0Rl = R(s0R), b0Ll = R(b0L), s1Rl = R(s1R);
  t = 400;
  f.add1(t++, s0Ll); f.add1(t++, s0Rl); f.add1(t++, b0Ll); f.add1(t++, s1Rl); f.add1(t++, R(s1L));
  f.add2(t++, s0t, s0Ll); f.add2(t++, s0t, s0Rl); f.add2(t++, b0t, b0Ll); f.add2(t++, s1t, s1Rl);
  f.add3(t++, s0t, s0Ll, R(s0L2)); f.add3(t++, s0t, s0Rl, R(s0R2)); f.add3(t++, b0t, b0Ll, R(b0L2));
  f.add3(t++, s0t, b0t, s0Ll); f.add3(t++, s0t, b0t, b0Ll); f.add3(t++, s0t, b0t, s0Rl); f.add3(t++, s1t, s0t, s1Rl);
  f.add2(t++, s0w, s0Ll); f.add2(t++, b0w, b0Ll); f.add2(t++, s0w, s0Rl);
  const set = (lo: Int32Array, hi: Int32Array, x: number) => (x < 0 ? NONE : mixSet(lo[x], hi[x]));
  const s0LS = set(st.leftSetLo, st.leftSetHi, s0), s0RS = set(st.rightSetLo, st.rightSetHi, s0);
  const b0LS = set(st.leftSetLo, st.leftSetHi, b0), s1RS = set(st.rightSetLo, st.rightSetHi, s1);
  f.add2(t++, s0t, s0LS); f.add2(t++, s0t, s0RS); f.add2(t++, b0t, b0LS); f.add2(t++, s1t, s1RS);
  f.add3(t++, s0t, b0t, s0LS); f.add3(t++, s0t, b0t, b0LS); f.add3(t++, s1t, s0t, s1RS); f.add2(t++, s0w, s0LS);
  if (featureSet & FRONTED_COMMA_FEATURES) {
    // The comma between s1 and s0 against what s1 is: a clause opened by a subordinator at the start of the sentence
    // ("When the storm ended, | the town") ends at its comma, so RIGHT would make the main clause's subject its object.
    const s1LS = set(st.leftSetLo, st.leftSetHi, s1);
    const s1Initial = s1 >= 0 && s1 < n && st.leftEdge[s1] === 0 ? 1 : 0;
    t = 460;
    f.add3(t++, pL0, s1LS, U(s0)); f.add4(t++, pL0, R(s1L), s1Initial, U(s0)); f.add3(t++, pL0, s1t, R(s1L));
  }
  if (featureSet & COORDINATION_FEATURES) {
    // Coordination (conj heads are the most frequent error): when b0 has taken a `cc`, which of s0 and s1 it is like;
    // and prepositional attachment: the preposition b0 has taken against s0's and s1's words.
    t = 480;
    f.add4(t++, s1t, s0t, b0t, b0Ll); f.add4(t++, s0t === b0t ? 1 : 0, s1t === b0t ? 1 : 0, b0Ll, U(b0));
    f.add3(t++, s0c, b0c, b0Ll); f.add3(t++, s0w, W(b0L), b0t); f.add3(t++, s1w, W(b0L), s0t);
  }
}

/** One integer for a relation set given as two bit masks. */
function mixSet(lo: number, hi: number): number {
  return lo ^ Math.imul(hi, 0x9e3779b1);
}
