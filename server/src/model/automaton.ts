/**
 * Inversion of the noisy channel against one observed slot string x_i into a small weighted automaton over the
 * underlying tokens (paper §3, App. D; notes §3.4): λᵀ · M(u_1)⋯M(u_m) · ρ = p_φ(x_i | u). States are S and
 * (k, p) = "k surface tokens emitted, p pending"; states that cannot reach acceptance are trimmed, so an empty slot
 * has a single state and every non-empty puncteme has a zero matrix there.
 *
 * Smoothing: with probability η a non-empty surface slot is "inserted noise" from an empty underlying slot
 * (an extra state E with no arcs, weight η·q(x_i)), so no surface string over Σ ever has probability 0; the
 * regular channel keeps 1−η. The `escape` index tells which state that is (−1 if none).
 */
import { BOS_MARK } from '../data/punctTokens';
import { Channel, processingWindow } from './channel';
import { identity, Mat, zeros } from './matrix';
import { SparseMat, sparseBytes, spSpMul, spVecMat, toSparse, transposeSparse, TYPED_ARRAY_OVERHEAD_BYTES } from './sparse';

export const DEFAULT_ETA = 1e-4;

export interface Arc {
  s: number;
  t: number;
  /** Index into φ, or −1 for a constant weight 1. */
  param: number;
}

/** A vector and the ascending positions of its non-zero entries (products that skip the zeros read them). */
export interface SparseVector {
  v: Float64Array;
  nz: Int32Array;
}

export interface SlotAutomaton {
  n: number;
  lambda: Float64Array;
  rho: Float64Array;
  /** Per token id (of Σ): its matrix, or undefined when all zero. ∘ is consumed into λ at slot 0. */
  mats: Array<SparseMat | undefined>;
  /**
   * Per token id: its arcs packed as (s, t, param) triples, in the order they were built (the channel's gradient
   * reads them; inference never does). Typed, not {s, t, param} objects: a tenth of the automata's memory was arcs.
   */
  arcs: Int32Array[];
  /** Slot 0: λ = (1−η)·(λ₀ᵀ M(∘)); these arcs carry its φ dependence (target state, param, weight of source). */
  lambdaArcs: Arc[];
  lambdaScale: number;
  escape: number;
  /** Cache of puncteme matrices M(l) by key, and of their transposes, sparse; null when zero. */
  cache: Map<string, SparseMat | null>;
  cacheT: Map<string, SparseMat | null>;
  /** λᵀM(l) by puncteme id of the model's V (slot 0's vectors at the root of Algorithm 1); undefined = not yet. */
  lambdaById: Array<Float64Array | undefined>;
  /** M(r)ρ by puncteme id (the last slot's), with the positions of its non-zero entries; undefined = not yet. */
  rhoById: Array<SparseVector | undefined>;
  /** The same matrices by puncteme id of the model's V (inside.ts), sparse and transposed; undefined = not yet. */
  byId: Array<SparseMat | null | undefined>;
  byIdT: Array<SparseMat | null | undefined>;
  /** log M(l), sparse (entries log p of the non-zero ones), by puncteme id (viterbi.ts). */
  logById: Array<SparseMat | undefined>;
  /** Its transposes, for the root's columns (viterbi.ts). */
  logByIdT: Array<SparseMat | undefined>;
  /**
   * Bytes of the arrays it holds (its own and those its caches have kept so far), added as each is kept (`keep*`):
   * the model's cache budget is checked every few uses, and re-reading every cached matrix for it cost ~2.5% of the lint.
   */
  heldBytes: number;
}

/** q(x): the insertion-noise distribution over non-empty strings (geometric length, uniform tokens). */
export function noiseProb(len: number, sigmaSize: number): number {
  return Math.pow(0.5, len) * Math.pow(1 / sigmaSize, len);
}

interface RawArc {
  from: number;
  to: number;
  tok: number;
  param: number;
}

