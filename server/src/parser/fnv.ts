/**
 * FNV-1a over UTF-16 code units, from any state: running it on over each part of a string in turn gives the string's
 * hash, so the models that hash string features (`model/features.ts`, `restore/boundaries.ts`,
 * `engine/sentenceJoins/`) can hash a feature from its parts without building it.
 */

/** FNV-1a's state before any code unit. */
export const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a's state after s read from state h (signed 32 bits): fnvFrom(fnvFrom(FNV_OFFSET, a), b) is the hash of a + b. */
export function fnvFrom(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/**
 * The state after the parts a … h (those given) read from state `from`, as one loop over their concatenation would
 * leave it: a feature hashed from its parts without building its string. `fnvOfParts(FNV_OFFSET, …)` is `hashString`
 * of the joined parts (signed 32 bits).
 */
export function fnvOfParts(from: number, a: string, b?: string, c?: string, d?: string, e?: string, f?: string, g?: string, h?: string): number {
  let x = fnvFrom(from, a);
  if (b !== undefined) x = fnvFrom(x, b);
  if (c !== undefined) x = fnvFrom(x, c);
  if (d !== undefined) x = fnvFrom(x, d);
  if (e !== undefined) x = fnvFrom(x, e);
  if (f !== undefined) x = fnvFrom(x, f);
  if (g !== undefined) x = fnvFrom(x, g);
  if (h !== undefined) x = fnvFrom(x, h);
  return x;
}
