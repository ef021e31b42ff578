/**
 * The comma decision's second stage: the first stage (`commaModel.ts`) decides each slot alone, but commas come
 * together. A series written without commas has them at every item or at none (`like C⟦,⟧ Fortran⟦,⟧ or Java`), an
 * aside has one at each end, and a sentence with one comma before `and` rarely has another between two nouns. The
 * second stage reads the first stage's P(comma) at the other slots of the sentence (its neighbours, the nearest slots
 * it is sure of, the slot before the next coordinator, the slots of the series before a coordinator) and corrects the
 * first stage's logit: P₂ = σ(logit P₁ + Σ w_f). Trained on first-stage P that were cross-fitted (a first stage
 * trained on one half of the training text, asked on the other), as restoration would see them
 * (`scripts/train-restore-comma-stage2.ts`); shipped inside `restore-commas.json`.
 */
import type { RunParse } from './boundaries';
import { hashOfParts } from './hashedLogistic';
import { logit } from './commaModel';
import type { CommaFeatureWriter } from './commaModel';

export interface CommaSecondStage {
  readonly bits: number;
  readonly weights: Float32Array;
}

const COORDINATORS = new Set(['and', 'or', 'nor', 'but']);
const SIZES = ['1', '2', '3', '4', '5-8', '9+'];
const size = (k: number) => SIZES[k <= 1 ? 0 : k <= 4 ? k - 1 : k <= 8 ? 4 : 5];
/** A probability's tenth (0 … 9). */
const tenth = (p: number) => String(Math.max(0, Math.min(9, Math.floor(p * 10))));
/** A probability's twentieth (the slot's own P, read finely). */
const twentieth = (p: number) => String(Math.max(0, Math.min(19, Math.floor(p * 20))));
/** The slot's own P, coarsely (the level the other features are read at). */
const level = (p: number) => (p < 0.1 ? 'a' : p < 0.25 ? 'b' : p < 0.45 ? 'c' : p < 0.7 ? 'd' : 'e');
/** A first-stage P at which a slot counts as one it writes a comma in (the first stage's threshold on edited text). */
const SURE = 0.35;

/**
 * The second stage's features of the slot before words[i] (1 ≤ i < n): `p1[k]` the first stage's P(comma) at slot k
 * (1 … n − 1; slot 0 and n unread).
 */
export function writeSecondStageFeatures(words: readonly string[], parse: RunParse, p1: ArrayLike<number>, i: number, add: CommaFeatureWriter): void {
  const n = words.length;
  const q = (k: number) => (k >= 1 && k < n ? p1[k] : 0);
  const tag = (k: number) => (k >= 0 && k < n ? parse.upos[k] : '-');
  const own = level(q(i));
  add('b');
  add('o=', twentieth(q(i)));
  add('l=', tenth(q(i - 1)), '|', own);
  add('r=', tenth(q(i + 1)), '|', own);
  add('l2=', tenth(q(i - 2)), '|', own);
  add('r2=', tenth(q(i + 2)), '|', own);
  // The nearest slots the first stage writes a comma in, either side: an aside's other end, a series' other comma.
  let left = i - 1;
  while (left >= 1 && q(left) < SURE) left--;
  let right = i + 1;
  while (right < n && q(right) < SURE) right++;
  // (A size and the level, a tag and the level, join without a separator: neither can run into the other.)
  add('nl=', left >= 1 ? size(i - left) : 'none', own, '|', left >= 1 ? tag(left) : '-', '|', tag(i));
  add('nr=', right < n ? size(right - i) : 'none', own, '|', right < n ? tag(right) : '-', '|', tag(i - 1));
  let sure = 0;
  for (let k = 1; k < n; k++) if (k !== i && q(k) >= SURE) sure++;
  add('ns=', String(Math.min(sure, 4)), '|', own, '|', size(n));
  // The next coordinator: the first stage's P at the slot before it (a series' last comma, or a clause's).
  let c = i;
  while (c < n && !COORDINATORS.has(words[c].toLowerCase())) c++;
  if (c < n && c > i) {
    add('sc=', tenth(q(c)), '|', size(c - i), '|', tag(c + 1) === tag(i - 1) ? 'same' : 'other', '|', own);
    add('scw=', tenth(q(c)), words[c].toLowerCase(), '|', tag(i - 1), '|', tag(i), own);
  }
  if (c === i) {
    // The slot before a coordinator: the series before it (the first stage's surest slot within six words, and
    // whether its word has the tag of the word after the coordinator: items of one series).
    let best = 0;
    let at = -1;
    for (let k = Math.max(1, i - 6); k < i; k++) if (q(k) > best) ((best = q(k)), (at = k));
    add('sb=', tenth(best), at >= 0 && tag(at - 1) === tag(i + 1) ? 'same' : 'other', '|', tag(i - 1), '|', tag(i + 1), own);
    add('sbw=', tenth(best), '|', words[i].toLowerCase(), '|', own);
  }
  // Asides and clauses: the surest slot within six words on each side, with the tag beside this slot.
  let maxLeft = 0;
  for (let k = Math.max(1, i - 6); k < i; k++) maxLeft = Math.max(maxLeft, q(k));
  let maxRight = 0;
  for (let k = i + 1; k < Math.min(n, i + 7); k++) maxRight = Math.max(maxRight, q(k));
  add('ml=', tenth(maxLeft), '|', tag(i - 1), '|', own);
  add('mr=', tenth(maxRight), '|', tag(i), '|', own);
  add('mlr=', tenth(maxLeft), '|', tenth(maxRight), '|', own);
}

/** The hashes of a slot's second-stage features. */
export function secondStageHashes(words: readonly string[], parse: RunParse, p1: ArrayLike<number>, i: number, out: number[] = []): number[] {
  out.length = 0;
  writeSecondStageFeatures(words, parse, p1, i, (a, b, c, d, e, f, g, h) => out.push(hashOfParts(a, b, c, d, e, f, g, h)));
  return out;
}

/** The feature strings of a slot (what the hashes are of; for tests and inspection). */
export function secondStageFeatures(words: readonly string[], parse: RunParse, p1: ArrayLike<number>, i: number): string[] {
  const out: string[] = [];
  writeSecondStageFeatures(words, parse, p1, i, (...parts) => out.push(parts.filter((x) => x !== undefined).join('')));
  return out;
}

/** P₂(comma) at each slot 1 … n − 1 of a sentence from the first stage's (the same indexing; slot 0 and n kept 0). */
export function secondStageProbs(m: CommaSecondStage, words: readonly string[], parse: RunParse, p1: ArrayLike<number>, buf: number[] = []): Float64Array {
  const n = words.length;
  const out = new Float64Array(n + 1);
  const mask = (1 << m.bits) - 1;
  for (let i = 1; i < n; i++) {
    let z = logit(p1[i]);
    for (const h of secondStageHashes(words, parse, p1, i, buf)) z += m.weights[(h >>> 0) & mask];
    out[i] = 1 / (1 + Math.exp(-z));
  }
  return out;
}
