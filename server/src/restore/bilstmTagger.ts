/**
 * A BiLSTM punctuation tagger over words: the discriminative baseline of the paper's Figure 4 in the paper's own
 * form (there a BiLSTM-CRF). Each word of a run of unpunctuated words is tagged with the mark written after it (none,
 * `,`, `.`, `?`, `!`, `:` or `;`, `punctTagger.ts`'s MARKS), as the CRF tagger does, but from a recurrent reading of the
 * whole run both ways instead of a window of hashed features: a comma after a long fronted clause, or a question's
 * `?` thirty words after its `can you`, is in reach of the state.
 *
 * Input per word: a trained embedding of the word (the training text's words seen at least a few times; others share
 * the unknown row), of its two word clusters (the parser's, so that an unseen word still reads like its neighbours in
 * the skip-gram space), of its last three letters and of its letter case. One BiLSTM layer; the mark after word t is
 * read from [h→_t; h←_t; h←_{t+1}] (the backward state of the next word is the gap's right side alone) by a tanh
 * layer and a softmax. Trained by `scripts/train-restore-bilstm.ts` (`training/restore/bilstmTaggerTrain.ts`); the
 * gradient is checked against finite differences in `test/restore/bilstmTagger.test.ts`.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { matVec, Weights } from '../parser/dot';
import { fastTanh } from '../parser/fastActivations';
import { lstmForward, LstmView } from '../parser/bilstm';
import { hashString } from '../parser/hash';
import { normaliseWord } from '../parser/encoding';
import { ClusterMap, clusterOf, CLUSTERS_FILE, readClusters } from '../parser/wordClusters';
import { HashIndex } from '../parser/hashIndex';
import { MatVecKernel } from '../parser/wasmMatVec';
import { LstmKernel } from '../parser/wasmLstm';

/** The marks tagged, as `punctTagger.ts`'s MARKS (kept apart so that this file reads no CRF code). */
export const BILSTM_MARK_COUNT = 7;

export interface BiLstmDims {
  /** Widths of the word, each cluster (fine and coarse), suffix and letter-case embeddings. */
  word: number;
  cluster: number;
  suffix: number;
  shape: number;
  /**
   * Width of the embedding of the mark written after the word (0 or absent: none read; restoration's tagger). A
   * tagger that reads the writer's marks answers the linter's question at each gap: given the marks around it as
   * written, which mark would an editor write here?
   */
  mark?: number;
  /** LSTM state per direction, and the tanh layer before the softmax. */
  lstm: number;
  hidden: number;
}

/** Rows of the embedding tables (row 0 of each: unknown or none). */
export interface BiLstmSizes {
  words: number;
  clusters: number;
  suffixes: number;
  shapes: number;
}

/** Offsets of θ's parts (row-major matrices). */
export interface BiLstmLayout {
  eWord: number;
  eFine: number;
  eCoarse: number;
  eSuffix: number;
  eShape: number;
  eMark: number;
  /** Input width D of the LSTM. */
  D: number;
  /** Per direction (0 forward, 1 backward): Wx (4H × D), Wh (4H × H), b (4H). */
  wx: [number, number];
  wh: [number, number];
  b: [number, number];
  /** The tanh layer (hidden × 3H, hidden) and the softmax (marks × hidden, marks). */
  w1: number;
  b1: number;
  w2: number;
  b2: number;
  size: number;
}

