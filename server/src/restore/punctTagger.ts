/**
 * A discriminative punctuation tagger over words: a linear-chain CRF over hashed lexical features (a window of words,
 * their shapes and suffixes) that tags each word of a run of unpunctuated words with the mark written after it
 * (none, `,`, `.`, `?`, `!`, `:` or `;`). It is the discriminative baseline of the paper's Figure 4 (there a BiLSTM-CRF;
 * here a feature-based CRF, which trains in minutes on two shared cores), and restoration reads its comma posteriors
 * as evidence beside the punctuation model's samples (`restorer.ts`). Trained on EWT train and edited-english train as
 * dictation gives them (`scripts/train-restore-tagger.ts`, `models/en/restore-tagger.json`).
 */
import * as fs from 'fs';
import * as path from 'path';
import { hashString } from '../parser/hash';
import { onceByFile } from './hashedLogistic';
import { CrfScores, posteriors, viterbi } from './linearChainCrf';
import { normWord } from './boundaries';
import { ClusterMap, clusterOf, readClusters } from '../parser/wordClusters';

export const TAGGER_MODEL_FILE = 'restore-tagger.json';

/** The tags: the main mark written after a word. */
export const TAGS = ['', ',', '.', '?', '!', ':', ';'] as const;
export const K = TAGS.length;
export const COMMA = 1;
export const QUESTION = 3;
export const COLON = 5;
export const SEMICOLON = 6;
/** Tags that end a sentence. */
export const SENTENCE_END_TAGS: readonly number[] = [2, 3, 4];

export interface PunctTagger {
  readonly version: string;
  readonly bits: number;
  /** 2^bits hashed (feature, tag) weights. */
  readonly weights: Float32Array;
  /** (K + 1) × K transition scores, the last row the start. */
  readonly trans: Float64Array;
  /** The parser's word clusters, when the features read them (so that `however` teaches `nevertheless`). */
  readonly clusters?: ClusterMap;
}

export interface PunctTaggerJson {
  version: string;
  bits: number;
  tags: string[];
  trans: number[];
  /** Whether the features read the parser's word clusters (`parser-clusters.bin.gz` beside the model). */
  clusters?: boolean;
  /** Sparse weights: [hashed index, weight] pairs. */
  weights: Array<[number, number]>;
}

/** The tag of a slot's marks (as `slotMarks` gives them): a sentence end first, then `;`, `:`, `,`. */
export function tagOfMarks(marks: readonly string[]): number {
  if (marks.includes('?')) return 3;
  if (marks.includes('!')) return 4;
  if (marks.includes('.') || marks.includes('...')) return 2;
  if (marks.includes(';')) return 6;
  if (marks.includes(':')) return 5;
  if (marks.includes(',')) return 1;
  return 0;
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
}

function runView(words: readonly string[], clusters?: ClusterMap): RunView {
  const norm = words.map((w) => normWord(w));
  return { norm, shape: words.map(shape), cluster: clusters && norm.map((w) => String(clusterOf(clusters, hashString(w)).fine)) };
}

function viewFeatures(v: RunView, i: number): string[] {
  const n = v.norm.length;
  const w = (k: number) => (k < 0 ? '<s>' : k >= n ? '</s>' : v.norm[k]);
  const [m1, w0, p1, p2] = [w(i - 1), w(i), w(i + 1), w(i + 2)];
  const s0 = v.shape[i];
  const s1 = i + 1 < n ? v.shape[i + 1] : 'none';
  const lexical = [
    'b',
    `w0=${w0}`,
    `p1=${p1}`,
    `m1=${m1}`,
    `p2=${p2}`,
    `m1w0=${m1}|${w0}`,
    `w0p1=${w0}|${p1}`,
    `p1p2=${p1}|${p2}`,
    `m1w0p1=${m1}|${w0}|${p1}`,
    `w0p1p2=${w0}|${p1}|${p2}`,
    `s0=${s0}`,
    `s1=${s1}`,
    `s0s1=${s0}|${s1}`,
    `s1w0=${s1}|${w0}`,
    `suf0=${w0.slice(-3)}`,
    `suf0p1=${w0.slice(-2)}|${p1}`,
    `pos=${Math.min(i, 5)}`,
    `left=${Math.min(n - 1 - i, 5)}`,
    `m1p1=${m1}|${p1}`,
    `w0p2=${w0}|${p2}`,
    `suf1=${p1.slice(-3)}`,
  ];
  if (!v.cluster) return lexical;
  const cl = v.cluster;
  const c = (k: number) => (k < 0 || k >= n ? 'x' : cl[k]);
  const [cm1, c0, c1, c2] = [c(i - 1), c(i), c(i + 1), c(i + 2)];
  return [...lexical, `c0=${c0}`, `c1=${c1}`, `c0c1=${c0}|${c1}`, `w0c1=${w0}|${c1}`, `c0p1=${c0}|${p1}`, `cm1c0c1=${cm1}|${c0}|${c1}`, `c0c1c2=${c0}|${c1}|${c2}`, `s0c1=${s0}|${c1}`];
}

