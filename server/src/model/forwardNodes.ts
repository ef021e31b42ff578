/**
 * Algorithm 1's node step in the forward-only pass (`inside.ts` with a memo: what the engine runs for every
 * alternative it scores): raw = Σ_(l,r) w_lr · A_l · Mo · B_r for a node other than the root, grouped by the puncteme
 * on the larger side (A_l) with C_l = Σ_r w_lr B_r. The arithmetic is the full pass's, term for term and in the same
 * order (the reverse pass needs that pass's intermediates; this one keeps none), so log Z is the same bit for bit
 * (`test/model/forwardOnlyShipped.test.ts`). A flipped node (rawᵀ = Σ B_rᵀ · Mᵀ · A_lᵀ) reads M(l) and M(r) by
 * columns instead of their transposes (`punctemeSparseT`), which the forward pass then neither makes nor keeps.
 */
import { punctemeSparse, punctemeSparseT, SlotAutomaton } from './automaton';
import { RelPairs } from './attach';
import { PunctemeTable } from './inside';
import { Mat, scratchMat } from './matrix';
import { mulSpRightInto, SparseMat, spAddScaled, spAddScaledT, spSpMulInto, spTransMulInto, toSparseScratch } from './sparse';

/** M(l) (or its transpose), null for ε (the identity), false when zero. */
export function matrixOf(aut: SlotAutomaton, V: PunctemeTable, id: number, transposed: boolean): SparseMat | null | false {
  if (V.tokens[id].length === 0) return null;
  // Looked up by id, not by key string: this runs for every pair of every node of every alternative.
  const byId = transposed ? aut.byIdT : aut.byId;
  let m = byId[id];
  if (m === undefined) byId[id] = m = transposed ? punctemeSparseT(aut, V.keys[id], V.tokens[id]) : punctemeSparse(aut, V.keys[id], V.tokens[id]);
  return m ?? false;
}

/** Per puncteme id, its group in the node being summed (valid where `groupStamp` is that node's stamp). */
let groupOf = new Int32Array(0);
let groupStamp = new Int32Array(0);
let stamp = 0;
/** Per group of that node: its A_l. */
const groupA: Array<SparseMat | null> = [];
/** Per pair of that node: its group (−1: a pair that adds nothing), and its B_r. */
let pairGroup = new Int32Array(0);
const pairB: Array<SparseMat | null> = [];

/**
 * Groups the node's pairs by the puncteme on the larger side, in the order each group's first pair comes (the full
 * pass's order): fills `pairGroup`, `pairB` and `groupA`, and returns the number of groups. A pair of
 * weight 0, or whose M(l) or M(r) is zero, adds nothing and is in no group. M(l) itself even when flipped: the callers
 * read it by columns then.
 */
function groupPairs(first: SlotAutomaton, second: SlotAutomaton, V: PunctemeTable, rp: RelPairs, firstIds: Int32Array, secondIds: Int32Array, weight: Float64Array): number {
  if (groupOf.length < V.keys.length) [groupOf, groupStamp] = [new Int32Array(V.keys.length), new Int32Array(V.keys.length)];
  if (pairGroup.length < rp.pair.length) pairGroup = new Int32Array(2 * rp.pair.length);
  if (++stamp > 0x3fffffff) (groupStamp.fill(0), (stamp = 1));
  let groups = 0;
  for (let p = 0; p < rp.pair.length; p++) {
    pairGroup[p] = -1;
    if (weight[p] === 0) continue;
    const A = matrixOf(first, V, firstIds[p], false);
    if (A === false) continue;
    const B = matrixOf(second, V, secondIds[p], false);
    if (B === false) continue;
    const l = firstIds[p];
    if (groupStamp[l] !== stamp) {
      groupStamp[l] = stamp;
      groupOf[l] = groups;
      groupA[groups] = A;
      groups++;
    }
    pairGroup[p] = groupOf[l];
    pairB[p] = B;
  }
  return groups;
}

/** Lets go of the B_r `groupPairs` kept for a node of `pairs` pairs (they may belong to an automaton the cache drops). */
function releasePairs(pairs: number): void {
  for (let p = 0; p < pairs; p++) pairB[p] = null;
}

/** C_l of `columnForward`'s groups (1×1 there). */
let groupC = new Float64Array(16);
/** `columnForward`'s sums of a flipped group (A_lᵀ · Mo). */
let flipSum = new Float64Array(64);

