/**
 * Discriminative punctuation taggers over words: each tags each word of a run of unpunctuated words with the mark
 * written after it (none, `,`, `.`, `?`, `!`, `:` or `;`), and restoration reads its posteriors as evidence beside the
 * punctuation model's samples (`restorer.ts`): where a run is cut, which sentences are questions, commas. The bundled
 * one (`models/en/restore-tagger.json`) is the BiLSTM (`bilstmTagger.ts`, the paper's Figure 4 baseline); this file
 * holds the common interface and the first one, a linear-chain CRF over hashed lexical features (a window of words,
 * their shapes and suffixes), kept as a baseline (`restore-tagger-crf.json`, read only by the benchmarks) and, trained
 * on lower-cased text, as the BiLSTM's partner on text typed without capitals (`restore-tagger-lower.json`). Both are
 * trained on EWT train and edited-english train as dictation gives them, each whitespace word tagged with the mark
 * after it (`scripts/train-restore-bilstm.ts`, `scripts/train-restore-tagger.ts`), and are read so (`tagRunByWords`).
 *
 * A model's tags may split the marks inside a sentence by whether the sentence is a question (`¿`, `¿,`, `¿:`, `¿;`:
 * that mark, in a sentence that ends with `?`). A first-order chain sees only the word around each slot, so on its
 * own it cannot carry the `can you` at a sentence's start to the `?` at its end; the question state carries it. What
 * the tagger gives restoration is always per mark (the tags' probabilities summed by mark).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';
import { FNV_OFFSET, fnvFrom } from '../parser/fnv';
import { hashString } from '../parser/hash';
import { onceByFile } from './hashedLogistic';
import { CrfScores, logPartition, posteriors, viterbi } from './linearChainCrf';
import { normWord } from './boundaries';
import { ClusterMap, clusterOf, CLUSTERS_FILE, readClusters } from '../parser/wordClusters';
import { readModelFile } from '../data/modelIntegrity';
import { parseWithBase64Field } from '../data/base64Field';
import { f32Kernel } from './bilstmF32';
import { bilstmMarginals, BiLstmTagger, bilstmTaggerFromJson, BiLstmTaggerJson, OTHER_WRITTEN_MARK } from './bilstmTagger';

/** Restoration's tagger (any kind: the bundled one is the BiLSTM, `bilstmTagger.ts`). */
export const TAGGER_MODEL_FILE = 'restore-tagger.json';
/** The CRF tagger, restoration's tagger before the BiLSTM, kept as a baseline (`scripts/bench-restore.ts`). */
export const CRF_TAGGER_FILE = 'restore-tagger-crf.json';

/** The marks the tagger decides: the main mark written after a word. */
export const MARKS = ['', ',', '.', '?', '!', ':', ';'] as const;
export const MARK_COUNT = MARKS.length;
export const COMMA = 1;
export const PERIOD = 2;
export const QUESTION = 3;
export const COLON = 5;
export const SEMICOLON = 6;
/** Marks that end a sentence. */
export const SENTENCE_END_MARKS: readonly number[] = [2, 3, 4];
/** The prefix of a tag for a mark inside a question. */
export const IN_QUESTION = '¿';
/** The tags of a tagger with the question state: the marks, then the marks a question's inside may have. */
export const QUESTION_STATE_TAGS: readonly string[] = [...MARKS, ...['', ',', ':', ';'].map((m) => IN_QUESTION + m)];

