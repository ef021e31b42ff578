/**
 * The max-product variant of Algorithm 1 (paper §3 eqs. 6–9): the most probable underlying tree T′ given (T, x).
 * As in the paper (footnote 10), M(l) of one puncteme is an ordinary sum-product over its channel paths; choices of
 * punctemes and the automaton states between them are maximised. Works with log weights, so nothing underflows.
 */
import { SlotAutomaton } from './automaton';
import { NodeInput, PunctemeTable } from './inside';
import { automatonWeight, keepLogMatrix, keepLogMatrixT, punctemeSparse } from './automaton';
import { SparseMat, transposeSparse } from './sparse';
import { TreeInfo } from '../data/treeInfo';
import { slotMembers } from './projective';

interface LMat {
  rows: number;
  cols: number;
  d: Float64Array;
}

/**
 * log M(l) as a sparse matrix of its finite entries (the identity's zeros for ε), cached on the automaton by
 * puncteme id; undefined when M(l) is zero. The max-plus products below skip −∞ entries, so visiting only the
 * finite ones changes nothing (updates need a strictly larger sum, and −∞ never is).
 */
function logSparse(aut: SlotAutomaton, V: PunctemeTable, id: number): SparseMat | undefined {
  let m = aut.logById[id];
  if (m) return m;
  const toks = V.tokens[id];
  if (toks.length === 0) {
    const n = aut.n;
    m = { rows: n, cols: n, ptr: Int32Array.from({ length: n + 1 }, (_, i) => i), idx: Int32Array.from({ length: n }, (_, i) => i), val: new Float64Array(n) };
  } else {
    const p = punctemeSparse(aut, V.keys[id], toks);
    if (!p) return undefined;
    m = { ...p, val: p.val.map((v) => (v > 0 ? Math.log(v) : -Infinity)) };
  }
  return keepLogMatrix(aut, id, m);
}

/** An a.rows × b.cols max-product with every cell at −∞ and no argument yet. */
function emptyMaxMul(rows: number, cols: number): { m: LMat; bp: Int32Array } {
  return { m: { rows, cols, d: new Float64Array(rows * cols).fill(-Infinity) }, bp: new Int32Array(rows * cols).fill(-1) };
}

/** Row i of a max-product meets a[i, k] = v: each out[i, j] becomes v + b[k, j] where that is larger, with k as its argument. */
function relaxRow(out: { m: LMat; bp: Int32Array }, b: LMat, i: number, k: number, v: number): void {
  const d = out.m.d, bp = out.bp, row = i * b.cols, from = k * b.cols;
  for (let j = 0; j < b.cols; j++) {
    const s = v + b.d[from + j];
    if (s > d[row + j]) {
      d[row + j] = s;
      bp[row + j] = k;
    }
  }
}

/** maxMul(a, b) with a sparse log matrix on the left. */
function maxMulSparseA(a: SparseMat, b: LMat): { m: LMat; bp: Int32Array } {
  const out = emptyMaxMul(a.rows, b.cols);
  for (let i = 0; i < a.rows; i++) {
    for (let e = a.ptr[i]; e < a.ptr[i + 1]; e++) if (a.val[e] !== -Infinity) relaxRow(out, b, i, a.idx[e], a.val[e]);
  }
  return out;
}

/** maxMul(a, b) with a sparse log matrix on the right, into `into` when given (its arrays are overwritten). */
function maxMulSparseB(a: LMat, b: SparseMat, into?: { m: LMat; bp: Int32Array }): { m: LMat; bp: Int32Array } {
  const size = a.rows * b.cols;
  const out = into && into.m.d.length === size ? into.m.d.fill(-Infinity) : new Float64Array(size).fill(-Infinity);
  // bp is read only where out is finite, which sets it: a reused buffer's stale entries are never read.
  const bp = into && into.bp.length === size ? into.bp : new Int32Array(size).fill(-1);
  for (let i = 0; i < a.rows; i++) {
    for (let k = 0; k < a.cols; k++) {
      const v = a.d[i * a.cols + k];
      if (v === -Infinity) continue;
      for (let e = b.ptr[k]; e < b.ptr[k + 1]; e++) {
        const j = b.idx[e];
        const s = v + b.val[e];
        if (s > out[i * b.cols + j]) {
          out[i * b.cols + j] = s;
          bp[i * b.cols + j] = k;
        }
      }
    }
  }
  return { m: { rows: a.rows, cols: b.cols, d: out }, bp };
}

