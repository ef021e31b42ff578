/** Connects the trained punctuation model (server/src/model) to the engine's `EngineModel` interface. */
import { PunctuatedTree } from '../data/depunct';
import { punctemeTokens } from '../data/vocab';
import type { PunctModel } from '../model';
import { EngineModel, UnderlyingTree } from './punctModel';

export function engineModel(m: PunctModel): EngineModel {
  return {
    version: m.version,
    logProb: (tree) => m.logProb(tree),
    logProbs: (tree, alternatives) => m.logProbs(tree, alternatives),
    viterbi(tree: PunctuatedTree): UnderlyingTree {
      const v = m.viterbi(tree);
      return {
        logProb: v.logProb,
        pairs: v.pairs.map(([l, r]) => ({ l: punctemeTokens(l), r: punctemeTokens(r) })),
        underlying: v.underlying,
        bracketing: v.bracketing,
      };
    },
  };
}
