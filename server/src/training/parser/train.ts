/**
 * Training of the tagger, the transition parser (dynamic oracle with error exploration, Goldberg & Nivre 2013) and
 * the labeller, all averaged perceptrons, on the three punctuation views of every training sentence. Seeded: the
 * same treebank and options give the same model.
 */
import { PunctuatedTree } from '../../data/depunct';
import { ArcHybridState, goldChildren, N_TRANSITIONS } from '../../parser/arcHybrid';
import { arcLabeller, clusterLookup, parseAndLabel, ParserModels } from '../../parser/dependencyParser';
import { ArcLabeller } from '../../parser/arcLabeller';
import { encodeSentence, EncodedSentence, reverseSentence } from '../../parser/encoding';
import { FeatureBuffer } from '../../parser/hash';
import { labelFeatures, labelOrder, treeView } from '../../parser/labelFeatures';
import { ModelContents, readModel } from '../../parser/modelFile';
import { parserModels } from '../../parser/parserModels';
import { taggerFromScorers, taggerScorers } from '../../parser/taggerScorers';
import { FRONTED_COMMA_FEATURES, parseFeatures, TagIds } from '../../parser/parseFeatures';
import { PositionScores, refineContext, RefineContext, refineFeatures, tagPairList, Tagger, TAG_START, tagFeatures, TagSet, verbTags } from '../../parser/tagger';
import { scorerPair } from '../../parser/jointWeights';
import { learnerCommaSlots } from './learnerCommas';
import { LearnerCommas, protectedSlots, seededRandom, viewOf, VIEW_KINDS, ViewKind, WritersErrors, WritersError } from './views';
import { argmax, SparseWeights } from '../../parser/weights';
import { shuffled } from '../../random/seededRng';
import { AveragedPerceptron } from './averagedPerceptron';
import { ClusterMap } from '../../parser/wordClusters';
import { normaliseWord } from '../../parser/encoding';
import { neuralArrays, neuralFromModel } from '../../parser/neuralModel';
import { NeuralScorer } from '../../parser/neuralScorer';
import { buildAffixVocab, buildVocab, newNeuralScorer, NeuralTrainOptions, trainNeuralScorer } from './neuralTrain';
import { countingRng } from './trainingState';
import { readPretrained } from './readPretrained';

