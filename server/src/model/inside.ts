/**
 * Algorithm 1 of the paper (§3; notes §2.5): the inside pass over the tree, one N_i×N_k matrix per constituent,
 * and its exact reverse pass (back-propagation), which gives posterior marginals μ_w(l, r), the gradient with
 * respect to the pair scores, and the gradient with respect to the channel matrices.
 *
 * Numerical safety: each IN(w) is divided by its largest entry and the log of that constant is carried separately,
 * so nothing underflows however long the sentence. Constants do not depend on the parameters, so the reverse pass
 * on the normalised matrices yields exact derivatives of log Z.
 */
import { keepLambdaVector, keepRhoVector, SlotAutomaton, SparseVector, sparseVector } from './automaton';
import { forwardNode, matrixOf } from './forwardNodes';
import { RelPairs } from './attach';
import { TreeInfo } from '../data/treeInfo';
import { Mat, addScaled, mul, mulInto, mulTransAInto, mulTransBInto, outer, scratchMat, transpose, zeros } from './matrix';
import { SparseMat, mulSpRightInto, spAddScaled, spDot, spMatVec, spMul, spMulTransAInto, spVecMat, toSparseScratch } from './sparse';

export interface NodeInput {
  rp: RelPairs;
  /** Weight of each pair of rp: p_θ(l, r | w), possibly tilted. */
  weight: Float64Array;
}

export interface PunctemeTable {
  keys: readonly string[];
  tokens: readonly (readonly number[])[];
}

interface Group {
  l: number;
  A: SparseMat | null; // null = identity (ε)
  C: Mat;
  /** A · Mo (reused by the reverse pass). */
  AM: Mat;
  /** Pair indices (into rp) and their B_r (null = identity). */
  js: number[];
  Bs: Array<SparseMat | null>;
}

interface NodeState {
  X: Mat[];
  /** Which X entries are children (node id) or the crossing outer product (0). */
  xs: number[];
  M: Mat;
  /** M, or Mᵀ when the node's pairs are grouped by r (flip). */
  Mo: Mat;
  flip: boolean;
  groups: Group[];
  norm: number;
  I: Mat;
  root?: RootState;
}

export interface InsideResult {
  logZ: number;
  nodes: Array<NodeState | undefined>;
  zt: number;
}

/**
 * Memo of IN(w) across calls for one tree and one parameter generation, keyed by the surface strings of the slots
 * w spans (IN(w) depends on nothing else): scoring alternatives that differ in one slot recomputes only the nodes
 * whose span contains it. A result computed with a memo cannot be used for the reverse pass.
 */
export interface InsideMemo {
  map: Map<string, { I: Mat; scale: number }>;
  slotKeys: string[];
}

