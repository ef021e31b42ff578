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

const readJoinModel = onceByFile((f) => decodeJoinModel(fs.readFileSync(f)));

/** The model of `dir`, or undefined when it has none (then no comma-splice or fused-sentence findings of its own). */
export function loadJoinModel(dir: string): JoinModel | undefined {
  return readJoinModel(path.join(dir, SENTENCE_JOINS_FILE));
}