export interface TrainOptions {
  seed: number;
  tagEpochs: number;
  parseEpochs: number;
  labelEpochs: number;
  /** Jackknife folds: the parser and labeller train on tags predicted by a tagger that did not see the sentence. */
  folds: number;
  /** Adds a right-to-left tagger whose scores the left-to-right one adds to its own (`Tagger`). */
  bidirectionalTagger: boolean;
  tagBits: number;
  parseBits: number;
  labelBits: number;
  /** Averaged weights below these magnitudes are dropped from the shipped model. */
  prune: { tag: number; parse: number; label: number };
  /** Probability of following the model's own (possibly wrong) transition after the first epoch. */
  explore: number;
  views: readonly ViewKind[];
  /** The labeller's and parser's corrupted views keep the comma closing a fronted adverbial clause (`protectedSlots`). */
  protectFrontedCommas: boolean;
  /** … and the comma after any sentence-initial phrase (`frontedPhraseCommas`); off, so the shipped models retrain as they were. */
  protectFrontedPhrases: boolean;
  /**
   * Probability of a learner's comma in each subject–verb and verb–object slot of the labeller's and parser's
   * corrupted views (`learnerCommas.ts`); 0 trains as before it existed.
   */
  learnerCommas: number;
  /**
   * Writers' errors in the labeller's and parser's corrupted views: with probability `rate` a sentence's corrupted
   * view carries one error from `errorOf(tree)` (undefined: none applies) instead of the random corruption. Absent:
   * trains as before it existed.
   */
  writersErrors?: { rate: number; errorOf: (tree: PunctuatedTree) => WritersError | undefined };
  /** Optional parser template blocks (`parseFeatures.ts` flags), recorded in the model. */
  featureSet: number;
  /** Extra measure of each epoch's parser for the log (the fronted-clause check). */
  probe?: (m: ParserModels) => string;
  log: (msg: string) => void;
  /** Called with a complete model whenever the parser improves on dev (checkpoints). */
  checkpoint?: (m: ModelContents) => void;
  /** Word clusters (from `wordClusters.ts`), shipped inside the model. */
  clusters?: ClusterMap;
  /**
   * A trained labeller to reuse (development aid, like `taggerCache`): the labeller depends only on the data, the
   * seed, the taggers and its own options, so a model trained with the same ones has exactly this labeller.
   */
  labeller?: { deprels: string[]; labels: SparseWeights };
  /** Train the neural transition scorer (`neuralTrain.ts`) instead of the perceptron. */
  neural?: NeuralTrainOptions;
  /** The neural scorer's training state, written after every epoch and resumed from when it exists (`trainingState.ts`). */
  neuralState?: string;
  /** Reuse of the trained taggers between runs that change only the parser or labeller (development only). */
  taggerCache?: { load(): Tagger[] | undefined; save(taggers: Tagger[]): void };
}

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  seed: 1,
  tagEpochs: 6,
  parseEpochs: 12,
  labelEpochs: 5,
  folds: 4,
  bidirectionalTagger: true,
  tagBits: 20,
  parseBits: 24,
  labelBits: 19,
  prune: { tag: 0.5, parse: 0.5, label: 0.5 },
  explore: 0.9,
  views: VIEW_KINDS,
  protectFrontedCommas: true,
  protectFrontedPhrases: false,
  learnerCommas: 0,
  featureSet: FRONTED_COMMA_FEATURES,
  log: () => undefined,
};

export interface GoldSentence {
  tree: PunctuatedTree;
  upos: Int32Array;
  xpos: Int32Array;
  head: Int32Array;
  kids: Int32Array[];
  deprel: Int32Array;
  /** Slots the labeller's and parser's corrupted views leave as written. */
  keep?: Set<number>;
  /** Slots where the labeller's and parser's corrupted views add a learner's comma, and how often. */
  learner?: LearnerCommas;
  /** The writers' errors its corrupted views may carry (`TrainOptions.writersErrors`). */
  writers?: WritersErrors;
}

function indexer(values: Iterable<string>): { list: string[]; id: (s: string) => number } {
  const list = [...new Set(values)].sort();
  const map = new Map(list.map((s, i) => [s, i]));
  return { list, id: (s) => map.get(s) ?? 0 };
}


export interface EvalScores {
  sentences: number;
  words: number;
  uas: number;
  las: number;
  upos: number;
}

/** UAS/LAS/UPOS (percent) over the words of gold trees (punctuation is not a node, so it is never scored). */
export function evaluateTrees(m: ParserModels, trees: readonly PunctuatedTree[], kind: ViewKind, seed = 7): EvalScores {
  const rand = seededRandom(seed);
  const lookup = clusterLookup(m.clusters);
  const arcs = arcLabeller(m);
  let words = 0, uh = 0, lh = 0, up = 0;
  const f = new FeatureBuffer();
  for (const tree of trees) {
    const e = encodeSentence(viewOf(tree, kind, rand), lookup);
    const tags = m.tagger.tag(e);
    const { head, deprel: rel } = parseAndLabel(m, e, tags, f, arcs);
    tree.words.forEach((w, i) => {
      words++;
      const h = head[i] === e.n ? 0 : head[i] + 1;
      if (m.tagger.tags.upos[tags.upos[i]] === w.upos) up++;
      if (h === w.head) {
        uh++;
        if (m.deprels[rel[i]] === w.deprel) lh++;
      }
    });
  }
  const pct = (x: number) => Math.round((10000 * x) / Math.max(1, words)) / 100;
  return { sentences: trees.length, words, uas: pct(uh), las: pct(lh), upos: pct(up) };
}

