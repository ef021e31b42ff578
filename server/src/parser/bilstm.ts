/**
 * One LSTM direction (gates i, f, o, g; Hochreiter & Schmidhuber 1997 with a forget gate) over precomputed input
 * projections, as parsing runs it: the fast activations (`fastActivations.ts`), and only h kept. Training's forward
 * pass, which keeps the gates and cells its backward pass reads and takes the exact activations, is
 * `training/parser/lstmTraining.ts`. Weights are views into the flat θ (`neuralNet.ts`), row-major.
 *
 * `xproj` holds Wx·x for every position (n × 4H); the recurrence adds Wh·h_prev + b. Direction 1 runs from the
 * last word to the first. Output h_t goes to column block [col, col+H) of an n × stride matrix, so both directions
 * write one BiLSTM matrix. This is the JavaScript that parsing falls back on without WebAssembly SIMD; `wasmLstm.ts`
 * computes the same values.
 */
import { matVec, Weights } from './dot';
import { fastSigmoid, fastTanh } from './fastActivations';

export interface LstmView {
  theta: Weights;
  H: number;
  /** Offsets in θ of Wh (4H × H) and b (4H). */
  wh: number;
  b: number;
}

/**
 * The gates' pre-activations at step t into `pre` (4H): the input's projection, the bias and, after the first step,
 * Wh times the previous step's output (`out`'s row `prev`), summed through `rec` (4H). Parsing and training share it.
 */
export function gatePreactivations(w: LstmView, xproj: Float64Array, t: number, prev: number, out: Float64Array, stride: number, col: number, pre: Float64Array, rec: Float64Array): void {
  const { theta, H } = w;
  const G = 4 * H;
  for (let j = 0; j < G; j++) pre[j] = xproj[t * G + j] + theta[w.b + j];
  if (prev >= 0) {
    matVec(theta, w.wh, G, H, out, prev * stride + col, rec, 0);
    for (let j = 0; j < G; j++) pre[j] += rec[j];
  }
}

/** The gate pre-activations and recurrent products (2 × 4H) and the previous step's cell (H), reused between calls. */
let scratch = new Float64Array(0);

export function lstmForward(w: LstmView, xproj: Float64Array, n: number, reverse: boolean, out: Float64Array, stride: number, col: number): void {
  const { H } = w;
  const G = 4 * H;
  if (scratch.length < 2 * G + H) scratch = new Float64Array(2 * G + H);
  const pre = scratch.subarray(0, G);
  const rec = scratch.subarray(G, 2 * G);
  // The cell of the step before: each step reads only its predecessor's, so one vector of H serves the sentence.
  const cell = scratch.subarray(2 * G, 2 * G + H);
  for (let step = 0; step < n; step++) {
    const t = reverse ? n - 1 - step : step;
    const prev = step === 0 ? -1 : reverse ? t + 1 : t - 1;
    gatePreactivations(w, xproj, t, prev, out, stride, col, pre, rec);
    const h = t * stride + col;
    for (let k = 0; k < H; k++) {
      const c = fastSigmoid(pre[k]) * fastTanh(pre[3 * H + k]) + (prev >= 0 ? fastSigmoid(pre[H + k]) * cell[k] : 0);
      cell[k] = c;
      out[h + k] = fastSigmoid(pre[2 * H + k]) * fastTanh(c);
    }
  }
}
