/**
 * Training of the neural relation labeller (`neuralLabeller.ts`) over a parser model's frozen BiLSTM: the vectors
 * of every training sentence are computed once (in each punctuation view, with jackknifed tags, as the neural
 * scorer was trained), then an MLP learns the gold relation of every gold arc by softmax cross-entropy (the root
 * relation left out, as `labelArcs` never gives it to another arc), Adam over mini-batches of sentences, seeded.
 * Each epoch is measured on dev through `labelArcs` itself (the perceptron's scores + w × the labeller's, for each
 * w asked for), over dev parses made once (the BiLSTM, the tagger and the parse do not change).
 */
import { PunctuatedTree } from '../../data/depunct';
import { arcLabeller, clusterLookup, labelArcs, labelInOrder, ParserModels, predictHeads } from '../../parser/dependencyParser';
import { encodeSentence, EncodedSentence } from '../../parser/encoding';
import { FeatureBuffer } from '../../parser/hash';
import { matVec } from '../../parser/dot';
import { arcHidden, arcLookups, arcOutput, LabellerDims, LabellerLayout, labellerLayout, LOOKUPS, NeuralLabeller } from '../../parser/neuralLabeller';
import { NeuralScorer } from '../../parser/neuralScorer';
import { Adam } from './adam';
import { softmaxCrossEntropy } from './softmaxLoss';
import { TagIds } from '../../parser/parseFeatures';
import * as fs from 'fs';
import { DEFAULT_TRAIN_OPTIONS, prepare, Prepared, trainLabeller, TrainOptions } from './train';
import { readModel, writeModel } from '../../parser/modelFile';
import { Scorer, SparseWeights } from '../../parser/weights';
import { seededRandom, viewOf, ViewKind, VIEW_KINDS } from './views';
import { bilstmFingerprint, writeLabeller } from '../../parser/neuralLabellerModel';

export interface LabellerTrainOptions {
  seed: number;
  hidden: number;
  epochs: number;
  lr: number;
  /** The learning rate is multiplied by this after each epoch. */
  lrDecay: number;
  /** Sentences (views) per Adam step. */
  batch: number;
  /** Dropout on the BiLSTM vectors the MLP reads (training only). */
  inputDropout: number;
  /** Dropout on the hidden layer (training only). */
  hiddenDropout: number;
  /** Dev sweep: weights of the labeller's scores added to the perceptron's. */
  weights: number[];
}

export const DEFAULT_LABELLER_OPTIONS: LabellerTrainOptions = {
  seed: 1,
  hidden: 64,
  epochs: 8,
  lr: 2e-3,
  lrDecay: 0.8,
  batch: 16,
  inputDropout: 0.2,
  hiddenDropout: 0,
  weights: [1, 2, 4, 8, 16, 32],
};

/** One sentence of training data: n × input BiLSTM vectors, gold heads (root = n) and relation ids. */
export interface LabellerExample {
  n: number;
  v: Float64Array;
  head: Int32Array;
  deprel: Int32Array;
  /** n × LOOKUPS.length: the rows of E each arc reads (`arcLookups`; unused for words attached to the root). */
  rows: Int32Array;
}

/** Glorot-uniform matrices, zero biases and bucket rows, from the seeded generator. */
export function initialLabellerTheta(l: LabellerLayout, rand: () => number): Float64Array {
  const { input: I, hidden: M, classes: K } = l.dims;
  const th = new Float64Array(l.size);
  const fill = (at: number, rows: number, cols: number) => {
    const r = Math.sqrt(6 / (rows + cols));
    for (let i = 0; i < rows * cols; i++) th[at + i] = (2 * rand() - 1) * r;
  };
  fill(l.wd, M, I);
  fill(l.wh, M, I);
  fill(l.w2, K, M);
  return th;
}

/** Training's dropout masks: `input` on both vectors an arc reads, `hidden` on tanh(z). */
export interface LabellerDropout {
  input: number;
  hidden: number;
  rand: () => number;
}