/**
 * Columns `cols` of `maxMulSparseB(a, b)`, b given by its transpose (`logSparseT`), into `into` when given (those
 * columns overwritten; the others are not to be read). bᵀ's row j lists column j of b, k ascending: each cell meets
 * its candidates k in the order `maxMulSparseB` does, so its maximum and the first k reaching it are the same.
 */
function maxMulColumns(a: LMat, bT: SparseMat, cols: Int32Array, into?: { m: LMat; bp: Int32Array }): { m: LMat; bp: Int32Array } {
  const size = a.rows * bT.rows;
  const out = into && into.m.d.length === size ? into.m.d : new Float64Array(size);
  const bp = into && into.bp.length === size ? into.bp : new Int32Array(size);
  for (let i = 0; i < a.rows; i++) {
    for (let c = 0; c < cols.length; c++) {
      const j = cols[c];
      let m = -Infinity, arg = -1;
      for (let e = bT.ptr[j]; e < bT.ptr[j + 1]; e++) {
        const k = bT.idx[e];
        const v = a.d[i * a.cols + k];
        if (v === -Infinity) continue;
        const s = v + bT.val[e];
        if (s > m) ((m = s), (arg = k));
      }
      out[i * bT.rows + j] = m;
      bp[i * bT.rows + j] = arg;
    }
  }
  return { m: { rows: a.rows, cols: bT.rows, d: out }, bp };
}

/** log M(l)ᵀ (`logSparse` transposed), cached on the automaton by puncteme id. */
function logSparseT(aut: SlotAutomaton, V: PunctemeTable, id: number): SparseMat | undefined {
  const m = aut.logByIdT[id];
  if (m) return m;
  const log = logSparse(aut, V, id);
  return log && keepLogMatrixT(aut, id, transposeSparse(log));
}

function positiveEntries(v: Float64Array): Int32Array {
  const out: number[] = [];
  for (let i = 0; i < v.length; i++) if (v[i] > 0) out.push(i);
  return Int32Array.from(out);
}

function allIndices(n: number): Int32Array {
  return Int32Array.from({ length: n }, (_, i) => i);
}

/** The max-product of two log matrices: m[i, j] = max_k a[i, k] + b[k, j], bp[i, j] the first k reaching it. */
function maxMul(a: LMat, b: LMat): { m: LMat; bp: Int32Array } {
  const out = emptyMaxMul(a.rows, b.cols);
  for (let i = 0; i < a.rows; i++) {
    for (let k = 0; k < a.cols; k++) if (a.d[i * a.cols + k] !== -Infinity) relaxRow(out, b, i, k, a.d[i * a.cols + k]);
  }
  return out;
}

interface VNode {
  logIN: LMat;
  bestJ: Int32Array;
  bestA: Int32Array;
  bestB: Int32Array;
  xs: number[];
  chainBp: Int32Array[];
  chainCols: number[];
}

export interface ViterbiResult {
  score: number;
  /** Chosen pair index (into the node's rp) per node 1..n. */
  choice: Int32Array;
}

