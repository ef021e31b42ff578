/**
 * What a thread needs to compute the graph parser's gradient over sentences of a batch (`gradientPool.ts`): a parser,
 * a signature of what it was built from, and the gradient of one sentence given the sentence's own seed. Every random
 * draw of a sentence (its view, word dropout, dropout masks) comes from a generator seeded with that seed alone, so a
 * sentence's gradient does not depend on which thread computed it or what that thread did before.
 */
import { BiaffineParser } from '../../../src/parser/graph/graphParser';
import { FNV_OFFSET, fnvBytes } from '../../../src/parser/fnv';

/** One sentence of a batch: its index in the training data and the seed of all its random draws. */
export interface SentenceItem {
  index: number;
  seed: number;
}

/** Summed over the sentences: the arc and relation cross-entropies and the words. */
export interface BatchLoss {
  arc: number;
  label: number;
  words: number;
}

export interface GradientTask {
  /** θ float64 (the pool moves it into shared memory). */
  parser: BiaffineParser;
  /**
   * Vocabulary sizes, θ's length and a hash of the fresh θ: threads that rebuilt the setup must agree on it, or their
   * gradients would be of another parser's.
   */
  signature: string;
  /** A sentence's share of a batch's time (its words), by which the batch is cut between threads. */
  weight?(item: SentenceItem): number;
  /** Adds one sentence's gradient into `grad` (θ's layout) and returns its losses. */
  sentence(p: BiaffineParser, grad: Float64Array, item: SentenceItem): BatchLoss;
}

/** A module a worker thread loads: it rebuilds the task from `args` (plain data) as the main thread built its own. */
export interface GradientTaskModule {
  gradientTask(args: unknown): GradientTask;
}

/** FNV-1a over θ's bytes, for the signature. */
export function thetaHash(theta: Float64Array | Float32Array): string {
  const bytes = new Uint8Array(theta.buffer, theta.byteOffset, theta.byteLength);
  return (fnvBytes(FNV_OFFSET, bytes) >>> 0).toString(16).padStart(8, '0');
}

/**
 * The batch cut into `parts` contiguous runs of about equal weight (a thread's time grows with its sentences' words):
 * each cut is where the running weight comes nearest k/parts of the whole (the earlier place on a tie).
 */
export function splitBatch<T>(items: readonly T[], parts: number, weight: (item: T) => number = () => 1): T[][] {
  const prefix = [0];
  for (const item of items) prefix.push(prefix[prefix.length - 1] + weight(item));
  const total = prefix[items.length];
  const cuts = [0];
  for (let k = 1; k < parts; k++) {
    const target = (k * total) / parts;
    let at = cuts[k - 1];
    while (at < items.length && Math.abs(prefix[at + 1] - target) < Math.abs(prefix[at] - target)) at++;
    cuts.push(at);
  }
  cuts.push(items.length);
  return Array.from({ length: parts }, (_, k) => items.slice(cuts[k], cuts[k + 1]));
}