/** Work arrays of one arc's forward and backward pass. */
export class ArcScratch {
  readonly xd: Float64Array;
  readonly xh: Float64Array;
  readonly pd: Float64Array;
  readonly ph: Float64Array;
  readonly z: Float64Array;
  readonly a: Float64Array;
  readonly keep: Float64Array;
  readonly s: Float64Array;
  /** dLoss/ds: softmax − one-hot. */
  readonly ds: Float64Array;
  readonly da: Float64Array;

  constructor(readonly dims: LabellerDims) {
    const { input: I, hidden: M, classes: K } = dims;
    this.xd = new Float64Array(I);
    this.xh = new Float64Array(I);
    this.pd = new Float64Array(M);
    this.ph = new Float64Array(M);
    this.z = new Float64Array(M);
    this.a = new Float64Array(M);
    this.keep = new Float64Array(M);
    this.s = new Float64Array(K);
    this.ds = new Float64Array(K);
    this.da = new Float64Array(M);
  }
}

function dropped(x: Float64Array, from: Float64Array, at: number, p: number, rand: () => number): void {
  const scale = 1 / (1 - p);
  for (let i = 0; i < x.length; i++) x[i] = rand() < p ? 0 : from[at + i] * scale;
}

/**
 * The scores of arc d → head[d] into sc.s, as the run-time path computes them (the same products and sums in the
 * same order); with dropout, of the masked vectors and hidden layer.
 */
export function arcScores(l: LabellerLayout, th: Float64Array, ex: LabellerExample, d: number, sc: ArcScratch, dropout?: LabellerDropout): void {
  const { input: I, hidden: M } = l.dims;
  const h = ex.head[d];
  let xd = ex.v, xh = ex.v, od = d * I, oh = h * I;
  if (dropout && dropout.input > 0) {
    dropped(sc.xd, ex.v, d * I, dropout.input, dropout.rand);
    dropped(sc.xh, ex.v, h * I, dropout.input, dropout.rand);
    xd = sc.xd, xh = sc.xh, od = 0, oh = 0;
  }
  matVec(th, l.wd, M, I, xd, od, sc.pd, 0);
  matVec(th, l.wh, M, I, xh, oh, sc.ph, 0);
  arcHidden(l, th, ex.rows, d * LOOKUPS.length, sc.pd, 0, sc.ph, 0, sc.z);
  const pk = dropout ? dropout.hidden : 0;
  for (let m = 0; m < M; m++) {
    sc.keep[m] = pk > 0 && dropout!.rand() < pk ? 0 : 1 / (1 - pk);
    sc.a[m] = Math.tanh(sc.z[m]) * (pk > 0 ? sc.keep[m] : 1);
  }
  arcOutput(l, th, sc.a, sc.s, 0);
}

/**
 * Cross-entropy of the gold relations of a sentence's arcs (the words attached to the root are skipped; relation
 * `exclude`, the root, is out of every softmax); adds the gradient into `grad`. Returns the loss and how many arcs
 * the scores got right.
 */
