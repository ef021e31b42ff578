/**
 * One LSTM direction (gates i, f, o, g; Hochreiter & Schmidhuber 1997 with a forget gate) over precomputed input
 * projections; its exact backward pass, for training, is `training/parser/lstmBackward.ts`. Weights are views into
 * the flat θ (`neuralNet.ts`), row-major.
 *
 * `xproj` holds Wx·x_t for every position (n × 4H); the recurrence adds Wh·h_prev + b. Direction 1 runs from the
 * last word to the first. Output h_t goes to column block [col, col+H) of an n × stride matrix, so both directions
 * write one BiLSTM matrix. Parsing runs the forward pass in WebAssembly where it can (`wasmLstm.ts`, the same values
 * with the fast activations).
 */

export interface LstmView {
  theta: Weights;
  H: number;
  /** Offsets in θ of Wh (4H × H) and b (4H). */
  wh: number;
  b: number;
}

/** What backward needs from forward: gate activations (n × 4H), cell states and tanh of them (n × H). */
export interface LstmCache {
  gates: Float64Array;
  c: Float64Array;
  tc: Float64Array;
}

export function lstmCache(n: number, H: number): LstmCache {
  return { gates: new Float64Array(n * 4 * H), c: new Float64Array(n * H), tc: new Float64Array(n * H) };
}

import { matVec, Weights } from './dot';

import { Activations, EXACT_ACTIVATIONS } from './fastActivations';

/** lstmForward's gate pre-activations and recurrent products (2 × 4H), reused. */
let scratch = new Float64Array(0);

export function lstmForward(
  w: LstmView,
  xproj: Float64Array,
  n: number,
  reverse: boolean,
  out: Float64Array,
  stride: number,
  col: number,
  cache: LstmCache,
  /** Parsing passes the fast ones (`fastActivations.ts`); backward needs the exact ones. */
  act: Activations = EXACT_ACTIVATIONS,
): void {
  const { theta, H } = w;
  const { sigmoid, tanh } = act;
  const G = 4 * H;
  // Scratch kept between calls (one forward pass at a time): two allocations less per direction and sentence.
  if (scratch.length < 2 * G) scratch = new Float64Array(2 * G);
  const pre = scratch.subarray(0, G);
  const rec = scratch.subarray(G, 2 * G);
  for (let step = 0; step < n; step++) {
    const t = reverse ? n - 1 - step : step;
    const prev = step === 0 ? -1 : reverse ? t + 1 : t - 1;
    for (let j = 0; j < G; j++) pre[j] = xproj[t * G + j] + theta[w.b + j];
    if (prev >= 0) {
      // Wh·h_prev, each row's product exactly `dot`'s (`matVec`), added as before.
      matVec(theta, w.wh, G, H, out, prev * stride + col, rec, 0);
      for (let j = 0; j < G; j++) pre[j] += rec[j];
    }
    const g0 = t * G;
    for (let k = 0; k < H; k++) {
      const i = sigmoid(pre[k]);
      const f = sigmoid(pre[H + k]);
      const o = sigmoid(pre[2 * H + k]);
      const g = tanh(pre[3 * H + k]);
      cache.gates[g0 + k] = i;
      cache.gates[g0 + H + k] = f;
      cache.gates[g0 + 2 * H + k] = o;
      cache.gates[g0 + 3 * H + k] = g;
      const c = i * g + (prev >= 0 ? f * cache.c[prev * H + k] : 0);
      cache.c[t * H + k] = c;
      const tc = tanh(c);
      cache.tc[t * H + k] = tc;
      out[t * stride + col + k] = o * tc;
    }
  }
}