/** UPOS and XPOS accuracy (percent) of a tagger over the words of gold trees, in one punctuation view. */
export function evaluateTagger(
  tagger: Tagger,
  trees: readonly PunctuatedTree[],
  kind: ViewKind,
  clusters?: ClusterMap,
  seed = 7,
): { words: number; upos: number; xpos: number } {
  const rand = seededRandom(seed);
  const lookup = clusterLookup(clusters);
  let words = 0, up = 0, xp = 0;
  for (const tree of trees) {
    const tags = tagger.tag(encodeSentence(viewOf(tree, kind, rand), lookup));
    tree.words.forEach((w, i) => {
      words++;
      if (tagger.tags.upos[tags.upos[i]] === w.upos) up++;
      if (tagger.tags.xpos[tags.xpos[i]] === w.xpos) xp++;
    });
  }
  const pct = (x: number) => Math.round((10000 * x) / Math.max(1, words)) / 100;
  return { words, upos: pct(up), xpos: pct(xp) };
}

/**
 * One direction of the tagger; `reverse` trains on the sentences read right to left; `context` (left to right only)
 * trains a refining pass, which reads the first passes' XPOS tags of sentence `index` (`refineFeatures`).
 */
function trainTaggerDirection(
  gold: readonly GoldSentence[],
  tags: TagSet,
  o: TrainOptions,
  seed: number,
  reverse: boolean,
  context?: (index: number, e: EncodedSentence) => { context: RefineContext; prior?: PositionScores },
): { xpos: SparseWeights; upos: SparseWeights } {
  const px = new AveragedPerceptron(tags.xpos.length, o.tagBits);
  const pu = new AveragedPerceptron(tags.upos.length, o.tagBits);
  const f = new FeatureBuffer();
  const sx = new Float64Array(px.nClasses);
  const su = new Float64Array(pu.nClasses);
  const rand = seededRandom(seed);
  const lookup = clusterLookup(o.clusters);
  const verbs = verbTags(tags.xpos);
  // Shuffled by index (the same permutation as of the sentences themselves), so that `context` knows the sentence.
  const indices = gold.map((_, i) => i);
  for (let epoch = 0; epoch < o.tagEpochs; epoch++) {
    let right = 0, total = 0;
    for (const index of shuffled(rand, indices)) {
      const g = gold[index];
      for (const kind of o.views) {
        const fwd = encodeSentence(viewOf(g.tree, kind, rand), lookup);
        const e = reverse ? reverseSentence(fwd) : fwd;
        const c = context?.(index, e);
        let { x1, x2, u1 } = TAG_START;
        for (let i = 0; i < e.n; i++) {
          const w = reverse ? e.n - 1 - i : i;
          tagFeatures(e, i, x1, x2, u1, f);
          if (c) refineFeatures(e, i, c.context, verbs, f);
          px.score(f, sx);
          pu.score(f, su);
          // A refiner trained beside the first passes' scores learns what to add to them (`Tagger.firstWeight`).
          if (c?.prior) {
            for (let k = 0; k < px.nClasses; k++) sx[k] += c.prior.x[i * px.nClasses + k];
            for (let k = 0; k < pu.nClasses; k++) su[k] += c.prior.u[i * pu.nClasses + k];
          }
          const gx = argmax(sx, px.nClasses);
          const gu = argmax(su, pu.nClasses);
          px.update(f, g.xpos[w], gx);
          pu.update(f, g.upos[w], gu);
          px.tick();
          pu.tick();
          if (gu === g.upos[w]) right++;
          total++;
          x2 = x1;
          x1 = gx;
          u1 = gu;
        }
      }
    }
    o.log(`  tagger${reverse ? ' (right to left)' : context ? ' (refining pass)' : ''} epoch ${epoch + 1}: train UPOS ${((100 * right) / total).toFixed(2)}`);
  }
  return { xpos: px.toSparse(o.prune.tag), upos: pu.toSparse(o.prune.tag) };
}

