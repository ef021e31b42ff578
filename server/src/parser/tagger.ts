/**
 * Greedy left-to-right part-of-speech tagger (averaged perceptron, Collins 2002; feature set after Honnibal's
 * "A good POS tagger in about 200 lines"), predicting XPOS (PTB) and UPOS with two scorers over shared features.
 * It reads the punctuation slots around each word, and is trained on kept, removed and corrupted punctuation.
 */
import { FeatureBuffer } from './hash';
import { EncodedSentence, reverseSentence } from './encoding';
import { argmax, Scorer } from './weights';
import { ScorerPair, scorerPair } from './jointWeights';

export interface TagSet {
  upos: string[];
  xpos: string[];
}

/** Sentinel "tag" ids for positions before the sentence. */
const START = -1;
const START2 = -2;

export function tagFeatures(
  e: EncodedSentence,
  i: number,
  x1: number,
  x2: number,
  u1: number,
  f: FeatureBuffer,
): void {
  f.clear();
  let t = 1;
  f.add1(t++, 0); // bias
  f.add1(t++, e.lower[i]);
  f.add1(t++, e.form[i]);
  f.add1(t++, e.suffix1[i]);
  f.add1(t++, e.suffix2[i]);
  f.add1(t++, e.suffix3[i]);
  f.add1(t++, e.suffix4[i]);
  f.add1(t++, e.prefix1[i]);
  f.add1(t++, e.prefix2[i]);
  f.add1(t++, e.shape[i]);
  f.add2(t++, e.shape[i], i === 0 ? 1 : 0);
  f.add1(t++, x1);
  f.add1(t++, u1);
  f.add2(t++, x1, x2);
  f.add2(t++, x1, e.lower[i]);
  f.add2(t++, x1, e.suffix3[i]);
  f.add1(t++, wordNear(e, i - 1));
  f.add1(t++, suffixNear(e, i - 1));
  f.add1(t++, wordNear(e, i - 2));
  f.add1(t++, wordNear(e, i + 1));
  f.add1(t++, suffixNear(e, i + 1));
  f.add1(t++, wordNear(e, i + 2));
  f.add2(t++, wordNear(e, i - 1), e.lower[i]);
  f.add2(t++, e.lower[i], wordNear(e, i + 1));
  f.add2(t++, x1, wordNear(e, i + 1));
  f.add1(t++, i + 1 < e.n ? e.shape[i + 1] : 13);
  // Punctuation around the word: before, after, and with the word itself.
  f.add1(t++, e.slot[i]);
  f.add1(t++, e.slot[i + 1]);
  f.add2(t++, e.slot[i], e.lower[i]);
  f.add2(t++, e.slot[i + 1], e.lower[i]);
  f.add2(t++, e.slot[i], x1);
  // Word clusters: the word's, its neighbours', and with the previous tag.
  t = 60;
  f.add1(t++, e.cluster[i]);
  f.add1(t++, e.coarse[i]);
  f.add2(t++, e.cluster[i], x1);
  f.add1(t++, clusterNear(e, i - 1));
  f.add1(t++, clusterNear(e, i + 1));
  f.add2(t++, e.cluster[i], e.suffix2[i]);
  f.add2(t++, e.coarse[i], clusterNear(e, i + 1));
}

/*
 * A neighbour's word, suffix and cluster, with sentinels outside the sentence: plain functions, since closures made
 * at every position would each be named at run time in the language server's bundle (esbuild keepNames).
 */
function wordNear(e: EncodedSentence, j: number): number {
  return j < 0 ? 11 : j >= e.n ? 13 : e.lower[j];
}

function suffixNear(e: EncodedSentence, j: number): number {
  return j < 0 ? 11 : j >= e.n ? 13 : e.suffix3[j];
}

function clusterNear(e: EncodedSentence, j: number): number {
  return j < 0 ? -1 : j >= e.n ? -2 : e.cluster[j];
}

/** A first-pass tag near a word, with the sentinels of `TAG_START` (before) and -3 (after the sentence). */
function tagNear(p: Int32Array, n: number, j: number): number {
  return j < 0 ? START : j >= n ? -3 : p[j];
}