/** The CRF tagger. */
export interface CrfTagger {
  readonly kind?: 'crf';
  readonly version: string;
  readonly bits: number;
  /** 2^bits hashed (feature, tag) weights. */
  readonly weights: Float32Array;
  /**
   * The same weights as the file's int16 (`weights[j]` = fround(quantized[j] / DENSE_SCALE)), when it holds them so:
   * a loaded tagger scores from these (half the memory), and makes `weights` only if something else reads it.
   */
  readonly quantized?: Int16Array;
  /** (k + 1) × k transition scores over the model's tags, the last row the start. */
  readonly trans: Float64Array;
  /** The model's tags (absent: MARKS, one tag a mark). */
  readonly tags?: readonly string[];
  /** Which feature templates (absent: 1, the first model's; 2 adds a wider window and more cluster context). */
  readonly featureSet?: FeatureSet;
  /** The parser's word clusters, when the features read them (so that `however` teaches `nevertheless`). */
  readonly clusters?: ClusterMap;
}

/**
 * A punctuation tagger: the CRF over hashed features, the BiLSTM (`bilstmTagger.ts`), or the mean of several taggers'
 * readings (their marginals averaged, the best mark after each word the mean's most probable); each gives P(mark | run).
 */
export type PunctTagger = CrfTagger | BiLstmTagger | MeanTagger;

export interface MeanTagger {
  readonly kind: 'mean';
  readonly version: string;
  readonly taggers: readonly PunctTagger[];
}

/** The file of a mean tagger: the files of its taggers, relative to it. */
export interface MeanTaggerJson {
  kind: 'mean';
  files: string[];
}

const isBiLstm = (m: PunctTagger): m is BiLstmTagger => m.kind === 'bilstm';
const isMean = (m: PunctTagger): m is MeanTagger => m.kind === 'mean';

/** The mean of the taggers' marginals over a run. */
function meanMarginals(m: MeanTagger, words: readonly string[], f32: boolean): Float64Array {
  const out = new Float64Array(words.length * MARK_COUNT);
  for (const t of m.taggers) tagRun(t, words, false, f32).marginals.forEach((v, i) => (out[i] += v / m.taggers.length));
  return out;
}

export type FeatureSet = 1 | 2;

export interface PunctTaggerJson {
  kind?: 'crf';
  version: string;
  bits: number;
  tags: string[];
  featureSet?: FeatureSet;
  trans: number[];
  /** Whether the features read the parser's word clusters (`parser-clusters.bin.gz` beside the model). */
  clusters?: boolean;
  /** Sparse weights: [hashed index, weight] pairs (or `dense`). */
  weights?: Array<[number, number]>;
  /** All 2^bits weights × DENSE_SCALE, rounded, as little-endian int16, gzipped, in base64 (or `weights`). */
  dense?: string;
}

/** The scale of the dense weights' int16 (a weight to 3 decimals, as the sparse pairs give it). */
export const DENSE_SCALE = 1000;

/** The `dense` form of weights (each rounded to 1 / DENSE_SCALE; |w| at most 32.767). */
export function denseWeightText(weights: Float32Array): string {
  const q = Int16Array.from(weights, (v) => Math.max(-32767, Math.min(32767, Math.round(v * DENSE_SCALE))));
  return zlib.gzipSync(Buffer.from(q.buffer, q.byteOffset, q.byteLength), { level: 9 }).toString('base64');
}

/** The int16 values of the `dense` form (`denseWeightText`), weight × DENSE_SCALE. */
export function quantizedOfDense(bits: number, text: string | Buffer): Int16Array {
  const compressed = typeof text === 'string' ? Buffer.from(text, 'base64') : text;
  // One output buffer, not 16 KB chunks concatenated (the lower-case tagger's are 4 MB): the chunks and the copy are
  // freed memory the process keeps. A byte more than the expected size, or zlib would make a second chunk to look for more.
  const raw = zlib.gunzipSync(compressed, { chunkSize: (2 << bits) + 1 });
  if (raw.length !== 2 << bits) throw new Error(`punctuation tagger: ${raw.length} bytes of dense weights, expected ${2 << bits}`);
  // An Int16Array over the bytes where the machine is little-endian (every machine Node runs on, in practice): the
  // same int16 values as `readInt16LE`, without a method call for each of millions (~70 ms of a cold lint that loads
  // the lower-case tagger). The bytes are copied first when they do not start at an even offset.
  if (os.endianness() !== 'LE') return Int16Array.from({ length: 1 << bits }, (_, j) => raw.readInt16LE(2 * j));
  const even = raw.byteOffset % 2 === 0 ? raw : new Uint8Array(raw);
  return new Int16Array(even.buffer, even.byteOffset, 1 << bits);
}