export function inside(info: TreeInfo, auts: SlotAutomaton[], V: PunctemeTable, input: NodeInput[], memo?: InsideMemo): InsideResult {
  const nodes: Array<NodeState | undefined> = new Array(info.n + 1);
  const scale = new Float64Array(info.n + 1);
  let skip: Uint8Array | undefined;
  let keys: string[] | undefined;
  if (memo) {
    skip = new Uint8Array(info.n + 1);
    keys = new Array(info.n + 1);
    // Top-down: a node found in the memo needs none of its descendants.
    const mark = (w: number, covered: boolean) => {
      if (covered) skip![w] = 1;
      let hit = false;
      if (!covered && w !== info.root) {
        keys![w] = `${w}|${memo.slotKeys.slice(info.lo[w] - 1, info.hi[w] + 1).join('|')}`;
        const m = memo.map.get(keys![w]);
        if (m) {
          nodes[w] = { X: [], xs: [], M: m.I, Mo: m.I, flip: false, groups: [], norm: 1, I: m.I };
          scale[w] = m.scale;
          skip![w] = 2;
          hit = true;
        }
      }
      for (const c of info.left[w]) mark(c, covered || hit);
      for (const c of info.right[w]) mark(c, covered || hit);
    };
    mark(info.root, false);
  }
  for (const w of info.postorder) {
    if (skip && skip[w]) continue;
    const i = info.lo[w] - 1, k = info.hi[w], j = w - 1;
    const X: Mat[] = [];
    const xs: number[] = [];
    let s = 0;
    for (const c of info.left[w]) (X.push(nodes[c]!.I), xs.push(c), (s += scale[c]));
    X.push(outer(auts[j].rho, auts[j + 1].lambda));
    xs.push(0);
    for (const c of info.right[w]) (X.push(nodes[c]!.I), xs.push(c), (s += scale[c]));
    // With a memo the pass is forward only: what the reverse pass would need is not kept, so the intermediate
    // matrices live in reused scratch buffers (same arithmetic, far less allocation and garbage collection).
    const keep = !memo;
    let M = X[0];
    for (let q = 1; q < X.length; q++) M = keep ? mul(M, X[q]) : mulScratch(q % 2, M, X[q]);
    const { rp, weight } = input[w];
    if (w === info.root) {
      // The root's matrix is only ever contracted with λ_0 and ρ_n: work with vectors a_l = A_lᵀλ_0 and
      // b_r = B_r ρ_n, O(N²) per distinct puncteme and O(N) per pair instead of O(N³) per pair.
      const rs = rootForward(auts[0], auts[info.n], V, rp, weight, M);
      if (!(rs.zt > 0) || !Number.isFinite(rs.zt)) return { logZ: -Infinity, nodes, zt: 0 };
      nodes[w] = { X, xs, M, Mo: M, flip: false, groups: [], norm: 1, I: M, root: rs };
      return { logZ: s + Math.log(rs.zt), nodes, zt: rs.zt };
    }
    // Group the pairs by the puncteme on the side whose automaton is larger: each pair then costs O(N²) of the
    // smaller side. With `flip`, the product is computed transposed: rawᵀ = Σ B_rᵀ · Mᵀ · A_lᵀ.
    const flip = auts[k].n > auts[i].n;
    const first = flip ? auts[k] : auts[i], second = flip ? auts[i] : auts[k];
    const firstIds = flip ? rp.r : rp.l, secondIds = flip ? rp.l : rp.r;
    const Mo = flip ? (keep ? transpose(M) : transposeScratch(2, M)) : M;
    const raw = keep ? zeros(first.n, second.n) : scratchMat(3, first.n, second.n);
    const byL = new Map<number, Group>();
    const groups: Group[] = [];
    // The forward-only pass sums with the same arithmetic without keeping what the reverse pass reads
    // (`forwardNodes.ts`); an empty slot on the smaller side (a 1-state automaton) makes raw, Mo and each C_l a
    // column or a number, summed without matrices (41% of the node time was there).
    if (!keep) forwardNode(raw, Mo, first, second, V, rp, firstIds, secondIds, weight, flip);
    else for (let p = 0; p < rp.pair.length; p++) {
      if (weight[p] === 0) continue;
      const A = matrixOf(first, V, firstIds[p], flip);
      if (A === false) continue;
      const B = matrixOf(second, V, secondIds[p], flip);
      if (B === false) continue;
      let g = byL.get(firstIds[p]);
      if (!g) {
        g = { l: firstIds[p], A, C: EMPTY_MAT, AM: Mo, js: [], Bs: [] };
        byL.set(firstIds[p], g);
        groups.push(g);
      }
      g.js.push(p);
      g.Bs.push(B);
    }
    // raw = Σ_l A_l · Mo · C_l with C_l = Σ_r w_lr B_r (each C_l summed in pair order, as the pairs come).
    for (const g of groups) {
      g.C = zeros(second.n, second.n);
      for (let t = 0; t < g.js.length; t++) {
        const B = g.Bs[t], wp = weight[g.js[t]];
        if (B) spAddScaled(g.C, B, wp);
        else for (let d = 0; d < second.n; d++) g.C.d[d * second.n + d] += wp;
      }
      if (g.A) g.AM = spMul(g.A, Mo);
      // C_l is mostly zeros (a few sparse B_r summed): the product skips them, with the dense product's result.
      mulSpRightInto(raw, g.AM, toSparseScratch(g.C));
    }
    let norm = 0;
    for (let q = 0; q < raw.d.length; q++) if (raw.d[q] > norm) norm = raw.d[q];
    if (norm === 0 || !Number.isFinite(norm)) return { logZ: -Infinity, nodes, zt: 0 };
    const I = flip ? transpose(raw) : keep ? raw : { rows: raw.rows, cols: raw.cols, d: raw.d.slice() };
    for (let q = 0; q < I.d.length; q++) I.d[q] /= norm;
    scale[w] = s + Math.log(norm);
    nodes[w] = keep ? { X, xs, M, Mo, flip, groups, norm, I } : { X: [], xs: [], M: I, Mo: I, flip, groups: [], norm, I };
    if (memo) memo.map.set(keys![w], { I, scale: scale[w] });
  }
  throw new Error('the root was not reached');
}

const EMPTY_MAT: Mat = zeros(0, 0);

