/**
 * Training of the BiLSTM punctuation tagger (`restore/bilstmTagger.ts`): the loss of one run (the mean over its words
 * of −log P(the mark written after the word)), its exact gradient, and Adam. The forward pass here takes the exact
 * activations (`lstmTraining.ts`), whose derivatives the backward pass uses; the run-time pass takes the fast ones.
 */
import { matVec } from '../../parser/dot';
import { BILSTM_MARK_COUNT, BiLstmTagger, gapInput, ID_STRIDE, inputRows, lstmView, projectInputs } from '../../restore/bilstmTagger';
import { lstmBackward } from '../parser/lstmBackward';
import { lstmCache, lstmTrainingForward } from '../parser/lstmTraining';

/** A model whose θ is trained (float64). */
export type TrainedTagger = Omit<BiLstmTagger, 'theta'> & { theta: Float64Array };

export interface Dropout {
  /** Input dropout (each entry of x), and dropout of the softmax layer's input u. */
  input: number;
  gap: number;
  /** A uniform draw in [0, 1). */
  random: () => number;
}

/**
 * The run's summed loss Σ_t −log P(marks[t] | words), the gradient added into `grad` (θ's layout). Rows of the
 * embedding tables the run touched are added to `touched` (entry: the table offset of the row's first weight and its
 * width), so that a sparse update need not visit the others. `probabilities` (n × marks), if given, gets P(mark | words).
 */
