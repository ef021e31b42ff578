/**
 * One LSTM direction's forward pass as training runs it (`parser/bilstm.ts` is parsing's): the exact activations,
 * whose derivatives `lstmBackward.ts` uses, and every gate and cell kept for that backward pass.
 */
import { gatePreactivations, LstmView } from '../../parser/bilstm';

/** What backward needs from forward: gate activations (n × 4H), cell states and tanh of them (n × H). */
export interface LstmCache {
  gates: Float64Array;
  c: Float64Array;
  tc: Float64Array;
}

export function lstmCache(n: number, H: number): LstmCache {
  return { gates: new Float64Array(n * 4 * H), c: new Float64Array(n * H), tc: new Float64Array(n * H) };
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** The gate pre-activations and recurrent products (2 × 4H), reused between calls. */
let scratch = new Float64Array(0);

/** h_t into out[t · stride + col …] (as `parser/bilstm.ts`), the activations into `cache`. */
export function lstmTrainingForward(w: LstmView, xproj: Float64Array, n: number, reverse: boolean, out: Float64Array, stride: number, col: number, cache: LstmCache): void {
  const { H } = w;
  const G = 4 * H;
  if (scratch.length < 2 * G) scratch = new Float64Array(2 * G);
  const pre = scratch.subarray(0, G);
  const rec = scratch.subarray(G, 2 * G);
  for (let step = 0; step < n; step++) {
    const t = reverse ? n - 1 - step : step;
    const prev = step === 0 ? -1 : reverse ? t + 1 : t - 1;
    gatePreactivations(w, xproj, t, prev, out, stride, col, pre, rec);
    const g0 = t * G;
    for (let k = 0; k < H; k++) {
      const i = sigmoid(pre[k]);
      const f = sigmoid(pre[H + k]);
      const o = sigmoid(pre[2 * H + k]);
      const g = Math.tanh(pre[3 * H + k]);
      cache.gates[g0 + k] = i;
      cache.gates[g0 + H + k] = f;
      cache.gates[g0 + 2 * H + k] = o;
      cache.gates[g0 + 3 * H + k] = g;
      const c = i * g + (prev >= 0 ? f * cache.c[prev * H + k] : 0);
      cache.c[t * H + k] = c;
      const tc = Math.tanh(c);
      cache.tc[t * H + k] = tc;
      out[t * stride + col + k] = o * tc;
    }
  }
}