/** The weights of int16 values: each the nearest float32 to q / DENSE_SCALE. */
function weightsOfQuantized(q: Int16Array): Float32Array {
  const out = new Float32Array(q.length);
  for (let j = 0; j < out.length; j++) out[j] = q[j] / DENSE_SCALE;
  return out;
}

/** The weights of the `dense` form (`denseWeightText`). */
export function weightsOfDense(bits: number, text: string): Float32Array {
  return weightsOfQuantized(quantizedOfDense(bits, text));
}

export function tagsOf(m: Pick<CrfTagger, 'tags'>): readonly string[] {
  return m.tags ?? MARKS;
}

/** The mark of each of a tag list's tags. */
export function marksOfTags(tags: readonly string[]): number[] {
  return tags.map((t) => (MARKS as readonly string[]).indexOf(t.startsWith(IN_QUESTION) ? t.slice(IN_QUESTION.length) : t));
}

/** The mark of a slot's marks (as `slotMarks` gives them): a sentence end first, then `;`, `:`, `,`. */
export function markOfSlot(marks: readonly string[]): number {
  if (marks.includes('?')) return 3;
  if (marks.includes('!')) return 4;
  if (marks.includes('.') || marks.includes('...')) return 2;
  if (marks.includes(';')) return 6;
  if (marks.includes(':')) return 5;
  if (marks.includes(',')) return 1;
  return 0;
}

/**
 * The class of the marks a writer wrote in a slot, as a tagger that reads them takes it (`bilstmTagger.ts`): the slot's
 * mark (`markOfSlot`), or OTHER_WRITTEN_MARK for other marks alone (quotes, brackets, dashes, an abbreviation's dot).
 * Training (`scripts/train-restore-bilstm.ts --written`) and the linter (`sideModels.ts`) both read slots through it.
 */
export function writtenMarkClass(marks: readonly string[]): number {
  const y = markOfSlot(marks);
  return y === 0 && marks.length > 0 ? OTHER_WRITTEN_MARK : y;
}

/**
 * The tags of a run's marks under a tag list: with the question state, a mark inside a sentence that ends with `?`
 * (after it, up to the previous sentence end) gets its `¿` tag; a run's last sentence, if it has no end, is no question.
 */
export function tagsOfMarks(tags: readonly string[], marks: readonly number[]): number[] {
  const out = new Array<number>(marks.length);
  let question = false;
  for (let i = marks.length - 1; i >= 0; i--) {
    const m = marks[i];
    if (SENTENCE_END_MARKS.includes(m)) question = m === QUESTION;
    const inside = question && !SENTENCE_END_MARKS.includes(m) ? tags.indexOf(IN_QUESTION + MARKS[m]) : -1;
    out[i] = inside >= 0 ? inside : tags.indexOf(MARKS[m]);
  }
  return out;
}