export function bilstmLayout(d: BiLstmDims, s: BiLstmSizes): BiLstmLayout {
  let o = 0;
  const take = (n: number) => {
    const at = o;
    o += n;
    return at;
  };
  const eWord = take(s.words * d.word);
  const eFine = take(s.clusters * d.cluster);
  const eCoarse = take(s.clusters * d.cluster);
  const eSuffix = take(s.suffixes * d.suffix);
  const eShape = take(s.shapes * d.shape);
  const eMark = take(WRITTEN_MARK_CLASSES * (d.mark ?? 0));
  const D = d.word + 2 * d.cluster + d.suffix + d.shape + (d.mark ?? 0);
  const G = 4 * d.lstm;
  const wx: [number, number] = [0, 0], wh: [number, number] = [0, 0], b: [number, number] = [0, 0];
  for (const dir of [0, 1]) {
    wx[dir] = take(G * D);
    wh[dir] = take(G * d.lstm);
    b[dir] = take(G);
  }
  const w1 = take(d.hidden * 3 * d.lstm);
  const b1 = take(d.hidden);
  const w2 = take(BILSTM_MARK_COUNT * d.hidden);
  const b2 = take(BILSTM_MARK_COUNT);
  return { eWord, eFine, eCoarse, eSuffix, eShape, eMark, D, wx, wh, b, w1, b1, w2, b2, size: o };
}

export interface BiLstmTagger {
  readonly kind: 'bilstm';
  readonly version: string;
  readonly dims: BiLstmDims;
  readonly sizes: BiLstmSizes;
  readonly layout: BiLstmLayout;
  /** Hashes of the normalised words with a row of their own, in row order (row = index + 1). */
  readonly words: Int32Array;
  readonly wordIndex: HashIndex;
  readonly theta: Weights;
  readonly clusters?: ClusterMap;
}

/** The letter case of a word, as the tagger reads it (row 0 is padding). */
export function shapeClass(w: string): number {
  if (w === 'i' || w === "i'm" || w === 'i’m') return 6; // the pronoun typed in lower case
  if (/^\p{Lu}\p{Ll}/u.test(w)) return 1;
  if (/^\p{Lu}+$/u.test(w)) return 2;
  if (/^\p{Ll}+$/u.test(w)) return 3;
  if (/^\p{Ll}/u.test(w)) return 7; // lower case with capitals or digits inside: iPhone, e2e
  if (/^\d/.test(w)) return 4;
  return 5;
}
export const SHAPE_CLASSES = 8;

/** The written marks a tagger may read after a word: none, the seven MARKS' others, and any other mark (quote, bracket, dash). */
export const WRITTEN_MARK_CLASSES = 8;
export const OTHER_WRITTEN_MARK = 7;

/** Entries of `encodeRun`'s output per word. */
export const ID_STRIDE = 6;

/**
 * Per word: [word row, fine cluster, coarse cluster, suffix row, shape, written mark], n × ID_STRIDE. `written`: the
 * class of the mark written after each word (0 … WRITTEN_MARK_CLASSES − 1), for a tagger that reads them.
 */
export function encodeRun(m: Pick<BiLstmTagger, 'wordIndex' | 'sizes' | 'clusters'>, words: readonly string[], written?: ArrayLike<number>): Int32Array {
  const out = new Int32Array(words.length * ID_STRIDE);
  words.forEach((w, t) => {
    const norm = normaliseWord(w);
    const h = hashString(norm);
    const c = clusterOf(m.clusters, h);
    const o = t * ID_STRIDE;
    out[o] = m.wordIndex.get(h) + 1;
    out[o + 1] = c.fine;
    out[o + 2] = c.coarse;
    out[o + 3] = 1 + ((hashString(norm.slice(-3)) >>> 0) % (m.sizes.suffixes - 1));
    out[o + 4] = shapeClass(w);
    out[o + 5] = written ? written[t] : 0;
  });
  return out;
}

/** x_t (n × D) from the embedding tables. */
export function inputRows(m: Pick<BiLstmTagger, 'dims' | 'layout' | 'theta'>, ids: Int32Array, n: number, x: Float64Array): void {
  const { dims: d, layout: L, theta } = m;
  for (let t = 0; t < n; t++) {
    let o = t * L.D;
    const copy = (base: number, row: number, width: number) => {
      const r = base + row * width;
      for (let j = 0; j < width; j++) x[o + j] = theta[r + j];
      o += width;
    };
    const i = t * ID_STRIDE;
    copy(L.eWord, ids[i], d.word);
    copy(L.eFine, ids[i + 1], d.cluster);
    copy(L.eCoarse, ids[i + 2], d.cluster);
    copy(L.eSuffix, ids[i + 3], d.suffix);
    copy(L.eShape, ids[i + 4], d.shape);
    if (d.mark) copy(L.eMark, ids[i + 5], d.mark);
  }
}