export function viterbi(info: TreeInfo, auts: SlotAutomaton[], V: PunctemeTable, input: NodeInput[]): ViterbiResult | null {
  const nodes: VNode[] = new Array(info.n + 1);
  for (const w of info.postorder) {
    const i = info.lo[w] - 1, k = info.hi[w], j = w - 1;
    const X: LMat[] = [];
    const xs: number[] = [];
    for (const c of info.left[w]) (X.push(nodes[c].logIN), xs.push(c));
    const rho = auts[j].rho, lam = auts[j + 1].lambda;
    const o = new Float64Array(rho.length * lam.length);
    for (let a = 0; a < rho.length; a++)
      for (let b = 0; b < lam.length; b++) o[a * lam.length + b] = Math.log(rho[a]) + Math.log(lam[b]);
    X.push({ rows: rho.length, cols: lam.length, d: o });
    xs.push(0);
    for (const c of info.right[w]) (X.push(nodes[c].logIN), xs.push(c));
    let M = X[0];
    const chainBp: Int32Array[] = [new Int32Array(0)];
    const chainCols: number[] = [X[0].cols];
    for (let q = 1; q < X.length; q++) {
      const r = maxMul(M, X[q]);
      M = r.m;
      chainBp.push(r.bp);
      chainCols.push(r.m.cols);
    }
    const Ni = auts[i].n, Nk = auts[k].n;
    const best = new Float64Array(Ni * Nk).fill(-Infinity);
    const bestJ = new Int32Array(Ni * Nk).fill(-1), bestA = new Int32Array(Ni * Nk), bestB = new Int32Array(Ni * Nk);
    const { rp, weight } = input[w];
    // The root's cells (s, t) are read only through λ_0[s]·ρ_n[t] below, and ρ_n has ~2 non-zero entries of ~28:
    // the root computes those columns alone (the others stay −∞, and would score −∞ there anyway).
    const cols = w === info.root ? positiveEntries(auts[k].rho) : allIndices(Nk);
    const t1Cache = new Map<number, { m: LMat; bp: Int32Array }>();
    let t2Buffer: { m: LMat; bp: Int32Array } | undefined;
    for (let p = 0; p < rp.pair.length; p++) {
      if (weight[p] === 0) continue;
      const A = logSparse(auts[i], V, rp.l[p]);
      if (!A) continue;
      const B = logSparse(auts[k], V, rp.r[p]);
      if (!B) continue;
      let t1 = t1Cache.get(rp.l[p]);
      if (!t1) t1Cache.set(rp.l[p], (t1 = maxMulSparseA(A, M)));
      // One pair at a time: its product is read just below and not kept, so one buffer serves every pair.
      const t2 = (t2Buffer =
        cols.length === Nk ? maxMulSparseB(t1.m, B, t2Buffer) : maxMulColumns(t1.m, logSparseT(auts[k], V, rp.r[p])!, cols, t2Buffer));
      const lw = Math.log(weight[p]);
      for (let s = 0; s < Ni; s++)
        for (let c = 0; c < cols.length; c++) {
          const cell = s * Nk + cols[c];
          const v = t2.m.d[cell] + lw;
          if (v > best[cell]) {
            best[cell] = v;
            bestJ[cell] = p;
            const b = t2.bp[cell];
            bestB[cell] = b;
            bestA[cell] = t1.bp[s * M.cols + b];
          }
        }
    }
    nodes[w] = { logIN: { rows: Ni, cols: Nk, d: best }, bestJ, bestA, bestB, xs, chainBp, chainCols };
  }
  const root = nodes[info.root];
  const lam0 = auts[0].lambda, rhoN = auts[info.n].rho;
  let score = -Infinity, bs = -1, bt = -1;
  for (let s = 0; s < root.logIN.rows; s++)
    for (let t = 0; t < root.logIN.cols; t++) {
      const v = Math.log(lam0[s]) + root.logIN.d[s * root.logIN.cols + t] + Math.log(rhoN[t]);
      if (v > score) ((score = v), (bs = s), (bt = t));
    }
  if (bs < 0) return null;
  const choice = new Int32Array(info.n + 1).fill(-1);
  const trace = (w: number, s: number, t: number) => {
    const nd = nodes[w];
    const cell = s * nd.logIN.cols + t;
    choice[w] = nd.bestJ[cell];
    let a = nd.bestA[cell], b = nd.bestB[cell];
    // Walk the chain backwards from entry (a, b).
    for (let q = nd.xs.length - 1; q >= 0; q--) {
      const c = q > 0 ? nd.chainBp[q][a * nd.chainCols[q] + b] : a;
      if (nd.xs[q] !== 0) trace(nd.xs[q], c, b);
      b = c;
    }
  };
  trace(info.root, bs, bt);
  return { score, choice };
}

