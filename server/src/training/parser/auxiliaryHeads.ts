/**
 * Auxiliary training objectives for the neural transition scorer's BiLSTM (multi-task learning). The transition
 * hinge loss only asks the BiLSTM vectors to tell SHIFT / LEFT / RIGHT apart at the stack's top; two extra heads ask
 * them, at every word, for what the parse and the labeller need next:
 *
 * - **relation**: the gold relation of the arc d → head(d) from v_d and v_head (Kiperwasser & Goldberg 2016 train
 *   their labelled transitions the same way): z = b + Ld·v_d + Lh·v_h, s = W·tanh(z) + c, softmax cross-entropy;
 * - **head selection**: the gold head of d among all words and the root (Dozat & Manning 2017, at low rank):
 *   s(d, h) = (Ad·v_d)·(Ah·v_h) + u·v_h, softmax cross-entropy over h ≠ d.
 *
 * The heads exist only in training (their θ is not written to the model file); what they leave behind is a BiLSTM
 * whose vectors carry relation and head information, which the transition MLP and the neural relation labeller
 * (`neuralLabeller.ts`, trained afterwards over the frozen vectors) read. The labeller was found
 * starved on vectors trained for transitions alone (journal, "a neural relation labeller").
 */
import { Adam } from './adam';
import { softmaxCrossEntropy } from './softmaxLoss';

export interface AuxiliaryOptions {
  /** Weights of the two losses beside the hinge loss (0: the head is off). */
  label: number;
  arc: number;
  /** Hidden units of the relation head's MLP and rank of the head-selection bilinear form. */
  hidden: number;
  rank: number;
}

export const DEFAULT_AUXILIARY: AuxiliaryOptions = { label: 1, arc: 1, hidden: 64, rank: 32 };

/** Offsets of the heads' tensors in their flat θ (row-major). */
interface AuxLayout {
  /** hidden × V each */
  ld: number;
  lh: number;
  /** hidden */
  lb: number;
  /** classes × hidden */
  lw: number;
  /** classes */
  lc: number;
  /** rank × V each */
  ad: number;
  ah: number;
  /** V */
  u: number;
  size: number;
}

export class AuxiliaryHeads {
  readonly theta: Float64Array;
  readonly grad: Float64Array;
  readonly layout: AuxLayout;
  private readonly adam: Adam;

  constructor(
    /** Width of a BiLSTM vector (2H). */
    readonly V: number,
    /** Number of relations. */
    readonly classes: number,
    readonly o: AuxiliaryOptions,
    rand: () => number,
    lr: number,
  ) {
    const M = o.hidden, R = o.rank, K = classes;
    let at = 0;
    const take = (n: number) => ((at += n), at - n);
    this.layout = { ld: take(M * V), lh: take(M * V), lb: take(M), lw: take(K * M), lc: take(K), ad: take(R * V), ah: take(R * V), u: take(V), size: 0 };
    this.layout.size = at;
    this.theta = new Float64Array(at);
    this.grad = new Float64Array(at);
    // Glorot-uniform matrices, zero biases (as `initialTheta`).
    const fill = (offset: number, count: number, fanIn: number, fanOut: number) => {
      const scale = Math.sqrt(6 / (fanIn + fanOut));
      for (let i = 0; i < count; i++) this.theta[offset + i] = (2 * rand() - 1) * scale;
    };
    const l = this.layout;
    fill(l.ld, M * V, 2 * V, M);
    fill(l.lh, M * V, 2 * V, M);
    fill(l.lw, K * M, M, K);
    fill(l.ad, R * V, V, R);
    fill(l.ah, R * V, V, R);
    this.adam = new Adam(at, lr);
  }

  /** One Adam step over the gradient gathered since the last (the scorer's own step goes beside it). */
  step(lr: number): void {
    this.adam.lr = lr;
    this.adam.step(this.theta, this.grad);
  }

  /**
   * Both losses of one sentence, weighted: adds their gradient with respect to the heads' θ into `grad` and with
   * respect to the vectors into dV. `v` holds (n + 2) rows of V (the words, then the root's vector at row n, as
   * `TrainingForward.mlpIn`); head[d] is a word index or n for the root.
   */
  sentence(v: Float64Array, n: number, head: Int32Array, deprel: Int32Array | undefined, dV: Float64Array, grad: Float64Array = this.grad): { label: number; arc: number } {
    return {
      label: this.o.label > 0 && deprel ? this.labelLoss(v, n, head, deprel, dV, grad) : 0,
      arc: this.o.arc > 0 && n > 1 ? this.arcLoss(v, n, head, dV, grad) : 0,
    };
  }

