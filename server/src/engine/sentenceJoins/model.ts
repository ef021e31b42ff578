/**
 * The sentence-join model (`models/en/sentence-joins.bin`, `modelFile.ts`): a logistic model over hashed features of a slot written
 * with a comma or nothing (`features.ts`), giving P(an editor ended a sentence there). Trained on edited-english
 * train: the joins of consecutive sentences made by the corruption generator (a comma, or nothing, and the second
 * sentence's first word in lower case, as writers who join them write it), against every other comma-only or
 * unmarked slot of the written sentences (`server/research/sentenceJoins/train.ts`).
 */
import * as fs from 'fs';
import * as path from 'path';
import { logistic, onceByFile } from '../../restore/hashedLogistic';
import { JoinFeatureParts, JoinMark } from './features';
import { decodeJoinModel } from './modelFile';

export const SENTENCE_JOINS_FILE = 'sentence-joins.bin';

export interface JoinModel {
  readonly version: string;
  readonly bits: number;
  /** The weight of each of the 2^bits hashed features. */
  readonly weights: Float32Array;
}

/** σ(Σ w_f). */
export function joinProbability(m: JoinModel, features: readonly string[]): number {
  return logistic(m.weights, features, m.bits);
}

/**
 * `joinProbability(m, joinFeatures(…))` from the features' parts, the same sum in the same order: the features
 * crossed with the mark are hashed by running FNV-1a (`parser/hash.ts hashString`) on from the state after their
 * prefix, so their strings (half of a slot's, each concatenated and then flattened to be hashed) are never made.
 */
export function joinPartsProbability(m: JoinModel, parts: JoinFeatureParts, mark: JoinMark): number {
  const mask = (1 << m.bits) - 1;
  const w = m.weights;
  const { plain, markAt } = parts;
  let z = 0;
  for (let k = 0; k < plain.length; k++) z += w[(fnvFrom(FNV_OFFSET, plain[k]) >>> 0) & mask];
  const crossed = fnvFrom(FNV_OFFSET, `${mark}:`);
  for (let k = 0; k < plain.length; k++) if (k !== markAt) z += w[(fnvFrom(crossed, plain[k]) >>> 0) & mask];
  return 1 / (1 + Math.exp(-z));
}

const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a over the UTF-16 code units of s from state h: fnvFrom(fnvFrom(OFFSET, a), b) is hashString(a + b). */
function fnvFrom(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

const readJoinModel = onceByFile((f) => decodeJoinModel(fs.readFileSync(f)));

/** The model of `dir`, or undefined when it has none (then no comma-splice or fused-sentence findings of its own). */
export function loadJoinModel(dir: string): JoinModel | undefined {
  return readJoinModel(path.join(dir, SENTENCE_JOINS_FILE));
}