/**
 * raw += Σ_l A_l · Mo · C_l for a node whose smaller side is a 1-state automaton (raw and Mo columns, each C_l a
 * number), with the general path's arithmetic term for term: the groups in the order their first pair comes, each C_l
 * summed in pair order (`spAddScaled`, or the identity's 1), A_l · Mo as `spSpMulInto` skips Mo's zeros, and
 * (A_l · Mo) · C_l as `mulSpRightInto` skips the zeros of both. A non-finite entry takes the zeros as those kernels do.
 * A flipped node reads M(l) by columns instead of its transpose (`punctemeSparseT`), which is then neither made nor
 * kept for these nodes: less to build again after the automata cache drops an automaton, and less memory in it.
 */
function columnForward(raw: Float64Array, mo: Float64Array, rows: number, pairs: number, weight: Float64Array, flip: boolean, groups: number): void {
  if (groupC.length < groups) groupC = new Float64Array(2 * groups);
  groupC.fill(0, 0, groups);
  // C_l = Σ_r w_lr B_r in pair order; B_r's one entry is its transpose's.
  for (let p = 0; p < pairs; p++) {
    const g = pairGroup[p];
    if (g < 0) continue;
    const B = pairB[p], wp = weight[p];
    if (B) for (let e = B.ptr[0]; e < B.ptr[1]; e++) groupC[g] += wp * B.val[e];
    else groupC[g] += wp;
  }
  releasePairs(pairs);
  if (flipSum.length < rows) flipSum = new Float64Array(2 * rows);
  for (let g = 0; g < groups; g++) {
    const A = groupA[g], c = groupC[g];
    groupA[g] = null;
    if (A && flip) {
      // (A_lᵀ · Mo)_i = Σ_k M(l)_ki · Mo_k: the transposed row i lists k ascending, so summing row k of M(l) into every
      // i, k ascending, adds each cell's terms in the same order, without making the transpose.
      flipSum.fill(0, 0, rows);
      for (let k = 0; k < rows; k++) {
        const m = mo[k];
        if (m !== 0) for (let e = A.ptr[k], end = A.ptr[k + 1]; e < end; e++) flipSum[A.idx[e]] += A.val[e] * m;
        else for (let e = A.ptr[k], end = A.ptr[k + 1]; e < end; e++) if (A.val[e] - A.val[e] !== 0) flipSum[A.idx[e]] += A.val[e] * 0;
      }
      for (let i = 0; i < rows; i++) {
        const v = flipSum[i];
        if (v === 0) continue;
        if (c !== 0) raw[i] += v * c;
        else if (v - v !== 0) raw[i] += v * 0;
      }
      continue;
    }
    for (let i = 0; i < rows; i++) {
      let v: number;
      if (A) {
        v = 0;
        for (let e = A.ptr[i], end = A.ptr[i + 1]; e < end; e++) {
          const a = A.val[e], m = mo[A.idx[e]];
          if (m !== 0) v += a * m;
          else if (a - a !== 0) v += a * 0;
        }
      } else v = mo[i];
      if (v === 0) continue;
      if (c !== 0) raw[i] += v * c;
      else if (v - v !== 0) raw[i] += v * 0;
    }
  }
}

/** Per pair of the node `groupedForward` is summing: the next pair of its group (−1: none). */
let nextPair = new Int32Array(0);
/** Per group of that node: its first and last pair. */
let groupFirst: Int32Array = new Int32Array(16);
let groupLast: Int32Array = new Int32Array(16);

/** A single pair's C_l = w · B_r (or w · I) as CSR, in buffers reused for each group. */
let singlePtr = new Int32Array(0);
let singleIdx = new Int32Array(0);
let singleVal = new Float64Array(0);

/**
 * raw += Σ_l A_l · Mo · C_l for a node whose smaller side has more than one state (raw n₁×n₂, zeroed), as the full
 * pass sums it: per group in the order its first pair comes, C_l summed in pair order and made sparse, A_l · Mo
 * skipping Mo's zeros (`spSpMulInto`), then (A_l · Mo) · C_l (`mulSpRightInto`). A group of one pair takes C_l's
 * entries from B_r directly (w·b for each non-zero, as 0 + w·b is w·b; the identity's diagonal w), not through a
 * zeroed dense n₂×n₂ matrix scanned for them: about half the groups.
 */