  private labelLoss(v: Float64Array, n: number, head: Int32Array, deprel: Int32Array, dV: Float64Array, grad: Float64Array): number {
    const { V, classes: K } = this;
    const M = this.o.hidden;
    const w = this.o.label;
    const th = this.theta;
    const l = this.layout;
    const a = new Float64Array(M);
    const s = new Float64Array(K);
    const ds = new Float64Array(K);
    const dz = new Float64Array(M);
    let loss = 0;
    for (let d = 0; d < n; d++) {
      const h = head[d];
      const vd = d * V, vh = h * V;
      for (let m = 0; m < M; m++) {
        let z = th[l.lb + m];
        const rd = l.ld + m * V, rh = l.lh + m * V;
        for (let j = 0; j < V; j++) z += th[rd + j] * v[vd + j] + th[rh + j] * v[vh + j];
        a[m] = Math.tanh(z);
      }
      for (let c = 0; c < K; c++) {
        let x = th[l.lc + c];
        for (let m = 0; m < M; m++) x += th[l.lw + c * M + m] * a[m];
        s[c] = x;
      }
      loss += w * softmaxCrossEntropy(s, K, deprel[d], ds);
      dz.fill(0);
      for (let c = 0; c < K; c++) {
        const g = w * ds[c];
        grad[l.lc + c] += g;
        for (let m = 0; m < M; m++) {
          grad[l.lw + c * M + m] += g * a[m];
          dz[m] += g * th[l.lw + c * M + m];
        }
      }
      for (let m = 0; m < M; m++) {
        const g = dz[m] * (1 - a[m] * a[m]);
        if (g === 0) continue;
        grad[l.lb + m] += g;
        const rd = l.ld + m * V, rh = l.lh + m * V;
        for (let j = 0; j < V; j++) {
          grad[rd + j] += g * v[vd + j];
          grad[rh + j] += g * v[vh + j];
          dV[vd + j] += g * th[rd + j];
          dV[vh + j] += g * th[rh + j];
        }
      }
    }
    return loss;
  }

  private arcLoss(v: Float64Array, n: number, head: Int32Array, dV: Float64Array, grad: Float64Array): number {
    const V = this.V;
    const R = this.o.rank;
    const w = this.o.arc;
    const th = this.theta;
    const l = this.layout;
    const rows = n + 1; // the words and the root
    // P = Ad·v_d for the words, Q = Ah·v_h and u·v_h for every candidate head.
    const P = new Float64Array(n * R);
    const Q = new Float64Array(rows * R);
    const uq = new Float64Array(rows);
    for (let r = 0; r < rows; r++) {
      for (let k = 0; k < R; k++) {
        let p = 0, q = 0;
        for (let j = 0; j < V; j++) {
          if (r < n) p += th[l.ad + k * V + j] * v[r * V + j];
          q += th[l.ah + k * V + j] * v[r * V + j];
        }
        if (r < n) P[r * R + k] = p;
        Q[r * R + k] = q;
      }
      let x = 0;
      for (let j = 0; j < V; j++) x += th[l.u + j] * v[r * V + j];
      uq[r] = x;
    }
    const dP = new Float64Array(n * R);
    const dQ = new Float64Array(rows * R);
    const duq = new Float64Array(rows);
    const s = new Float64Array(rows);
    const ds = new Float64Array(rows);
    let loss = 0;
    for (let d = 0; d < n; d++) {
      for (let h = 0; h < rows; h++) {
        if (h === d) {
          s[h] = -Infinity; // a word is not its own head: probability 0
          continue;
        }
        let x = uq[h];
        for (let k = 0; k < R; k++) x += P[d * R + k] * Q[h * R + k];
        s[h] = x;
      }
      loss += w * softmaxCrossEntropy(s, rows, head[d], ds);
      for (let h = 0; h < rows; h++) {
        if (h === d) continue;
        const g = w * ds[h];
        duq[h] += g;
        for (let k = 0; k < R; k++) {
          dP[d * R + k] += g * Q[h * R + k];
          dQ[h * R + k] += g * P[d * R + k];
        }
      }
    }
    for (let r = 0; r < rows; r++) {
      const vr = r * V;
      for (let j = 0; j < V; j++) {
        grad[l.u + j] += duq[r] * v[vr + j];
        dV[vr + j] += duq[r] * th[l.u + j];
      }
      for (let k = 0; k < R; k++) {
        const gp = r < n ? dP[r * R + k] : 0, gq = dQ[r * R + k];
        const od = l.ad + k * V, oh = l.ah + k * V;
        for (let j = 0; j < V; j++) {
          grad[od + j] += gp * v[vr + j];
          grad[oh + j] += gq * v[vr + j];
          dV[vr + j] += gp * th[od + j] + gq * th[oh + j];
        }
      }
    }
    return loss;
  }
}