function mulScratch(role: number, a: Mat, b: Mat): Mat {
  const out = scratchMat(role, a.rows, b.cols);
  mulInto(out, a, b, true);
  return out;
}

function transposeScratch(role: number, a: Mat): Mat {
  const t = scratchMat(role, a.cols, a.rows);
  for (let i = 0; i < a.rows; i++) for (let j = 0; j < a.cols; j++) t.d[j * a.rows + i] = a.d[i * a.cols + j];
  return t;
}

interface RootState {
  zt: number;
  /** Per pair: a_lᵀ M b_r (0 when the pair is impossible). */
  val: Float64Array;
  /** By puncteme id, for the l and r of the root's pairs: a_l = λ_0ᵀA_l, b_r = B_r ρ_n, A_l and B_r. */
  a: Array<Float64Array | undefined>;
  b: Array<Float64Array | undefined>;
  A: Array<SparseMat | null | undefined>;
  B: Array<SparseMat | null | undefined>;
}

function matVec(m: Mat, v: Float64Array): Float64Array {
  const out = new Float64Array(m.rows);
  for (let i = 0; i < m.rows; i++) {
    let s = 0;
    for (let j = 0; j < m.cols; j++) s += m.d[i * m.cols + j] * v[j];
    out[i] = s;
  }
  return out;
}

/**
 * out[at + i] = (m · v)_i over the positions `nz` of v (ascending): `matVec`'s terms in its order less those with a
 * zero of v, each an exact ±0 (a finite entry of m times 0) added to a sum that is never −0. Only for a finite m.
 */
function matVecAt(out: Float64Array, at: number, m: Mat, v: Float64Array, nz: Int32Array): void {
  const cols = m.cols, d = m.d;
  for (let i = 0; i < m.rows; i++) {
    let s = 0;
    for (let t = 0; t < nz.length; t++) s += d[i * cols + nz[t]] * v[nz[t]];
    out[at + i] = s;
  }
}

function allFinite(d: Float64Array): boolean {
  for (let q = 0; q < d.length; q++) if (d[q] - d[q] !== 0) return false;
  return true;
}

function vecMat(v: Float64Array, m: Mat): Float64Array {
  const out = new Float64Array(m.cols);
  for (let i = 0; i < m.rows; i++) {
    const x = v[i];
    if (x === 0) continue;
    for (let j = 0; j < m.cols; j++) out[j] += x * m.d[i * m.cols + j];
  }
  return out;
}

function dotV(a: Float64Array, b: Float64Array, bAt = 0): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[bAt + i];
  return s;
}

/** λ_0ᵀA_l, kept on slot 0's automaton across calls; false when A_l is zero. */
function rootLeftVector(aut0: SlotAutomaton, V: PunctemeTable, l: number, st: RootState): Float64Array | false {
  const A = matrixOf(aut0, V, l, false);
  if (A === false) return false;
  st.A[l] = A;
  return aut0.lambdaById[l] ?? keepLambdaVector(aut0, l, A ? spVecMat(aut0.lambda, A) : aut0.lambda);
}

/** B_r ρ_n and its non-zero positions, kept on the last slot's automaton across calls; false when B_r is zero. */
function rootRightVector(autN: SlotAutomaton, V: PunctemeTable, r: number, st: RootState): SparseVector | false {
  const B = matrixOf(autN, V, r, false);
  if (B === false) return false;
  st.B[r] = B;
  return autN.rhoById[r] ?? keepRhoVector(autN, r, sparseVector(B ? spMatVec(B, autN.rho) : autN.rho));
}

/** M·b_r of the root's call in progress, by r (Algorithm 1 is not re-entrant): offsets into one buffer. */
let rootMb = new Float64Array(0);

function rootForward(aut0: SlotAutomaton, autN: SlotAutomaton, V: PunctemeTable, rp: RelPairs, weight: Float64Array, M: Mat): RootState {
  const nV = V.keys.length;
  const st: RootState = { zt: 0, val: new Float64Array(rp.pair.length), a: new Array(nV), b: new Array(nV), A: new Array(nV), B: new Array(nV) };
  // Where M·b_r starts in rootMb, −1 until computed. A non-finite M (whose products with zeros are NaN) takes every
  // entry of b_r, as the dense product does.
  const mbAt = new Int32Array(nV).fill(-1);
  let used = 0;
  const dense = allFinite(M.d) ? undefined : Int32Array.from({ length: M.cols }, (_, j) => j);
  if (rootMb.length < rp.rs.length * M.rows) rootMb = new Float64Array(2 * rp.rs.length * M.rows);
  for (let p = 0; p < rp.pair.length; p++) {
    if (weight[p] === 0) continue;
    const l = rp.l[p], r = rp.r[p];
    let a = st.a[l];
    if (!a) {
      const found = rootLeftVector(aut0, V, l, st);
      if (found === false) continue;
      st.a[l] = a = found;
    }
    if (mbAt[r] < 0) {
      const b = rootRightVector(autN, V, r, st);
      if (b === false) continue;
      st.b[r] = b.v;
      matVecAt(rootMb, (mbAt[r] = used), M, b.v, dense ?? b.nz);
      used += M.rows;
    }
    st.val[p] = dotV(a, rootMb, mbAt[r]);
    st.zt += weight[p] * st.val[p];
  }
  return st;
}

