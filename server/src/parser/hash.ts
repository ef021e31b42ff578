/**
 * Feature hashing. Every feature is a template id combined with a few integer values (word hashes, tag ids, slot
 * codes); the 32-bit result indexes a weight row. Hashing keeps the model free of string dictionaries, so it loads
 * as a handful of typed arrays.
 */
import { FNV_OFFSET, fnvFrom } from './fnv';

/** FNV-1a over UTF-16 code units. */
export function hashString(s: string): number {
  return fnvFrom(FNV_OFFSET, s);
}

/** One MurmurHash3 mixing round: folds `v` into the running hash `h`. */
export function mix(h: number, v: number): number {
  let k = Math.imul(v, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** MurmurHash3 finaliser: spreads the bits so that the low bits can index a table. Unsigned result. */
export function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A reusable list of hashed features for one decision. */
export class FeatureBuffer {
  buf = new Uint32Array(256);
  n = 0;

  clear(): void {
    this.n = 0;
  }

  private push(h: number): void {
    if (this.n === this.buf.length) {
      const b = new Uint32Array(this.buf.length * 2);
      b.set(this.buf);
      this.buf = b;
    }
    this.buf[this.n++] = h;
  }

  add1(tpl: number, a: number): void {
    this.push(finish(mix(mix(tpl, a), 1)));
  }
  add2(tpl: number, a: number, b: number): void {
    this.push(finish(mix(mix(mix(tpl, a), b), 2)));
  }
  add3(tpl: number, a: number, b: number, c: number): void {
    this.push(finish(mix(mix(mix(mix(tpl, a), b), c), 3)));
  }
  add4(tpl: number, a: number, b: number, c: number, d: number): void {
    this.push(finish(mix(mix(mix(mix(mix(tpl, a), b), c), d), 4)));
  }
}
