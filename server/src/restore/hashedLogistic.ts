/**
 * The small logistic models over hashed string features that the restorer and the engine share (sentence boundaries,
 * sentence joins, semicolon or colon, set-off commas): the feature hash, a bucket and a word's shape for features, σ(Σ w_f), dense weights from a file's sparse pairs, and a
 * model file read once per path.
 */
import * as fs from 'fs';
import { FNV_OFFSET, fnvOfParts } from '../parser/fnv';
import { hashString } from '../parser/hash';

export const FEATURE_BITS = 20;

/** The index of the first edge x does not exceed (edges ascending; edges.length above them all): a feature's bucket. */
export function bucketOf(x: number, edges: readonly number[]): number {
  let k = 0;
  while (k < edges.length && x > edges[k]) k++;
  return k;
}

/** A word's case shape as the engine's small models read it: Xx, X, x, d (digit first) or o. */
export function wordShape(w: string): string {
  if (/^\p{Lu}\p{Ll}/u.test(w)) return 'Xx';
  if (/^\p{Lu}+$/u.test(w)) return 'X';
  if (/^\p{Ll}/u.test(w)) return 'x';
  if (/^\d/.test(w)) return 'd';
  return 'o';
}

export function featureIndex(f: string, bits = FEATURE_BITS): number {
  return (hashString(f) >>> 0) & ((1 << bits) - 1);
}

/** σ(Σ w_f); `hashed`: the features are already indices. */
export function logistic(weights: Float32Array, features: readonly string[], bits = FEATURE_BITS, hashed = false): number {
  let z = 0;
  for (const f of features) z += weights[hashed ? Number(f) : featureIndex(f, bits)];
  return 1 / (1 + Math.exp(-z));
}

/** The 2^bits weights a file stores as sparse [hashed index, weight] pairs. */
export function denseWeights(bits: number, pairs: ReadonlyArray<readonly [number, number]>): Float32Array {
  const a = new Float32Array(1 << bits);
  // Indexed, not `for (const [k, v] of pairs)`: at a cold start this runs once, in the interpreter, where the iterator
  // and the destructuring of 35,000 pairs (set-off-commas.json) cost ~9 ms against ~5.
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i];
    a[pair[0]] = pair[1];
  }
  return a;
}

/**
 * A reader of one kind of model file that reads each path once: `read(path)` the first time, the same model after,
 * and undefined, remembered too, when the file is missing (the findings that need it are then not made).
 */
export function onceByFile<M>(read: (file: string) => M): (file: string) => M | undefined {
  const loaded = new Map<string, M | null>();
  return (file) => {
    let m = loaded.get(file);
    if (m === undefined) {
      m = fs.existsSync(file) ? read(file) : null;
      loaded.set(file, m);
    }
    return m ?? undefined;
  };
}

/** `hashString(a + b + … + h)`, read part by part (`parser/fnv.ts`) without building the string. */
export function hashOfParts(a: string, b?: string, c?: string, d?: string, e?: string, f?: string, g?: string, h?: string): number {
  return fnvOfParts(FNV_OFFSET, a, b, c, d, e, f, g, h);
}