export function exampleGradient(
  l: LabellerLayout,
  th: Float64Array,
  grad: Float64Array,
  ex: LabellerExample,
  exclude: number,
  sc: ArcScratch,
  dropout?: LabellerDropout,
): { loss: number; right: number; arcs: number } {
  const { input: I, hidden: M, classes: K } = l.dims;
  let loss = 0, right = 0, arcs = 0;
  const s = sc.s, a = sc.a, da = sc.da;
  for (let d = 0; d < ex.n; d++) {
    const h = ex.head[d];
    if (h >= ex.n) continue;
    arcs++;
    arcScores(l, th, ex, d, sc, dropout);
    // The excluded relation has probability 0.
    s[exclude] = -Infinity;
    let best = 0;
    for (let c = 1; c < K; c++) if (s[c] > s[best]) best = c;
    const g = ex.deprel[d];
    loss += softmaxCrossEntropy(s, K, g, sc.ds);
    if (best === g) right++;
    da.fill(0);
    for (let c = 0; c < K; c++) {
      const ds = sc.ds[c];
      if (ds === 0) continue;
      grad[l.b2 + c] += ds;
      const w = l.w2 + c * M;
      for (let m = 0; m < M; m++) {
        grad[w + m] += ds * a[m];
        da[m] += ds * th[w + m];
      }
    }
    const xd = dropout && dropout.input > 0 ? sc.xd : ex.v, od = xd === ex.v ? d * I : 0;
    const xh = dropout && dropout.input > 0 ? sc.xh : ex.v, oh = xh === ex.v ? h * I : 0;
    const hasKeep = dropout !== undefined && dropout.hidden > 0;
    const ro = d * LOOKUPS.length;
    for (let m = 0; m < M; m++) {
      const t = Math.tanh(sc.z[m]);
      const dz = da[m] * (hasKeep ? sc.keep[m] : 1) * (1 - t * t);
      if (dz === 0) continue;
      grad[l.b1 + m] += dz;
      for (let k = 0; k < LOOKUPS.length; k++) grad[l.e + ex.rows[ro + k] * M + m] += dz;
      const wd = l.wd + m * I, wh = l.wh + m * I;
      for (let i = 0; i < I; i++) {
        grad[wd + i] += dz * xd[od + i];
        grad[wh + i] += dz * xh[oh + i];
      }
    }
  }
  return { loss, right, arcs };
}

/** The BiLSTM vectors of a sentence's words (n rows of 2H), copied out of the scorer's buffers. */
export function wordVectors(net: NeuralScorer, e: EncodedSentence, tags: TagIds): Float64Array {
  const fw = net.forward(net.input(e, tags));
  return Float64Array.from(fw.v.subarray(0, e.n * 2 * net.layout.dims.lstm));
}

/**
 * Training examples: every gold sentence in each view (drawn once, seeded), tagged as the neural scorer was
 * trained (`Prepared.tagFor`, jackknifed), with the frozen scorer's vectors; `relation` maps the training data's
 * relation ids to the parser model's.
 */
export function trainingExamples(
  p: Prepared,
  m: ParserModels,
  folds: FoldLabellers,
  views: readonly ViewKind[],
  seed: number,
  relation: Int32Array,
  o: LabellerTrainOptions,
): { examples: LabellerExample[]; dims: LabellerDims } {
  const net = m.neural!;
  const rand = seededRandom(seed);
  const K = m.deprels.length;
  const rootId = m.deprels.indexOf('root');
  const raw: Array<{ ex: LabellerExample; tags: TagIds; scores: Float32Array }> = [];
  const margins: number[] = [];
  p.gold.forEach((g, i) => {
    const deprel = Int32Array.from(g.deprel, (r) => relation[r]);
    for (const kind of views) {
      const e = encodeSentence(viewOf(g.tree, kind, rand, g.keep, g.learner, g.writers), p.lookup);
      const tags = p.tagFor(i, e);
      // Scores of the fold labeller that did not see the sentence, in the parser model's relation order.
      const own = perceptronScores(folds.labellers[i % folds.labellers.length], p.tagSet.upos, e, tags, g.head, p.rels.id('root'));
      const pk = p.rels.list.length;
      const scores = new Float32Array(e.n * K).fill(-1e9);
      for (let d = 0; d < e.n; d++) for (let r = 0; r < pk; r++) scores[d * K + relation[r]] = own[d * pk + r];
      for (let d = 0; d < e.n; d++) if (g.head[d] < e.n) margins.push(margin(scores, d * K, K, rootId));
      raw.push({ ex: { n: e.n, v: wordVectors(net, e, tags), head: g.head, deprel, rows: new Int32Array(e.n * LOOKUPS.length) }, tags, scores });
    }
  });
  // Margin buckets of equal training mass.
  margins.sort((a, b) => a - b);
  const marginCuts = Array.from({ length: MARGIN_BUCKETS - 1 }, (_, k) => margins[Math.floor(((k + 1) * margins.length) / MARGIN_BUCKETS)]);
  const dims: LabellerDims = { input: 2 * net.layout.dims.lstm, hidden: o.hidden, classes: K, upos: m.tagger.tags.upos.length, xpos: m.tagger.tags.xpos.length, marginCuts };
  const l = labellerLayout(dims);
  for (const { ex, tags, scores } of raw) {
    for (let d = 0; d < ex.n; d++) {
      if (ex.head[d] < ex.n) arcLookups(l, d, ex.head[d], tags, scores.subarray(d * K, (d + 1) * K), rootId, ex.rows, d * LOOKUPS.length);
    }
  }
  return { examples: raw.map((r) => r.ex), dims };
}

