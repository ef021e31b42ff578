/**
 * The sentence-join model (`models/en/sentence-joins.bin`, `modelFile.ts`): a logistic model over hashed features of a slot written
 * with a comma or nothing (`features.ts`), giving P(an editor ended a sentence there). Trained on edited-english
 * train and EWT train: the joins of consecutive sentences made by the corruption generator (a comma, or nothing, and the
 * second sentence's first word in lower case, as writers who join them write it), against every other comma-only or
 * unmarked slot of edited-english's written sentences and the unmarked slots of EWT's
 * (`server/research/sentenceJoins/train.ts`).
 */
import * as fs from 'fs';
import * as path from 'path';
import { featureIndex, onceByFile } from '../../restore/hashedLogistic';
import type { WeightLookup } from '../hashedWeightsFile';
import { FNV_OFFSET, fnvFrom, fnvOfParts } from '../../parser/fnv';
import { PunctuatedTree } from '../../data/depunct';
import { JoinContext, JoinMark, MARK_FEATURE, writeJoinFeatures } from './features';
import { decodeJoinModel } from './modelFile';
import { readModelFile } from '../../data/modelIntegrity';

export const SENTENCE_JOINS_FILE = 'sentence-joins.bin';

export interface JoinModel {
  readonly version: string;
  readonly bits: number;
  /** The weight of each of the 2^bits hashed features. */
  readonly weights: WeightLookup;
}

/** σ(Σ w_f), the sum in the features' order. */
export function joinProbability(m: JoinModel, features: readonly string[]): number {
  let z = 0;
  for (const f of features) z += m.weights.at(featureIndex(f, m.bits));
  return 1 / (1 + Math.exp(-z));
}

/**
 * `joinProbability(m, joinFeatures(tree, i, mark, ctx))`, the same sum in the same order, from the features' hashes
 * (`eachJoinFeatureHash`): no feature string is made.
 */
export function joinSlotProbability(m: JoinModel, tree: PunctuatedTree, i: number, mark: JoinMark, ctx: JoinContext): number {
  const mask = (1 << m.bits) - 1;
  const w = m.weights;
  let z = 0;
  let n = 0;
  eachJoinFeatureHash(tree, i, mark, ctx, (plain, crossed) => {
    z += w.at((plain >>> 0) & mask);
    if (crossed === undefined) return;
    if (n === crossedScratch.length) {
      const grown = new Int32Array(2 * n);
      grown.set(crossedScratch);
      crossedScratch = grown;
    }
    crossedScratch[n++] = (crossed >>> 0) & mask;
  });
  // The crossed features come after all the plain ones in `joinFeatures`.
  for (let k = 0; k < n; k++) z += w.at(crossedScratch[k]);
  return 1 / (1 + Math.exp(-z));
}

let crossedScratch = new Int32Array(64);

/**
 * Each feature of `writeJoinFeatures`, in order, as `hashString` would hash its string and, but for the mark's own,
 * its string prefixed with the mark (undefined for the mark's own): FNV-1a run on over the feature's parts, from the
 * start and from the state after the prefix. Building and hashing ~70 strings a slot was most of the join model's time.
 */
export function eachJoinFeatureHash(tree: PunctuatedTree, i: number, mark: JoinMark, ctx: JoinContext, use: (plain: number, crossed: number | undefined) => void): void {
  const prefix = fnvFrom(FNV_OFFSET, mark === ',' ? ',:' : 'none:');
  writeJoinFeatures(tree, i, mark, ctx, (a, b, c, d, e, f, g, h) => {
    const p = fnvOfParts(FNV_OFFSET, a, b, c, d, e, f, g, h);
    // The mark's own feature is not crossed with the mark: skip its second pass.
    const x = a === MARK_FEATURE ? undefined : fnvOfParts(prefix, a, b, c, d, e, f, g, h);
    use(p, x);
  });
}

const readJoinModel = onceByFile((f) => decodeJoinModel(readModelFile(f)));

/** The model of `dir`, or undefined when it has none (then no comma-splice or fused-sentence findings of its own). */
export function loadJoinModel(dir: string): JoinModel | undefined {
  return readJoinModel(path.join(dir, SENTENCE_JOINS_FILE));
}