/**
 * A refining pass for `tagger` (`Tagger`), trained on the first passes' tags of fold taggers that did not see the
 * sentence (`foldTaggers[index % folds]`, the jackknife `prepare` uses), so that it learns how far to trust tags
 * as good as the first passes' on unseen text rather than on their own training data. `firstWeight` > 0: trained
 * beside that weight of the fold taggers' scores, and decides beside it (`Tagger.firstWeight`). `foldOf`: which fold
 * tagger reads gold sentence `index`, when the sentences are not the whole treebank in order (a fold's own refiner,
 * `trainFoldRefiners`).
 */
export function trainRefiner(
  gold: readonly GoldSentence[],
  tagger: Tagger,
  foldTaggers: readonly Tagger[],
  o: TrainOptions,
  seed: number,
  firstWeight = 0,
  foldOf: (index: number) => number = (index) => index % foldTaggers.length,
): Tagger {
  const verbs = verbTags(tagger.tags.xpos);
  const [nx, nu] = [tagger.tags.xpos.length, tagger.tags.upos.length];
  const context = (index: number, e: EncodedSentence) => {
    const prior: PositionScores | undefined = firstWeight ? { x: new Float64Array(e.n * nx), u: new Float64Array(e.n * nu) } : undefined;
    const first = foldTaggers[foldOf(index)].firstPasses(e, prior);
    if (prior && firstWeight !== 1) {
      for (let k = 0; k < prior.x.length; k++) prior.x[k] *= firstWeight;
      for (let k = 0; k < prior.u.length; k++) prior.u[k] *= firstWeight;
    }
    return { context: refineContext(first.xpos, verbs), prior };
  };
  const refiner = trainTaggerDirection(gold, tagger.tags, o, seed, false, context);
  return tagger.withRefiner(scorerPair(refiner.xpos, refiner.upos), firstWeight);
}

/** Gold sentences for the tagger alone: trees that need only words, slots and gold tags in the model's tag sets. */
export function taggerGold(trees: readonly PunctuatedTree[], tags: TagSet): GoldSentence[] {
  const ids = (list: readonly string[]) => new Map(list.map((t, i) => [t, i]));
  const [uid, xid] = [ids(tags.upos), ids(tags.xpos)];
  const idOf = (m: Map<string, number>, t: string) => {
    const id = m.get(t);
    if (id === undefined) throw new Error(`tag ${t} is not in the model's tag set`);
    return id;
  };
  return trees.map((tree) => ({
    tree,
    upos: Int32Array.from(tree.words, (w) => idOf(uid, w.upos)),
    xpos: Int32Array.from(tree.words, (w) => idOf(xid, w.xpos)),
    head: new Int32Array(0),
    kids: [],
    deprel: new Int32Array(0),
  }));
}

/**
 * A tagger as `prepare` trains the shipped one, on trees that need only words, slots and gold tags (`taggerAugment.ts`
 * adds made sentences); `tags`: the model's tag sets, which every tree's tags must be in.
 */
export function trainTaggerOn(trees: readonly PunctuatedTree[], tags: TagSet, o: TrainOptions, seed: number): Tagger {
  return trainTagger(taggerGold(trees, tags), tags, o, seed);
}

function trainTagger(gold: readonly GoldSentence[], tags: TagSet, o: TrainOptions, seed: number): Tagger {
  const forward = trainTaggerDirection(gold, tags, o, seed, false);
  const reverse = o.bidirectionalTagger ? trainTaggerDirection(gold, tags, o, seed + 50, true) : undefined;
  return new Tagger(forward.xpos, forward.upos, tags, reverse);
}

