/**
 * FNV-1a over UTF-16 code units, from any state: running it on over each part of a string in turn gives the string's
 * hash, so the models that hash string features (`model/features.ts`, `restore/boundaries.ts`,
 * `engine/sentenceJoins/`) can hash a feature from its parts without building it.
 */

/** FNV-1a's state before any code unit. */
export const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a's 32-bit prime. */
const FNV_PRIME = 0x01000193;

/** FNV-1a's state after s read from state h (signed 32 bits): fnvFrom(fnvFrom(FNV_OFFSET, a), b) is the hash of a + b. */
export function fnvFrom(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
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

/**
 * The state after the bytes (each 0–255) read from state `from`: the byte-wise FNV-1a the model fingerprints use over
 * θ's stored bytes (`neuralLabellerModel.ts`, the trainer's θ signature).
 */
export function fnvBytes(from: number, bytes: ArrayLike<number>): number {
  let h = from;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], FNV_PRIME);
  return h | 0;
}

/** The state after one 16-bit value read as its two bytes, low byte first (a float16's bytes as stored). */
export function fnvUint16(h: number, v: number): number {
  return Math.imul(Math.imul(h ^ (v & 0xff), FNV_PRIME) ^ (v >>> 8), FNV_PRIME);
}
