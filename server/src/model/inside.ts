/**
 * Algorithm 1 of the paper (§3; notes §2.5): the inside pass over the tree, one N_i×N_k matrix per constituent,
 * and its exact reverse pass (back-propagation), which gives posterior marginals μ_w(l, r), the gradient with
 * respect to the pair scores, and the gradient with respect to the channel matrices.
 *
 * Numerical safety: each IN(w) is divided by its largest entry and the log of that constant is carried separately,
 * so nothing underflows however long the sentence. Constants do not depend on the parameters, so the reverse pass
 * on the normalised matrices yields exact derivatives of log Z.
 */
import { SlotAutomaton, punctemeMatrix, punctemeMatrixT } from './automaton';
import { RelPairs } from './attach';
import { TreeInfo } from './treeInfo';
import { Mat, addScaled, dot, mul, mulInto, mulTransAInto, mulTransBInto, outer, transpose, zeros } from './matrix';

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
  A: Mat | null; // null = identity (ε)
  C: Mat;
  /** A · Mo (reused by the reverse pass). */
  AM: Mat;
  /** Pair indices (into rp) and their B_r (null = identity). */
  js: number[];
  Bs: Array<Mat | null>;
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
}

export interface InsideResult {
  logZ: number;
  nodes: Array<NodeState | undefined>;
  zt: number;
}

/** M(l) (or its transpose), null for ε (the identity), false when zero. */
function matrixOf(aut: SlotAutomaton, V: PunctemeTable, id: number, transposed: boolean): Mat | null | false {
  if (V.tokens[id].length === 0) return null;
  const m = transposed ? punctemeMatrixT(aut, V.keys[id], V.tokens[id]) : punctemeMatrix(aut, V.keys[id], V.tokens[id]);
  return m ?? false;
}