/**
 * The refining pass's features besides `tagFeatures`: the first pass's XPOS tags on both sides of the word. A greedy
 * pass sees only the tags it has already decided, to its left (the reverse pass only those to its right); a verb
 * right after a subject's apposition or relative clause (`The Act, a 1995 law, seeks to …`) is told from a plural
 * noun by what follows it, as in the "bidirectional" features of Tsuruoka & Tsujii (2005) and the Stanford tagger.
 * The first pass's tags are its guesses, so the refiner is trained on jackknifed first-pass tags (`refineTagger.ts`).
 */
export function refineFeatures(e: EncodedSentence, i: number, c: RefineContext, verbs: Uint8Array, f: FeatureBuffer): void {
  const n = e.n;
  const p = c.tags;
  const p0 = p[i];
  const pl = tagNear(p, n, i - 1);
  const pr = tagNear(p, n, i + 1);
  const pr2 = tagNear(p, n, i + 2);
  let t = 80;
  f.add1(t++, p0);
  f.add1(t++, pr);
  f.add1(t++, pr2);
  f.add2(t++, pr, pr2);
  f.add2(t++, pl, pr);
  f.add2(t++, p0, pr);
  f.add2(t++, e.lower[i], pr);
  f.add2(t++, e.suffix3[i], pr);
  f.add2(t++, e.lower[i], p0);
  f.add3(t++, pl, p0, pr);
  f.add3(t++, e.slot[i + 1], p0, pr);
  // A comma-closed span just before the word (`, a 1995 federal law, seeks`): the tag before the span's opening
  // comma, and whether the first pass saw a verb before that (a clause then, rather than a subject).
  const close = e.commasBefore[i + 1] - e.commasBefore[i];
  if (close > 0 && i > 0) {
    let open = i - 1;
    while (open > 0 && e.commasBefore[open + 1] - e.commasBefore[open] === 0) open--;
    if (open > 0) {
      const head = p[open - 1];
      let verbBefore = 0;
      for (let j = 0; j < open - 1 && !verbBefore; j++) verbBefore = verbs[p[j]] ? 1 : 0;
      f.add2(t, head, p0);
      f.add3(t + 1, head, e.suffix2[i], pr);
      f.add3(t + 2, head, verbBefore, e.lower[i]);
    }
  }
  // Whether the first passes found a finite verb before the word, and after it: a sentence whose only candidate
  // for its verb is this word (`The committee, after two long meetings, votes on the budget`) reads it as the verb,
  // which no window of neighbouring tags can tell.
  t = 100;
  const before = c.finite[i] > 0 ? 1 : 0;
  const after = c.finite[n] - c.finite[i + 1] > 0 ? 2 : 0;
  const where = before + after;
  f.add2(t++, where, p0);
  f.add2(t++, where, e.suffix1[i]);
  f.add3(t++, where, e.slot[i], p0);
  f.add2(t++, where, e.lower[i]);
  f.add3(t++, where, p0, pr);
}

/** The first passes' XPOS tags as the refining pass reads them, with the count of finite verbs before each word. */
export interface RefineContext {
  tags: Int32Array;
  /** finite[i]: the number of finite verbs (`verbTags` 2) among tags 0..i−1. */
  finite: Int32Array;
}

export function refineContext(tags: Int32Array, verbs: Uint8Array): RefineContext {
  const finite = new Int32Array(tags.length + 1);
  for (let i = 0; i < tags.length; i++) finite[i + 1] = finite[i] + (verbs[tags[i]] === 2 ? 1 : 0);
  return { tags, finite };
}

export interface Tagging {
  upos: Int32Array;
  xpos: Int32Array;
}

/** The two scorers of one tagging direction. */
export interface TagScorers {
  xpos: Scorer;
  upos: Scorer;
}

/**
 * Scores of every class at every position (row-major, position × class), from the right-to-left pass, added to
 * the left-to-right pass's own before each decision.
 */
export interface PositionScores {
  x: Float64Array;
  u: Float64Array;
}

/**
 * A bidirectional tagger: a right-to-left pass (over the reversed sentence, see `reverseSentence`) scores every
 * position, then the left-to-right pass decides with the sum of both directions' scores — a product of experts
 * that sees the tags to the right of a word as well as those to its left (Toutanova et al. 2003 get the same from
 * one bidirectional model; two greedy models are cheaper to train and run). Without the reverse scorers it is the
 * plain left-to-right tagger. With a refiner, a third, left-to-right pass decides again, reading the first passes'
 * tags on both sides of each word (`refineFeatures`).
 */
