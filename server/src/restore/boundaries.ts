/**
 * Sentence boundaries in a run of words (dictated text has none): a logistic model over the words around each slot
 * (a boundary or not) and over a sentence's first and last words (a question or not), trained on EWT train and
 * edited-english train with their punctuation removed (`scripts/train-restore-boundaries.ts`,
 * `models/en/restore-boundaries.json`). The punctuation model cannot place them: it was trained on one sentence at a
 * time, so in a run of sentences parsed as one tree it almost never writes a period (BENCHMARKS.md, "Restoration").
 */
import * as fs from 'fs';
import * as path from 'path';
import { denseWeights, FEATURE_BITS, featureIndex, hashOfParts, logistic, onceByFile } from './hashedLogistic';
import { readModelFile } from '../data/modelIntegrity';

export const BOUNDARY_MODEL_FILE = 'restore-boundaries.json';

/** The parse of a run of words as one tree: per word its UPOS, head (index in the run, −1 for the root) and relation. */
export interface RunParse {
  upos: readonly string[];
  head: readonly number[];
  deprel: readonly string[];
}

export interface BoundaryModel {
  readonly version: string;
  /** Whether its features read the parse of the run (then restoration parses the run before cutting it). */
  readonly parse: boolean;
  /** Slots with P(boundary) at least this are split (chosen on dev data by the trainer). */
  readonly threshold: number;
  /** A sentence with P(question) at least this ends with `?` (chosen on dev data by the trainer). */
  readonly questionThreshold: number;
  readonly boundary: Float32Array;
  readonly question: Float32Array;
}

export interface BoundaryModelJson {
  version: string;
  parse?: boolean;
  bits: number;
  threshold: number;
  questionThreshold: number;
  /** Sparse weights: [hashed index, weight] pairs. */
  boundary: Array<[number, number]>;
  question: Array<[number, number]>;
}

export { FEATURE_BITS, featureIndex, logistic };

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

/**
 * Features of the slot before words[i] (1 ≤ i < n); with the run's parse, also what the parse says of the slot: the
 * tags around it, the relations of the words on each side and where their heads are, and how many arcs cross it (a
 * sentence boundary inside a run parsed as one tree is crossed by one arc, parataxis or conj, or by none).
 */
export function boundaryFeatures(words: readonly string[], i: number, parse?: RunParse, seen: BoundaryWords = boundaryWords(words)): string[] {
  const out: string[] = [];
  writeBoundaryFeatures(seen, i, parse, (a, b = '', c = '', d = '', e = '', f = '', g = '', h = '') => out.push(a + b + c + d + e + f + g + h));
  return out;
}

/**
 * The words of a run as the boundary features read them, each normalised and shaped once: every slot reads four
 * words and two shapes, and the case folding and the regular expressions were a large part of a slot's cost.
 */
export interface BoundaryWords {
  /** `normWord` of each word. */
  norm: readonly string[];
  /** `shape` of each word. */
  shapes: readonly string[];
}

export function boundaryWords(words: readonly string[]): BoundaryWords {
  return { norm: words.map((w) => normWord(w)), shapes: words.map((w) => shape(w)) };
}

/** A feature whose string is the parts a … h joined (FNV-1a can hash it part by part, `parser/fnv.ts`). */
export type FeatureWriter = (a: string, b?: string, c?: string, d?: string, e?: string, f?: string, g?: string, h?: string) => void;

/**
 * The one definition of `boundaryFeatures`, written part by part, in the same order: the sentence-join model hashes
 * them from their parts without building the strings.
 */
export function writeBoundaryFeatures(words: BoundaryWords, i: number, parse: RunParse | undefined, add: FeatureWriter): void {
  // A position outside the run reads as `normWord(undefined)` and `shape(undefined)`.
  const [l2, l1, r1, r2] = [normAt(words, i - 2), normAt(words, i - 1), normAt(words, i), normAt(words, i + 1)];
  const r1s = shapeOf(words, i);
  add('b');
  add('l1=', l1);
  add('l2=', l2);
  add('r1=', r1);
  add('r2=', r2);
  add('l1r1=', l1, '|', r1);
  add('l2l1=', l2, '|', l1);
  add('r1r2=', r1, '|', r2);
  add('l1r1r2=', l1, '|', r1, '|', r2);
  add('l2l1r1=', l2, '|', l1, '|', r1);
  add('r1s=', r1s);
  add('l1s=', shapeOf(words, i - 1), '|r1s=', r1s);
  if (!parse) return;
  let cross = 0;
  const heads = parse.head;
  for (let d = 0; d < heads.length; d++) {
    const h = heads[d];
    if (h >= 0 && Math.min(h, d) < i && Math.max(h, d) >= i) cross++;
  }
  const c = CROSSINGS[Math.min(cross, 4)];
  const [pl, pr] = [parse.upos[i - 1], parse.upos[i]];
  const [rd, rdir] = [parse.deprel[i], headSide(parse, i)];
  const [ld, ldir] = [parse.deprel[i - 1], headSide(parse, i - 1)];
  add('pu=', pl, '|', pr);
  add('rd=', rd, '|', rdir);
  add('ld=', ld, '|', ldir);
  add('c=', c);
  add('rdc=', rd, '|', rdir, '|', c);
  add('puc=', pl, '|', pr, '|', c);
  add('ldrd=', ld, '|', ldir, '|', rd, '|', rdir);
  add('r1rd=', r1, '|', rd, '|', rdir);
}