/** One pass of dynamic-oracle training over a sentence; returns the number of correct heads of the path taken. */
function trainTransitionsOn(
  p: AveragedPerceptron,
  arcs: ArcLabeller,
  e: EncodedSentence,
  tags: TagIds,
  g: GoldSentence,
  explore: number,
  rand: () => number,
  f: FeatureBuffer,
  scores: Float64Array,
  featureSet: number,
): number {
  const st = new ArcHybridState(e.n);
  arcs.start(st);
  const costs = new Int32Array(N_TRANSITIONS);
  while (!st.isTerminal()) {
    parseFeatures(e, tags, st, f, featureSet);
    p.score(f, scores);
    let pred = -1, best = -1, minCost = Infinity;
    for (let t = 0; t < N_TRANSITIONS; t++) {
      if (!st.isLegal(t)) continue;
      costs[t] = st.cost(t, g.head, g.kids);
      if (costs[t] < minCost) minCost = costs[t];
      if (pred < 0 || scores[t] > scores[pred]) pred = t;
    }
    for (let t = 0; t < N_TRANSITIONS; t++) {
      if (st.isLegal(t) && costs[t] === minCost && (best < 0 || scores[t] > scores[best])) best = t;
    }
    if (costs[pred] > minCost) p.update(f, best, pred);
    p.tick();
    const d = st.apply(explore > 0 && rand() < explore ? pred : best);
    if (d >= 0) arcs.arcMade(e, tags, st, d);
  }
  let right = 0;
  for (let i = 0; i < e.n; i++) if (st.head[i] === g.head[i]) right++;
  return right;
}

export interface Prepared {
  o: TrainOptions;
  t0: number;
  gold: GoldSentence[];
  tagSet: TagSet;
  rels: { list: string[]; id: (s: string) => number };
  tagger: Tagger;
  /** The jackknife's taggers: fold k's sentences (index % folds = k) are tagged by `foldTaggers[k]`. */
  foldTaggers: Tagger[];
  /** Tags for training sentence i: from the fold tagger that did not see it. */
  tagFor: (i: number, e: EncodedSentence) => TagIds;
  lookup: ReturnType<typeof clusterLookup>;
  rand: () => number;
}

