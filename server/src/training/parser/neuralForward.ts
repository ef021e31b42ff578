/**
 * The neural transition scorer's forward pass as training runs it (`parser/neuralScorer.ts` is parsing's): Wx times
 * the whole embedding concatenation x, the exact activations, dropout, and everything the backward pass
 * (`neuralTrain.ts`) reads kept in arrays of the sentence's own: x, the LSTM's gates and cells, the MLP's input and
 * the masks.
 */
import { matVec } from '../../parser/dot';
import { inputParts, N_POSITIONS, NeuralInput } from '../../parser/neuralNet';
import { NeuralScorer } from '../../parser/neuralScorer';
import { lstmCache, LstmCache, lstmTrainingForward } from './lstmTraining';

/** Everything one sentence's forward pass computed; the backward pass reads it. */
export interface TrainingForward {
  input: NeuralInput;
  n: number;
  /** n × D embeddings, concatenated (with input dropout, after it). */
  x: Float64Array;
  /** The input dropout scale of every entry of x (0 or 1/(1−p)); absent without it. */
  keepX?: Float64Array;
  /** Per direction, n × 4H input projections and the LSTM cache (the first layer's). */
  xproj: [Float64Array, Float64Array];
  cache: [LstmCache, LstmCache];
  /**
   * The layers below the top when the BiLSTM is stacked, bottom first: each layer's n × 2H vectors (what the layer
   * above reads) and the caches of the layer above it (`upperCache[k]` is layer k + 2's).
   */
  below: Float64Array[];
  upperCache: Array<[LstmCache, LstmCache]>;
  /** (n + 2) × 2H: the top layer's BiLSTM vectors, then the root's (row n) and the empty position's (row n + 1). */
  v: Float64Array;
  /** What the MLP reads: v, or with dropout a copy with entries zeroed and the rest scaled by 1/(1−p). */
  mlpIn: Float64Array;
  /** The dropout scale of every entry of mlpIn (0 or 1/(1−p)); absent without dropout. */
  keep?: Float64Array;
  /** N_POSITIONS × (n + 2) × hidden: W1_k · mlpIn_r, filled where `aDone` is set (rows the MLP has read). */
  a: Float64Array;
  aDone: Uint8Array;
}

/** Training's dropout: `p` on the BiLSTM vectors the MLP reads, `input` on the LSTM inputs (x); `rand` draws masks. */
export interface Dropout {
  p: number;
  input?: number;
  rand: () => number;
}

/** The embedding concatenation of every word; `word` may replace the input's word ids (word dropout). */
export function embed(net: NeuralScorer, input: NeuralInput, word: Int32Array = input.word): Float64Array {
  const l = net.layout;
  const th = net.theta;
  const D = l.D;
  const x = new Float64Array(input.n * D);
  for (const { table, col, ids, fixed } of inputParts(l, input, word)) {
    for (let t = 0; t < input.n; t++) {
      if (fixed) {
        for (let j = 0; j < table.cols; j++) x[t * D + col + j] = net.fixed!.value(ids[t], j);
        continue;
      }
      const from = table.offset + ids[t] * table.cols;
      for (let j = 0; j < table.cols; j++) x[t * D + col + j] = th[from + j];
    }
  }
  return x;
}

