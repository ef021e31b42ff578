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
