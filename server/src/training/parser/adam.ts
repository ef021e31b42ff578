/**
 * Adam (Kingma & Ba 2015) over a whole flat θ, with the gradient's global norm clipped: the optimiser of the parser's
 * neural parts (the transition scorer, its auxiliary heads, the relation labeller).
 */
export class Adam {
  private readonly m: Float64Array;
  private readonly v: Float64Array;
  private t = 0;

  constructor(
    size: number,
    /** Learning rate; the training loop may lower it between epochs. */
    public lr = 1e-3,
    private readonly clip = 5,
    private readonly b1 = 0.9,
    private readonly b2 = 0.999,
    private readonly eps = 1e-8,
  ) {
    this.m = new Float64Array(size);
    this.v = new Float64Array(size);
  }

  /** The moments and the step count, for a training state that can resume (`trainingState.ts`); views, not copies. */
  snapshot(): { m: Float64Array; v: Float64Array; t: number } {
    return { m: this.m, v: this.v, t: this.t };
  }

  /** Continues from a snapshot's moments and step count. */
  restore(s: { m: Float64Array; v: Float64Array; t: number }): void {
    if (s.m.length !== this.m.length || s.v.length !== this.v.length) throw new Error(`Adam state of ${s.m.length} entries, θ of ${this.m.length}`);
    this.m.set(s.m);
    this.v.set(s.v);
    this.t = s.t;
  }

  /** Applies grad to θ and zeroes grad. */
  step(theta: Float64Array, grad: Float64Array): void {
    let norm = 0;
    for (let i = 0; i < grad.length; i++) norm += grad[i] * grad[i];
    norm = Math.sqrt(norm);
    const scale = norm > this.clip ? this.clip / norm : 1;
    this.t++;
    const c1 = 1 - Math.pow(this.b1, this.t);
    const c2 = 1 - Math.pow(this.b2, this.t);
    const { m, v, b1, b2 } = this;
    const lr = (this.lr * Math.sqrt(c2)) / c1;
    for (let i = 0; i < theta.length; i++) {
      const g = grad[i] * scale;
      m[i] = b1 * m[i] + (1 - b1) * g;
      v[i] = b2 * v[i] + (1 - b2) * g * g;
      theta[i] -= (lr * m[i]) / (Math.sqrt(v[i]) + this.eps);
      grad[i] = 0;
    }
  }
}