export class Tagger {
  private readonly f = new FeatureBuffer();
  private readonly sx: Float64Array;
  private readonly su: Float64Array;
  /** Each direction's XPOS and UPOS scorers, scored together (`jointWeights.ts`: one lookup for both). */
  private readonly forward: ScorerPair;
  private readonly backward?: ScorerPair;
  /** The refining pass's XPOS and UPOS scorers. */
  readonly refiner?: ScorerPair;
  private readonly verbs: Uint8Array;

  constructor(xposScorer: Scorer, uposScorer: Scorer, tags: TagSet, reverse?: TagScorers, refiner?: TagScorers);
  /** From each direction's pair as it is (a model file's stored joined tables, `modelFile.ts` version 4). */
  constructor(forward: ScorerPair, tags: TagSet, backward?: ScorerPair, refiner?: ScorerPair);
  constructor(
    a: Scorer | ScorerPair,
    b: Scorer | TagSet,
    c?: TagSet | TagScorers | ScorerPair,
    d?: TagScorers | ScorerPair,
    r?: TagScorers,
  ) {
    if ('second' in a) {
      this.forward = a;
      this.tags = b as TagSet;
      this.backward = c as ScorerPair | undefined;
      this.refiner = d as ScorerPair | undefined;
    } else {
      this.forward = scorerPair(a, b as Scorer);
      this.tags = c as TagSet;
      const reverse = d as TagScorers | undefined;
      this.backward = reverse && scorerPair(reverse.xpos, reverse.upos);
      this.refiner = r && scorerPair(r.xpos, r.upos);
    }
    this.sx = new Float64Array(this.forward.classes[0]);
    this.su = new Float64Array(this.forward.classes[1]);
    this.verbs = verbTags(this.tags.xpos);
  }

  readonly tags: TagSet;

  get xposScorer(): Scorer {
    return this.forward.first;
  }

  get uposScorer(): Scorer {
    return this.forward.second;
  }

  /** The right-to-left scorers of a bidirectional tagger. */
  get reverse(): TagScorers | undefined {
    return this.backward && { xpos: this.backward.first, upos: this.backward.second };
  }

  /**
   * The weight of the first passes' summed scores in the refining pass's decisions (0: the refiner decides alone;
   * 1: a third expert beside the two directions, as they are beside each other).
   */
  firstWeight = 0;

  /**
   * The XPOS–UPOS pairs the tags may take together (`pairs[x * |UPOS| + u]` = 1), when the two are decided jointly:
   * the pair with the greatest sum of the two scores. Undefined: each decided alone, as they were trained.
   */
  pairs?: Uint8Array;

  /** The same first passes with another refiner (or none), its decisions adding `firstWeight` × the first passes' scores. */
  withRefiner(refiner: ScorerPair | undefined, firstWeight = 0): Tagger {
    const t = new Tagger(this.forward, this.tags, this.backward, refiner);
    t.firstWeight = firstWeight;
    t.pairs = this.pairs;
    return t;
  }

  tag(e: EncodedSentence): Tagging {
    if (!this.refiner) return this.firstPasses(e);
    const w = this.firstWeight;
    const sums: PositionScores | undefined = w ? { x: new Float64Array(e.n * this.sx.length), u: new Float64Array(e.n * this.su.length) } : undefined;
    const first = this.firstPasses(e, sums);
    if (sums && w !== 1) {
      for (let k = 0; k < sums.x.length; k++) sums.x[k] *= w;
      for (let k = 0; k < sums.u.length; k++) sums.u[k] *= w;
    }
    return this.pass(e, this.refiner, sums, undefined, refineContext(first.xpos, this.verbs));
  }

  /**
   * The tags before refining: the left-to-right pass, with the right-to-left pass's scores when there is one.
   * `sums` receives the scores each decision was taken with.
   */
  firstPasses(e: EncodedSentence, sums?: PositionScores): Tagging {
    if (!this.backward) return this.pass(e, this.forward, undefined, sums, undefined, false);
    const nx = this.sx.length;
    const nu = this.su.length;
    const kept: PositionScores = { x: new Float64Array(e.n * nx), u: new Float64Array(e.n * nu) };
    this.pass(reverseSentence(e), this.backward, undefined, kept);
    return this.pass(e, this.forward, kept, sums, undefined, false);
  }

