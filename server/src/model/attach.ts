/**
 * Attach p_θ(l, r | w) (paper eq. 4): a log-linear distribution over the allowed pairs W_d of w's relation d.
 * Weights are hashed: θ[hash(context, output)], outputs being the pair, l alone, r alone and the symmetry class.
 */
import { RankedInt16 } from './rankedWeights';
import { MIRROR, CLOSERS } from '../data/punctTokens';
import { PunctemeKey, punctemeTokens } from '../data/vocab';
import { Alphabet } from './channel';
import { Context, featureIndex, hashString, OUT_L, OUT_PAIR, OUT_R, OUT_SYM } from './features';

/** Allowed pairs of one relation, as typed arrays. */
export interface RelPairs {
  pair: Int32Array;
  l: Int32Array;
  r: Int32Array;
  sym: Int32Array;
  /** Distinct l ids and, per pair, the position of its l among them (same for r). */
  ls: Int32Array;
  lPos: Int32Array;
  rs: Int32Array;
  rPos: Int32Array;
}

export interface AttachVocab {
  /** V: puncteme keys by id ('' = ε is id 0). */
  punctemes: PunctemeKey[];
  punctemeIds: Map<PunctemeKey, number>;
  /** Token ids (in Σ) of each puncteme. */
  tokens: number[][];
  /** Global list of pairs [l id, r id]. */
  pairs: Array<[number, number]>;
  rel: Map<string, RelPairs>;
  /** W for relations never seen in training: every pair seen at least twice. */
  fallback: RelPairs;
  /** Words seen ≥ 5 times (lower-cased); others are UNK. */
  words: Set<string>;
}

export const SYM_EPS = 0, SYM_MATCHED = 1, SYM_UNMATCHED = 2, SYM_OTHER = 3;
export const SYM_CLASSES = 4;

/**
 * Whether (l, r) carries unmatched symmetric marks (App. B stand-in, notes §3.2): the symmetric tokens of l read
 * right-to-left must mirror those of r read left-to-right.
 */
export function isUnmatched(l: readonly string[], r: readonly string[]): boolean {
  const ls = l.filter((t) => MIRROR.has(t) || CLOSERS.has(t)).reverse();
  const rs = r.filter((t) => MIRROR.has(t) || CLOSERS.has(t));
  if (ls.length !== rs.length) return true;
  for (let i = 0; i < ls.length; i++) if (MIRROR.get(ls[i]) !== rs[i]) return true;
  return false;
}

export function symClass(l: readonly string[], r: readonly string[]): number {
  if (l.length === 0 && r.length === 0) return SYM_EPS;
  if (isUnmatched(l, r)) return SYM_UNMATCHED;
  return l.some((t) => MIRROR.has(t)) ? SYM_MATCHED : SYM_OTHER;
}

/**
 * `symClass` of each pair of a vocabulary (by pair id, -1 until asked), kept per `pairs` array and the `punctemes` it
 * indexes: a model's 51 relations list 3,488 pairs of 828, and classifying each listing anew (its punctemes split into
 * tokens) was ~8 ms of a cold start's model load.
 */
const pairClasses = new WeakMap<ReadonlyArray<readonly [number, number]>, { punctemes: readonly string[]; classes: Int8Array }>();

function pairClass(vocab: Pick<AttachVocab, 'pairs' | 'punctemes'>, p: number): number {
  let known = pairClasses.get(vocab.pairs);
  if (!known || known.punctemes !== vocab.punctemes || known.classes.length < vocab.pairs.length) {
    pairClasses.set(vocab.pairs, (known = { punctemes: vocab.punctemes, classes: new Int8Array(vocab.pairs.length).fill(-1) }));
  }
  const { classes } = known;
  if (classes[p] < 0) {
    const [l, r] = vocab.pairs[p];
    classes[p] = symClass(punctemeTokens(vocab.punctemes[l]), punctemeTokens(vocab.punctemes[r]));
  }
  return classes[p];
}

export function buildRelPairs(vocab: Pick<AttachVocab, 'pairs' | 'punctemes'>, pairIds: number[]): RelPairs {
  const k = pairIds.length;
  const rp: RelPairs = {
    pair: Int32Array.from(pairIds),
    l: new Int32Array(k),
    r: new Int32Array(k),
    sym: new Int32Array(k),
    ls: new Int32Array(0),
    lPos: new Int32Array(k),
    rs: new Int32Array(0),
    rPos: new Int32Array(k),
  };
  const lMap = new Map<number, number>(), rMap = new Map<number, number>();
  pairIds.forEach((p, j) => {
    const [l, r] = vocab.pairs[p];
    rp.l[j] = l;
    rp.r[j] = r;
    rp.sym[j] = pairClass(vocab, p);
    if (!lMap.has(l)) lMap.set(l, lMap.size);
    if (!rMap.has(r)) rMap.set(r, rMap.size);
    rp.lPos[j] = lMap.get(l)!;
    rp.rPos[j] = rMap.get(r)!;
  });
  rp.ls = Int32Array.from(lMap.keys());
  rp.rs = Int32Array.from(rMap.keys());
  return rp;
}

