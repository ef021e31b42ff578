/**
 * A tag head over a BiLSTM encoder's vectors: each word's vector (2H), with the first tagger's XPOS and UPOS as
 * one-hot inputs, through one ReLU layer to XPOS and UPOS scores. It reads the stacked tagger's encoder
 * (`stackedTagger.ts`), which sees the whole sentence both ways with fixed pretrained vectors, so it can mend what the
 * greedy perceptron tagger misreads from a narrow window (a verb in `a new transaction occurs` read as a plural noun);
 * the first tagger's tags are inputs so the head needs only learn where to depart from them.
 *
 * θ layout (row-major): W1 (hidden × D), b1 (hidden), Ex (hidden × |XPOS|) and Eu (hidden × |UPOS|) (the one-hot
 * inputs' columns), W2x (|XPOS| × hidden), b2x, W2u (|UPOS| × hidden), b2u.
 */
export interface TagHeadDims {
  /** Width of the encoder's vector (2H). */
  input: number;
  hidden: number;
  xpos: number;
  upos: number;
}

export interface TagHeadLayout {
  dims: TagHeadDims;
  w1: number;
  b1: number;
  ex: number;
  eu: number;
  w2x: number;
  b2x: number;
  w2u: number;
  b2u: number;
  size: number;
}

export function tagHeadLayout(dims: TagHeadDims): TagHeadLayout {
  const { input: D, hidden: K, xpos: X, upos: U } = dims;
  let o = 0;
  const take = (n: number) => ((o += n), o - n);
  const w1 = take(K * D);
  const b1 = take(K);
  const ex = take(K * X);
  const eu = take(K * U);
  const w2x = take(X * K);
  const b2x = take(X);
  const w2u = take(U * K);
  const b2u = take(U);
  return { dims, w1, b1, ex, eu, w2x, b2x, w2u, b2u, size: o };
}

/** Buffers of one word's forward pass, kept for the backward pass. */
export interface TagHeadWork {
  /** Hidden layer after the ReLU. */
  h: Float64Array;
  sx: Float64Array;
  su: Float64Array;
}

export function tagHeadWork(l: TagHeadLayout): TagHeadWork {
  return { h: new Float64Array(l.dims.hidden), sx: new Float64Array(l.dims.xpos), su: new Float64Array(l.dims.upos) };
}

/**
 * One word's XPOS and UPOS scores into `w.sx`, `w.su` from its vector (`v[at … at + D)`) and the first tagger's tags.
 */
export function tagHeadForward(
  l: TagHeadLayout,
  th: ArrayLike<number>,
  v: ArrayLike<number>,
  at: number,
  firstX: number,
  firstU: number,
  w: TagHeadWork,
): void {
  const { input: D, hidden: K, xpos: X, upos: U } = l.dims;
  const h = w.h;
  for (let k = 0; k < K; k++) {
    let s = th[l.b1 + k] + th[l.ex + k * X + firstX] + th[l.eu + k * U + firstU];
    const r = l.w1 + k * D;
    for (let j = 0; j < D; j++) s += th[r + j] * v[at + j];
    h[k] = s > 0 ? s : 0;
  }
  for (let c = 0; c < X; c++) {
    let s = th[l.b2x + c];
    const r = l.w2x + c * K;
    for (let k = 0; k < K; k++) s += th[r + k] * h[k];
    w.sx[c] = s;
  }
  for (let c = 0; c < U; c++) {
    let s = th[l.b2u + c];
    const r = l.w2u + c * K;
    for (let k = 0; k < K; k++) s += th[r + k] * h[k];
    w.su[c] = s;
  }
}

/** The tags of a sentence's words: the head's best XPOS and UPOS at each (vectors are rows of `stride`). */
export function tagHeadTags(
  l: TagHeadLayout,
  th: ArrayLike<number>,
  v: ArrayLike<number>,
  stride: number,
  n: number,
  first: { xpos: Int32Array; upos: Int32Array },
): { xpos: Int32Array; upos: Int32Array } {
  const w = tagHeadWork(l);
  const xpos = new Int32Array(n);
  const upos = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    tagHeadForward(l, th, v, i * stride, first.xpos[i], first.upos[i], w);
    xpos[i] = argmaxOf(w.sx);
    upos[i] = argmaxOf(w.su);
  }
  return { xpos, upos };
}

function argmaxOf(s: Float64Array): number {
  let b = 0;
  for (let c = 1; c < s.length; c++) if (s[c] > s[b]) b = c;
  return b;
}
