/**
 * The runtime pipeline over one word sequence: tag, parse greedily with the arc-hybrid system, then label every arc.
 */
import { ArcHybridState, N_TRANSITIONS } from './arcHybrid';
import { ArcLabeller } from './arcLabeller';
import { ClusterLookup, EncodedSentence } from './encoding';
import { ClusterMap, clusterOf } from './wordClusters';
import { FeatureBuffer } from './hash';
import { labelFeatures, labelOrder, treeView } from './labelFeatures';
import { parseFeatures, TagIds } from './parseFeatures';
import { Tagger } from './tagger';
import { Scorer } from './weights';
import { NeuralScorer } from './neuralScorer';

export interface ParserModels {
  tagger: Tagger;
  /** The perceptron transition scorer; absent in a neural model. */
  transitions?: Scorer;
  /** The neural transition scorer (`neuralScorer.ts`), which replaces the perceptron's when present. */
  neural?: NeuralScorer;
  /** With both scorers: the weight of the neural scores added to the perceptron's (0 or absent: neural alone). */
  neuralWeight?: number;
  labels: Scorer;
  deprels: string[];
  clusters?: ClusterMap;
  /** The optional parser template blocks the model was trained with (`parseFeatures.ts`); 0 when absent. */
  featureSet?: number;
}

/** The cluster lookup `encodeSentence` needs, or undefined for a model without clusters. */
export function clusterLookup(clusters: ClusterMap | undefined): ClusterLookup | undefined {
  return clusters ? (h) => clusterOf(clusters, h) : undefined;
}

export interface WordParse {
  tags: TagIds;
  /** 0-based head of each word; n is the root. */
  head: Int32Array;
  /** Index into `deprels`. */
  deprel: Int32Array;
}

/** Greedy transition parse: highest-scoring legal transition at each step, each arc labelled as it is made. */
export function parseHeads(
  transitions: Scorer,
  arcs: ArcLabeller,
  e: EncodedSentence,
  tags: TagIds,
  f = new FeatureBuffer(),
  scores = new Float64Array(N_TRANSITIONS),
  featureSet = 0,
  extra?: (st: ArcHybridState, scores: Float64Array) => void,
): Int32Array {
  const st = new ArcHybridState(e.n);
  arcs.start(st);
  while (!st.isTerminal()) {
    // A forced transition needs no scores: the same choice, without the feature lookups and the neural scorer's MLP
    // (fifth session, speed).
    let best = st.forced();
    if (best < 0) {
      parseFeatures(e, tags, st, f, featureSet);
      transitions.score(f, scores);
      extra?.(st, scores);
      best = st.bestLegal(scores);
    }
    const d = st.apply(best);
    if (d >= 0) arcs.arcMade(e, tags, st, d);
  }
  return st.head;
}

/** The arc labeller that parseHeads uses, over a model's relation scorer. */
export function arcLabeller(m: Pick<ParserModels, 'labels' | 'deprels' | 'tagger'>): ArcLabeller {
  return new ArcLabeller(m.labels, m.tagger.tags.upos, m.deprels.indexOf('root'));
}

/** Labels for every arc of a finished tree; the word attached to the root gets `root`, no other word does. */
export function labelArcs(
  labels: Scorer,
  deprels: readonly string[],
  uposNames: readonly string[],
  e: EncodedSentence,
  tags: TagIds,
  head: Int32Array,
  f = new FeatureBuffer(),
): Int32Array {
  const rootId = deprels.indexOf('root');
  const scores = new Float64Array(labels.nClasses);
  const tree = treeView(head);
  const out = new Int32Array(e.n).fill(-1);
  for (const d of labelOrder(tree)) {
    if (head[d] === e.n) {
      out[d] = rootId;
      continue;
    }
    labelFeatures(e, tags, uposNames, tree, out, d, f);
    labels.score(f, scores);
    let best = -1;
    for (let c = 0; c < labels.nClasses; c++) if (c !== rootId && (best < 0 || scores[c] > scores[best])) best = c;
    out[d] = best;
  }
  return out;
}

/** Heads from the model's transition scorer: the neural one if it has one, else the perceptron. */
export function predictHeads(m: ParserModels, e: EncodedSentence, tags: TagIds, f = new FeatureBuffer(), arcs?: ArcLabeller): Int32Array {
  if (m.neural && !(m.transitions && m.neuralWeight)) return m.neural.parse(e, tags);
  if (!m.transitions) throw new Error('parser model has no transition scorer');
  // Both scorers: the perceptron's scores plus the neural ones times neuralWeight (an experiment, see BENCHMARKS).
  const extra = m.neural && m.neuralWeight ? m.neural.addScores(e, tags, m.neuralWeight) : undefined;
  return parseHeads(m.transitions, arcs ?? arcLabeller(m), e, tags, f, undefined, m.featureSet, extra);
}

export function parseWords(m: ParserModels, e: EncodedSentence, tags?: TagIds): WordParse {
  const t = tags ?? m.tagger.tag(e);
  const f = new FeatureBuffer();
  const head = predictHeads(m, e, t, f);
  const deprel = labelArcs(m.labels, m.deprels, m.tagger.tags.upos, e, t, head, f);
  return { tags: t, head, deprel };
}
