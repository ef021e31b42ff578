/**
 * A regularised log-linear model over named features: p(right | candidate) = σ(w · f). Trained by Adam on the
 * log-loss with an L2 penalty, stopping early when the dev part's log-loss stops falling (the weights of the best
 * epoch are kept). The features kept are those seen at least `minCount` times in training.
 */
import { FeatureVector, predictFeatures } from '../../src/engine/correction/learned/learnedScorer';
import { recordWeights } from '../../src/engine/correction/learned/scorerWeights';

export interface LogisticModel {
  /** Feature name → weight. */
  weights: Record<string, number>;
  note: string;
}

export function predict(m: LogisticModel, f: FeatureVector): number {
  return predictFeatures(recordWeights(m.weights), f);
}

interface Indexed {
  /** The example's weight in the gradient. */
  weight: number;
  idx: Int32Array;
  val: Float64Array;
  y: number;
}

export interface TrainOptions {
  l2: number;
  learningRate: number;
  maxEpochs: number;
  patience: number;
  minCount: number;
  seed: number;
  log?: (line: string) => void;
  /** Starting weights by name (a shipped scorer's), kept in the model whether or not a feature occurs here. */
  init?: Readonly<Record<string, number>>;
  /**
   * Only the features whose names match move; the others keep their `init` weight. A residual fit: new features
   * learn what they add to a fitted scorer, whose other decisions stay as they were.
   */
  trainOnly?: RegExp;
}

export const DEFAULT_TRAIN: TrainOptions = { l2: 1e-4, learningRate: 0.02, maxEpochs: 40, patience: 3, minCount: 3, seed: 1 };

export function logLoss(m: LogisticModel, data: ReadonlyArray<{ features: FeatureVector; label: number }>): number {
  let s = 0;
  for (const d of data) {
    const p = Math.min(1 - 1e-9, Math.max(1e-9, predict(m, d.features)));
    s -= d.label ? Math.log(p) : Math.log(1 - p);
  }
  return s / Math.max(1, data.length);
}

/** Feature names interned as numbers, so that hundreds of thousands of examples fit in memory. */
export class FeatureTable {
  readonly names: string[] = [];
  private readonly ids = new Map<string, number>();
  encode(f: FeatureVector): Encoded {
    const idx = new Int32Array(f.length);
    const val = new Float32Array(f.length);
    f.forEach(([name, v], k) => {
      idx[k] = this.id(name);
      val[k] = v;
    });
    return { idx, val };
  }
  id(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) this.ids.set(name, (id = this.names.push(name) - 1));
    return id;
  }
  /** The model's weights as an array over this table's ids (0 for features it does not have). */
  weightsOf(m: LogisticModel): Float64Array {
    return Float64Array.from(this.names, (n) => m.weights[n] ?? 0);
  }
}

export interface Encoded {
  idx: Int32Array;
  val: Float32Array;
}

export function predictEncoded(w: Float64Array, f: Encoded): number {
  let z = 0;
  for (let k = 0; k < f.idx.length; k++) z += w[f.idx[k]] * f.val[k];
  return 1 / (1 + Math.exp(-z));
}

export function trainLogistic(
  /** `weight`: the example's weight in the log-loss (1 when absent). */
  train: ReadonlyArray<{ features: FeatureVector; label: number; weight?: number }>,
  dev: ReadonlyArray<{ features: FeatureVector; label: number }>,
  opts: TrainOptions = DEFAULT_TRAIN,
): LogisticModel {
  const table = new FeatureTable();
  const enc = (d: { features: FeatureVector; label: number; weight?: number }) => ({ features: table.encode(d.features), label: d.label, weight: d.weight });
  return trainEncoded(train.map(enc), dev.map(enc), table, opts);
}