  /**
   * One greedy pass. `prior` is added to this pass's scores at each position; `keep` receives this pass's scores,
   * stored at the position the word has in the reversed (= original) sentence, or in this one when not `reversed`;
   * `context`: the first passes' XPOS tags, read by a refining pass.
   */
  private pass(e: EncodedSentence, scorers: ScorerPair, prior?: PositionScores, keep?: PositionScores, context?: RefineContext, reversed = true): Tagging {
    const upos = new Int32Array(e.n);
    const xpos = new Int32Array(e.n);
    const nx = this.sx.length;
    const nu = this.su.length;
    let x1 = START;
    let x2 = START2;
    let u1 = START;
    for (let i = 0; i < e.n; i++) {
      tagFeatures(e, i, x1, x2, u1, this.f);
      if (context) refineFeatures(e, i, context, this.verbs, this.f);
      scorers.score(this.f, this.sx, this.su);
      if (prior) {
        for (let c = 0; c < nx; c++) this.sx[c] += prior.x[i * nx + c];
        for (let c = 0; c < nu; c++) this.su[c] += prior.u[i * nu + c];
      }
      if (keep) {
        const j = reversed ? e.n - 1 - i : i;
        for (let c = 0; c < nx; c++) keep.x[j * nx + c] = this.sx[c];
        for (let c = 0; c < nu; c++) keep.u[j * nu + c] = this.su[c];
      }
      if (this.pairs) [xpos[i], upos[i]] = bestPair(this.sx, nx, this.su, nu, this.pairs);
      else {
        xpos[i] = argmax(this.sx, nx);
        upos[i] = argmax(this.su, nu);
      }
      x2 = x1;
      x1 = xpos[i];
      u1 = upos[i];
    }
    return { upos, xpos };
  }
}

/** A tagger's allowed pairs as a model records them (`info.tagPairs`, "XPOS UPOS" each), or undefined for none. */
export function tagPairList(t: Tagger): string[] | undefined {
  const pairs = t.pairs;
  if (!pairs) return undefined;
  const nu = t.tags.upos.length;
  return t.tags.xpos.flatMap((x, i) => t.tags.upos.filter((_, j) => pairs[i * nu + j]).map((u) => `${x} ${u}`));
}

/** `Tagger.pairs` from pairs listed as a model records them ("XPOS UPOS" each); pairs of unknown tags are left out. */
export function tagPairTable(listed: readonly unknown[], tags: TagSet): Uint8Array {
  const nu = tags.upos.length;
  const pairs = new Uint8Array(tags.xpos.length * nu);
  for (const p of listed) {
    const [x, u] = String(p).split(' ');
    const i = tags.xpos.indexOf(x), j = tags.upos.indexOf(u);
    if (i >= 0 && j >= 0) pairs[i * nu + j] = 1;
  }
  return pairs;
}

/** The allowed pair (x, u) with the greatest sx[x] + su[u]. */
export function bestPair(sx: Float64Array, nx: number, su: Float64Array, nu: number, pairs: Uint8Array): [number, number] {
  let best = -Infinity;
  let bx = argmax(sx, nx);
  let bu = argmax(su, nu);
  if (pairs[bx * nu + bu]) return [bx, bu];
  for (let x = 0; x < nx; x++) {
    for (let u = 0; u < nu; u++) {
      if (!pairs[x * nu + u]) continue;
      const v = sx[x] + su[u];
      if (v > best) [best, bx, bu] = [v, x, u];
    }
  }
  return [bx, bu];
}

/** Which XPOS tags are verbs, by id: 2 finite (`VBZ`, `VBD`, `VBP`, `MD`), 1 the others (`VB`, `VBG`, `VBN`), else 0. */
export function verbTags(xpos: readonly string[]): Uint8Array {
  return Uint8Array.from(xpos, (t) => (t === 'VBZ' || t === 'VBD' || t === 'VBP' || t === 'MD' ? 2 : t.startsWith('VB') ? 1 : 0));
}

/** The sentinel values the tagger uses before the first word, exported for training. */
export const TAG_START = { x1: START, x2: START2, u1: START };