export interface BackwardResult {
  /** μ_w(l, r) per node, aligned with its rp (the tilted posterior when the input was tilted). */
  mu: Float64Array[];
}

/** Per-slot gradients d log Z / d M(l) (by puncteme id) and d log Z / d λ (slot 0). */
export interface SlotGrads {
  punct: Map<number, Mat>;
  lambda?: Float64Array;
}

export function backward(
  info: TreeInfo,
  auts: SlotAutomaton[],
  V: PunctemeTable,
  input: NodeInput[],
  res: InsideResult,
  slotGrads?: SlotGrads[],
): BackwardResult {
  const n = info.n;
  const mu: Float64Array[] = new Array(n + 1);
  const G: Array<Mat | undefined> = new Array(n + 1);
  /** Adds scaleBy·d (transposed back when the node was flipped) to d log Z / d M(id) at the slot. */
  const addPunctGrad = (slot: number, id: number, d: Mat, scaleBy: number, transposed: boolean) => {
    let acc = slotGrads![slot].punct.get(id);
    if (!acc) slotGrads![slot].punct.set(id, (acc = zeros(d.rows, d.cols)));
    if (!transposed) addScaled(acc, d, scaleBy);
    else {
      const n = d.rows;
      for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) acc.d[b * n + a] += scaleBy * d.d[a * n + b];
    }
  };
  const nodeBackward = (w: number): { m: Float64Array; dM: Mat } => {
    const st = res.nodes[w]!;
    const Graw0 = G[w]!;
    for (let d = 0; d < Graw0.d.length; d++) Graw0.d[d] /= st.norm;
    const Graw = st.flip ? transpose(Graw0) : Graw0;
    const i = info.lo[w] - 1, k = info.hi[w];
    const firstSlot = st.flip ? k : i, secondSlot = st.flip ? i : k;
    const { rp, weight } = input[w];
    const secondIds = st.flip ? rp.l : rp.r;
    const m = new Float64Array(rp.pair.length);
    const dMo = zeros(st.Mo.rows, st.Mo.cols);
    for (const g of st.groups) {
      const AM = g.AM;
      // GC = Graw · Cᵀ
      const GC = zeros(Graw.rows, g.C.rows);
      mulTransBInto(GC, Graw, g.C);
      // dC = AMᵀ · Graw  (second × second)
      const dC = zeros(g.C.rows, g.C.cols);
      mulTransAInto(dC, AM, Graw);
      for (let t = 0; t < g.js.length; t++) {
        const p = g.js[t];
        const B = g.Bs[t];
        let dp: number;
        if (B) dp = spDot(dC, B);
        else {
          dp = 0;
          for (let d = 0; d < dC.rows; d++) dp += dC.d[d * dC.cols + d];
        }
        m[p] = weight[p] * dp;
        if (B && slotGrads) addPunctGrad(secondSlot, secondIds[p], dC, weight[p], st.flip);
      }
      if (g.A && slotGrads) {
        // d/dA of <Graw, A·Mo·C> = Graw · Cᵀ · Moᵀ
        const dA = zeros(g.A.rows, g.A.cols);
        mulTransBInto(dA, GC, st.Mo);
        addPunctGrad(firstSlot, g.l, dA, 1, st.flip);
      }
      // dMo += Aᵀ · Graw · Cᵀ
      if (g.A) spMulTransAInto(dMo, g.A, GC);
      else addScaled(dMo, GC, 1);
    }
    const dM = st.flip ? transpose(dMo) : dMo;
    return { m, dM };
  };
  for (let q = info.postorder.length - 1; q >= 0; q--) {
    const w = info.postorder[q];
    const st = res.nodes[w]!;
    let m: Float64Array;
    let dM: Mat;
    if (st.root) ({ m, dM } = rootBackward(st.root, st.M, auts[0], auts[n], input[w], res.zt, slotGrads));
    else ({ m, dM } = nodeBackward(w));
    mu[w] = m;
    // Through the chain M = X_0 ⋯ X_last.
    const L = st.X.length;
    const pre: Mat[] = [st.X[0]];
    for (let t = 1; t < L; t++) pre.push(mul(pre[t - 1], st.X[t]));
    let suf: Mat | null = null;
    for (let t = L - 1; t >= 0; t--) {
      const c = st.xs[t];
      if (c !== 0) {
        // dX_t = pre[t-1]ᵀ · dM · suf_tᵀ
        let left = dM;
        if (t > 0) {
          left = zeros(st.X[t].rows, dM.cols);
          mulTransAInto(left, pre[t - 1], dM);
        }
        let dX = left;
        if (suf) {
          dX = zeros(left.rows, suf.rows);
          mulTransBInto(dX, left, suf);
        }
        G[c] = dX;
      }
      suf = suf ? mul(st.X[t], suf) : st.X[t];
    }
  }
  return { mu };
}

