/**
 * Training (paper §3.2): maximise Σ [log p(x | T) − ξ·E[c(T′)]²] − ς‖θ,φ‖² with Adam on mini-batches, gradients
 * from Algorithm 1's reverse pass. Seeded and deterministic for a given machine. The L2 term is applied lazily to
 * the weights a batch touches (hashed weights are sparse), and to all of φ.
 */
import { PunctuatedTree } from '../data/depunct';
import { refreshChannel } from './channel';
import { ModelCore, PreparedTree } from './model';
import { newGradients, sentenceObjective } from './objective';
import { seededRng } from './index';

export interface TrainOptions {
  xi: number;
  sigma: number;
  lr: number;
  /** Learning rate of the channel logits φ (default: lr). */
  lrChannel?: number;
  /** Learning rate multiplier per epoch (1 = constant). */
  decay?: number;
  batch: number;
  /** Sentences drawn (with reshuffling) per epoch. */
  sentencesPerEpoch: number;
  epochs: number;
  seed: number;
  /** Stop after this many minutes (checked between batches). */
  maxMinutes?: number;
  log?: (s: string) => void;
  /** Called after each epoch with its dev score; returning true keeps this epoch's parameters as the best. */
  onEpoch?: (epoch: number, info: EpochInfo) => void;
  /** Dev perplexity per slot; lower is better. */
  devScore?: () => number;
}

export interface EpochInfo {
  epoch: number;
  trainObjective: number;
  meanExpectedC: number;
  devPerplexity: number;
  seconds: number;
}

export interface TrainResult {
  epochs: EpochInfo[];
  bestEpoch: number;
  seconds: number;
}

/** Adam with lazy (touched-only) updates for the hashed θ and dense updates for φ. */
class Adam {
  private m: Float64Array;
  private v: Float64Array;
  private t = 0;
  constructor(
    size: number,
    public lr: number,
    private readonly b1 = 0.9,
    private readonly b2 = 0.999,
  ) {
    this.m = new Float64Array(size);
    this.v = new Float64Array(size);
  }
  /** Ascent step on params along grad (indices given, or all). */
  step(params: Float64Array, grad: Float64Array, indices?: readonly number[]): void {
    this.t++;
    const c1 = 1 - Math.pow(this.b1, this.t), c2 = 1 - Math.pow(this.b2, this.t);
    const upd = (i: number) => {
      const g = grad[i];
      this.m[i] = this.b1 * this.m[i] + (1 - this.b1) * g;
      this.v[i] = this.b2 * this.v[i] + (1 - this.b2) * g * g;
      params[i] += (this.lr * (this.m[i] / c1)) / (Math.sqrt(this.v[i] / c2) + 1e-8);
    };
    if (indices) for (const i of indices) upd(i);
    else for (let i = 0; i < params.length; i++) upd(i);
  }
}

export function trainModel(core: ModelCore, trees: readonly PunctuatedTree[], opts: TrainOptions): TrainResult {
  const log = opts.log ?? (() => undefined);
  const rng = seededRng(opts.seed);
  const preps: PreparedTree[] = trees.map((t) => core.prepare(t));
  const adamT = new Adam(core.weights.length, opts.lr);
  const lrP = opts.lrChannel ?? opts.lr;
  const adamP = new Adam(core.channel.logits.length, lrP);
  const start = Date.now();
  const order = trees.map((_, i) => i);
  let pos = order.length;
  const next = (): number => {
    if (pos >= order.length) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
      pos = 0;
    }
    return order[pos++];
  };
  const epochs: EpochInfo[] = [];
  let best = { score: Infinity, epoch: -1, weights: core.weights.slice(), logits: core.channel.logits.slice() };
  const grads = newGradients(core);
  outer: for (let e = 1; e <= opts.epochs; e++) {
    const t0 = Date.now();
    adamT.lr = opts.lr * Math.pow(opts.decay ?? 1, e - 1);
    adamP.lr = lrP * Math.pow(opts.decay ?? 1, e - 1);
    let obj = 0, ecSum = 0, count = 0;
    for (let b = 0; b < opts.sentencesPerEpoch; b += opts.batch) {
      grads.theta.clear();
      grads.phi.fill(0);
      for (let k = 0; k < opts.batch; k++) {
        const i = next();
        const r = sentenceObjective(core, preps[i], trees[i].slots, opts.xi, grads);
        if (r) ((obj += r.objective), (ecSum += r.expectedC), count++);
      }
      const scale = 1 / opts.batch;
      const touched = grads.theta.touched;
      const g = grads.theta.g;
      for (const i of touched) g[i] = g[i] * scale - 2 * opts.sigma * core.weights[i];
      adamT.step(core.weights, g, touched);
      if (!core.channel.identity) {
        for (let i = 0; i < grads.phi.length; i++) grads.phi[i] = grads.phi[i] * scale - 2 * opts.sigma * core.channel.logits[i];
        adamP.step(core.channel.logits, grads.phi);
        refreshChannel(core.channel);
      }
      core.invalidate();
      if (opts.maxMinutes && (Date.now() - start) / 60000 > opts.maxMinutes) {
        log(`time budget reached in epoch ${e}`);
        const dev = opts.devScore ? opts.devScore() : NaN;
        epochs.push({ epoch: e, trainObjective: obj / Math.max(1, count), meanExpectedC: ecSum / Math.max(1, count), devPerplexity: dev, seconds: (Date.now() - t0) / 1000 });
        if (dev < best.score) best = { score: dev, epoch: e, weights: core.weights.slice(), logits: core.channel.logits.slice() };
        break outer;
      }
    }
    const dev = opts.devScore ? opts.devScore() : NaN;
    const info = { epoch: e, trainObjective: obj / Math.max(1, count), meanExpectedC: ecSum / Math.max(1, count), devPerplexity: dev, seconds: (Date.now() - t0) / 1000 };
    epochs.push(info);
    log(`epoch ${e}: train J/sent ${info.trainObjective.toFixed(4)}  E[c] ${info.meanExpectedC.toFixed(4)}  dev ppl ${dev.toFixed(4)}  ${info.seconds.toFixed(0)} s`);
    if (dev < best.score) best = { score: dev, epoch: e, weights: core.weights.slice(), logits: core.channel.logits.slice() };
    opts.onEpoch?.(e, info);
  }
  // Keep the parameters of the best dev epoch.
  core.weights.set(best.weights);
  core.channel.logits.set(best.logits);
  refreshChannel(core.channel);
  core.invalidate();
  return { epochs, bestEpoch: best.epoch, seconds: (Date.now() - start) / 1000 };
}