/*
 * The readings of `writeBoundaryFeatures`: functions of the module rather than closures made at each slot (the bundle's
 * keepNames names every closure as it is made).
 */
/** Word k's normalised form, `normWord(undefined)` outside the run. */
function normAt(words: BoundaryWords, k: number): string {
  return k >= 0 && k < words.norm.length ? words.norm[k] : NO_WORD;
}
/** Word k's shape, `shape(undefined)` outside the run. */
function shapeOf(words: BoundaryWords, k: number): string {
  return k >= 0 && k < words.norm.length ? words.shapes[k] : NO_SHAPE;
}
/** Where word k's head is: `root`, to its left (`L`) or to its right (`R`). */
function headSide(parse: RunParse, k: number): string {
  return parse.head[k] < 0 ? 'root' : parse.head[k] < k ? 'L' : 'R';
}

const CROSSINGS = ['0', '1', '2', '3', '4'];
const NO_WORD = normWord(undefined);
const NO_SHAPE = shape(undefined);

/** Features of a sentence for its final mark (a question or not). */
export function questionFeatures(words: readonly string[]): string[] {
  const w = (k: number) => normWord(words[k < 0 ? words.length + k : k]);
  return ['b', `f1=${w(0)}`, `f2=${w(0)}|${w(1)}`, `f3=${w(0)}|${w(1)}|${w(2)}`, `e1=${w(-1)}`, `e2=${w(-2)}|${w(-1)}`, `f1e1=${w(0)}|${w(-1)}`];
}

/**
 * P(boundary) at each slot 1 … n−1 (index i: before words[i]; entries 0 and n are 0): `logistic` of
 * `boundaryFeatures`, each feature hashed from its parts (`parser/fnv.ts`) without building its string.
 */
export function boundaryProbs(m: BoundaryModel, words: readonly string[], parse?: RunParse): number[] {
  if (m.parse && !parse) throw new Error('this boundary model reads the parse of the run');
  const mask = (1 << FEATURE_BITS) - 1;
  let z = 0;
  const add: FeatureWriter = (a, b, c, d, e, f, g, h) => {
    z += m.boundary[(hashOfParts(a, b, c, d, e, f, g, h) >>> 0) & mask];
  };
  const seen = boundaryWords(words);
  const out = new Array<number>(words.length + 1).fill(0);
  for (let i = 1; i < words.length; i++) {
    z = 0;
    writeBoundaryFeatures(seen, i, m.parse ? parse : undefined, add);
    out[i] = 1 / (1 + Math.exp(-z));
  }
  return out;
}

/** The run's parse as the features read it, from a parsed sentence's tree. */
export function runParse(words: ReadonlyArray<{ upos: string; head: number; deprel: string }>): RunParse {
  return { upos: words.map((w) => w.upos), head: words.map((w) => w.head - 1), deprel: words.map((w) => w.deprel) };
}

export function questionProb(m: BoundaryModel, words: readonly string[]): number {
  return logistic(m.question, questionFeatures(words));
}

export function boundaryModelFromJson(j: BoundaryModelJson): BoundaryModel {
  if (j.bits !== FEATURE_BITS) throw new Error(`boundary model: ${j.bits}-bit features, expected ${FEATURE_BITS}`);
  return { version: j.version, parse: j.parse ?? false, threshold: j.threshold, questionThreshold: j.questionThreshold, boundary: denseWeights(j.bits, j.boundary), question: denseWeights(j.bits, j.question) };
}

const readBoundaryModel = onceByFile((f) => boundaryModelFromJson(JSON.parse(readModelFile(f).toString('utf8')) as BoundaryModelJson));

/** The bundled boundary model, or undefined when it is missing (restoration then keeps the tokenizer's sentences). */
export function loadBoundaryModel(dir: string): BoundaryModel | undefined {
  return readBoundaryModel(path.join(dir, BOUNDARY_MODEL_FILE));
}