function rootBackward(
  st: RootState,
  M: Mat,
  aut0: SlotAutomaton,
  autN: SlotAutomaton,
  input: NodeInput,
  zt: number,
  slotGrads?: SlotGrads[],
): { m: Float64Array; dM: Mat } {
  const { rp, weight } = input;
  const m = new Float64Array(rp.pair.length);
  // c_l = Σ_r w_lr b_r ; e_r = Σ_l w_lr Mᵀa_l (all divided by z̃ for d log Z).
  const c = new Map<number, Float64Array>();
  const e = new Map<number, Float64Array>();
  const Ma = new Map<number, Float64Array>();
  for (let p = 0; p < rp.pair.length; p++) {
    if (weight[p] === 0) continue;
    const l = rp.l[p], r = rp.r[p];
    const a = st.a[l], b = st.b[r];
    if (!a || !b) continue;
    m[p] = (weight[p] * st.val[p]) / zt;
    const wz = weight[p] / zt;
    let cl = c.get(l);
    if (!cl) c.set(l, (cl = new Float64Array(b.length)));
    for (let q = 0; q < b.length; q++) cl[q] += wz * b[q];
    if (slotGrads) {
      let ma = Ma.get(l);
      if (!ma) Ma.set(l, (ma = vecMat(a, M)));
      let er = e.get(r);
      if (!er) e.set(r, (er = new Float64Array(ma.length)));
      for (let q = 0; q < ma.length; q++) er[q] += wz * ma[q];
    }
  }
  const dM = zeros(M.rows, M.cols);
  const lam0 = aut0.lambda, rhoN = autN.rho;
  const dLam = slotGrads ? new Float64Array(lam0.length) : undefined;
  for (const [l, cl] of c) {
    const a = st.a[l]!;
    for (let i = 0; i < a.length; i++) {
      if (a[i] === 0) continue;
      for (let j = 0; j < cl.length; j++) dM.d[i * M.cols + j] += a[i] * cl[j];
    }
    if (slotGrads) {
      const Mc = matVec(M, cl);
      const A = st.A[l];
      if (A) {
        // d/dA_l of λ_0ᵀ A_l M c_l = λ_0 (M c_l)ᵀ
        const dA = zeros(A.rows, A.cols);
        for (let i = 0; i < lam0.length; i++) if (lam0[i] !== 0) for (let j = 0; j < Mc.length; j++) dA.d[i * A.cols + j] += lam0[i] * Mc[j];
        accumulate(slotGrads[0], l, dA);
        const AMc = spMatVec(A, Mc);
        for (let i = 0; i < dLam!.length; i++) dLam![i] += AMc[i];
      } else for (let i = 0; i < dLam!.length; i++) dLam![i] += Mc[i];
    }
  }
  if (slotGrads) {
    for (const [r, er] of e) {
      const B = st.B[r];
      if (!B) continue;
      // d/dB_r of e_rᵀ B_r ρ_n = e_r ρ_nᵀ
      const dB = zeros(B.rows, B.cols);
      for (let i = 0; i < er.length; i++) if (er[i] !== 0) for (let j = 0; j < rhoN.length; j++) dB.d[i * B.cols + j] += er[i] * rhoN[j];
      accumulate(slotGrads[slotGrads.length - 1], r, dB);
    }
    slotGrads[0].lambda = dLam;
  }
  return { m, dM };
}

function accumulate(sg: SlotGrads, id: number, d: Mat): void {
  const acc = sg.punct.get(id);
  if (acc) addScaled(acc, d, 1);
  else sg.punct.set(id, d);
}