export function runLossAndGradient(
  m: TrainedTagger,
  ids: Int32Array,
  marks: ArrayLike<number>,
  grad: Float64Array | undefined,
  dropout?: Dropout,
  touched?: Map<number, number>,
  probabilities?: Float64Array,
): number {
  const n = marks.length;
  if (n === 0) return 0;
  const { dims: d, layout: L, theta } = m;
  const H = d.lstm, G = 4 * H, D = L.D, Y = BILSTM_MARK_COUNT, M = d.hidden;
  const x = new Float64Array(n * D);
  inputRows(m, ids, n, x);
  const xMask = dropout && dropout.input > 0 ? new Float64Array(n * D) : undefined;
  if (xMask) {
    const keep = 1 / (1 - dropout!.input);
    for (let i = 0; i < xMask.length; i++) {
      xMask[i] = dropout!.random() < dropout!.input ? 0 : keep;
      x[i] *= xMask[i];
    }
  }
  const h = new Float64Array(n * 2 * H);
  const xproj: Float64Array[] = [new Float64Array(n * G), new Float64Array(n * G)];
  const caches = [lstmCache(n, H), lstmCache(n, H)];
  for (const dir of [0, 1] as const) {
    projectInputs(m, dir, x, n, xproj[dir]);
    lstmTrainingForward(lstmView(m, dir), xproj[dir], n, dir === 1, h, 2 * H, dir * H, caches[dir]);
  }
  const us = new Float64Array(n * 3 * H), as = new Float64Array(n * M), ps = new Float64Array(n * Y);
  const uMask = dropout && dropout.gap > 0 ? new Float64Array(n * 3 * H) : undefined;
  const u = new Float64Array(3 * H), a = new Float64Array(M), z = new Float64Array(Y);
  let loss = 0;
  for (let t = 0; t < n; t++) {
    gapInput(h, n, H, t, u);
    if (uMask) {
      const keep = 1 / (1 - dropout!.gap);
      for (let k = 0; k < 3 * H; k++) u[k] *= uMask[t * 3 * H + k] = dropout!.random() < dropout!.gap ? 0 : keep;
    }
    us.set(u, t * 3 * H);
    matVec(theta, L.w1, M, 3 * H, u, 0, a, 0);
    for (let j = 0; j < M; j++) a[j] = Math.tanh(a[j] + theta[L.b1 + j]);
    as.set(a, t * M);
    matVec(theta, L.w2, Y, M, a, 0, z, 0);
    let max = -Infinity;
    for (let y = 0; y < Y; y++) max = Math.max(max, (z[y] += theta[L.b2 + y]));
    let sum = 0;
    for (let y = 0; y < Y; y++) sum += Math.exp(z[y] - max);
    loss += max + Math.log(sum) - z[marks[t]];
    for (let y = 0; y < Y; y++) ps[t * Y + y] = Math.exp(z[y] - max) / sum;
  }
  probabilities?.set(ps);
  if (!grad) return loss;

  // Back through the softmax and the tanh layer, into dh (n × 2H).
  const dh = new Float64Array(n * 2 * H);
  const dz = new Float64Array(Y), da = new Float64Array(M), du = new Float64Array(3 * H);
  for (let t = 0; t < n; t++) {
    for (let y = 0; y < Y; y++) dz[y] = ps[t * Y + y] - (y === marks[t] ? 1 : 0);
    da.fill(0);
    for (let y = 0; y < Y; y++) {
      const g = dz[y];
      grad[L.b2 + y] += g;
      const r = L.w2 + y * M;
      for (let j = 0; j < M; j++) {
        grad[r + j] += g * as[t * M + j];
        da[j] += g * theta[r + j];
      }
    }
    du.fill(0);
    for (let j = 0; j < M; j++) {
      const aj = as[t * M + j];
      const g = da[j] * (1 - aj * aj);
      if (g === 0) continue;
      grad[L.b1 + j] += g;
      const r = L.w1 + j * 3 * H;
      for (let k = 0; k < 3 * H; k++) {
        grad[r + k] += g * us[t * 3 * H + k];
        du[k] += g * theta[r + k];
      }
    }
    if (uMask) for (let k = 0; k < 3 * H; k++) du[k] *= uMask[t * 3 * H + k];
    for (let k = 0; k < 2 * H; k++) dh[t * 2 * H + k] += du[k];
    if (t + 1 < n) for (let k = 0; k < H; k++) dh[(t + 1) * 2 * H + H + k] += du[2 * H + k];
  }

  // Back through both directions, then the input projections, into dx.
  const dx = new Float64Array(n * D);
  const dxproj = new Float64Array(n * G);
  for (const dir of [0, 1] as const) {
    lstmBackward(lstmView(m, dir), n, dir === 1, h, dh, 2 * H, dir * H, caches[dir], dxproj, grad);
    const wx = L.wx[dir];
    for (let t = 0; t < n; t++) {
      for (let j = 0; j < G; j++) {
        const g = dxproj[t * G + j];
        if (g === 0) continue;
        const r = wx + j * D;
        for (let k = 0; k < D; k++) {
          grad[r + k] += g * x[t * D + k];
          dx[t * D + k] += g * theta[r + k];
        }
      }
    }
  }
  if (xMask) for (let i = 0; i < dx.length; i++) dx[i] *= xMask[i];

  // Into the embedding rows.
  const parts: Array<[number, number, number]> = [
    [L.eWord, d.word, 0],
    [L.eFine, d.cluster, 1],
    [L.eCoarse, d.cluster, 2],
    [L.eSuffix, d.suffix, 3],
    [L.eShape, d.shape, 4],
    [L.eMark, d.mark ?? 0, 5],
  ];
  for (let t = 0; t < n; t++) {
    let o = t * D;
    for (const [base, width, slot] of parts) {
      if (width === 0) continue;
      const r = base + ids[t * ID_STRIDE + slot] * width;
      for (let j = 0; j < width; j++) grad[r + j] += dx[o + j];
      touched?.set(r, width);
      o += width;
    }
  }
  return loss;
}

/** Adam's state over θ. */
export interface Adam {
  m: Float64Array;
  v: Float64Array;
  /** Steps taken, per entry (embedding rows are updated only when touched: lazy Adam). */
  steps: Int32Array;
}

export function adamState(size: number): Adam {
  return { m: new Float64Array(size), v: new Float64Array(size), steps: new Int32Array(size) };
}

/** One Adam step over entries [from, to) of θ, the gradient scaled by `scale` and cleared. */
export function adamStep(theta: Float64Array, grad: Float64Array, s: Adam, from: number, to: number, lr: number, scale: number, b1 = 0.9, b2 = 0.999, eps = 1e-8): void {
  for (let i = from; i < to; i++) {
    const g = grad[i] * scale;
    grad[i] = 0;
    const k = ++s.steps[i];
    s.m[i] = b1 * s.m[i] + (1 - b1) * g;
    s.v[i] = b2 * s.v[i] + (1 - b2) * g * g;
    const mh = s.m[i] / (1 - Math.pow(b1, k));
    const vh = s.v[i] / (1 - Math.pow(b2, k));
    theta[i] -= (lr * mh) / (Math.sqrt(vh) + eps);
  }
}
