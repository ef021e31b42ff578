/**
 * NoisyChannel p_φ(x_i | u_i) (paper §2.2, App. D; notes §3.4): a 2-token window slides over the underlying slot
 * string once, left-to-right ('L') or right-to-left ('R'), and for each window `ab` draws one edit:
 * keep (ab↦ab), delL (ab↦b), delR (ab↦a) or swap (ab↦ba). Parameters are indexed by the window in string order, so
 * the learned rules read the same in both directions.
 *
 * Both directions run the same "processing machine": the pending token p meets the next token q (in processing
 * order) and either emits p (keep), drops p, drops q, or emits q and keeps p pending (swap).
 */
import { BOS_MARK } from '../data/punctTokens';

export type Direction = 'L' | 'R';
export const EDITS = ['keep', 'delL', 'delR', 'swap'] as const;
export type Edit = (typeof EDITS)[number];
export const KEEP = 0, DEL_L = 1, DEL_R = 2, SWAP = 3;

/** The token alphabet Σ (with ∘) and its indices. */
export class Alphabet {
  readonly index = new Map<string, number>();
  constructor(readonly tokens: readonly string[]) {
    tokens.forEach((t, i) => this.index.set(t, i));
    if (!this.index.has(BOS_MARK)) throw new Error('alphabet must contain the BOS mark');
  }
  get size(): number {
    return this.tokens.length;
  }
  id(tok: string): number {
    const i = this.index.get(tok);
    if (i === undefined) throw new Error(`punctuation token "${tok}" not in Σ`);
    return i;
  }
  has(tok: string): boolean {
    return this.index.has(tok);
  }
}

export interface Channel {
  alphabet: Alphabet;
  direction: Direction;
  /** Identity channel (the Attach-only ablation): u = x always. */
  identity: boolean;
  /** Logits θ_φ[(a·|Σ| + b)·4 + e]. */
  logits: Float64Array;
  /** Softmaxed φ, same layout; refresh with `refreshChannel` after changing logits. */
  probs: Float64Array;
}

export function newChannel(alphabet: Alphabet, direction: Direction, identity: boolean, logits?: Float64Array): Channel {
  const S = alphabet.size;
  const ch: Channel = {
    alphabet,
    direction,
    identity,
    logits: logits ?? new Float64Array(S * S * 4),
    probs: new Float64Array(S * S * 4),
  };
  refreshChannel(ch);
  return ch;
}

export function refreshChannel(ch: Channel): void {
  const { logits, probs } = ch;
  for (let o = 0; o < logits.length; o += 4) {
    let m = -Infinity;
    for (let e = 0; e < 4; e++) m = Math.max(m, logits[o + e]);
    let z = 0;
    for (let e = 0; e < 4; e++) z += (probs[o + e] = Math.exp(logits[o + e] - m));
    for (let e = 0; e < 4; e++) probs[o + e] /= z;
  }
}

export function paramIndex(S: number, a: number, b: number, e: number): number {
  return (a * S + b) * 4 + e;
}

/**
 * The indices of φ's logits (all four edits) of every window `ab` in which a or b is one of `marks`: the parameters
 * a training run may change when only those marks' rewrites are to be learned (`TrainOptions.channelTrainable`).
 */
export function windowParamsInvolving(alphabet: Alphabet, marks: Iterable<string>): number[] {
  const S = alphabet.size;
  const ids = new Set([...marks].map((m) => alphabet.id(m)));
  const out: number[] = [];
  for (let a = 0; a < S; a++) {
    for (let b = 0; b < S; b++) {
      if (ids.has(a) || ids.has(b)) for (let e = 0; e < 4; e++) out.push(paramIndex(S, a, b, e));
    }
  }
  return out;
}

/**
 * A projection that keeps each given window's deletion probabilities (delL, delR) at those of `start` and leaves
 * only the split of the rest between keep and swap to the current logits. Applied after every step, it makes a
 * window learn where a mark goes (`”. ↦ .”`) but not whether it is dropped, so an underlying mark that the starting
 * channel kept is not newly deleted from the surface (where its deletion would move the probabilities of texts
 * without that mark). `windows` are window offsets (a·|Σ| + b)·4.
 */
