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
import { NeuralScorer, SentenceForward } from './neuralScorer';
import { NeuralLabeller } from './neuralLabeller';
import { RelationLabeller } from './neuralLabellerModel';

export interface ParserModels {
  tagger: Tagger;
  /** The perceptron transition scorer; absent in a neural model. */
  transitions?: Scorer;
  /** The neural transition scorer (`neuralScorer.ts`), which replaces the perceptron's when present. */
  neural?: NeuralScorer;
  /** With both scorers: the weight of the neural scores added to the perceptron's (0 or absent: neural alone). */
  neuralWeight?: number;
  /**
   * With both scorers: when the neural scorer's best legal transition leads the next legal one by at least this
   * margin, it is taken without consulting the perceptron (absent: the perceptron is always consulted). The
   * perceptron's ~150 table lookups a decision are most of a parse's time (journal, "a pruned perceptron under the
   * neural scorer").
   */
  neuralGate?: number;
  labels: Scorer;
  /** The neural relation labeller over the neural scorer's BiLSTM (`neuralLabeller.ts`), when the model has one. */
  relations?: RelationLabeller;
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

/** The neural part of a combined transition score (see `ParserModels.neuralWeight` and `neuralGate`). */
export interface NeuralTerm {
  /** Writes the neural scorer's own transition scores in state st into s. */
  score(st: ArcHybridState, s: Float64Array): void;
  weight: number;
  gate: number;
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
  neural?: NeuralTerm,
): Int32Array {
  const st = new ArcHybridState(e.n);
  const ns = neural ? new Float64Array(N_TRANSITIONS) : undefined;
  arcs.start(st);
  while (!st.isTerminal()) {
    // A forced transition needs no scores: the same choice, without the feature lookups and the neural scorer's MLP
    // (journal, "speed", 2026-11-21).
    let best = st.forced();
    if (best < 0 && neural) {
      neural.score(st, ns!);
      if (neural.gate < Infinity) best = st.bestLegalBy(ns!, neural.gate);
    }
    if (best < 0) {
      arcs.ready(st);
      parseFeatures(e, tags, st, f, featureSet);
      transitions.score(f, scores);
      if (neural) for (let t = 0; t < N_TRANSITIONS; t++) scores[t] += neural.weight * ns![t];
      best = st.bestLegal(scores);
    }
    const d = st.apply(best);
    if (d >= 0) arcs.arcMade(e, tags, st, d);
  }
  return st.head;
}

/**
 * The arc labeller that parseHeads uses, over a model's relation scorer: lazy (labels only the arcs the perceptron's
 * features read, the same relations) unless `lazy` is false, as a loop that reads the labels without `ready` needs.
 */
export function arcLabeller(m: Pick<ParserModels, 'labels' | 'deprels' | 'tagger'>, lazy = true): ArcLabeller {
  return new ArcLabeller(m.labels, m.tagger.tags.upos, m.deprels.indexOf('root'), lazy);
}

/** The neural relation labeller's input for one sentence: its BiLSTM vectors (row i at i · 2H). */
export interface NeuralRelations {
  labeller: NeuralLabeller;
  weight: number;
  v: ArrayLike<number>;
}

/**
 * Labels for every arc of a finished tree; the word attached to the root gets `root`, no other word does. With
 * `neural`, each arc's perceptron scores get weight × the neural labeller's scores added (journal, "a neural relation
 * labeller").
 */
export function labelArcs(
  labels: Scorer,
  deprels: readonly string[],
  uposNames: readonly string[],
  e: EncodedSentence,
  tags: TagIds,
  head: Int32Array,
  f = new FeatureBuffer(),
  neural?: NeuralRelations,
): Int32Array {
  const rootId = deprels.indexOf('root');
  const K = labels.nClasses;
  if (!neural) return labelInOrder(labels, rootId, uposNames, e, tags, head, f);
  if (neural.labeller.classes !== K) throw new Error(`the neural labeller scores ${neural.labeller.classes} relations, the perceptron ${K}`);
  const added = new Float64Array(K);
  neural.labeller.prepare(neural.v, e.n, head);
  return labelInOrder(labels, rootId, uposNames, e, tags, head, f, (d, scores) => {
    // The labeller reads the perceptron's own scores of the arc (its best guesses and their margin).
    neural.labeller.scoreArc(d, head[d], tags, scores, rootId, added);
    for (let c = 0; c < K; c++) scores[c] += neural.weight * added[c];
  });
}

/**
 * The top-down labelling loop of `labelArcs`: each arc's relation is the best non-root one of the perceptron's scores,
 * which `onScores` (if given) sees first and may change; the relations given so far are the labeller's features.
 */
export function labelInOrder(
  labels: Scorer,
  rootId: number,
  uposNames: readonly string[],
  e: EncodedSentence,
  tags: TagIds,
  head: Int32Array,
  f = new FeatureBuffer(),
  onScores?: (d: number, scores: Float64Array) => void,
): Int32Array {
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
    onScores?.(d, scores);
    let best = -1;
    for (let c = 0; c < labels.nClasses; c++) if (c !== rootId && (best < 0 || scores[c] > scores[best])) best = c;
    out[d] = best;
  }
  return out;
}

/** Heads from the model's transition scorer: the neural one if it has one, else the perceptron. */
export function predictHeads(m: ParserModels, e: EncodedSentence, tags: TagIds, f = new FeatureBuffer(), arcs?: ArcLabeller, fw?: SentenceForward): Int32Array {
  if (m.neural && !(m.transitions && m.neuralWeight)) return m.neural.parse(e, tags);
  if (!m.transitions) throw new Error('parser model has no transition scorer');
  // Both scorers (the shipped model): the perceptron's scores plus the neural ones times neuralWeight,
  // the neural scorer alone where its margin reaches neuralGate.
  const neural = m.neural && m.neuralWeight ? { score: m.neural.transitionScores(e, tags, fw), weight: m.neuralWeight, gate: m.neuralGate ?? Infinity } : undefined;
  return parseHeads(m.transitions, arcs ?? arcLabeller(m), e, tags, f, undefined, m.featureSet, neural);
}

/**
 * Heads and relations of tagged words. With a neural relation labeller, the neural scorer's forward pass is computed
 * once here, read by the transition scores and then by the labeller (its vectors stay valid until the scorer's next
 * forward pass).
 */
export function parseAndLabel(m: ParserModels, e: EncodedSentence, tags: TagIds, f = new FeatureBuffer(), arcs?: ArcLabeller): { head: Int32Array; deprel: Int32Array } {
  const fw = m.relations && m.neural ? m.neural.forward(m.neural.input(e, tags)) : undefined;
  const head = predictHeads(m, e, tags, f, arcs, fw);
  const neural = fw && m.relations ? { ...m.relations, v: fw.v } : undefined;
  const deprel = labelArcs(m.labels, m.deprels, m.tagger.tags.upos, e, tags, head, f, neural);
  return { head, deprel };
}

export function parseWords(m: ParserModels, e: EncodedSentence, tags?: TagIds): WordParse {
  const t = tags ?? m.tagger.tag(e);
  return { tags: t, ...parseAndLabel(m, e, t) };
}
