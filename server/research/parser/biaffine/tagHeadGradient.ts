/**
 * The tag head's loss and gradient for one word (`tagHead.ts`): the cross-entropy of the gold XPOS
 * plus that of the gold UPOS, its gradient added into `grad` (θ's layout). Checked against finite differences in
 * `test/research/tagHeadGradient.test.ts`.
 */
import { TagHeadLayout, TagHeadWork, tagHeadForward } from '../../../src/parser/tagHead';

/** Softmax of `s` in place; returns −log p[gold]. */
function softmaxLoss(s: Float64Array, gold: number): number {
  let m = -Infinity;
  for (let c = 0; c < s.length; c++) if (s[c] > m) m = s[c];
  let z = 0;
  for (let c = 0; c < s.length; c++) z += (s[c] = Math.exp(s[c] - m));
  for (let c = 0; c < s.length; c++) s[c] /= z;
  return -Math.log(Math.max(s[gold], 1e-300));
}

export function tagHeadGradient(
  l: TagHeadLayout,
  th: ArrayLike<number>,
  v: ArrayLike<number>,
  at: number,
  firstX: number,
  firstU: number,
  goldX: number,
  goldU: number,
  w: TagHeadWork,
  dh: Float64Array,
  grad: Float64Array,
): number {
  const { input: D, hidden: K, xpos: X, upos: U } = l.dims;
  tagHeadForward(l, th, v, at, firstX, firstU, w);
  const loss = softmaxLoss(w.sx, goldX) + softmaxLoss(w.su, goldU);
  w.sx[goldX] -= 1;
  w.su[goldU] -= 1;
  dh.fill(0);
  for (let c = 0; c < X; c++) {
    const d = w.sx[c];
    grad[l.b2x + c] += d;
    const r = l.w2x + c * K;
    for (let k = 0; k < K; k++) {
      grad[r + k] += d * w.h[k];
      dh[k] += d * th[r + k];
    }
  }
  for (let c = 0; c < U; c++) {
    const d = w.su[c];
    grad[l.b2u + c] += d;
    const r = l.w2u + c * K;
    for (let k = 0; k < K; k++) {
      grad[r + k] += d * w.h[k];
      dh[k] += d * th[r + k];
    }
  }
  for (let k = 0; k < K; k++) {
    if (w.h[k] <= 0) continue;
    const d = dh[k];
    grad[l.b1 + k] += d;
    grad[l.ex + k * X + firstX] += d;
    grad[l.eu + k * U + firstU] += d;
    const r = l.w1 + k * D;
    for (let j = 0; j < D; j++) grad[r + j] += d * v[at + j];
  }
  return loss;
}