/** The LSTM view of direction `dir` (`parser/bilstm.ts`). */
export function lstmView(m: Pick<BiLstmTagger, 'dims' | 'layout' | 'theta'>, dir: 0 | 1): LstmView {
  return { theta: m.theta, H: m.dims.lstm, wh: m.layout.wh[dir], b: m.layout.b[dir] };
}

/** Wx·x_t for every t into xproj (n × 4H). */
export function projectInputs(m: Pick<BiLstmTagger, 'dims' | 'layout' | 'theta'>, dir: 0 | 1, x: Float64Array, n: number, xproj: Float64Array): void {
  const G = 4 * m.dims.lstm;
  for (let t = 0; t < n; t++) matVec(m.theta, m.layout.wx[dir], G, m.layout.D, x, t * m.layout.D, xproj, t * G);
}

/** The softmax layer's input at word t: [h→_t; h←_t; h←_{t+1}] (zeros past the run's end), from the n × 2H states. */
export function gapInput(h: Float64Array, n: number, H: number, t: number, u: Float64Array): void {
  for (let k = 0; k < 2 * H; k++) u[k] = h[t * 2 * H + k];
  for (let k = 0; k < H; k++) u[2 * H + k] = t + 1 < n ? h[(t + 1) * 2 * H + H + k] : 0;
}

/**
 * The products in WebAssembly where it has SIMD (`wasmMatVec.ts`, `wasmLstm.ts`: the values `matVec` and `lstmForward`
 * give, bit for bit, at about a third of their time), made when a tagger is first run; undefined entries fall back to
 * JavaScript.
 */
interface Kernels {
  wx: [MatVecKernel | undefined, MatVecKernel | undefined];
  lstm: [LstmKernel | undefined, LstmKernel | undefined];
  w1: MatVecKernel | undefined;
}
const kernelsOf = new WeakMap<BiLstmTagger, Kernels>();

function kernels(m: BiLstmTagger): Kernels {
  let k = kernelsOf.get(m);
  if (!k) {
    const { dims: d, layout: L, theta } = m;
    const G = 4 * d.lstm;
    k = {
      wx: [MatVecKernel.create(theta, L.wx[0], G, L.D), MatVecKernel.create(theta, L.wx[1], G, L.D)],
      lstm: [LstmKernel.create(theta, L.wh[0], L.b[0], d.lstm), LstmKernel.create(theta, L.wh[1], L.b[1], d.lstm)],
      w1: MatVecKernel.create(theta, L.w1, d.hidden, 3 * d.lstm),
    };
    kernelsOf.set(m, k);
  }
  return k;
}

/** P(mark after each word | the run): n × BILSTM_MARK_COUNT, as `punctTagger.ts`'s `tagMarginals`. */
export function bilstmMarginals(m: BiLstmTagger, words: readonly string[], written?: ArrayLike<number>): Float64Array {
  const n = words.length;
  const { dims: d, layout: L, theta } = m;
  const H = d.lstm, G = 4 * H, Y = BILSTM_MARK_COUNT;
  const out = new Float64Array(n * Y);
  if (n === 0) return out;
  const k = kernels(m);
  const ids = encodeRun(m, words, written);
  const x = new Float64Array(n * L.D);
  inputRows(m, ids, n, x);
  const xproj = new Float64Array(n * G);
  const h = new Float64Array(n * 2 * H);
  for (const dir of [0, 1] as const) {
    const wx = k.wx[dir];
    if (wx) for (let t = 0; t < n; t++) wx.mul(0, G, x, t * L.D, xproj, t * G);
    else projectInputs(m, dir, x, n, xproj);
    const lstm = k.lstm[dir];
    if (lstm) lstm.forward(xproj, n, dir === 1, h, 2 * H, dir * H);
    else lstmForward(lstmView(m, dir), xproj, n, dir === 1, h, 2 * H, dir * H);
  }
  const u = new Float64Array(3 * H), a = new Float64Array(d.hidden), z = new Float64Array(Y);
  for (let t = 0; t < n; t++) {
    gapInput(h, n, H, t, u);
    if (k.w1) k.w1.mul(0, d.hidden, u, 0, a, 0);
    else matVec(theta, L.w1, d.hidden, 3 * H, u, 0, a, 0);
    for (let j = 0; j < d.hidden; j++) a[j] = fastTanh(a[j] + theta[L.b1 + j]);
    matVec(theta, L.w2, Y, d.hidden, a, 0, z, 0);
    let max = -Infinity;
    for (let y = 0; y < Y; y++) max = Math.max(max, (z[y] += theta[L.b2 + y]));
    let sum = 0;
    for (let y = 0; y < Y; y++) sum += (z[y] = Math.exp(z[y] - max));
    for (let y = 0; y < Y; y++) out[t * Y + y] = z[y] / sum;
  }
  return out;
}