export function keepDeletionsProjection(start: Float64Array, windows: readonly number[]): (logits: Float64Array) => void {
  const lse = (x: number, y: number) => Math.max(x, y) + Math.log1p(Math.exp(-Math.abs(x - y)));
  return (logits) => {
    for (const o of windows) {
      const z0 = lse(lse(start[o], start[o + 1]), lse(start[o + 2], start[o + 3]));
      const rest = lse(start[o + KEEP], start[o + SWAP]) - z0; // log(p_keep + p_swap) of the start
      const ks = lse(logits[o + KEEP], logits[o + SWAP]);
      logits[o + KEEP] = rest + logits[o + KEEP] - ks;
      logits[o + SWAP] = rest + logits[o + SWAP] - ks;
      logits[o + DEL_L] = start[o + DEL_L] - z0;
      logits[o + DEL_R] = start[o + DEL_R] - z0;
    }
  };
}

/**
 * For the processing machine: (pending p, next q) → string window (a, b) and the string-order edit of each
 * processing move [emitP, dropP, dropQ, swap].
 */
export function processingWindow(dir: Direction, p: number, q: number): { a: number; b: number; moves: number[] } {
  return dir === 'L' ? { a: p, b: q, moves: [KEEP, DEL_L, DEL_R, SWAP] } : { a: q, b: p, moves: [KEEP, DEL_R, DEL_L, SWAP] };
}

/**
 * The exact distribution p_φ(· | u) by enumerating every edit path (exponential; for tests and for `surfaceOf` on
 * short strings). Keys are surface strings joined by ' '.
 */
export function channelDistribution(ch: Channel, u: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  if (ch.identity || u.length === 0) {
    out.set(u.join(' '), 1);
    return out;
  }
  const S = ch.alphabet.size;
  const seq = (ch.direction === 'L' ? [...u] : [...u].reverse()).map((t) => ch.alphabet.id(t));
  const walk = (j: number, pending: number, emitted: number[], p: number): void => {
    if (p === 0) return;
    if (j === seq.length) {
      const toks = [...emitted, pending].map((t) => ch.alphabet.tokens[t]);
      if (ch.direction === 'R') toks.reverse();
      const key = toks.join(' ');
      out.set(key, (out.get(key) ?? 0) + p);
      return;
    }
    const q = seq[j];
    const { a, b, moves } = processingWindow(ch.direction, pending, q);
    const base = (a * S + b) * 4;
    walk(j + 1, q, [...emitted, pending], p * ch.probs[base + moves[0]]);
    walk(j + 1, q, emitted, p * ch.probs[base + moves[1]]);
    walk(j + 1, pending, emitted, p * ch.probs[base + moves[2]]);
    walk(j + 1, pending, [...emitted, q], p * ch.probs[base + moves[3]]);
  };
  walk(1, seq[0], [], 1);
  return out;
}

/** Draws x ~ p_φ(· | u). */
export function sampleChannel(ch: Channel, u: readonly string[], rng: () => number): string[] {
  if (ch.identity || u.length === 0) return [...u];
  const S = ch.alphabet.size;
  const seq = (ch.direction === 'L' ? [...u] : [...u].reverse()).map((t) => ch.alphabet.id(t));
  let pending = seq[0];
  const emitted: number[] = [];
  for (let j = 1; j < seq.length; j++) {
    const q = seq[j];
    const { a, b, moves } = processingWindow(ch.direction, pending, q);
    const base = (a * S + b) * 4;
    let r = rng();
    let m = 0;
    for (; m < 3; m++) {
      r -= ch.probs[base + moves[m]];
      if (r < 0) break;
    }
    if (m === 0) {
      emitted.push(pending);
      pending = q;
    } else if (m === 1) pending = q;
    else if (m === 3) emitted.push(q);
  }
  emitted.push(pending);
  const toks = emitted.map((t) => ch.alphabet.tokens[t]);
  return ch.direction === 'R' ? toks.reverse() : toks;
}
