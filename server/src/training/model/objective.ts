/**
 * The training objective of one sentence (paper eq. 5; notes §2.4):
 *   J = log p(x | T) − ξ · E_{T′∼p(·|T,x)}[c(T′)]²
 * with its exact gradient for log p(x | T) (Algorithm 1's reverse pass) and, for the posterior regulariser, the
 * derivative of E[c] obtained as ∂/∂β of the gradient of log Z(β), where Z(β) tilts every unmatched pair by e^β
 * (E[c] = ∂ log Z/∂β at β = 0); that mixed derivative is taken by a forward difference in β.
 */
import { accumulatePairGrad, SparseGrad } from './pairGradient';
import { backward, inside, SlotGrads } from '../../model/inside';
import { channelGradient } from './channelGradient';
import { ModelCore, PreparedTree } from '../../model/model';

export interface Gradients {
  theta: SparseGrad;
  /** d J / d φ-logits. */
  phi: Float64Array;
  /** E[c] below which the regulariser's gradient is skipped (default 1e-3; tests use 0). */
  skipSmallC?: number;
}

export function newGradients(core: ModelCore): Gradients {
  return { theta: new SparseGrad(core.weights.length), phi: new Float64Array(core.channel.logits.length) };
}

export interface SentenceObjective {
  logZ: number;
  expectedC: number;
  objective: number;
}

/** Forward difference in β: one extra pass; its O(β) error is far below the gradient noise of training. */
const TILT_STEP = 1e-5;

interface Pass {
  logZ: number;
  mu: Float64Array[];
  dPhi: Float64Array;
}

function pass(core: ModelCore, prep: PreparedTree, slots: readonly (readonly string[])[], tilt: number, wantChannel: boolean): Pass | null {
  const auts = core.automata(slots);
  const input = core.nodeInputs(prep, slots, tilt);
  const res = inside(prep.info, auts, core.V, input);
  if (!Number.isFinite(res.logZ)) return null;
  const sg: SlotGrads[] | undefined = wantChannel ? auts.map(() => ({ punct: new Map() })) : undefined;
  const bw = backward(prep.info, auts, core.V, input, res, sg);
  const dPhi = new Float64Array(core.channel.probs.length);
  if (sg) channelGradient(auts, core.V, sg, dPhi);
  return { logZ: res.logZ, mu: bw.mu, dPhi };
}

/** Objective of one sentence; when `grads` is given, adds dJ/dθ and dJ/dφ-logits to it. */
export function sentenceObjective(
  core: ModelCore,
  prep: PreparedTree,
  slotsIn: readonly (readonly string[])[],
  xi: number,
  grads?: Gradients,
): SentenceObjective | null {
  const slots = slotsIn.map((s) => core.normaliseSlot(s));
  const wantChannel = !!grads && !core.channel.identity;
  const p0 = pass(core, prep, slots, 0, wantChannel);
  if (!p0) return null;
  const info = prep.info;
  let ec = 0;
  for (let w = 1; w <= info.n; w++) {
    const counted = core.unmatched(prep, w);
    for (let j = 0; j < counted.length; j++) if (counted[j]) ec += p0.mu[w][j];
  }
  const out = { logZ: p0.logZ, expectedC: ec, objective: p0.logZ - xi * ec * ec };
  if (!grads) return out;
  let plus: Pass | null = null;
  const minus = p0;
  // Below 1e-3 expected unmatched nodes the penalty 2ξ·E[c]·∇E[c] is negligible; skipping it saves two passes.
  const coef = xi > 0 && ec > (grads.skipSmallC ?? 1e-3) ? (2 * xi * ec) / TILT_STEP : 0;
  if (coef) {
    plus = pass(core, prep, slots, TILT_STEP, wantChannel);
    if (!plus) return out;
  }
  for (let w = 1; w <= info.n; w++) {
    const { ctx, logp } = core.nodeLogProbs(prep, w, slots);
    const k = logp.length;
    const g = new Float64Array(k);
    for (let j = 0; j < k; j++) {
      g[j] = p0.mu[w][j] - Math.exp(logp[j]);
      if (coef) g[j] -= coef * (plus!.mu[w][j] - minus.mu[w][j]);
    }
    accumulatePairGrad(grads.theta, core.space, ctx, prep.rp[w], g);
  }
  if (wantChannel) {
    const dp = Float64Array.from(p0.dPhi);
    if (coef) for (let q = 0; q < dp.length; q++) dp[q] -= coef * (plus!.dPhi[q] - minus.dPhi[q]);
    const probs = core.channel.probs;
    for (let o = 0; o < dp.length; o += 4) {
      let s = 0;
      for (let e = 0; e < 4; e++) s += probs[o + e] * dp[o + e];
      for (let e = 0; e < 4; e++) grads.phi[o + e] += probs[o + e] * (dp[o + e] - s);
    }
  }
  return out;
}
