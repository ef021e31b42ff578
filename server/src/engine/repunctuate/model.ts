/**
 * What re-punctuation asks of the trained punctuation model: the MAP underlying tree T′ of a sentence, the channel
 * p_φ, and the Attach distribution p_θ(l, r | w) of a node whose relation an edit changed.
 */
import { PunctuatedTree, TreeWord } from '../../data/depunct';
import { punctemeTokens } from '../../data/vocab';
import type { PunctModelImpl } from '../../model';
import { Channel } from '../../model/channel';
import { EngineModel } from '../punctModel';
import { PairDistribution } from './regenerate';

export interface RepunctuationModel {
  /** (l, r) per word of the MAP T′ given the tree and its written marks. */
  underlying(tree: PunctuatedTree): Array<{ l: string[]; r: string[] }>;
  channel: Channel;
  pairsOf: PairDistribution;
}

function isImpl(m: unknown): m is PunctModelImpl {
  return typeof m === 'object' && m !== null && 'core' in m && 'prepare' in m;
}

/** The re-punctuation model of a trained model; undefined when the engine's model is not one (a test double). */
export function repunctuationModel(m: EngineModel | PunctModelImpl): RepunctuationModel | undefined {
  const impl = isImpl(m) ? m : isImpl((m as EngineModel).restoring) ? ((m as EngineModel).restoring as PunctModelImpl) : undefined;
  if (!impl) return undefined;
  const core = impl.core;
  return {
    channel: core.channel,
    underlying: (tree) => impl.viterbi(tree).pairs.map(([l, r]) => ({ l: punctemeTokens(l), r: punctemeTokens(r) })),
    pairsOf(words: readonly TreeWord[], w: number, slots: readonly (readonly string[])[]) {
      const prep = core.prepare({ words: [...words] });
      const { logp } = core.nodeLogProbs(prep, w, slots.map((s) => core.normaliseSlot(s)));
      const rp = prep.rp[w];
      return Array.from(logp, (lp, j) => {
        const [l, r] = core.vocab.pairs[rp.pair[j]];
        return { l: punctemeTokens(core.vocab.punctemes[l]), r: punctemeTokens(core.vocab.punctemes[r]), logp: lp };
      });
    },
  };
}