/** `trainLogistic` on examples whose features `table` encoded. */
export function trainEncoded(
  train: ReadonlyArray<{ features: Encoded; label: number; weight?: number }>,
  dev: ReadonlyArray<{ features: Encoded; label: number }>,
  table: FeatureTable,
  opts: TrainOptions = DEFAULT_TRAIN,
): LogisticModel {
  const counts = new Int32Array(table.names.length);
  for (const d of train) for (const id of d.features.idx) counts[id]++;
  const names: string[] = [];
  const remap = new Int32Array(table.names.length).fill(-1);
  counts.forEach((c, id) => {
    if (c >= opts.minCount) remap[id] = names.push(table.names[id]) - 1;
  });
  const encodeRow = (d: { features: Encoded; label: number; weight?: number }): Indexed => {
    const idx: number[] = [];
    const val: number[] = [];
    d.features.idx.forEach((id, k) => {
      if (remap[id] >= 0) {
        idx.push(remap[id]);
        val.push(d.features.val[k]);
      }
    });
    return { idx: Int32Array.from(idx), val: Float64Array.from(val), y: d.label, weight: d.weight ?? 1 };
  };
  const rows: Indexed[] = train.map(encodeRow);
  const devRows: Indexed[] = dev.map(encodeRow);
  const devLoss = (ws: Float64Array) => {
    let s = 0;
    for (const r of devRows) {
      let z = 0;
      for (let k = 0; k < r.idx.length; k++) z += ws[r.idx[k]] * r.val[k];
      const p = Math.min(1 - 1e-9, Math.max(1e-9, 1 / (1 + Math.exp(-z))));
      s -= r.weight * (r.y ? Math.log(p) : Math.log(1 - p));
    }
    return s / Math.max(1, devRows.length);
  };
  const w = Float64Array.from(names, (n) => opts.init?.[n] ?? 0);
  const frozen = opts.trainOnly ? names.map((n) => !opts.trainOnly!.test(n)) : undefined;
  const m1 = new Float64Array(names.length);
  const m2 = new Float64Array(names.length);
  const b1 = 0.9;
  const b2 = 0.999;
  let t = 0;
  let rng = opts.seed >>> 0 || 1;
  const rand = () => ((rng = (rng * 1664525 + 1013904223) >>> 0) / 4294967296);
  const toModel = (ws: Float64Array): LogisticModel => ({ weights: Object.fromEntries([...Object.entries(opts.init ?? {}), ...names.map((n, k) => [n, ws[k]] as [string, number])].filter(([, x]) => x !== 0)), note: '' });
  let best = { loss: Infinity, w: new Float64Array(w), epoch: 0 };
  const order = rows.map((_, k) => k);
  const batch = 128;
  for (let epoch = 1; epoch <= opts.maxEpochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (let start = 0; start < order.length; start += batch) {
      const grad = new Map<number, number>();
      const end = Math.min(order.length, start + batch);
      for (let q = start; q < end; q++) {
        const r = rows[order[q]];
        let z = 0;
        for (let k = 0; k < r.idx.length; k++) z += w[r.idx[k]] * r.val[k];
        const g = (1 / (1 + Math.exp(-z)) - r.y) * r.weight;
        for (let k = 0; k < r.idx.length; k++) grad.set(r.idx[k], (grad.get(r.idx[k]) ?? 0) + g * r.val[k]);
      }
      t++;
      const scale = 1 / (end - start);
      // Lazy Adam: only the features in the batch move (their L2 term included).
      for (const [k, g0] of grad) {
        if (frozen?.[k]) continue;
        const g = g0 * scale + opts.l2 * w[k];
        m1[k] = b1 * m1[k] + (1 - b1) * g;
        m2[k] = b2 * m2[k] + (1 - b2) * g * g;
        const mh = m1[k] / (1 - Math.pow(b1, t));
        const vh = m2[k] / (1 - Math.pow(b2, t));
        w[k] -= (opts.learningRate * mh) / (Math.sqrt(vh) + 1e-8);
      }
    }
    const loss = devLoss(w);
    opts.log?.(`epoch ${epoch}: dev log-loss ${loss.toFixed(5)}`);
    if (loss < best.loss - 1e-6) best = { loss, w: new Float64Array(w), epoch };
    else if (epoch - best.epoch >= opts.patience) break;
  }
  const m = toModel(best.w);
  m.note = `logistic, ${names.length} features, l2 ${opts.l2}, best epoch ${best.epoch}, dev log-loss ${best.loss.toFixed(5)}`;
  return m;
}