export function relPairsFor(vocab: AttachVocab, deprel: string): RelPairs {
  return vocab.rel.get(deprel) ?? vocab.rel.get(deprel.split(':')[0]) ?? vocab.fallback;
}

export function tokenIdsOf(alphabet: Alphabet, key: PunctemeKey): number[] {
  return punctemeTokens(key).map((t) => alphabet.id(t));
}

/** Hashed contexts: the hash of each context name and which outputs it conjoins with. */
export interface HashedContexts {
  hash: Uint32Array;
  outputs: Uint8Array;
}

export function hashContexts(ctxs: readonly Context[]): HashedContexts {
  return { hash: Uint32Array.from(ctxs.map((c) => hashString(c.name))), outputs: Uint8Array.from(ctxs.map((c) => c.outputs)) };
}

export function concatContexts(a: HashedContexts, b: HashedContexts): HashedContexts {
  if (b.hash.length === 0) return a;
  const hash = new Uint32Array(a.hash.length + b.hash.length);
  hash.set(a.hash);
  hash.set(b.hash, a.hash.length);
  const outputs = new Uint8Array(hash.length);
  outputs.set(a.outputs);
  outputs.set(b.outputs, a.outputs.length);
  return { hash, outputs };
}

export interface OutputSpace {
  nPairs: number;
  nPunctemes: number;
}

/**
 * Output ids of a left puncteme, a right puncteme and a symmetry class: after the pairs', in that order (training's
 * gradient, `training/model/pairGradient.ts`, reads them too).
 */
export function outL(o: OutputSpace, l: number): number {
  return o.nPairs + l;
}
export function outR(o: OutputSpace, r: number): number {
  return o.nPairs + o.nPunctemes + r;
}
export function outSym(o: OutputSpace, c: number): number {
  return o.nPairs + 2 * o.nPunctemes + c;
}

/** In place: scores → log-softmax. */
export function logNormalise(s: Float64Array): Float64Array {
  let m = -Infinity;
  for (let j = 0; j < s.length; j++) if (s[j] > m) m = s[j];
  let z = 0;
  for (let j = 0; j < s.length; j++) z += Math.exp(s[j] - m);
  const lz = m + Math.log(z);
  for (let j = 0; j < s.length; j++) s[j] -= lz;
  return s;
}

/**
 * Unnormalised scores θ · f(l_j, r_j, w) for the pairs j of `rp`, θ_i = weights[i] · scale: float64 weights with
 * scale 1 (training), or the shipped int16 quantisation with its scale (inference: 4× less memory, and the product
 * is exactly the float64 value the file denotes). With `cache`, each context's weights come from it (see
 * `ContextWeightCache`); the sums are the same, term by term and in the same order.
 */
export function pairScores(
  weights: WeightVector,
  space: OutputSpace,
  ctx: HashedContexts,
  rp: RelPairs,
  scale = 1,
  cache?: ContextWeightSource,
  plus?: Float64Array,
  /** Where the scores go: k zeros (default a new array). */
  out: Float64Array = new Float64Array(rp.pair.length),
): Float64Array {
  const k = rp.pair.length;
  // With `plus`, the context sums go to a reused buffer and `out` gets them plus plus[j], added last (as adding the
  // two separately scored vectors did), so the scores are the same and one array less is made per call.
  if (plus && scratchPair.length < k) scratchPair = new Float64Array(2 * k);
  const s = plus ? scratchPair.fill(0, 0, k) : out;
  // The per-l, per-r and per-class sums live in reused buffers (zeroed here): allocating three typed arrays per call
  // was a third of this function's time and most of the garbage the comma prior made. Nothing in the loops below
  // calls back into pairScores, so one set of buffers suffices.
  const nL = rp.ls.length, nR = rp.rs.length;
  if (scratchL.length < nL) scratchL = new Float64Array(2 * nL);
  if (scratchR.length < nR) scratchR = new Float64Array(2 * nR);
  const sL = scratchL, sR = scratchR, sS = scratchS;
  sL.fill(0, 0, nL);
  sR.fill(0, 0, nR);
  sS.fill(0);
  if (cache) addCachedContexts(cache, ctx, rp, s, sL, sR, sS);
  else for (let c = 0; c < ctx.hash.length; c++) addContextWeights(weights, scale, space, ctx.hash[c], ctx.outputs[c], rp, s, sL, sR, sS);
  const lPos = rp.lPos, rPos = rp.rPos, sym = rp.sym;
  if (plus) for (let j = 0; j < k; j++) out[j] = s[j] + (sL[lPos[j]] + sR[rPos[j]] + sS[sym[j]]) + plus[j];
  else for (let j = 0; j < k; j++) s[j] += sL[lPos[j]] + sR[rPos[j]] + sS[sym[j]];
  return out;
}

