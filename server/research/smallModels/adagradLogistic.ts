/**
 * Training of the small hashed logistic models the engine reads through `src/restore/hashedLogistic.ts` (sentence
 * joins, semicolon or colon, set-off commas): σ(Σ w_f) over feature indices, the (weighted) log-loss, the seeded
 * shuffle, and AdaGrad with early stopping on dev log-loss, so each model's script keeps only its data and thresholds.
 */

/** An example: its feature indices, its label (1 or 0) and, where the script weighs examples, its weight. */
export interface LabelledExample {
  x: ArrayLike<number> & Iterable<number>;
  y: number;
  weight?: number;
}

export function probOf(w: Float32Array, x: Iterable<number>): number {
  let z = 0;
  for (const f of x) z += w[f];
  return 1 / (1 + Math.exp(-z));
}

/** The mean log-loss, each example counted by its weight (1 when it has none). */
export function logLoss(w: Float32Array, xs: readonly LabelledExample[]): number {
  let l = 0;
  let total = 0;
  for (const e of xs) {
    const p = Math.min(1 - 1e-9, Math.max(1e-9, probOf(w, e.x)));
    const weight = e.weight ?? 1;
    l -= weight * (e.y ? Math.log(p) : Math.log(1 - p));
    total += weight;
  }
  return l / total;
}

/** Fisher–Yates with a small LCG seeded by `seed` (the committed models were trained with this order). */
export function seededShuffle<T>(xs: T[], seed: number): T[] {
  let s = seed >>> 0;
  const rnd = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/**
 * AdaGrad over 2^bits weights with an L2 term, the training examples shuffled by epoch; the weights of the epoch with
 * the least dev log-loss, stopping three epochs after it.
 */
export function fitAdagrad(
  train: readonly LabelledExample[],
  dev: readonly LabelledExample[],
  o: { bits: number; lr: number; l2: number; epochs: number },
): { w: Float32Array; epoch: number; loss: number } {
  const w = new Float32Array(1 << o.bits);
  const g2 = new Float32Array(1 << o.bits).fill(1e-8);
  let best = { loss: Infinity, epoch: 0, w: new Float32Array(w) };
  for (let epoch = 1; epoch <= o.epochs; epoch++) {
    for (const e of seededShuffle([...train], epoch)) {
      const g = probOf(w, e.x) - e.y;
      for (const f of e.x) {
        const gf = g + o.l2 * w[f];
        g2[f] += gf * gf;
        w[f] -= (o.lr * gf) / Math.sqrt(g2[f]);
      }
    }
    const loss = logLoss(w, dev);
    console.log(`epoch ${epoch}: train log-loss ${logLoss(w, train).toFixed(4)}, dev ${loss.toFixed(4)}`);
    if (loss < best.loss) best = { loss, epoch, w: new Float32Array(w) };
    else if (epoch - best.epoch >= 3) break;
  }
  console.log(`best epoch ${best.epoch}, dev log-loss ${best.loss.toFixed(4)}`);
  return best;
}