function shape(w: string | undefined): string {
  if (w === undefined) return 'none';
  if (w === 'i' || /^i['’]/.test(w)) return 'X';
  if (/^\p{Lu}\p{Ll}/u.test(w)) return 'Xx';
  if (/^\p{Lu}+$/u.test(w)) return 'X';
  if (/^\p{Ll}+$/u.test(w)) return 'x';
  if (/^\p{Ll}/u.test(w)) return 'x-';
  if (/^\d/.test(w)) return 'd';
  return 'o';
}

/** What the features read of each word of a run, computed once per word. */
interface RunView {
  norm: string[];
  shape: string[];
  cluster?: string[];
  coarse?: string[];
}

function runView(words: readonly string[], clusters?: ClusterMap): RunView {
  const norm = words.map((w) => normWord(w));
  const ids = clusters && norm.map((w) => clusterOf(clusters, hashString(w)));
  return { norm, shape: words.map(shape), cluster: ids?.map((c) => String(c.fine)), coarse: ids?.map((c) => String(c.coarse)) };
}

/**
 * A feature: `name=a|b|…` (or `name` alone). The features are given to an emitter rather than built as strings, so
 * that restoration can hash them without building the strings (FNV-1a reads a string's parts in order); the strings
 * are what the hashes are of (`tagFeatures`).
 */
type Emit = (name: string, a?: string, b?: string, c?: string, d?: string) => void;

function visitFeatures(v: RunView, i: number, set: FeatureSet, emit: Emit): void {
  const n = v.norm.length;
  const w = (k: number) => (k < 0 ? '<s>' : k >= n ? '</s>' : v.norm[k]);
  const [m1, w0, p1, p2] = [w(i - 1), w(i), w(i + 1), w(i + 2)];
  const s0 = v.shape[i];
  const s1 = i + 1 < n ? v.shape[i + 1] : 'none';
  emit('b');
  emit('w0', w0);
  emit('p1', p1);
  emit('m1', m1);
  emit('p2', p2);
  emit('m1w0', m1, w0);
  emit('w0p1', w0, p1);
  emit('p1p2', p1, p2);
  emit('m1w0p1', m1, w0, p1);
  emit('w0p1p2', w0, p1, p2);
  emit('s0', s0);
  emit('s1', s1);
  emit('s0s1', s0, s1);
  emit('s1w0', s1, w0);
  emit('suf0', w0.slice(-3));
  emit('suf0p1', w0.slice(-2), p1);
  emit('pos', String(Math.min(i, 5)));
  emit('left', String(Math.min(n - 1 - i, 5)));
  emit('m1p1', m1, p1);
  emit('w0p2', w0, p2);
  emit('suf1', p1.slice(-3));
  if (set === 2) {
    // A wider window: the words two before and three after, and the phrases they make with the slot's neighbours.
    const [m2, p3] = [w(i - 2), w(i + 3)];
    const s2 = i + 2 < n ? v.shape[i + 2] : 'none';
    emit('m2', m2);
    emit('p3', p3);
    emit('m2m1', m2, m1);
    emit('p2p3', p2, p3);
    emit('p1p2p3', p1, p2, p3);
    emit('m2m1w0', m2, m1, w0);
    emit('s1s2', s1, s2);
    emit('w0p1s2', w0, p1, s2);
  }
  if (!v.cluster) return;
  const cl = v.cluster;
  const c = (k: number) => (k < 0 || k >= n ? 'x' : cl[k]);
  const [cm1, c0, c1, c2] = [c(i - 1), c(i), c(i + 1), c(i + 2)];
  emit('c0', c0);
  emit('c1', c1);
  emit('c0c1', c0, c1);
  emit('w0c1', w0, c1);
  emit('c0p1', c0, p1);
  emit('cm1c0c1', cm1, c0, c1);
  emit('c0c1c2', c0, c1, c2);
  emit('s0c1', s0, c1);
  if (set === 2) {
    const co = v.coarse!;
    const g = (k: number) => (k < 0 || k >= n ? 'x' : co[k]);
    const [gm2, gm1, g0, g1, g2, g3] = [g(i - 2), g(i - 1), g(i), g(i + 1), g(i + 2), g(i + 3)];
    emit('w0c1c2', w0, c1, c2);
    emit('c1p2', c1, p2);
    emit('g0g1g2g3', g0, g1, g2, g3);
    emit('gm2gm1g0g1', gm2, gm1, g0, g1);
    emit('gm1g0g1g2', gm1, g0, g1, g2);
    emit('w0g1g2', w0, g1, g2);
  }
}

/** The feature strings of position i (the slot after words[i]); with clusters, also the words' clusters. */
export function tagFeatures(words: readonly string[], i: number, clusters?: ClusterMap, set: FeatureSet = 1): string[] {
  const out: string[] = [];
  visitFeatures(runView(words, clusters), i, set, (name, ...parts) => {
    const defined = parts.filter((x) => x !== undefined);
    out.push(defined.length ? `${name}=${defined.join('|')}` : name);
  });
  return out;
}

/** FNV-1a's state after `name=`, per feature name. */
const afterName = new Map<string, number>();

/** The hashes of each position's features (n arrays), computed once per run of words: `hashString` of `tagFeatures`. */
export function featureHashes(words: readonly string[], clusters?: ClusterMap, set: FeatureSet = 1): Int32Array[] {
  const v = runView(words, clusters);
  const buf: number[] = [];
  const part = (h: number, x: string | undefined) => (x === undefined ? h : fnvFrom(fnvFrom(h, '|'), x));
  const emit: Emit = (name, a, b, c, d) => {
    if (a === undefined) {
      buf.push(hashString(name));
      return;
    }
    let h = afterName.get(name);
    if (h === undefined) afterName.set(name, (h = fnvFrom(FNV_OFFSET, name + '=')));
    buf.push(part(part(part(fnvFrom(h, a), b), c), d));
  };
  return words.map((_, i) => {
    buf.length = 0;
    visitFeatures(v, i, set, emit);
    return Int32Array.from(buf);
  });
}

/** The hashes of a run's features as a tagger reads them. */
export function taggerHashes(m: Pick<CrfTagger, 'clusters' | 'featureSet'>, words: readonly string[]): Int32Array[] {
  return featureHashes(words, m.clusters, m.featureSet ?? 1);
}

const TAG_MIX = [0, 0x9e3779b1, 0x85ebca6b, 0xc2b2ae35, 0x27d4eb2f, 0x165667b1, 0xd3a2646c, 0xfd7046c5, 0x7feb352d, 0x846ca68b, 0x2c1b3c6d, 0x297a2d39];

/** The weight index of feature hash h with tag y. */
export function weightIndex(h: number, y: number, bits: number): number {
  if (y >= TAG_MIX.length) throw new Error(`punctuation tagger: at most ${TAG_MIX.length} tags`);
  return ((h ^ TAG_MIX[y]) >>> 0) & ((1 << bits) - 1);
}

/** Emission and transition scores of a run of words over the model's tags (features already hashed). */
export function taggerScores(m: Pick<CrfTagger, 'bits' | 'weights' | 'quantized' | 'trans' | 'tags'>, hashes: readonly Int32Array[]): CrfScores {
  const k = tagsOf(m).length;
  const emit = new Float64Array(hashes.length * k);
  const mask = (1 << m.bits) - 1;
  // From the int16 form when the tagger has it (`weights` then not made): fround(q / DENSE_SCALE) is the float32
  // `weights` holds, bit for bit, as fround(w / 1) is a float32 weight w itself.
  const table = m.quantized ?? m.weights;
  const scale = m.quantized ? DENSE_SCALE : 1;
  hashes.forEach((hs, i) => {
    for (let y = 0; y < k; y++) emit[i * k + y] = emissionSum(table, scale, hs, TAG_MIX[y], mask);
  });
  return { k, emit, trans: m.trans };
}

/**
 * A position's emission score for the tag mixed in as `mix`: Σ fround(table[index] / scale) over its feature hashes.
 * A function of its own, its loop over arguments: written inside the `forEach` closure over `table` and `scale`, the
 * one loop scored int16 weights 3–8% slower than the two it replaced; here ~15% faster (EWT dev, same scores).
 */
function emissionSum(table: Int16Array | Float32Array, scale: number, hs: Int32Array, mix: number, mask: number): number {
  let s = 0;
  for (let j = 0; j < hs.length; j++) s += Math.fround(table[((hs[j] ^ mix) >>> 0) & mask] / scale);
  return s;
}

/** Tag marginals (n × k) summed by mark (n × MARK_COUNT). */
function byMark(m: Pick<CrfTagger, 'tags'>, marginals: Float64Array): Float64Array {
  const tags = tagsOf(m);
  if (tags === MARKS) return marginals;
  const mark = marksOfTags(tags);
  const k = tags.length;
  const n = marginals.length / k;
  const out = new Float64Array(n * MARK_COUNT);
  for (let i = 0; i < n; i++) for (let y = 0; y < k; y++) out[i * MARK_COUNT + mark[y]] += marginals[i * k + y];
  return out;
}

/** The most probable mark after each word, from n × MARK_COUNT marginals (a tagger without transitions between marks). */
function argmaxMarks(marginals: Float64Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < marginals.length; i += MARK_COUNT) {
    let y = 0;
    for (let k = 1; k < MARK_COUNT; k++) if (marginals[i + k] > marginals[i + y]) y = k;
    out.push(y);
  }
  return out;
}

/** P(mark | words) at each word: n × MARK_COUNT, `[i * MARK_COUNT + y]` the probability that mark y follows words[i]. */
export function tagMarginals(m: PunctTagger, words: readonly string[]): Float64Array {
  return tagRun(m, words, false).marginals;
}

/**
 * The mark marginals of a run of words and, if asked, the marks of its best tag sequence, from one computation of
 * the scores (restoration reads both when the tagger's own sentence ends cut the run). `f32`: a BiLSTM tagger runs
 * in float32 SIMD where it can (`bilstmF32.ts`: restoration's speed, to float32 rounding); the linter's callers keep
 * the float64 `bilstmMarginals`.
 */
export function tagRun(m: PunctTagger, words: readonly string[], withBest: boolean, f32 = false): { marginals: Float64Array; best?: number[] } {
  if (words.length === 0) return { marginals: new Float64Array(0), best: withBest ? [] : undefined };
  if (isBiLstm(m) || isMean(m)) {
    const kernel = f32 && isBiLstm(m) ? f32Kernel(m) : undefined;
    const marginals = isMean(m) ? meanMarginals(m, words, f32) : kernel ? kernel.marginals(words) : bilstmMarginals(m, words);
    return { marginals, best: withBest ? argmaxMarks(marginals) : undefined };
  }
  const scores = taggerScores(m, taggerHashes(m, words));
  const mark = marksOfTags(tagsOf(m));
  return { marginals: byMark(m, posteriors(scores).marginals), best: withBest ? viterbi(scores).map((y) => mark[y]) : undefined };
}

/**
 * The tagger's reading of a run of tokens, made over the run's written words (the spans between spaces), as every
 * tagger was trained: a token that ends a written word takes the word's row, a token inside one (`do` of `don't`,
 * `agency` of `agency's`) no mark. The engine's tokens split words the taggers never saw split (`n't`, `'s`).
 * `tokens`: each token's offsets in `text`.
 */
export function tagRunByWords(m: PunctTagger, tokens: ReadonlyArray<{ start: number; end: number }>, text: string, withBest: boolean): { marginals: Float64Array; best?: number[] } {
  // Tokens grouped into written words: a token with no space before the next joins that token's word (`she` `/` `her`
  // make the one word `she/her`, as training read it).
  const lastOfWord: number[] = [];
  const words: string[] = [];
  let from = 0;
  for (let k = 0; k < tokens.length; k++) {
    const glued = k + 1 < tokens.length && !/\s/.test(text.slice(tokens[k].end, tokens[k + 1].start));
    if (glued) continue;
    words.push(text.slice(tokens[from].start, tokens[k].end));
    lastOfWord.push(k);
    from = k + 1;
  }
  const byWord = tagRun(m, words, withBest, true);
  const marginals = new Float64Array(tokens.length * MARK_COUNT);
  for (let k = 0; k < tokens.length; k++) marginals[k * MARK_COUNT] = 1;
  const best = withBest ? new Array<number>(tokens.length).fill(0) : undefined;
  lastOfWord.forEach((k, w) => {
    marginals.set(byWord.marginals.subarray(w * MARK_COUNT, (w + 1) * MARK_COUNT), k * MARK_COUNT);
    if (best && byWord.best) best[k] = byWord.best[w];
  });
  return { marginals, best };
}

/** The marks of the tagger's best tags for a run of words (its restoration as a system of its own). */
export function bestMarks(m: PunctTagger, words: readonly string[]): number[] {
  if (isBiLstm(m) || isMean(m)) return argmaxMarks(tagRun(m, words, false).marginals);
  const mark = marksOfTags(tagsOf(m));
  return viterbi(taggerScores(m, taggerHashes(m, words))).map((y) => mark[y]);
}


/** The tagger of a file's JSON; `dir`: where the word clusters are, when it reads them. */
export function punctTaggerFromJson(j: PunctTaggerJson | BiLstmTaggerJson | MeanTaggerJson, dir?: string, file?: string, denseBytes?: Buffer): PunctTagger {
  if (j.kind === 'bilstm') return bilstmTaggerFromJson(j, dir);
  if (j.kind === 'mean') {
    if (!file) throw new Error('punctuation tagger: a mean of taggers is read from a file, whose directory its files are relative to');
    const taggers = j.files.map((f) => readPunctTaggerFile(path.resolve(path.dirname(file), f), dir ?? path.dirname(file)));
    return { kind: 'mean', version: `mean(${taggers.map((t) => t.version).join(', ')})`, taggers };
  }
  const known = [MARKS, QUESTION_STATE_TAGS].find((t) => t.join(' ') === j.tags.join(' '));
  if (!known) throw new Error(`punctuation tagger: tags ${JSON.stringify(j.tags)}, expected ${JSON.stringify(MARKS)} or ${JSON.stringify(QUESTION_STATE_TAGS)}`);
  const k = known.length;
  if (j.trans.length !== (k + 1) * k) throw new Error(`punctuation tagger: ${j.trans.length} transition scores, expected ${(k + 1) * k}`);
  if (j.featureSet !== undefined && j.featureSet !== 1 && j.featureSet !== 2) throw new Error(`punctuation tagger: unknown feature set ${String(j.featureSet)}`);
  if (j.clusters && !dir) throw new Error('punctuation tagger: its features read word clusters, and no directory was given');
  const clusters = j.clusters ? readClusters(path.join(dir!, CLUSTERS_FILE)) : undefined;
  const common = { version: j.version, bits: j.bits, trans: Float64Array.from(j.trans), tags: known, featureSet: j.featureSet ?? 1, clusters };
  if (j.dense !== undefined) {
    // Kept as int16 (the lower-case tagger: 4 MB instead of 8 in the language server); float32 only if asked for.
    const quantized = quantizedOfDense(j.bits, denseBytes ?? j.dense);
    let weights: Float32Array | undefined;
    return {
      ...common,
      quantized,
      get weights(): Float32Array {
        return (weights ??= weightsOfQuantized(quantized));
      },
    };
  }
  const weights = new Float32Array(1 << j.bits);
  for (const [i, v] of j.weights ?? []) weights[i] = v;
  return { ...common, weights };
}

const readTagger = onceByFile((f) => {
  // The CRF's `dense` weights decoded from the file's bytes, never a string (`data/base64Field.ts`).
  const { json, decoded } = parseWithBase64Field<PunctTaggerJson | BiLstmTaggerJson | MeanTaggerJson>(readModelFile(f), 'dense');
  return punctTaggerFromJson(json, path.dirname(f), f, decoded);
});

/**
 * The tagger trained on text typed without capitals (`LOWER_EVERY=1` in `scripts/train-restore-tagger.ts`), which
 * reads such text as several sentences where the bundled one, trained where only sentence-initial capitals were
 * lowered, leans on the capitals of names (`server/research/restore/taggerDetection.ts`).
 */
export const LOWER_CASE_TAGGER_FILE = 'restore-tagger-lower.json';

/** A run of words with no capital letter: the lower-case tagger's to read. */
export function typedWithoutCapitals(words: readonly string[]): boolean {
  return !words.some((w) => /\p{Lu}/u.test(w));
}

/** The lower-case tagger, or undefined when it is missing. */
export function loadLowerCaseTagger(dir: string): PunctTagger | undefined {
  return readTagger(path.join(dir, LOWER_CASE_TAGGER_FILE));
}

/**
 * Restoration's reader of a run typed without capitals: a BiLSTM trained on lower-cased text
 * (`scripts/train-restore-bilstm.ts --lower-every 1 --lower-dev`), which cuts such runs better than the lower-case CRF
 * (journal, "A BiLSTM for text typed without capitals"). The linter keeps the CRF (`LOWER_CASE_TAGGER_FILE`): its
 * P(some end inside) is what the unpunctuated-paragraph finding's threshold was set on, and the BiLSTM's finds none of
 * the short learner paragraphs there.
 */
export const RESTORE_LOWER_CASE_TAGGER_FILE = 'restore-tagger-lower-bilstm.json';

/** Restoration's lower-case reader, else the lower-case CRF, or undefined when both are missing. */
export function loadRestoreLowerCaseTagger(dir: string): PunctTagger | undefined {
  return readTagger(path.join(dir, RESTORE_LOWER_CASE_TAGGER_FILE)) ?? loadLowerCaseTagger(dir);
}

/**
 * P(some sentence ends inside the run): 1 − Z(no sentence-final tag after words 1 … n−1) / Z, exact over the tag
 * sequences (the last word's mark is the run's own end and is not asked).
 */
export function someInnerEnd(m: PunctTagger, words: readonly string[]): number {
  const n = words.length;
  if (n < 2) return 0;
  if (isBiLstm(m) || isMean(m)) {
    // The BiLSTM's marks are independent given the run: P(no end) is the product over the inner words (for a mean of
    // taggers, the same product over the mean's marginals: an approximation, as the CRF's marks are not independent).
    const p = tagRun(m, words, false).marginals;
    let none = 1;
    for (let i = 0; i < n - 1; i++) none *= 1 - SENTENCE_END_MARKS.reduce((a, y) => a + p[i * MARK_COUNT + y], 0);
    return 1 - none;
  }
  const scores = taggerScores(m, taggerHashes(m, words));
  const k = scores.k;
  const ends = marksOfTags(tagsOf(m)).map((y) => SENTENCE_END_MARKS.includes(y));
  const emit = Float64Array.from(scores.emit);
  for (let i = 0; i < n - 1; i++) for (let y = 0; y < k; y++) if (ends[y]) emit[i * k + y] = -Infinity;
  const logZ = logPartition(scores);
  const logZNone = logPartition({ k, emit, trans: scores.trans });
  return -Math.expm1(logZNone - logZ);
}

/** The CRF baseline, or undefined when it is missing. */
export function loadCrfTagger(dir: string): PunctTagger | undefined {
  return readTagger(path.join(dir, CRF_TAGGER_FILE));
}

/** The bundled tagger, or undefined when it is missing (restoration then uses the punctuation model's commas alone). */
export function loadPunctTagger(dir: string): PunctTagger | undefined {
  return readTagger(path.join(dir, TAGGER_MODEL_FILE));
}

/** A tagger from a file anywhere, its word clusters from `clustersDir` (benchmarks comparing a candidate with the bundled one). */
export function readPunctTaggerFile(file: string, clustersDir: string): PunctTagger {
  return punctTaggerFromJson(JSON.parse(fs.readFileSync(file, 'utf8')) as PunctTaggerJson | BiLstmTaggerJson | MeanTaggerJson, clustersDir, file);
}