function groupedForward(raw: Mat, Mo: Mat, rows: number, n2: number, rp: RelPairs, weight: Float64Array, flip: boolean, groups: number): void {
  if (nextPair.length < rp.pair.length) nextPair = new Int32Array(2 * rp.pair.length);
  if (groupFirst.length < groups) [groupFirst, groupLast] = [new Int32Array(2 * groups), new Int32Array(2 * groups)];
  groupFirst.fill(-1, 0, groups);
  for (let p = 0; p < rp.pair.length; p++) {
    const g = pairGroup[p];
    if (g < 0) continue;
    nextPair[p] = -1;
    if (groupFirst[g] < 0) groupFirst[g] = p;
    else nextPair[groupLast[g]] = p;
    groupLast[g] = p;
  }
  let MoS: SparseMat | undefined;
  for (let g = 0; g < groups; g++) {
    const A = groupA[g];
    groupA[g] = null;
    let C: SparseMat;
    const p0 = groupFirst[g];
    if (nextPair[p0] < 0 && (!pairB[p0] || !flip)) C = singlePairC(pairB[p0], weight[p0], n2);
    else {
      const dense = scratchMat(4, n2, n2);
      for (let p = p0; p >= 0; p = nextPair[p]) {
        const B = pairB[p], wp = weight[p];
        if (!B) for (let d = 0; d < n2; d++) dense.d[d * n2 + d] += wp;
        else if (flip) spAddScaledT(dense, B, wp);
        else spAddScaled(dense, B, wp);
      }
      C = toSparseScratch(dense);
    }
    // Mo has zeros too (a child's matrix, an empty slot's state): the products skip them, exactly.
    let AM = Mo;
    if (A) {
      AM = scratchMat(5, rows, n2);
      if (flip) spTransMulInto(AM, A, (MoS ??= toSparseScratch(Mo, 1)));
      else spSpMulInto(AM, A, (MoS ??= toSparseScratch(Mo, 1)));
    }
    mulSpRightInto(raw, AM, C);
  }
  releasePairs(rp.pair.length);
}

/** w · B (B's non-zero products, in its order) or, for ε, w · I, as CSR in the reused buffers. */
function singlePairC(B: SparseMat | null, w: number, n: number): SparseMat {
  if (singlePtr.length < n + 1) singlePtr = new Int32Array(2 * (n + 1));
  const size = B ? B.val.length : n;
  if (singleIdx.length < size) [singleIdx, singleVal] = [new Int32Array(2 * size), new Float64Array(2 * size)];
  let e = 0;
  singlePtr[0] = 0;
  for (let i = 0; i < n; i++) {
    if (!B) ((singleIdx[e] = i), (singleVal[e++] = w));
    else
      for (let f = B.ptr[i]; f < B.ptr[i + 1]; f++) {
        const x = w * B.val[f];
        if (x !== 0) ((singleIdx[e] = B.idx[f]), (singleVal[e++] = x));
      }
    singlePtr[i + 1] = e;
  }
  return { rows: n, cols: n, ptr: singlePtr, idx: singleIdx, val: singleVal };
}

/**
 * raw += Σ_l A_l · Mo · C_l for one node of the forward-only pass, with the full pass's arithmetic term for term: the
 * node's pairs grouped by the puncteme on the larger side (`groupPairs`), then summed as columns when the smaller side
 * is a 1-state automaton (raw and Mo are then columns, each C_l a number: `columnForward`), else by sparse products
 * (`groupedForward`). `raw` is zeroed, n₁×n₂; with `flip` the product is computed transposed (see `inside.ts`).
 */
export function forwardNode(raw: Mat, Mo: Mat, first: SlotAutomaton, second: SlotAutomaton, V: PunctemeTable, rp: RelPairs, firstIds: Int32Array, secondIds: Int32Array, weight: Float64Array, flip: boolean): void {
  const groups = groupPairs(first, second, V, rp, firstIds, secondIds, weight);
  if (second.n === 1) columnForward(raw.d, Mo.d, first.n, rp.pair.length, weight, flip, groups);
  else groupedForward(raw, Mo, first.n, second.n, rp, weight, flip, groups);
}
