/**
 * Refined jackknife taggers for the parser's training (issue 34). The parser and its labeller train on tags from fold
 * taggers that did not see the sentence (`prepare`), so that they learn the tagger's errors on unseen text. With a
 * refined tagger at run time (`Tagger.withRefiner`), they should learn the refined tags' errors: fold tagger k gets a
 * refining pass of its own, trained as the shipped refiner is (`trainRefiner`) but on the other folds alone, each of
 * their sentences read through the first passes of its own fold tagger, plus made sentences (`taggerAugment.ts`) built
 * from the other folds' trees only. No gold tag of fold k reaches the tagger that tags fold k.
 */
import { PunctuatedTree } from '../../data/depunct';
import { Tagger } from '../../parser/tagger';
import { augmentForTagger } from './taggerAugment';
import { taggerGold, trainRefiner, TrainOptions } from './train';
import { seededRandom } from './views';

export interface FoldRefinerOptions {
  /** Made sentences per host sentence (`augmentForTagger`'s rate; 0: none). */
  augment: number;
  /** The weight of the first passes' scores the refiner is trained beside (`trainRefiner`). */
  trainedWeight: number;
  seed: number;
}

/**
 * What fold `k`'s refiner trains on: the treebank's sentences of the other folds (sentence i is in fold i % folds) and
 * made sentences built from them alone, and for each (by its index in `trees`) the fold tagger whose first passes it
 * is read through: a treebank sentence's own fold's, a made one's one of the other folds' in turn (a made sentence
 * joins two trees of the other folds, each tagger saw most of them, as with the shipped refiner's, `--refine-tagger`).
 */
export function foldRefinerData(train: readonly PunctuatedTree[], k: number, folds: number, f: FoldRefinerOptions): { trees: PunctuatedTree[]; foldOf: (index: number) => number; made: number } {
  const restIndex = train.map((_, i) => i).filter((i) => i % folds !== k);
  const rest = restIndex.map((i) => train[i]);
  const made = f.augment > 0 ? augmentForTagger(rest, seededRandom(f.seed + 7 + k), f.augment) : [];
  const others = Array.from({ length: folds }, (_, j) => j).filter((j) => j !== k);
  const foldOf = (index: number) => (index < rest.length ? restIndex[index] % folds : others[(index - rest.length) % others.length]);
  return { trees: [...rest, ...made], foldOf, made: made.length };
}

/**
 * Fold tagger `k` of `foldTaggers` (the jackknife of `prepare`) with a refining pass trained on `foldRefinerData`; it
 * decides beside `trainedWeight` × its first passes' scores (`Tagger.withRefiner` can set another weight).
 */
export function trainFoldRefiner(train: readonly PunctuatedTree[], k: number, foldTaggers: readonly Tagger[], o: TrainOptions, f: FoldRefinerOptions): Tagger {
  const folds = foldTaggers.length;
  const data = foldRefinerData(train, k, folds, f);
  o.log(`fold ${k + 1}/${folds}: refining pass over ${data.trees.length - data.made} trees and ${data.made} made ones`);
  const tagger = foldTaggers[k];
  const trained = trainRefiner(taggerGold(data.trees, tagger.tags), tagger, foldTaggers, o, f.seed + 310 + k, f.trainedWeight, data.foldOf);
  return tagger.withRefiner(trained.refiner, f.trainedWeight);
}
