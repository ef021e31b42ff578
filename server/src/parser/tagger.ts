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
interface PositionScores {
  x: Float64Array;
  u: Float64Array;
}

/**
 * A bidirectional tagger: a right-to-left pass (over the reversed sentence, see `reverseSentence`) scores every
 * position, then the left-to-right pass decides with the sum of both directions' scores — a product of experts
 * that sees the tags to the right of a word as well as those to its left (Toutanova et al. 2003 get the same from
 * one bidirectional model; two greedy models are cheaper to train and run). Without the reverse scorers it is the
 * plain left-to-right tagger.
 */
export class Tagger {
  private readonly f = new FeatureBuffer();
  private readonly sx: Float64Array;
  private readonly su: Float64Array;
  /** Each direction's XPOS and UPOS scorers, scored together (`jointWeights.ts`: one lookup for both). */
  private readonly forward: ScorerPair;
  private readonly backward?: ScorerPair;

  constructor(xposScorer: Scorer, uposScorer: Scorer, tags: TagSet, reverse?: TagScorers);
  /** From each direction's pair as it is (a model file's stored joined tables, `modelFile.ts` version 4). */
  constructor(forward: ScorerPair, tags: TagSet, backward?: ScorerPair);
  constructor(a: Scorer | ScorerPair, b: Scorer | TagSet, c?: TagSet | TagScorers | ScorerPair, d?: TagScorers) {
    if ('second' in a) {
      this.forward = a;
      this.tags = b as TagSet;
      this.backward = c as ScorerPair | undefined;
    } else {
      this.forward = scorerPair(a, b as Scorer);
      this.tags = c as TagSet;
      this.backward = d && scorerPair(d.xpos, d.upos);
    }
    this.sx = new Float64Array(this.forward.classes[0]);
    this.su = new Float64Array(this.forward.classes[1]);
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

  tag(e: EncodedSentence): Tagging {
    if (!this.backward) return this.pass(e, this.forward);
    const nx = this.sx.length;
    const nu = this.su.length;
    const kept: PositionScores = { x: new Float64Array(e.n * nx), u: new Float64Array(e.n * nu) };
    this.pass(reverseSentence(e), this.backward, undefined, kept);
    return this.pass(e, this.forward, kept);
  }

  /**
   * One greedy pass. `prior` is added to this pass's scores at each position; `keep` receives this pass's scores,
   * stored at the position the word has in the reversed (= original) sentence.
   */
  private pass(e: EncodedSentence, scorers: ScorerPair, prior?: PositionScores, keep?: PositionScores): Tagging {
    const upos = new Int32Array(e.n);
    const xpos = new Int32Array(e.n);
    const nx = this.sx.length;
    const nu = this.su.length;
    let x1 = START;
    let x2 = START2;
    let u1 = START;
    for (let i = 0; i < e.n; i++) {
      tagFeatures(e, i, x1, x2, u1, this.f);
      scorers.score(this.f, this.sx, this.su);
      if (prior) {
        for (let c = 0; c < nx; c++) this.sx[c] += prior.x[i * nx + c];
        for (let c = 0; c < nu; c++) this.su[c] += prior.u[i * nu + c];
      }
      if (keep) {
        const j = e.n - 1 - i;
        for (let c = 0; c < nx; c++) keep.x[j * nx + c] = this.sx[c];
        for (let c = 0; c < nu; c++) keep.u[j * nu + c] = this.su[c];
      }
      xpos[i] = argmax(this.sx, nx);
      upos[i] = argmax(this.su, nu);
      x2 = x1;
      x1 = xpos[i];
      u1 = upos[i];
    }
    return { upos, xpos };
  }
}

/** The sentinel values the tagger uses before the first word, exported for training. */
export const TAG_START = { x1: START, x2: START2, u1: START };