/**
 * The max-product pass maximises over the automaton states between punctemes instead of summing them, so with a
 * non-deterministic channel its T′ can fall short of argmax_T′ p(T′ | T) · p(x | u(T′)). This coordinate ascent
 * re-scores single-node changes exactly (per-slot channel sums) until none improves: a local optimum, never worse.
 */
export function refineMap(
  info: TreeInfo,
  auts: SlotAutomaton[],
  V: PunctemeTable,
  input: NodeInput[],
  choice: Int32Array,
  pairs: readonly (readonly [number, number])[],
  tokenId: (t: string) => number,
): number {
  // Node inputs are lazy getters; the loops below read them thousands of times, so take each once.
  input = Array.from(input);
  const { ends, starts } = slotMembers(info);
  const keyL = (w: number) => pairs[input[w].rp.pair[choice[w]]][0];
  const keyR = (w: number) => pairs[input[w].rp.pair[choice[w]]][1];
  const slotU = (s: number): number[] => [
    ...ends[s].flatMap((w) => V.tokens[keyR(w)] as number[]),
    ...starts[s].flatMap((w) => V.tokens[keyL(w)] as number[]),
  ];
  // The same (slot, u) comes back for every candidate pair of every node: each is scored once.
  const seen = new Map<string, number>();
  const slotLog = (s: number) => {
    const u = slotU(s);
    const key = `${s}:${u.join(',')}`;
    let v = seen.get(key);
    if (v === undefined) seen.set(key, (v = Math.log(automatonWeight(auts[s], u))));
    return v;
  };
  const total = () => {
    let t = 0;
    for (let w = 1; w <= info.n; w++) t += Math.log(input[w].weight[choice[w]]);
    for (let s = 0; s <= info.n; s++) t += slotLog(s);
    return t;
  };
  void tokenId;
  let best = total();
  for (let round = 0; round < 10; round++) {
    let improved = false;
    for (let w = 1; w <= info.n; w++) {
      const i = info.lo[w] - 1, k = info.hi[w];
      if (auts[i].n === 1 && auts[k].n === 1) continue;
      const cur = choice[w];
      const base = best - Math.log(input[w].weight[cur]) - slotLog(i) - slotLog(k);
      let bestJ = cur, bestScore = best;
      // Slot i sees w only through its l, slot k only through its r (w starts at i and ends at k, and is the only
      // node changing here): each is scored once per distinct puncteme, not once per pair.
      const atI = new Map<number, number>(), atK = new Map<number, number>();
      const { rp } = input[w];
      for (let j = 0; j < input[w].weight.length; j++) {
        if (j === cur || input[w].weight[j] === 0) continue;
        choice[w] = j;
        const [l, r] = pairs[rp.pair[j]];
        let li = atI.get(l);
        if (li === undefined) atI.set(l, (li = slotLog(i)));
        let rk = atK.get(r);
        if (rk === undefined) atK.set(r, (rk = slotLog(k)));
        const sc = base + Math.log(input[w].weight[j]) + li + rk;
        if (sc > bestScore + 1e-12) ((bestScore = sc), (bestJ = j));
      }
      choice[w] = bestJ;
      if (bestJ !== cur) ((best = bestScore), (improved = true));
    }
    if (!improved) break;
  }
  return best;
}