const MARGIN_BUCKETS = 8;

/**
 * Perceptron labellers trained as the shipped one is (`train.trainLabeller`, same options), each on all training
 * sentences but one fold (sentence i is in fold i mod folds, as the taggers' jackknife): the labeller reads the
 * perceptron's scores, and the shipped perceptron's scores of its own training sentences are far more often right
 * than of new ones (98% against ~95%; trained on them, the MLP learned to copy them and changed nothing on dev).
 */
export interface FoldLabellers {
  labellers: Scorer[];
}

export function foldLabellers(p: Prepared, cacheFile: string | undefined, log: (msg: string) => void): FoldLabellers {
  const folds = p.o.folds;
  if (cacheFile && fs.existsSync(cacheFile)) {
    const c = readModel(cacheFile);
    if (c.header.deprels.join(' ') !== p.rels.list.join(' ') || c.header.info.sentences !== p.gold.length) throw new Error(`${cacheFile} holds fold labellers of other training data`);
    log(`fold labellers from ${cacheFile}`);
    return { labellers: Array.from({ length: folds }, (_, k) => prepared(c.scorers[`labels${k}`])) };
  }
  const labellers: SparseWeights[] = [];
  for (let k = 0; k < folds; k++) {
    const keep = p.gold.map((_, i) => i).filter((i) => i % folds !== k);
    log(`fold labeller ${k + 1}/${folds} (${keep.length} sentences)`);
    const pk: Prepared = { ...p, gold: keep.map((i) => p.gold[i]), tagFor: (j, e) => p.tagFor(keep[j], e), rand: seededRandom(p.o.seed + 300 + k) };
    labellers.push(trainLabeller(pk));
  }
  if (cacheFile) {
    const scorers = Object.fromEntries(labellers.map((l, k) => [`labels${k}`, l]));
    writeModel(cacheFile, { header: { version: 'fold-labellers', upos: [], xpos: [], deprels: p.rels.list, info: { sentences: p.gold.length } }, scorers });
  }
  return { labellers: labellers.map(prepared) };
}

function prepared(w: SparseWeights): SparseWeights {
  w.prepare();
  return w;
}

function margin(s: ArrayLike<number>, at: number, K: number, exclude: number): number {
  let best = -Infinity, second = -Infinity;
  for (let c = 0; c < K; c++) {
    if (c === exclude) continue;
    const x = s[at + c];
    if (x > best) (second = best), (best = x);
    else if (x > second) second = x;
  }
  return best - second;
}

/**
 * The perceptron labeller's scores of every arc of a gold tree (n × K), in `labelArcs`' order with its own guesses
 * as the relations already given, as it is trained and as it runs.
 */
export function perceptronScores(labels: Scorer, uposNames: readonly string[], e: EncodedSentence, tags: TagIds, head: Int32Array, rootId: number): Float32Array {
  const K = labels.nClasses;
  const out = new Float32Array(e.n * K);
  labelInOrder(labels, rootId, uposNames, e, tags, head, new FeatureBuffer(), (d, scores) => out.set(scores, d * K));
  return out;
}