/** Gold data, tag sets and the (jackknifed) taggers: everything the parser and the labeller train on. */
export function prepare(trees: readonly PunctuatedTree[], o: TrainOptions): Prepared {
  const t0 = Date.now();
  const words = trees.flatMap((t) => t.words);
  const upos = indexer(words.map((w) => w.upos));
  const xpos = indexer(words.map((w) => w.xpos));
  const rels = indexer(['root', ...words.map((w) => w.deprel)]);
  const tagSet: TagSet = { upos: upos.list, xpos: xpos.list };
  const writersOf = (tree: PunctuatedTree): WritersErrors | undefined => {
    const error = o.writersErrors?.errorOf(tree);
    return error && { rate: o.writersErrors!.rate, error };
  };
  const gold: GoldSentence[] = trees.map((tree) => {
    const n = tree.words.length;
    const head = Int32Array.from(tree.words, (w) => (w.head === 0 ? n : w.head - 1));
    return {
      tree,
      upos: Int32Array.from(tree.words, (w) => upos.id(w.upos)),
      xpos: Int32Array.from(tree.words, (w) => xpos.id(w.xpos)),
      head,
      kids: goldChildren(head),
      deprel: Int32Array.from(tree.words, (w) => rels.id(w.deprel)),
      keep: o.protectFrontedCommas ? protectedSlots(tree, o.protectFrontedPhrases) : undefined,
      learner: o.learnerCommas > 0 ? { slots: new Set(learnerCommaSlots(tree)), rate: o.learnerCommas } : undefined,
      writers: writersOf(tree),
    };
  });
  const rand = seededRandom(o.seed);
  const lookup = clusterLookup(o.clusters);

  o.log(`tagger: ${gold.length} sentences × ${o.views.length} views, ${o.tagEpochs} epochs`);
  // Jackknifing: fold k's sentences are tagged by a tagger trained on the other folds.
  const foldOf = gold.map((_, i) => i % o.folds);
  const cached = o.taggerCache?.load();
  const tagger = cached ? cached[0] : trainTagger(gold, tagSet, o, o.seed + 101);
  const foldTaggers: Tagger[] = cached ? cached.slice(1) : [];
  if (!cached && o.folds > 1) {
    for (let k = 0; k < o.folds; k++) {
      o.log(`fold tagger ${k + 1}/${o.folds}`);
      foldTaggers.push(trainTagger(gold.filter((_, i) => foldOf[i] !== k), tagSet, o, o.seed + 200 + k));
    }
  }
  if (!cached) o.taggerCache?.save([tagger, ...foldTaggers]);
  const tagFor = (i: number, e: EncodedSentence): TagIds => (o.folds > 1 ? foldTaggers[foldOf[i]] : tagger).tag(e);
  o.log(`taggers done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return { o, t0, gold, tagSet, rels, tagger, foldTaggers, tagFor, lookup, rand };
}

/** The labeller, on gold trees with jackknifed tags. */
export function trainLabeller(p: Prepared): SparseWeights {
  const { o, gold, tagSet, rels, tagFor, lookup, rand } = p;
  const f = new FeatureBuffer();
  const order = gold.map((_, i) => i);
  const lp = new AveragedPerceptron(rels.list.length, o.labelBits);
  const rootId = rels.id('root');
  const ls = new Float64Array(lp.nClasses);
  for (let epoch = 0; epoch < o.labelEpochs; epoch++) {
    let right = 0, total = 0;
    for (const i of shuffled(rand, order)) {
      const g = gold[i];
      for (const kind of o.views) {
        const e = encodeSentence(viewOf(g.tree, kind, rand, g.keep, g.learner, g.writers), lookup);
        const tags = tagFor(i, e);
        const tv = treeView(g.head);
        // The relations given so far are the labeller's own guesses, as at run time.
        const given = new Int32Array(e.n).fill(-1);
        for (const d of labelOrder(tv)) {
          if (g.head[d] === e.n) {
            given[d] = rootId;
            continue;
          }
          labelFeatures(e, tags, tagSet.upos, tv, given, d, f);
          lp.score(f, ls);
          ls[rootId] = -Infinity;
          const guess = argmax(ls, lp.nClasses);
          given[d] = guess;
          lp.update(f, g.deprel[d], guess);
          lp.tick();
          if (guess === g.deprel[d]) right++;
          total++;
        }
      }
    }
    o.log(`  labeller epoch ${epoch + 1}: train label accuracy ${((100 * right) / total).toFixed(2)}`);
  }
  return lp.toSparse(o.prune.label);
}

/** Replaces the labeller of a trained model (same treebank, same tagger cache), keeping its tagger and parser. */
export function retrainLabeller(
  trees: readonly PunctuatedTree[],
  dev: readonly PunctuatedTree[],
  model: ModelContents,
  opts: Partial<TrainOptions> = {},
): ModelContents {
  const o: TrainOptions = { ...DEFAULT_TRAIN_OPTIONS, ...opts };
  const p = prepare(trees, o);
  if (p.rels.list.join(' ') !== model.header.deprels.join(' ')) throw new Error('relation labels differ from the model\'s');
  const labels = trainLabeller(p);
  const tagger = taggerFromScorers(model.scorers, { upos: model.header.upos, xpos: model.header.xpos }, '', model.joined, model.header.info);
  const models: ParserModels = { ...parserModels(model), labels };
  const d = dev.length ? evaluateTrees(models, dev, 'kept') : undefined;
  o.log(`relabelled: dev UAS ${d?.uas} LAS ${d?.las}`);
  return { ...model, header: { ...model.header, info: { ...model.header.info, dev: d, relabelled: true } }, scorers: { ...model.scorers, labels } };
}

export function trainParser(trees: readonly PunctuatedTree[], dev: readonly PunctuatedTree[], opts: Partial<TrainOptions> = {}): ModelContents {
  const o: TrainOptions = { ...DEFAULT_TRAIN_OPTIONS, ...opts };
  const p = prepare(trees, o);
  const { t0, gold, tagSet, rels, tagger, tagFor, lookup, rand } = p;
  const f = new FeatureBuffer();
  const order = gold.map((_, i) => i);
  if (o.labeller && o.labeller.deprels.join(' ') !== rels.list.join(' ')) throw new Error('the reused labeller has other relation labels');
  const labels = o.labeller ? o.labeller.labels : trainLabeller(p);
  if (o.neural) return trainNeuralParser(p, labels, dev, trees.length);

  // Transition parser.
  const pp = new AveragedPerceptron(N_TRANSITIONS, o.parseBits);
  const arcs = arcLabeller({ labels, deprels: rels.list, tagger }, false);
  const scores = new Float64Array(N_TRANSITIONS);
  let best: ModelContents | undefined;
  let bestDev = -1;
  for (let epoch = 0; epoch < o.parseEpochs; epoch++) {
    let right = 0, total = 0;
    const explore = epoch === 0 ? 0 : o.explore;
    for (const i of shuffled(rand, order)) {
      const g = gold[i];
      for (const kind of o.views) {
        const e = encodeSentence(viewOf(g.tree, kind, rand, g.keep, g.learner, g.writers), lookup);
        right += trainTransitionsOn(pp, arcs, e, tagFor(i, e), g, explore, rand, f, scores, o.featureSet);
        total += e.n;
      }
    }
    const transitions = pp.toSparse(o.prune.parse);
    const models: ParserModels = { tagger, transitions, labels, deprels: rels.list, clusters: o.clusters, featureSet: o.featureSet };
    const d = dev.length ? evaluateTrees(models, dev, 'kept') : undefined;
    o.log(
      `  parser epoch ${epoch + 1}: train path UAS ${((100 * right) / total).toFixed(2)}` +
        (d ? `, dev UAS ${d.uas} LAS ${d.las} UPOS ${d.upos}` : '') +
        (o.probe ? `, ${o.probe(models)}` : '') +
        ` (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
    );
    // Dev LAS, ties broken by dev UAS (and then by the later epoch).
    const score = d ? d.las * 1000 + d.uas : epoch;
    if (score >= bestDev) {
      bestDev = score;
      best = {
        header: {
          version: '',
          upos: tagSet.upos,
          xpos: tagSet.xpos,
          deprels: rels.list,
          info: {
            epoch: epoch + 1,
            dev: d,
            seed: o.seed,
            views: o.views,
            protectFrontedCommas: o.protectFrontedCommas,
            featureSet: o.featureSet,
            trainSentences: trees.length,
            ...refinerInfo(tagger),
          },
        },
        scorers: { ...taggerScorers(tagger), transitions, labels },
        clusters: o.clusters,
      };
      o.checkpoint?.(best);
    }
  }
  if (!best) throw new Error('no training epochs');
  return best;
}

