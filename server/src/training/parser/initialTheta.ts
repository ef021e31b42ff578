/** The neural transition scorer's starting parameters, for training (`parser/neuralNet.ts` holds their layout). */
import { N_OUT, N_POSITIONS, NeuralLayout, Tensor } from '../../parser/neuralNet';

/** Seeded initialisation: uniform ±sqrt(6 / (fan-in + fan-out)) (Glorot), embeddings ±sqrt(3 / dim), forget bias 1. */
export function initialTheta(l: NeuralLayout, rand: () => number): Float64Array {
  const theta = new Float64Array(l.size);
  const fill = (t: Tensor, scale: number) => {
    for (let i = 0; i < t.rows * t.cols; i++) theta[t.offset + i] = (2 * rand() - 1) * scale;
  };
  for (const e of [l.eWord, l.eUpos, l.eXpos, l.eCluster, l.eSlot, l.eSuffix, l.eShape]) fill(e, Math.sqrt(3 / Math.max(1, e.cols)));
  const H = l.dims.lstm;
  for (let d = 0; d < 2; d++) {
    fill(l.wx[d], Math.sqrt(6 / (l.D + H)));
    fill(l.wh[d], Math.sqrt(6 / (2 * H)));
    for (let j = H; j < 2 * H; j++) theta[l.bias[d].offset + j] = 1;
    for (const u of l.upper) {
      fill(u.wx[d], Math.sqrt(6 / (2 * H + H)));
      fill(u.wh[d], Math.sqrt(6 / (2 * H)));
      for (let j = H; j < 2 * H; j++) theta[u.bias[d].offset + j] = 1;
    }
  }
  fill(l.root, 0.1);
  fill(l.empty, 0.1);
  fill(l.w1, Math.sqrt(6 / (N_POSITIONS * 2 * H + l.dims.hidden)));
  fill(l.w2, Math.sqrt(6 / (l.dims.hidden + N_OUT)));
  return theta;
}