export function inside(info: TreeInfo, auts: SlotAutomaton[], V: PunctemeTable, input: NodeInput[]): InsideResult {
  const nodes: Array<NodeState | undefined> = new Array(info.n + 1);
  const scale = new Float64Array(info.n + 1);
  for (const w of info.postorder) {
    const i = info.lo[w] - 1, k = info.hi[w], j = w - 1;
    const X: Mat[] = [];
    const xs: number[] = [];
    let s = 0;
    for (const c of info.left[w]) (X.push(nodes[c]!.I), xs.push(c), (s += scale[c]));
    X.push(outer(auts[j].rho, auts[j + 1].lambda));
    xs.push(0);
    for (const c of info.right[w]) (X.push(nodes[c]!.I), xs.push(c), (s += scale[c]));
    let M = X[0];
    for (let q = 1; q < X.length; q++) M = mul(M, X[q]);
    const { rp, weight } = input[w];
    // Group the pairs by the puncteme on the side whose automaton is larger: each pair then costs O(N²) of the
    // smaller side. With `flip`, the product is computed transposed: rawᵀ = Σ B_rᵀ · Mᵀ · A_lᵀ.
    const flip = auts[k].n > auts[i].n;
    const first = flip ? auts[k] : auts[i], second = flip ? auts[i] : auts[k];
    const firstIds = flip ? rp.r : rp.l, secondIds = flip ? rp.l : rp.r;
    const Mo = flip ? transpose(M) : M;
    const raw = zeros(first.n, second.n);
    const byL = new Map<number, Group>();
    const groups: Group[] = [];
    for (let p = 0; p < rp.pair.length; p++) {
      if (weight[p] === 0) continue;
      const A = matrixOf(first, V, firstIds[p], flip);
      if (A === false) continue;
      const B = matrixOf(second, V, secondIds[p], flip);
      if (B === false) continue;
      let g = byL.get(firstIds[p]);
      if (!g) {
        g = { l: firstIds[p], A, C: zeros(second.n, second.n), AM: Mo, js: [], Bs: [] };
        byL.set(firstIds[p], g);
        groups.push(g);
      }
      if (B) addScaled(g.C, B, weight[p]);
      else for (let d = 0; d < second.n; d++) g.C.d[d * second.n + d] += weight[p];
      g.js.push(p);
      g.Bs.push(B);
    }
    for (const g of groups) {
      if (g.A) g.AM = mul(g.A, Mo);
      mulInto(raw, g.AM, g.C, true);
    }
    let norm = 0;
    for (let q = 0; q < raw.d.length; q++) if (raw.d[q] > norm) norm = raw.d[q];
    if (norm === 0 || !Number.isFinite(norm)) return { logZ: -Infinity, nodes, zt: 0 };
    const I = flip ? transpose(raw) : raw;
    for (let q = 0; q < I.d.length; q++) I.d[q] /= norm;
    scale[w] = s + Math.log(norm);
    nodes[w] = { X, xs, M, Mo, flip, groups, norm, I };
  }
  const root = info.root;
  const I = nodes[root]!.I;
  const lam = auts[0].lambda, rho = auts[info.n].rho;
  let zt = 0;
  for (let a = 0; a < I.rows; a++) for (let b = 0; b < I.cols; b++) zt += lam[a] * I.d[a * I.cols + b] * rho[b];
  return { logZ: zt > 0 ? scale[root] + Math.log(zt) : -Infinity, nodes, zt };
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
  const root = info.root;
  const lam = auts[0].lambda, rho = auts[n].rho;
  const Iroot = res.nodes[root]!.I;
  const g0 = zeros(Iroot.rows, Iroot.cols);
  for (let a = 0; a < g0.rows; a++) for (let b = 0; b < g0.cols; b++) g0.d[a * g0.cols + b] = (lam[a] * rho[b]) / res.zt;
  G[root] = g0;
  if (slotGrads) {
    const dl = new Float64Array(lam.length);
    for (let a = 0; a < Iroot.rows; a++) {
      let s = 0;
      for (let b = 0; b < Iroot.cols; b++) s += Iroot.d[a * Iroot.cols + b] * rho[b];
      dl[a] = s / res.zt;
    }
    slotGrads[0].lambda = dl;
  }
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
  for (let q = info.postorder.length - 1; q >= 0; q--) {
    const w = info.postorder[q];
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
        if (B) dp = dot(dC, B);
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
      if (g.A) mulTransAInto(dMo, g.A, GC);
      else addScaled(dMo, GC, 1);
    }
    const dM = st.flip ? transpose(dMo) : dMo;
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

/** Turns the per-puncteme slot gradients into d log Z / d φ (probabilities), accumulated into dPhi. */
export function channelGradient(auts: SlotAutomaton[], V: PunctemeTable, slotGrads: SlotGrads[], dPhi: Float64Array): void {
  slotGrads.forEach((sg, slot) => {
    const aut = auts[slot];
    const dTok = new Map<number, Mat>();
    for (const [id, dA] of sg.punct) {
      const toks = V.tokens[id];
      // d/dM(t_q) of <dA, M(t_1)⋯M(t_m)> = P_{q-1}ᵀ · dA · S_{q+1}ᵀ
      for (let q = 0; q < toks.length; q++) {
        let left = dA;
        if (q > 0) {
          let P = aut.mats[toks[0]]!;
          for (let u = 1; u < q; u++) P = mul(P, aut.mats[toks[u]]!);
          left = zeros(aut.n, aut.n);
          mulTransAInto(left, P, dA);
        }
        if (q < toks.length - 1) {
          let Sm = aut.mats[toks[q + 1]]!;
          for (let u = q + 2; u < toks.length; u++) Sm = mul(Sm, aut.mats[toks[u]]!);
          const t2 = zeros(aut.n, aut.n);
          mulTransBInto(t2, left, Sm);
          left = t2;
        }
        let acc = dTok.get(toks[q]);
        if (!acc) dTok.set(toks[q], (acc = zeros(aut.n, aut.n)));
        addScaled(acc, left, 1);
      }
    }
    for (const [tok, d] of dTok) for (const a of aut.arcs[tok]) if (a.param >= 0) dPhi[a.param] += d.d[a.s * aut.n + a.t];
    if (sg.lambda) for (const a of aut.lambdaArcs) if (a.param >= 0) dPhi[a.param] += aut.lambdaScale * sg.lambda[a.t];
  });
}