/** Builds the inverted automaton; `real` is x_i without ∘, `slot0` adds ∘ in front. */
export function buildSlotAutomaton(ch: Channel, real: readonly string[], slot0: boolean, eta = DEFAULT_ETA): SlotAutomaton {
  const A = ch.alphabet;
  const S = A.size;
  const bos = A.id(BOS_MARK);
  const x = (slot0 ? [BOS_MARK, ...real] : [...real]).map((t) => A.id(t));
  const K = x.length;
  let nStates: number;
  let raw: RawArc[] = [];
  let lam: number, rh: number;
  if (ch.identity) {
    // State k = "k tokens of x read".
    nStates = K + 1;
    for (let k = 0; k < K; k++) raw.push({ from: k, to: k + 1, tok: x[k], param: -1 });
    lam = 0;
    rh = K;
  } else {
    // Processing machine on y (x in processing order), then flipped to string order for 'R'.
    const y = ch.direction === 'L' ? x : [...x].reverse();
    const st = (k: number, p: number) => 1 + k * S + p;
    nStates = 1 + Math.max(K, 1) * S;
    for (let q = 0; q < S; q++) raw.push({ from: 0, to: st(0, q), tok: q, param: -1 });
    for (let k = 0; k < K; k++) {
      for (let p = 0; p < S; p++) {
        for (let q = 0; q < S; q++) {
          const { a, b, moves } = processingWindow(ch.direction, p, q);
          const base = (a * S + b) * 4;
          if (y[k] === p && k + 1 < K) raw.push({ from: st(k, p), to: st(k + 1, q), tok: q, param: base + moves[0] });
          raw.push({ from: st(k, p), to: st(k, q), tok: q, param: base + moves[1] });
          raw.push({ from: st(k, p), to: st(k, p), tok: q, param: base + moves[2] });
          if (y[k] === q && k + 1 < K) raw.push({ from: st(k, p), to: st(k + 1, p), tok: q, param: base + moves[3] });
        }
      }
    }
    const accept = K === 0 ? 0 : st(K - 1, y[K - 1]);
    if (ch.direction === 'L') {
      lam = 0;
      rh = accept;
    } else {
      raw = raw.map((r) => ({ from: r.to, to: r.from, tok: r.tok, param: r.param }));
      lam = accept;
      rh = 0;
    }
  }
  // Initial distribution (before trimming); slot 0 consumes ∘ first.
  const lambdaFull = new Map<number, Arc[]>();
  if (slot0) {
    for (const r of raw) if (r.tok === bos && r.from === lam) {
      let l = lambdaFull.get(r.to);
      if (!l) lambdaFull.set(r.to, (l = []));
      l.push({ s: lam, t: r.to, param: r.param });
    }
  } else lambdaFull.set(lam, [{ s: lam, t: lam, param: -1 }]);
  // Trim: reachable from λ's support and co-reachable to ρ, using arcs on tokens other than ∘.
  const body = raw.filter((r) => r.tok !== bos);
  const fwd = new Uint8Array(nStates), bwd = new Uint8Array(nStates);
  const outs: number[][] = Array.from({ length: nStates }, () => []);
  const ins: number[][] = Array.from({ length: nStates }, () => []);
  for (const r of body) {
    outs[r.from].push(r.to);
    ins[r.to].push(r.from);
  }
  const flood = (mark: Uint8Array, starts: number[], next: number[][]) => {
    const stack = [...starts];
    for (const s of starts) mark[s] = 1;
    while (stack.length) for (const t of next[stack.pop()!]) if (!mark[t]) ((mark[t] = 1), stack.push(t));
  };
  flood(fwd, [...lambdaFull.keys()], outs);
  flood(bwd, [rh], ins);
  const newId = new Int32Array(nStates).fill(-1);
  let n = 0;
  for (let s = 0; s < nStates; s++) if (fwd[s] && bwd[s]) newId[s] = n++;
  const escape = real.length > 0 ? n++ : -1;
  const lambdaScale = 1 - eta;
  const lambda = new Float64Array(n), rho = new Float64Array(n);
  const lambdaArcs: Arc[] = [];
  for (const [t, arcs] of lambdaFull) {
    if (newId[t] < 0) continue;
    for (const a of arcs) {
      lambda[newId[t]] += lambdaScale * (a.param < 0 ? 1 : ch.probs[a.param]);
      if (slot0) lambdaArcs.push({ s: -1, t: newId[t], param: a.param });
    }
  }
  if (newId[rh] >= 0) rho[newId[rh]] = 1;
  if (escape >= 0) {
    lambda[escape] = eta * noiseProb(real.length, S);
    rho[escape] = 1;
  }
  const dense: Array<Mat | undefined> = new Array(S).fill(undefined);
  const arcCount = new Int32Array(S);
  for (const r of body) if (newId[r.from] >= 0 && newId[r.to] >= 0) arcCount[r.tok]++;
  const arcs = Array.from(arcCount, (count) => new Int32Array(3 * count));
  arcCount.fill(0);
  for (const r of body) {
    const s = newId[r.from], t = newId[r.to];
    if (s < 0 || t < 0) continue;
    let m = dense[r.tok];
    if (!m) dense[r.tok] = m = zeros(n, n);
    m.d[s * n + t] += r.param < 0 ? 1 : ch.probs[r.param];
    const list = arcs[r.tok];
    const k = 3 * arcCount[r.tok]++;
    list[k] = s;
    list[k + 1] = t;
    list[k + 2] = r.param;
  }
  // Kept sparse (~5–10% of the entries are non-zero at a marked slot); products expand them exactly.
  const mats = dense.map((m) => (m ? toSparse(m) : undefined));
  let heldBytes = 64 * (n + 4);
  for (const m of mats) if (m) heldBytes += sparseBytes(m);
  for (const list of arcs) heldBytes += (ARC_BYTES * list.length) / 3 + TYPED_ARRAY_OVERHEAD_BYTES;
  return { n, lambda, rho, mats, arcs, lambdaArcs, lambdaScale, escape, cache: new Map(), cacheT: new Map(), lambdaById: [], rhoById: [], byId: [], byIdT: [], logById: [], logByIdT: [], heldBytes };
}