/**
 * A refined tagger's weight of its first passes' scores, as the model's header records it (`taggerFromScorers` reads
 * it back); nothing for a tagger without a refining pass.
 */
function refinerInfo(tagger: Tagger): { refiner?: { firstWeight: number }; tagPairs?: string[] } {
  const pairs = tagPairList(tagger);
  return { ...(tagger.refiner ? { refiner: { firstWeight: tagger.firstWeight } } : {}), ...(pairs ? { tagPairs: pairs } : {}) };
}

/** The neural transition scorer over the same taggers and labeller; each epoch is evaluated on dev like the perceptron's. */
function trainNeuralParser(p: Prepared, labels: SparseWeights, dev: readonly PunctuatedTree[], trainSentences: number): ModelContents {
  const { o, t0, gold, tagSet, rels, tagger, tagFor, lookup } = p;
  const no = o.neural!;
  // Counted, so that a run resumed from a training state (`o.neuralState`) draws what an uninterrupted one would.
  const rand = countingRng(seededRandom(no.seed));
  // Words (and their counts, for word dropout) from the sentences as written; slots also from a corrupted view, so
  // that doubled commas have an embedding of their own.
  const kept = gold.map((g) => viewOf(g.tree, 'kept', rand));
  const { vocab, wordCounts } = buildVocab(kept, normaliseWord);
  const slotVocab = buildVocab([...kept, ...gold.map((g) => viewOf(g.tree, 'corrupted', rand, g.keep, g.learner, g.writers))], normaliseWord).vocab;
  vocab.slots = slotVocab.slots;
  if (no.dims.suffix || no.dims.shape) Object.assign(vocab, buildAffixVocab(kept));
  // Pretrained vectors: every training word that has one, and the most frequent others (`pretrainedVectors.ts`).
  const pre = no.dims.pretrained && !no.from ? readPretrained(no.pretrained!.file, new Set(wordCounts.keys()), no.pretrained!.top) : undefined;
  if (pre && pre.vectors.dim !== no.dims.pretrained) throw new Error(`pretrained vectors have ${pre.vectors.dim} dimensions, not ${no.dims.pretrained}`);
  if (pre) vocab.pretrained = pre.hashes;
  // A warm start keeps the earlier model's vocabularies (the same data gives the same ones) and pretrained table.
  const net = no.from ? neuralFromModel(readModel(no.from)) : newNeuralScorer(vocab, { upos: tagSet.upos.length, xpos: tagSet.xpos.length }, no.dims, rand, pre?.vectors);
  if (!net) throw new Error(`${no.from} has no neural scorer`);
  const v = net.vocab.vocab;
  o.log(
    `neural scorer${no.from ? ` from ${no.from}` : ''}: ${v.words.length} words, ${v.slots.length} slots, ${v.suffixes?.length ?? 0} suffixes, ` +
      `${v.shapes?.length ?? 0} shapes, ${v.pretrained?.length ?? 0} pretrained vectors, θ ${net.theta.length} (${JSON.stringify(net.layout.dims)})`,
  );
  let lastDev: EvalScores | undefined;
  const models = (neural: NeuralScorer): ParserModels => ({ tagger, neural, labels, deprels: rels.list, clusters: o.clusters });
  const data = {
    count: gold.length,
    relations: rels.list.length,
    sentence(i: number) {
      const g = gold[i];
      const kind = o.views[Math.floor(rand() * o.views.length)];
      const e = encodeSentence(viewOf(g.tree, kind, rand, g.keep, g.learner, g.writers), lookup);
      return { e, tags: tagFor(i, e), gold: { head: g.head, kids: g.kids, deprel: g.deprel } };
    },
    evaluate(net: NeuralScorer) {
      const m = models(net);
      const d = evaluateTrees(m, dev, 'kept');
      const u = evaluateTrees(m, dev, 'removed');
      lastDev = d;
      return { score: d.las * 1000 + d.uas, note: `dev UAS ${d.uas} LAS ${d.las} unpunctuated UAS ${u.uas}${o.probe ? `, ${o.probe(m)}` : ''}`, d };
    },
  };
  let best: ModelContents | undefined;
  const toModel = (net: NeuralScorer, epoch: number): ModelContents => {
    const { info, dense } = neuralArrays(net);
    return {
      header: {
        version: '',
        upos: tagSet.upos,
        xpos: tagSet.xpos,
        deprels: rels.list,
        info: { epoch, dev: lastDev, seed: o.seed, views: o.views, protectFrontedCommas: o.protectFrontedCommas, trainSentences, neural: info, neuralOptions: { ...no, dims: undefined }, ...refinerInfo(tagger) },
      },
      scorers: { ...taggerScorers(tagger), labels },
      clusters: o.clusters,
      dense,
    };
  };
  trainNeuralScorer(net, wordCounts, data, no, rand, o.log, (b, epoch) => {
    best = toModel(b, epoch);
    o.checkpoint?.(best);
  }, o.neuralState ? { file: o.neuralState, rng: rand } : undefined);
  o.log(`neural training done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  if (!best) throw new Error('no training epochs');
  return best;
}
