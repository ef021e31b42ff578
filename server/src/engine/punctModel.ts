/**
 * What the engine asks of the punctuation model (server/src/model): p(x | T) of a surface, and the MAP underlying tree
 * T′ for a surface. Restated as an interface so that the decisions can be tested and benchmarked on any model that
 * offers these two things; `modelAdapter.ts` connects the trained model.
 */
import { PunctuatedTree } from '../data/depunct';
import type { RestoringModel } from '../restore';

export interface UnderlyingTree {
  /** log p(x, T′ | T) of the best T′. */
  logProb: number;
  /** Per word (index 0 = word 1): its left and right punctemes as token lists. */
  pairs: Array<{ l: string[]; r: string[] }>;
  /** u_i per slot: the underlying tokens before the channel rewrote them into x_i. */
  underlying: string[][];
  /** The whole bracketing, e.g. `[ [“ Dale ”] means [“ [ river ] valley ”] ]`. */
  bracketing: string;
}

export interface EngineModel {
  /** log p(x | T) for the tree's slots. */
  logProb(tree: PunctuatedTree): number;
  /** log p(x′ | T) for several alternative slot lists of one tree (shares the tree's preparation). */
  logProbs(tree: Pick<PunctuatedTree, 'words'>, alternatives: readonly (readonly (readonly string[])[])[]): number[];
  viterbi(tree: PunctuatedTree): UnderlyingTree;
  /**
   * Per slot i, the Attach model's probability that some constituent with an edge at i takes a comma on that edge,
   * max over those constituents (p_θ(l, r | w) summed over pairs whose puncteme at the edge contains a comma). Cheap
   * (no inference): used to skip comma insertions the model would never propose.
   */
  commaPrior?(tree: PunctuatedTree): Float64Array;
  /**
   * The model that scores candidates on a tree of their own (`Candidate.tree`: the comma that closes a supplement the
   * writer opened), when it is another than this one (`punct-supplement.json` beside the model).
   */
  readonly supplement?: EngineModel;
  /** The trained model itself, for restoring the punctuation of a paragraph written without any (`unpunctuated.ts`). */
  readonly restoring?: RestoringModel;
  /**
   * The quote placement the model's channel learned: 'american' when it rewrites an underlying period after a closing
   * quote into the quote (p_φ(”. ↦ .”) ≥ ½, paper Table 1); undefined when it has not learned that. A channel that keeps
   * `”.` says nothing either way: it may have explained the American `.”` as written underlying, as the model warm-started
   * from Attach does (BENCHMARKS, "Punctuation model"), so no model decides for British style.
   */
  readonly quoteStyle?: 'american';
  /** p_φ(”. ↦ .”), the probability the channel writes an underlying `”.` as `.”`, when it learned American style. */
  readonly quoteTransposition?: number;
  /** Model identity for caches. */
  readonly version: string;
}