/** A Map entry with a short string key (the key, the entry, the table's slack). */
const MAP_ENTRY_BYTES = 100;
/** A packed arc (three int32s). */
const ARC_BYTES = 12;

/**
 * Bytes held by an automaton and its caches, the objects' overheads included (for the model's cache budget; checked
 * against the memory freed when the caches are dropped, in the language server's worker): `recountAutomatonBytes`,
 * from what was added as the caches filled.
 */
export function automatonBytes(aut: SlotAutomaton): number {
  const entries = MAP_ENTRY_BYTES * (aut.cache.size + aut.cacheT.size);
  return aut.heldBytes + entries + 8 * (aut.byId.length + aut.byIdT.length + aut.logById.length + aut.logByIdT.length + aut.lambdaById.length + aut.rhoById.length);
}

/** λᵀM(l) kept by puncteme id (`lambdaById`), counted in `heldBytes`. */
export function keepLambdaVector(aut: SlotAutomaton, id: number, v: Float64Array): Float64Array {
  aut.lambdaById[id] = v;
  aut.heldBytes += v.byteLength + TYPED_ARRAY_OVERHEAD_BYTES;
  return v;
}

/** M(r)ρ kept by puncteme id (`rhoById`), counted in `heldBytes`. */
export function keepRhoVector(aut: SlotAutomaton, id: number, sv: SparseVector): SparseVector {
  aut.rhoById[id] = sv;
  aut.heldBytes += sv.v.byteLength + sv.nz.byteLength + 2 * TYPED_ARRAY_OVERHEAD_BYTES + 40;
  return sv;
}

/** log M(l) kept by puncteme id (`logById`; it shares M(l)'s pattern, so only its values count), counted in `heldBytes`. */
export function keepLogMatrix(aut: SlotAutomaton, id: number, m: SparseMat): SparseMat {
  aut.logById[id] = m;
  aut.heldBytes += m.val.byteLength + TYPED_ARRAY_OVERHEAD_BYTES + 80;
  return m;
}

/** log M(l)ᵀ kept by puncteme id (`logByIdT`), counted in `heldBytes`. */
export function keepLogMatrixT(aut: SlotAutomaton, id: number, m: SparseMat): SparseMat {
  aut.logByIdT[id] = m;
  aut.heldBytes += sparseBytes(m);
  return m;
}