/** The tagger's file: JSON with θ as float32, gzipped, in base64. */
export interface BiLstmTaggerJson {
  kind: 'bilstm';
  version: string;
  dims: BiLstmDims;
  sizes: BiLstmSizes;
  /** Whether the inputs read the parser's word clusters (`parser-clusters.bin.gz` beside the model). */
  clusters: boolean;
  /** The word rows' hashes (row = index + 1), base64 of int32. */
  words: string;
  theta: string;
}

const b64 = (a: Int32Array | Float32Array): string => zlib.gzipSync(Buffer.from(a.buffer, a.byteOffset, a.byteLength), { level: 9 }).toString('base64');
function unb64<T>(text: string, make: (b: ArrayBuffer) => T): T {
  const raw = zlib.gunzipSync(Buffer.from(text, 'base64'));
  const copy = new ArrayBuffer(raw.length);
  new Uint8Array(copy).set(raw);
  return make(copy);
}

export function bilstmTaggerJson(m: Omit<BiLstmTagger, 'wordIndex' | 'layout' | 'kind'>): BiLstmTaggerJson {
  return { kind: 'bilstm', version: m.version, dims: m.dims, sizes: m.sizes, clusters: !!m.clusters, words: b64(m.words), theta: b64(Float32Array.from(m.theta)) };
}


/** The tagger of a file's JSON; `dir`: where the parser's word clusters are, when it reads them. */
export function bilstmTaggerFromJson(j: BiLstmTaggerJson, dir?: string, clusters?: ClusterMap): BiLstmTagger {
  const layout = bilstmLayout(j.dims, j.sizes);
  const words = unb64(j.words, (b) => new Int32Array(b));
  const theta = unb64(j.theta, (b) => new Float32Array(b));
  if (theta.length !== layout.size) throw new Error(`BiLSTM punctuation tagger: θ has ${theta.length} entries, its dimensions need ${layout.size}`);
  if (words.length + 1 !== j.sizes.words) throw new Error(`BiLSTM punctuation tagger: ${words.length} words for ${j.sizes.words} rows`);
  if (j.clusters && !clusters && !dir) throw new Error('BiLSTM punctuation tagger: its inputs read word clusters, and no directory was given');
  const map = j.clusters ? clusters ?? readClusters(path.join(dir!, CLUSTERS_FILE)) : undefined;
  return { kind: 'bilstm', version: j.version, dims: j.dims, sizes: j.sizes, layout, words, wordIndex: new HashIndex(words), theta, clusters: map };
}

/** A tagger from a file anywhere, the parser's word clusters from `clustersDir` (a candidate beside the bundled models). */
export function readBiLstmTaggerFile(file: string, clustersDir: string): BiLstmTagger {
  return bilstmTaggerFromJson(JSON.parse(fs.readFileSync(file, 'utf8')) as BiLstmTaggerJson, clustersDir);
}
