/**
 * The exact backward pass of one LSTM direction, over what training's forward pass kept (`lstmTraining.ts`). G = 4H is
 * even, so Wh's rows go two at a time.
 */
import { LstmView } from '../../parser/bilstm';
import { LstmCache } from './lstmTraining';

/**
 * Backward through one direction. `dOut` (same layout as `out`) is the loss gradient of every h_t from above;
 * writes dL/dxproj (n × 4H) and adds the gradients of Wh and b into `grad` (θ's layout).
 */
export function lstmBackward(
  w: LstmView,
  n: number,
  reverse: boolean,
  out: Float64Array,
  dOut: Float64Array,
  stride: number,
  col: number,
  cache: LstmCache,
  dxproj: Float64Array,
  grad: Float64Array,
): void {
  const { theta, H } = w;
  const G = 4 * H;
  const dhNext = new Float64Array(H);
  const dcNext = new Float64Array(H);
  const dpre = new Float64Array(G);
  for (let step = n - 1; step >= 0; step--) {
    const t = reverse ? n - 1 - step : step;
    const prev = step === 0 ? -1 : reverse ? t + 1 : t - 1;
    const g0 = t * G;
    for (let k = 0; k < H; k++) {
      const dh = dOut[t * stride + col + k] + dhNext[k];
      const i = cache.gates[g0 + k];
      const f = cache.gates[g0 + H + k];
      const o = cache.gates[g0 + 2 * H + k];
      const g = cache.gates[g0 + 3 * H + k];
      const tc = cache.tc[t * H + k];
      const dc = dh * o * (1 - tc * tc) + dcNext[k];
      const cPrev = prev >= 0 ? cache.c[prev * H + k] : 0;
      dpre[k] = dc * g * i * (1 - i);
      dpre[H + k] = dc * cPrev * f * (1 - f);
      dpre[2 * H + k] = dh * tc * o * (1 - o);
      dpre[3 * H + k] = dc * i * (1 - g * g);
      dcNext[k] = dc * f;
    }
    dhNext.fill(0);
    for (let j = 0; j < G; j++) {
      dxproj[g0 + j] = dpre[j];
      grad[w.b + j] += dpre[j];
    }
    if (prev < 0) continue;
    const hp = prev * stride + col;
    // Two rows of Wh at a time, sharing each load of h_prev and dhNext.
    for (let j = 0; j < G; j += 2) {
      const d0 = dpre[j], d1 = dpre[j + 1];
      if (d0 === 0 && d1 === 0) continue;
      const r0 = w.wh + j * H, r1 = r0 + H;
      for (let k = 0; k < H; k++) {
        const h = out[hp + k];
        grad[r0 + k] += d0 * h;
        grad[r1 + k] += d1 * h;
        dhNext[k] += d0 * theta[r0 + k] + d1 * theta[r1 + k];
      }
    }
  }
}
