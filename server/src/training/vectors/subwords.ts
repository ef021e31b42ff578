/**
 * fastText's subword units: a word is read as itself plus its character n-grams (n = minn..maxn) of `<word>`, the
 * angle brackets marking its edges, each n-gram hashed into one of `buckets` shared rows. A word never seen in
 * training still has n-grams, so it still gets a vector (Bojanowski et al. 2017).
 */
import { hashString } from '../../parser/hash';

export interface SubwordConfig {
  minn: number;
  maxn: number;
  /** Rows shared by all n-grams (hash collisions are accepted, as in fastText). */
  buckets: number;
}

export const DEFAULT_SUBWORDS: SubwordConfig = { minn: 3, maxn: 6, buckets: 200_000 };

/** Bucket indices (0 ≤ i < buckets) of the n-grams of `word`; the whole `<word>` is left out (the word row stands for it). */
export function subwordBuckets(word: string, c: SubwordConfig): number[] {
  const chars = Array.from(`<${word}>`);
  const out: number[] = [];
  for (let n = c.minn; n <= c.maxn; n++) {
    for (let i = 0; i + n <= chars.length; i++) {
      if (n === chars.length) continue;
      out.push((hashString(chars.slice(i, i + n).join('')) >>> 0) % c.buckets);
    }
  }
  return out;
}