/** The forward pass over the input with word ids `word` (after word dropout), with `dropout` when given. */
export function trainingForward(net: NeuralScorer, input: NeuralInput, word: Int32Array, dropout?: Dropout): TrainingForward {
  const l = net.layout;
  const th = net.theta;
  const n = input.n;
  const H = l.dims.lstm;
  const V = 2 * H;
  const M = l.dims.hidden;
  const D = l.D;
  const G = 4 * H;
  const x = embed(net, input, word);
  const keepX = dropout && dropout.input ? mask(x.length, dropout.input, dropout.rand) : undefined;
  if (keepX) for (let i = 0; i < x.length; i++) x[i] *= keepX[i];
  const xproj: [Float64Array, Float64Array] = [new Float64Array(n * G), new Float64Array(n * G)];
  const cache: [LstmCache, LstmCache] = [lstmCache(n, H), lstmCache(n, H)];
  const v = new Float64Array((n + 2) * V);
  const layers = l.upper.length + 1;
  const below = Array.from({ length: layers - 1 }, () => new Float64Array(n * V));
  // Each layer writes its vectors where the layer above reads them; the top layer into v.
  const outOf = (layer: number) => (layer === layers - 1 ? v : below[layer]);
  for (let d = 0; d < 2; d++) {
    const wx = l.wx[d].offset;
    const xp = xproj[d];
    // `matVec` gives `dot`'s sums bit for bit, two rows at a time.
    for (let t = 0; t < n; t++) matVec(th, wx, G, D, x, t * D, xp, t * G);
    lstmTrainingForward(net.lstmView(d), xp, n, d === 1, outOf(0), V, d * H, cache[d]);
  }
  const upperCache: Array<[LstmCache, LstmCache]> = [];
  for (let k = 0; k < l.upper.length; k++) {
    const from = below[k];
    const caches: [LstmCache, LstmCache] = [lstmCache(n, H), lstmCache(n, H)];
    const xp = new Float64Array(n * G);
    for (let d = 0; d < 2; d++) {
      const wx = l.upper[k].wx[d].offset;
      for (let t = 0; t < n; t++) matVec(th, wx, G, V, from, t * V, xp, t * G);
      lstmTrainingForward(net.lstmView(d, k + 1), xp, n, d === 1, outOf(k + 1), V, d * H, caches[d]);
    }
    upperCache.push(caches);
  }
  for (let j = 0; j < V; j++) {
    v[n * V + j] = th[l.root.offset + j];
    v[(n + 1) * V + j] = th[l.empty.offset + j];
  }
  const rows = n + 2;
  let mlpIn = v;
  let keep: Float64Array | undefined;
  if (dropout && dropout.p > 0) {
    // Dropout on the BiLSTM vectors of the words (not the root's or the empty position's).
    keep = new Float64Array(v.length).fill(1);
    keep.set(mask(n * V, dropout.p, dropout.rand));
    mlpIn = v.slice();
    for (let i = 0; i < n * V; i++) mlpIn[i] *= keep[i];
  }
  const a = new Float64Array(N_POSITIONS * rows * M);
  const aDone = new Uint8Array(N_POSITIONS * rows);
  return { input, n, x, keepX, xproj, cache, below, upperCache, v, mlpIn, keep, a, aDone };
}

/**
 * Transition scores for the rows `pos` (`NeuralScorer.positions`) with the exact tanh; `hidden` receives the MLP's
 * hidden layer (tanh), times `keepHidden` (a dropout mask) when given. The same sums as parsing's `scores`.
 */
export function trainingScores(net: NeuralScorer, fw: TrainingForward, pos: Int32Array, hidden: Float64Array, out: Float64Array, keepHidden?: Float64Array): void {
  const l = net.layout;
  const th = net.theta;
  const M = l.dims.hidden;
  const V = 2 * l.dims.lstm;
  const rows = fw.n + 2;
  for (let k = 0; k < N_POSITIONS; k++) {
    const r = pos[k];
    if (fw.aDone[k * rows + r]) continue;
    // Row r of A_k = W1_k · mlpIn_r, the first time the MLP reads word r at position k.
    matVec(th, l.w1.offset + k * M * V, M, V, fw.mlpIn, r * V, fw.a, (k * rows + r) * M);
    fw.aDone[k * rows + r] = 1;
  }
  const a = fw.a;
  const a0 = pos[0] * M, a1 = (rows + pos[1]) * M, a2 = (2 * rows + pos[2]) * M, a3 = (3 * rows + pos[3]) * M;
  const b1 = l.b1.offset, w0 = l.w2.offset, w1 = w0 + M, w2 = w1 + M;
  let s0 = th[l.b2.offset], s1 = th[l.b2.offset + 1], s2 = th[l.b2.offset + 2];
  for (let m = 0; m < M; m++) {
    const z = th[b1 + m] + a[a0 + m] + a[a1 + m] + a[a2 + m] + a[a3 + m];
    const h = keepHidden ? Math.tanh(z) * keepHidden[m] : Math.tanh(z);
    hidden[m] = h;
    s0 += th[w0 + m] * h;
    s1 += th[w1 + m] * h;
    s2 += th[w2 + m] * h;
  }
  out[0] = s0;
  out[1] = s1;
  out[2] = s2;
}

/** Dropout mask of n entries: 0 with probability p, else 1/(1−p). */
function mask(n: number, p: number, rand: () => number): Float64Array {
  const keep = new Float64Array(n);
  const scale = 1 / (1 - p);
  for (let i = 0; i < n; i++) keep[i] = rand() < p ? 0 : scale;
  return keep;
}