/** A dev sentence parsed once by the full parser (without the labeller), with the vectors the labeller reads. */
export interface DevParse {
  e: EncodedSentence;
  tags: TagIds;
  head: Int32Array;
  v: Float64Array;
  gold: PunctuatedTree;
}

export function devParses(m: ParserModels, trees: readonly PunctuatedTree[], kind: ViewKind, seed = 7): DevParse[] {
  const net = m.neural;
  if (!net) throw new Error('the parser model has no BiLSTM');
  const rand = seededRandom(seed);
  const lookup = clusterLookup(m.clusters);
  const arcs = arcLabeller(m);
  const f = new FeatureBuffer();
  return trees.map((gold) => {
    const e = encodeSentence(viewOf(gold, kind, rand), lookup);
    const tags = m.tagger.tag(e);
    // As `parseAndLabel` does: one forward pass, read by the parse and then by the labeller.
    const fw = net.forward(net.input(e, tags));
    const head = predictHeads(m, e, tags, f, arcs, fw);
    return { e, tags, head, v: Float64Array.from(fw.v.subarray(0, e.n * 2 * net.layout.dims.lstm)), gold };
  });
}

/** LAS (percent, words) of dev parses labelled by `labelArcs`, with the labeller at weight w (0 or none: without). */
export function devLas(m: ParserModels, parses: readonly DevParse[], labeller?: NeuralLabeller, weight = 0): number {
  const f = new FeatureBuffer();
  let words = 0, right = 0;
  for (const p of parses) {
    const neural = labeller && weight ? { labeller, weight, v: p.v } : undefined;
    const rel = labelArcs(m.labels, m.deprels, m.tagger.tags.upos, p.e, p.tags, p.head, f, neural);
    p.gold.words.forEach((w, i) => {
      words++;
      const h = p.head[i] === p.e.n ? 0 : p.head[i] + 1;
      if (h === w.head && m.deprels[rel[i]] === w.deprel) right++;
    });
  }
  return Math.round((10000 * right) / Math.max(1, words)) / 100;
}

export interface TrainedLabeller {
  labeller: NeuralLabeller;
  epoch: number;
  weight: number;
  devLas: number;
  /** Dev LAS by epoch and weight. */
  history: Array<{ epoch: number; las: Record<string, number>; trainLoss: number; trainAccuracy: number }>;
}

function shuffled(n: number, rand: () => number): Int32Array {
  const a = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
  return a;
}

/**
 * Trains the MLP; after each epoch measures dev LAS for every weight in `o.weights` and keeps the best (epoch,
 * weight) by dev LAS. `checkpoint` is called with each new best.
 */
