/**
 * Training (paper §3.2): maximise Σ [log p(x | T) − ξ·E[c(T′)]²] − ς‖θ,φ‖² with Adam on mini-batches, gradients
 * from Algorithm 1's reverse pass. Seeded and deterministic for a given machine. The L2 term is applied lazily to
 * the weights a batch touches (hashed weights are sparse), and to all of φ.
 */
import { PunctuatedTree } from '../../data/depunct';
import { refreshChannel } from '../../model/channel';
import { ModelCore, PreparedTree } from '../../model/model';
import { newGradients, sentenceObjective } from './objective';
import { seededRng } from '../../model/index';

export interface TrainOptions {
  xi: number;
  sigma: number;
  lr: number;
  /** Learning rate of the channel logits φ (default: lr). */
  lrChannel?: number;
  /**
   * The indices of the channel logits φ that train (absent: all). Every other logit keeps its value exactly: it gets
   * no step and no L2 shrinkage, so the channel's distributions over the other windows stay the starting model's.
   */
  channelTrainable?: readonly number[];
  /** Called on φ's logits after each of its steps (before the channel is refreshed): a projection onto a constraint. */
  channelProject?: (logits: Float64Array) => void;
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
  /**
   * The trees come from several sources, concatenated in this order (counts sum to the number of trees). Each draw
   * picks a source with probability ∝ count × weight, then that source's next tree (each source reshuffled when
   * exhausted): a weight w makes every tree of the source count w times in the expected objective. Absent: one source.
   */
  sources?: readonly { count: number; weight: number }[];
  /** Called after each epoch (and when the time budget stops one) with everything `resume` needs to go on. */
  onCheckpoint?: (state: TrainState) => void;
  /**
   * Go on from a checkpoint: parameters, Adam's moments and step counts, the epochs done (the learning-rate schedule
   * continues from the next one) and the best epoch so far. The draw order is reseeded with seed + epochs done, so a
   * resumed run is not bit-identical to an uninterrupted one, but its optimiser does not restart.
   */
  resume?: TrainState;
}

export interface AdamState {
  m: Float64Array;
  v: Float64Array;
  t: number;
}

/** A training run between two epochs (`TrainOptions.onCheckpoint`, `TrainOptions.resume`). */
export interface TrainState {
  epochsDone: number;
  epochs: EpochInfo[];
  weights: Float64Array;
  logits: Float64Array;
  adamTheta: AdamState;
  adamPhi: AdamState;
  best: { score: number; epoch: number; weights: Float64Array; logits: Float64Array };
  /** Seconds of training before this checkpoint (summed over resumed runs). */
  seconds: number;
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
  m: Float64Array;
  v: Float64Array;
  t = 0;
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
  const r = opts.resume;
  const next = sourceSampler(trees.length, opts.sources, r ? seededRng(opts.seed + r.epochsDone) : rng);
  const epochs: EpochInfo[] = r ? [...r.epochs] : [];
  let best = r
    ? { ...r.best, weights: r.best.weights.slice(), logits: r.best.logits.slice() }
    : { score: Infinity, epoch: -1, weights: core.weights.slice(), logits: core.channel.logits.slice() };
  if (r) {
    core.weights.set(r.weights);
    core.channel.logits.set(r.logits);
    refreshChannel(core.channel);
    core.invalidate();
    for (const [adam, st] of [[adamT, r.adamTheta], [adamP, r.adamPhi]] as const) [adam.m, adam.v, adam.t] = [st.m.slice(), st.v.slice(), st.t];
    log(`resumed after epoch ${r.epochsDone} (best so far: epoch ${r.best.epoch}, dev ${r.best.score.toFixed(4)})`);
  }
  const secondsBefore = r?.seconds ?? 0;
  const checkpoint = (epochsDone: number) =>
    opts.onCheckpoint?.({
      epochsDone,
      epochs,
      weights: core.weights,
      logits: core.channel.logits,
      adamTheta: { m: adamT.m, v: adamT.v, t: adamT.t },
      adamPhi: { m: adamP.m, v: adamP.v, t: adamP.t },
      best,
      seconds: secondsBefore + (Date.now() - start) / 1000,
    });
  const grads = newGradients(core);
  outer: for (let e = (r?.epochsDone ?? 0) + 1; e <= opts.epochs; e++) {
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
        adamP.step(core.channel.logits, grads.phi, opts.channelTrainable);
        opts.channelProject?.(core.channel.logits);
        refreshChannel(core.channel);
      }
      core.invalidate();
      if (opts.maxMinutes && (Date.now() - start) / 60000 > opts.maxMinutes) {
        log(`time budget reached in epoch ${e}`);
        const dev = opts.devScore ? opts.devScore() : NaN;
        epochs.push({ epoch: e, trainObjective: obj / Math.max(1, count), meanExpectedC: ecSum / Math.max(1, count), devPerplexity: dev, seconds: (Date.now() - t0) / 1000 });
        if (dev < best.score) best = { score: dev, epoch: e, weights: core.weights.slice(), logits: core.channel.logits.slice() };
        checkpoint(e);
        break outer;
      }
    }
    const dev = opts.devScore ? opts.devScore() : NaN;
    const info = { epoch: e, trainObjective: obj / Math.max(1, count), meanExpectedC: ecSum / Math.max(1, count), devPerplexity: dev, seconds: (Date.now() - t0) / 1000 };
    epochs.push(info);
    log(`epoch ${e}: train J/sent ${info.trainObjective.toFixed(4)}  E[c] ${info.meanExpectedC.toFixed(4)}  dev ppl ${dev.toFixed(4)}  ${info.seconds.toFixed(0)} s`);
    if (dev < best.score) best = { score: dev, epoch: e, weights: core.weights.slice(), logits: core.channel.logits.slice() };
    opts.onEpoch?.(e, info);
    checkpoint(e);
  }
  // Keep the parameters of the best dev epoch.
  core.weights.set(best.weights);
  core.channel.logits.set(best.logits);
  refreshChannel(core.channel);
  core.invalidate();
  return { epochs, bestEpoch: best.epoch, seconds: secondsBefore + (Date.now() - start) / 1000 };
}

/** Draws tree indices: a reshuffled pass per source, the source drawn by `TrainOptions.sources`' weights. */
export function sourceSampler(n: number, sources: TrainOptions['sources'], rng: () => number): () => number {
  const srcs = sources && sources.length > 1 ? sources : [{ count: n, weight: 1 }];
  if (srcs.reduce((a, s) => a + s.count, 0) !== n) throw new Error('training sources do not add up to the trees given');
  let offset = 0;
  const passes = srcs.map((s) => {
    const order = Array.from({ length: s.count }, (_, i) => offset + i);
    offset += s.count;
    let pos = order.length;
    return () => {
      if (pos >= order.length) {
        for (let i = order.length - 1; i > 0; i--) {
          const j = Math.floor(rng() * (i + 1));
          [order[i], order[j]] = [order[j], order[i]];
        }
        pos = 0;
      }
      return order[pos++];
    };
  });
  if (passes.length === 1) return passes[0];
  const mass = srcs.map((s) => s.count * s.weight);
  const total = mass.reduce((a, b) => a + b, 0);
  return () => {
    let r = rng() * total;
    let k = 0;
    while (k < mass.length - 1 && (r -= mass[k]) >= 0) k++;
    return passes[k]();
  };
}