/** The feature strings of position i (the slot after words[i]); with clusters, also the words' clusters. */
export function tagFeatures(words: readonly string[], i: number, clusters?: ClusterMap): string[] {
  return viewFeatures(runView(words, clusters), i);
}

/** The hashes of each position's features (n arrays), computed once per run of words. */
export function featureHashes(words: readonly string[], clusters?: ClusterMap): Int32Array[] {
  const v = runView(words, clusters);
  return words.map((_, i) => Int32Array.from(viewFeatures(v, i), hashString));
}

const TAG_MIX = [0, 0x9e3779b1, 0x85ebca6b, 0xc2b2ae35, 0x27d4eb2f, 0x165667b1, 0xd3a2646c, 0xfd7046c5];

/** The weight index of feature hash h with tag y. */
export function weightIndex(h: number, y: number, bits: number): number {
  return ((h ^ TAG_MIX[y]) >>> 0) & ((1 << bits) - 1);
}

/** Emission and transition scores of a run of words (features already hashed). */
export function taggerScores(m: Pick<PunctTagger, 'bits' | 'weights' | 'trans'>, hashes: readonly Int32Array[]): CrfScores {
  const emit = new Float64Array(hashes.length * K);
  hashes.forEach((hs, i) => {
    for (let y = 0; y < K; y++) {
      let s = 0;
      for (const h of hs) s += m.weights[weightIndex(h, y, m.bits)];
      emit[i * K + y] = s;
    }
  });
  return { k: K, emit, trans: m.trans };
}

/** P(tag | words) at each word: n × K, `[i * K + y]` the probability that mark y follows words[i]. */
export function tagMarginals(m: PunctTagger, words: readonly string[]): Float64Array {
  if (words.length === 0) return new Float64Array(0);
  return posteriors(taggerScores(m, featureHashes(words, m.clusters))).marginals;
}

/**
 * The tag marginals of a run of words and, if asked, its best tags, from one computation of the scores (restoration
 * reads both when the tagger's own sentence ends cut the run).
 */
export function tagRun(m: PunctTagger, words: readonly string[], withBest: boolean): { marginals: Float64Array; best?: number[] } {
  if (words.length === 0) return { marginals: new Float64Array(0), best: withBest ? [] : undefined };
  const scores = taggerScores(m, featureHashes(words, m.clusters));
  return { marginals: posteriors(scores).marginals, best: withBest ? viterbi(scores) : undefined };
}

/** The tagger's best tags for a run of words (its restoration as a system of its own). */
export function bestTags(m: PunctTagger, words: readonly string[]): number[] {
  return viterbi(taggerScores(m, featureHashes(words, m.clusters)));
}

export const CLUSTERS_FILE = 'parser-clusters.bin.gz';

/** The tagger of a file's JSON; `dir`: where the word clusters are, when it reads them. */
export function punctTaggerFromJson(j: PunctTaggerJson, dir?: string): PunctTagger {
  if (j.tags.join(' ') !== TAGS.join(' ')) throw new Error(`punctuation tagger: tags ${JSON.stringify(j.tags)}, expected ${JSON.stringify(TAGS)}`);
  if (j.trans.length !== (K + 1) * K) throw new Error(`punctuation tagger: ${j.trans.length} transition scores, expected ${(K + 1) * K}`);
  const weights = new Float32Array(1 << j.bits);
  for (const [k, v] of j.weights) weights[k] = v;
  if (j.clusters && !dir) throw new Error('punctuation tagger: its features read word clusters, and no directory was given');
  const clusters = j.clusters ? readClusters(path.join(dir!, CLUSTERS_FILE)) : undefined;
  return { version: j.version, bits: j.bits, weights, trans: Float64Array.from(j.trans), clusters };
}

const readTagger = onceByFile((f) => punctTaggerFromJson(JSON.parse(fs.readFileSync(f, 'utf8')) as PunctTaggerJson, path.dirname(f)));

/** The bundled tagger, or undefined when it is missing (restoration then uses the punctuation model's commas alone). */
export function loadPunctTagger(dir: string): PunctTagger | undefined {
  return readTagger(path.join(dir, TAGGER_MODEL_FILE));
}
