/**
 * The sentence-join model (`models/en/sentence-joins.json`): a logistic model over hashed features of a slot written
 * with a comma or nothing (`features.ts`), giving P(an editor ended a sentence there). Trained on edited-english
 * train: the joins of consecutive sentences made by the corruption generator (a comma, or nothing, and the second
 * sentence's first word in lower case, as writers who join them write it), against every other comma-only or
 * unmarked slot of the written sentences (`server/research/sentenceJoins/train.ts`).
 */
import * as fs from 'fs';
import * as path from 'path';
import { featureIndex } from '../../restore/boundaries';

export const SENTENCE_JOINS_FILE = 'sentence-joins.json';

export interface JoinModelJson {
  version: string;
  bits: number;
  /** Sparse weights: [hashed index, weight] pairs. */
  weights: Array<[number, number]>;
}

export interface JoinModel {
  readonly version: string;
  readonly bits: number;
  readonly weights: Float32Array;
}

export function joinModelFromJson(j: JoinModelJson): JoinModel {
  const weights = new Float32Array(1 << j.bits);
  for (const [k, v] of j.weights) weights[k] = v;
  return { version: j.version, bits: j.bits, weights };
}

/** σ(Σ w_f). */
export function joinProbability(m: JoinModel, features: readonly string[]): number {
  let z = 0;
  for (const f of features) z += m.weights[featureIndex(f, m.bits)];
  return 1 / (1 + Math.exp(-z));
}

const loaded = new Map<string, JoinModel | null>();

/** The model of `dir`, or undefined when it has none (then no comma-splice or fused-sentence findings of its own). */
export function loadJoinModel(dir: string): JoinModel | undefined {
  const f = path.join(dir, SENTENCE_JOINS_FILE);
  let m = loaded.get(f);
  if (m === undefined) {
    m = fs.existsSync(f) ? joinModelFromJson(JSON.parse(fs.readFileSync(f, 'utf8')) as JoinModelJson) : null;
    loaded.set(f, m);
  }
  return m ?? undefined;
}
