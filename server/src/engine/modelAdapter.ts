/** Connects the trained punctuation model (server/src/model) to the engine's `EngineModel` interface. */
import { PunctuatedTree } from '../data/depunct';
import { punctemeTokens } from '../data/vocab';
import type { PunctModel, PunctModelImpl } from '../model';
import { Channel, paramIndex, SWAP } from '../model/channel';
import { CLOSE_DOUBLE } from '../data/punctTokens';
import { EngineModel, UnderlyingTree } from './punctModel';

/** Per puncteme id of a model's V, 1 when the puncteme contains a comma (the same for every tree, so made once). */
const commaPunctemes = new WeakMap<object, Uint8Array>();
function commaPunctemesOf(m: PunctModelImpl): Uint8Array {
  const punctemes = m.core.vocab.punctemes;
  let has = commaPunctemes.get(punctemes);
  if (!has) commaPunctemes.set(punctemes, (has = Uint8Array.from(punctemes, (k) => (punctemeTokens(k).includes(',') ? 1 : 0))));
  return has;
}

/** See `EngineModel.commaPrior`; reads the Attach distributions the model computes for inference anyway. */
function commaPrior(m: PunctModelImpl, tree: PunctuatedTree): Float64Array {
  const core = m.core;
  const prep = m.prepare(tree);
  const slots = tree.slots.map((s) => core.normaliseSlot(s));
  const info = prep.info;
  const prior = new Float64Array(info.n + 1);
  const hasComma = commaPunctemesOf(m);
  for (let w = 1; w <= info.n; w++) {
    const p = core.nodeProbs(prep, w, slots);
    const rp = prep.rp[w];
    let pl = 0;
    let pr = 0;
    for (let j = 0; j < rp.pair.length; j++) {
      if (hasComma[rp.l[j]]) pl += p[j];
      if (hasComma[rp.r[j]]) pr += p[j];
    }
    const a = info.lo[w] - 1;
    const b = info.hi[w];
    prior[a] = Math.max(prior[a], pl);
    prior[b] = Math.max(prior[b], pr);
  }
  return prior;
}

/**
 * The comma prior of each tree computed once: the candidates of the punctuation model and the comma-gap model
 * (`commaGaps/`) both read it for the same parsed sentence, and it costs about a seventh of a sentence's lint.
 */
function priorOnce(f: (tree: PunctuatedTree) => Float64Array): (tree: PunctuatedTree) => Float64Array {
  const seen = new WeakMap<PunctuatedTree, Float64Array>();
  return (tree) => {
    let p = seen.get(tree);
    if (!p) seen.set(tree, (p = f(tree)));
    return p;
  };
}

/** p_φ(”. ↦ .”); undefined for a channel that rewrites nothing or lacks the marks. */
function quoteTransposition(ch: Channel): number | undefined {
  const A = ch.alphabet;
  if (ch.identity || !A.has(CLOSE_DOUBLE) || !A.has('.')) return undefined;
  return ch.probs[paramIndex(A.size, A.id(CLOSE_DOUBLE), A.id('.'), SWAP)];
}

/** See `EngineModel.quoteStyle`. */
export function learnedQuoteStyle(ch: Channel): 'american' | undefined {
  return (quoteTransposition(ch) ?? 0) >= 0.5 ? 'american' : undefined;
}

export function engineModel(m: PunctModel, supplement?: PunctModel): EngineModel {
  const impl = 'core' in m && 'prepare' in m ? (m as PunctModelImpl) : undefined;
  return {
    commaPrior: impl ? priorOnce((tree) => commaPrior(impl, tree)) : undefined,
    quoteStyle: impl ? learnedQuoteStyle(impl.core.channel) : undefined,
    quoteTransposition: impl && learnedQuoteStyle(impl.core.channel) ? quoteTransposition(impl.core.channel) : undefined,
    supplement: supplement && engineModel(supplement),
    restoring: m,
    version: supplement ? `${m.version}+supplement-${supplement.version}` : m.version,
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
