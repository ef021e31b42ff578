/**
 * Sentence boundaries in a run of words (dictated text has none): a logistic model over the words around each slot
 * (a boundary or not) and over a sentence's first and last words (a question or not), trained on EWT train and
 * edited-english train with their punctuation removed (`scripts/train-restore-boundaries.ts`,
 * `models/en/restore-boundaries.json`). The punctuation model cannot place them: it was trained on one sentence at a
 * time, so in a run of sentences parsed as one tree it almost never writes a period (BENCHMARKS.md, "Restoration").
 */
import * as fs from 'fs';
import * as path from 'path';
import { hashString } from '../parser/hash';

export const BOUNDARY_MODEL_FILE = 'restore-boundaries.json';

export interface BoundaryModel {
  readonly version: string;
  /** Slots with P(boundary) at least this are split (chosen on dev data by the trainer). */
  readonly threshold: number;
  /** A sentence with P(question) at least this ends with `?` (chosen on dev data by the trainer). */
  readonly questionThreshold: number;
  readonly boundary: Float32Array;
  readonly question: Float32Array;
}

export interface BoundaryModelJson {
  version: string;
  bits: number;
  threshold: number;
  questionThreshold: number;
  /** Sparse weights: [hashed index, weight] pairs. */
  boundary: Array<[number, number]>;
  question: Array<[number, number]>;
}

export const FEATURE_BITS = 20;

/** A word as the features see it: lower case, digits folded. */
export function normWord(w: string | undefined): string {
  if (w === undefined) return '<none>';
  return w.toLowerCase().replace(/\d/g, '0');
}

function shape(w: string | undefined): string {
  if (w === undefined) return 'none';
  if (w === 'i' || w === "i'm" || w === 'i’m') return 'X'; // the pronoun typed in lower case
  if (/^\p{Lu}\p{Ll}/u.test(w)) return 'Xx';
  if (/^\p{Lu}+$/u.test(w)) return 'X';
  if (/^\p{Ll}/u.test(w)) return 'x';
  if (/^\d/.test(w)) return 'd';
  return 'o';
}

/** Features of the slot before words[i] (1 ≤ i < n). */
export function boundaryFeatures(words: readonly string[], i: number): string[] {
  const w = (k: number) => normWord(words[k]);
  const [l2, l1, r1, r2] = [w(i - 2), w(i - 1), w(i), w(i + 1)];
  return [
    'b',
    `l1=${l1}`,
    `l2=${l2}`,
    `r1=${r1}`,
    `r2=${r2}`,
    `l1r1=${l1}|${r1}`,
    `l2l1=${l2}|${l1}`,
    `r1r2=${r1}|${r2}`,
    `l1r1r2=${l1}|${r1}|${r2}`,
    `l2l1r1=${l2}|${l1}|${r1}`,
    `r1s=${shape(words[i])}`,
    `l1s=${shape(words[i - 1])}|r1s=${shape(words[i])}`,
  ];
}

/** Features of a sentence for its final mark (a question or not). */
export function questionFeatures(words: readonly string[]): string[] {
  const w = (k: number) => normWord(words[k < 0 ? words.length + k : k]);
  return ['b', `f1=${w(0)}`, `f2=${w(0)}|${w(1)}`, `f3=${w(0)}|${w(1)}|${w(2)}`, `e1=${w(-1)}`, `e2=${w(-2)}|${w(-1)}`, `f1e1=${w(0)}|${w(-1)}`];
}

export function featureIndex(f: string, bits = FEATURE_BITS): number {
  return (hashString(f) >>> 0) & ((1 << bits) - 1);
}

/** σ(Σ w_f); `hashed`: the features are already indices. */
export function logistic(weights: Float32Array, features: readonly string[], bits = FEATURE_BITS, hashed = false): number {
  let z = 0;
  for (const f of features) z += weights[hashed ? Number(f) : featureIndex(f, bits)];
  return 1 / (1 + Math.exp(-z));
}

/** P(boundary) at each slot 1 … n−1 (index i: before words[i]; entries 0 and n are 0). */
export function boundaryProbs(m: BoundaryModel, words: readonly string[]): number[] {
  return words.map((_, i) => (i === 0 ? 0 : logistic(m.boundary, boundaryFeatures(words, i)))).concat([0]);
}

export function questionProb(m: BoundaryModel, words: readonly string[]): number {
  return logistic(m.question, questionFeatures(words));
}

export function boundaryModelFromJson(j: BoundaryModelJson): BoundaryModel {
  const dense = (pairs: Array<[number, number]>) => {
    const a = new Float32Array(1 << j.bits);
    for (const [k, v] of pairs) a[k] = v;
    return a;
  };
  if (j.bits !== FEATURE_BITS) throw new Error(`boundary model: ${j.bits}-bit features, expected ${FEATURE_BITS}`);
  return { version: j.version, threshold: j.threshold, questionThreshold: j.questionThreshold, boundary: dense(j.boundary), question: dense(j.question) };
}

const loaded = new Map<string, BoundaryModel | null>();

/** The bundled boundary model, or undefined when it is missing (restoration then keeps the tokenizer's sentences). */
export function loadBoundaryModel(dir: string): BoundaryModel | undefined {
  const f = path.join(dir, BOUNDARY_MODEL_FILE);
  let m = loaded.get(f);
  if (m === undefined) {
    m = fs.existsSync(f) ? boundaryModelFromJson(JSON.parse(fs.readFileSync(f, 'utf8')) as BoundaryModelJson) : null;
    loaded.set(f, m);
  }
  return m ?? undefined;
}
