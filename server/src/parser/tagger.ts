/**
 * Greedy left-to-right part-of-speech tagger (averaged perceptron, Collins 2002; feature set after Honnibal's
 * "A good POS tagger in about 200 lines"), predicting XPOS (PTB) and UPOS with two scorers over shared features.
 * It reads the punctuation slots around each word, and is trained on kept, removed and corrupted punctuation.
 */
import { FeatureBuffer } from './hash';
import { EncodedSentence } from './encoding';
import { argmax, Scorer } from './weights';

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
  const w = (j: number) => (j < 0 ? 11 : j >= e.n ? 13 : e.lower[j]);
  const s3 = (j: number) => (j < 0 ? 11 : j >= e.n ? 13 : e.suffix3[j]);
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
  f.add1(t++, w(i - 1));
  f.add1(t++, s3(i - 1));
  f.add1(t++, w(i - 2));
  f.add1(t++, w(i + 1));
  f.add1(t++, s3(i + 1));
  f.add1(t++, w(i + 2));
  f.add2(t++, w(i - 1), e.lower[i]);
  f.add2(t++, e.lower[i], w(i + 1));
  f.add2(t++, x1, w(i + 1));
  f.add1(t++, i + 1 < e.n ? e.shape[i + 1] : 13);
  // Punctuation around the word: before, after, and with the word itself.
  f.add1(t++, e.slot[i]);
  f.add1(t++, e.slot[i + 1]);
  f.add2(t++, e.slot[i], e.lower[i]);
  f.add2(t++, e.slot[i + 1], e.lower[i]);
  f.add2(t++, e.slot[i], x1);
  // Word clusters: the word's, its neighbours', and with the previous tag.
  const c = (j: number) => (j < 0 ? -1 : j >= e.n ? -2 : e.cluster[j]);
  t = 60;
  f.add1(t++, e.cluster[i]);
  f.add1(t++, e.coarse[i]);
  f.add2(t++, e.cluster[i], x1);
  f.add1(t++, c(i - 1));
  f.add1(t++, c(i + 1));
  f.add2(t++, e.cluster[i], e.suffix2[i]);
  f.add2(t++, e.coarse[i], c(i + 1));
}

export interface Tagging {
  upos: Int32Array;
  xpos: Int32Array;
}

export class Tagger {
  private readonly f = new FeatureBuffer();
  private readonly sx: Float64Array;
  private readonly su: Float64Array;

  constructor(
    readonly xposScorer: Scorer,
    readonly uposScorer: Scorer,
    readonly tags: TagSet,
  ) {
    this.sx = new Float64Array(xposScorer.nClasses);
    this.su = new Float64Array(uposScorer.nClasses);
  }

  tag(e: EncodedSentence): Tagging {
    const upos = new Int32Array(e.n);
    const xpos = new Int32Array(e.n);
    let x1 = START;
    let x2 = START2;
    let u1 = START;
    for (let i = 0; i < e.n; i++) {
      tagFeatures(e, i, x1, x2, u1, this.f);
      this.xposScorer.score(this.f, this.sx);
      this.uposScorer.score(this.f, this.su);
      xpos[i] = argmax(this.sx, this.xposScorer.nClasses);
      upos[i] = argmax(this.su, this.uposScorer.nClasses);
      x2 = x1;
      x1 = xpos[i];
      u1 = upos[i];
    }
    return { upos, xpos };
  }
}

/** The sentinel values the tagger uses before the first word, exported for training. */
export const TAG_START = { x1: START, x2: START2, u1: START };