export function trainNeuralLabeller(
  examples: readonly LabellerExample[],
  dims: LabellerDims,
  exclude: number,
  o: LabellerTrainOptions,
  dev: (labeller: NeuralLabeller, weight: number) => number,
  log: (msg: string) => void,
  checkpoint?: (t: TrainedLabeller) => void,
): TrainedLabeller {
  const rand = seededRandom(o.seed);
  const l = labellerLayout(dims);
  const th = initialLabellerTheta(l, rand);
  const grad = new Float64Array(l.size);
  const adam = new Adam(l.size, o.lr);
  const sc = new ArcScratch(dims);
  const dropout: LabellerDropout | undefined = o.inputDropout > 0 || o.hiddenDropout > 0 ? { input: o.inputDropout, hidden: o.hiddenDropout, rand } : undefined;
  let best: TrainedLabeller | undefined;
  const history: TrainedLabeller['history'] = [];
  for (let epoch = 1; epoch <= o.epochs; epoch++) {
    const t0 = Date.now();
    let loss = 0, right = 0, arcs = 0, inBatch = 0;
    for (const i of shuffled(examples.length, rand)) {
      const r = exampleGradient(l, th, grad, examples[i], exclude, sc, dropout);
      loss += r.loss;
      right += r.right;
      arcs += r.arcs;
      if (++inBatch === o.batch) {
        adam.step(th, grad);
        inBatch = 0;
      }
    }
    if (inBatch) adam.step(th, grad);
    adam.lr *= o.lrDecay;
    const labeller = new NeuralLabeller(dims, th.slice());
    const las: Record<string, number> = {};
    for (const w of o.weights) {
      las[w] = dev(labeller, w);
      if (!best || las[w] > best.devLas) best = { labeller, epoch, weight: w, devLas: las[w], history };
    }
    history.push({ epoch, las, trainLoss: loss / Math.max(1, arcs), trainAccuracy: (100 * right) / Math.max(1, arcs) });
    log(
      `  labeller epoch ${epoch}: train loss ${(loss / arcs).toFixed(4)} per arc, accuracy ${((100 * right) / arcs).toFixed(2)}; dev LAS ` +
        o.weights.map((w) => `w ${w}: ${las[w]}`).join(', ') +
        ` (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
    );
    if (best && best.epoch === epoch) checkpoint?.(best);
  }
  if (!best) throw new Error('no labeller epochs');
  return best;
}

/**
 * `train-parser --neural-labeller OUT`: a labeller over model `m`'s BiLSTM, trained on `train` (three views,
 * jackknifed tags from `prepare`, so from the tagger cache when given) and selected on dev; each new best is
 * written to `out` with the weight chosen on dev.
 */
export function trainLabellerOver(
  m: ParserModels,
  train: readonly PunctuatedTree[],
  dev: readonly PunctuatedTree[],
  o: LabellerTrainOptions,
  setup: Pick<TrainOptions, 'taggerCache' | 'log'> & { foldCache?: string },
  out?: string,
): TrainedLabeller {
  const net = m.neural;
  if (!net) throw new Error('the parser model has no BiLSTM (a neural or combined model is needed)');
  const log = setup.log;
  const p = prepare(train, { ...DEFAULT_TRAIN_OPTIONS, seed: o.seed, clusters: m.clusters, taggerCache: setup.taggerCache, log });
  // The neural scorer reads tag ids: the taggers' tag sets must be the model's.
  const same = (a: readonly string[], b: readonly string[]) => a.join(' ') === b.join(' ');
  if (!same(p.tagger.tags.upos, m.tagger.tags.upos) || !same(p.tagger.tags.xpos, m.tagger.tags.xpos)) throw new Error('the training tag sets differ from the parser model\'s');
  const relation = Int32Array.from(p.rels.list, (r) => m.deprels.indexOf(r));
  if (relation.includes(-1)) throw new Error('the training data has relations the parser model does not');
  const t0 = Date.now();
  const folds = foldLabellers(p, setup.foldCache, log);
  const { examples, dims } = trainingExamples(p, m, folds, VIEW_KINDS, o.seed + 7, relation, o);
  const parses = devParses(m, dev, 'kept');
  const baseline = devLas(m, parses);
  log(`labeller: ${examples.length} training views, BiLSTM vectors and perceptron scores in ${((Date.now() - t0) / 1000).toFixed(0)} s; margin cuts ${dims.marginCuts.map((c) => c.toFixed(2)).join(' ')}; dev LAS without it ${baseline}`);
  const bilstm = bilstmFingerprint(net);
  return trainNeuralLabeller(examples, dims, m.deprels.indexOf('root'), o, (lab, w) => devLas(m, parses, lab, w), log, (best) => {
    if (!out) return;
    const training = { options: o, epoch: best.epoch, devLas: best.devLas, devLasWithout: baseline, history: best.history, trainSentences: train.length };
    const bytes = writeLabeller(out, best.labeller, { dims, weight: best.weight, deprels: m.deprels, bilstm, training });
    log(`  wrote ${out} (${(bytes / 1e3).toFixed(1)} kB; epoch ${best.epoch}, weight ${best.weight}, dev LAS ${best.devLas})`);
  });
}