/** `pairScores`' buffers of pair sums (with `plus`) and of per-l and per-r sums, grown as needed (entries past the relation's own are not read). */
let scratchPair = new Float64Array(256);
let scratchL = new Float64Array(64);
let scratchR = new Float64Array(64);
const scratchS = new Float64Array(SYM_CLASSES);

/** Per-context quantised weights of fixed weights (`ContextWeightCache`). */
export interface ContextWeightSource {
  /** θ_i = q_i · scale. */
  readonly scale: number;
  /** An id for `rp`, to pass to `get` for each of a node's contexts. */
  relation(rp: RelPairs): number;
  /**
   * Where q at context h's slots starts in `values`: the pairs' (if o has OUT_PAIR), then the distinct l's, r's and
   * symmetry classes' likewise.
   */
  locate(h: number, o: number, rp: RelPairs, rel: number): number;
  /** The cached values (read after `locate`, which may replace the array). */
  readonly values: Int16Array;
}

/**
 * `addContextWeights` for each context in turn, the values read from `cache`: the same products q_i · scale added in
 * the same order, so the same sums.
 */
function addCachedContexts(
  cache: ContextWeightSource,
  ctx: HashedContexts,
  rp: RelPairs,
  s: Float64Array,
  sL: Float64Array,
  sR: Float64Array,
  sS: Float64Array,
): void {
  const rel = cache.relation(rp);
  const scale = cache.scale;
  const nP = rp.pair.length, nL = rp.ls.length, nR = rp.rs.length;
  for (let c = 0; c < ctx.hash.length; c++) {
    const o = ctx.outputs[c];
    let at = cache.locate(ctx.hash[c], o, rp, rel);
    const q = cache.values;
    if (o & OUT_PAIR) at = addScaledInto(s, q, at, nP, scale);
    if (o & OUT_L) at = addScaledInto(sL, q, at, nL, scale);
    if (o & OUT_R) at = addScaledInto(sR, q, at, nR, scale);
    if (o & OUT_SYM) addScaledInto(sS, q, at, SYM_CLASSES, scale);
  }
}

/**
 * acc[j] += q[from + j] · scale for j < n; four entries a step, which V8 runs ~1.7× faster than one (each entry's
 * sum is the same either way). Returns from + n. This loop is most of the time the comma prior takes.
 */
function addScaledInto(acc: Float64Array, q: Int16Array, from: number, n: number, scale: number): number {
  let j = 0;
  for (; j + 3 < n; j += 4) {
    const i = from + j;
    acc[j] += q[i] * scale;
    acc[j + 1] += q[i + 1] * scale;
    acc[j + 2] += q[i + 2] * scale;
    acc[j + 3] += q[i + 3] * scale;
  }
  for (; j < n; j++) acc[j] += q[from + j] * scale;
  return from + n;
}

/** θ as scored: float64 (training), the file's int16 quantisation, or that without its zeros (the shipped engine). */
export type WeightVector = Float64Array | Int16Array | RankedInt16;

/** Adds the weights of one context into the score vectors: one hashed (random) memory access per output. */
export function addContextWeights(
  weights: WeightVector,
  scale: number,
  space: OutputSpace,
  h: number,
  o: number,
  rp: RelPairs,
  s: Float64Array,
  sL: Float64Array,
  sR: Float64Array,
  sS: Float64Array,
): void {
  const mask = weights.length - 1;
  if (weights instanceof RankedInt16) {
    // The shipped θ without its zeros: the same values in the same order as the dense branch below.
    if (o & OUT_PAIR) for (let j = 0; j < rp.pair.length; j++) s[j] += weights.get(featureIndex(h, rp.pair[j], mask)) * scale;
    if (o & OUT_L) for (let j = 0; j < rp.ls.length; j++) sL[j] += weights.get(featureIndex(h, outL(space, rp.ls[j]), mask)) * scale;
    if (o & OUT_R) for (let j = 0; j < rp.rs.length; j++) sR[j] += weights.get(featureIndex(h, outR(space, rp.rs[j]), mask)) * scale;
    if (o & OUT_SYM) for (let j = 0; j < SYM_CLASSES; j++) sS[j] += weights.get(featureIndex(h, outSym(space, j), mask)) * scale;
    return;
  }
  if (o & OUT_PAIR) for (let j = 0; j < rp.pair.length; j++) s[j] += weights[featureIndex(h, rp.pair[j], mask)] * scale;
  if (o & OUT_L) for (let j = 0; j < rp.ls.length; j++) sL[j] += weights[featureIndex(h, outL(space, rp.ls[j]), mask)] * scale;
  if (o & OUT_R) for (let j = 0; j < rp.rs.length; j++) sR[j] += weights[featureIndex(h, outR(space, rp.rs[j]), mask)] * scale;
  if (o & OUT_SYM) for (let j = 0; j < SYM_CLASSES; j++) sS[j] += weights[featureIndex(h, outSym(space, j), mask)] * scale;
}