/** `automatonBytes` by reading every array the automaton holds (what `heldBytes` must add up to). */
export function recountAutomatonBytes(aut: SlotAutomaton): number {
  let b = 64 * (aut.n + 4);
  for (const m of aut.mats) if (m) b += sparseBytes(m);
  // A one-token puncteme's matrix is its token's, already counted (a Set: the model's budget check runs this often).
  const own = new Set(aut.mats);
  for (const m of aut.cache.values()) if (m && !own.has(m)) b += sparseBytes(m);
  for (const m of aut.cacheT.values()) if (m) b += sparseBytes(m);
  for (const v of aut.lambdaById) if (v) b += v.byteLength + TYPED_ARRAY_OVERHEAD_BYTES;
  for (const sv of aut.rhoById) if (sv) b += sv.v.byteLength + sv.nz.byteLength + 2 * TYPED_ARRAY_OVERHEAD_BYTES + 40;
  // log M(l) shares its pattern with M(l): its own values only.
  for (const m of aut.logById) if (m) b += m.val.byteLength + TYPED_ARRAY_OVERHEAD_BYTES + 80;
  for (const m of aut.logByIdT) if (m) b += sparseBytes(m);
  b += MAP_ENTRY_BYTES * (aut.cache.size + aut.cacheT.size);
  for (const list of aut.arcs) b += (ARC_BYTES * list.length) / 3 + TYPED_ARRAY_OVERHEAD_BYTES;
  return b + 8 * (aut.byId.length + aut.byIdT.length + aut.logById.length + aut.logByIdT.length + aut.lambdaById.length + aut.rhoById.length);
}

/**
 * M(l) = M(l_1)⋯M(l_m) for a puncteme given as token ids, sparse; null when zero. Cached by key. A one-token
 * puncteme's matrix is its token's own (never written to). Longer ones multiply sparse by sparse, which gives the
 * dense product's entries bit for bit (`spSpMul`), so they are exactly those of before.
 */
export function punctemeSparse(aut: SlotAutomaton, key: string, toks: readonly number[]): SparseMat | null {
  const hit = aut.cache.get(key);
  if (hit !== undefined) return hit;
  let m: SparseMat | null = toks.length === 0 ? toSparse(identity(aut.n)) : (aut.mats[toks[0]] ?? null);
  for (let q = 1; q < toks.length && m; q++) {
    const mt = aut.mats[toks[q]];
    m = mt ? spSpMul(m, mt) : null;
  }
  if (m && m.val.length === 0) m = null; // all its arcs have probability 0
  aut.cache.set(key, m);
  // A one-token puncteme's matrix is its token's, already counted.
  if (m && toks.length !== 1) aut.heldBytes += sparseBytes(m);
  return m;
}

/** M(l)ᵀ, sparse; null when zero. Cached by key. */
export function punctemeSparseT(aut: SlotAutomaton, key: string, toks: readonly number[]): SparseMat | null {
  const hit = aut.cacheT.get(key);
  if (hit !== undefined) return hit;
  const m = punctemeSparse(aut, key, toks);
  const t = m ? transposeSparse(m) : null;
  aut.cacheT.set(key, t);
  if (t) aut.heldBytes += sparseBytes(t);
  return t;
}

/** `v` with the positions of its non-zero entries. */
export function sparseVector(v: Float64Array): SparseVector {
  const nz: number[] = [];
  for (let i = 0; i < v.length; i++) if (v[i] !== 0) nz.push(i);
  return { v, nz: Int32Array.from(nz) };
}

/** p(x_i | u) through the automaton (for tests and for scoring one slot). */
export function automatonWeight(aut: SlotAutomaton, u: readonly number[]): number {
  let v: Float64Array = Float64Array.from(aut.lambda);
  for (const t of u) {
    const m = aut.mats[t];
    if (!m) return 0;
    v = spVecMat(v, m);
  }
  let z = 0;
  for (let s = 0; s < aut.n; s++) z += v[s] * aut.rho[s];
  return z;
}
