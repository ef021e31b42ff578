/**
 * How edited prose writes each word away from a sentence's start: in lower case, or capitalised. The counts behind
 * truecasing a sentence's first word (`firstWordCase.ts`).
 */

/** Per lower-case word: [written in lower case, written capitalised (first letter only)], not at a sentence's start. */
export type CaseCounts = Map<string, [number, number]>;

/** A word: letters, with inner apostrophes and hyphens. */
const WORD = /\p{L}[\p{L}'’-]*/gu;
/** The end of a sentence before a word, or a heading's colon: what comes after it starts a sentence. */
const SENTENCE_BREAK = /[.!?:]["'”’)\]]*\s+$/u;

export function caseCounts(paragraphs: Iterable<string>): CaseCounts {
  const counts: CaseCounts = new Map();
  for (const p of paragraphs) {
    for (const match of p.matchAll(WORD)) {
      const at = match.index ?? 0;
      if (at === 0 || SENTENCE_BREAK.test(p.slice(Math.max(0, at - 6), at))) continue;
      const w = match[0];
      const lower = w.toLowerCase();
      const isLower = w === lower;
      const isTitle = !isLower && w[0] + lower.slice(1) === w && w.slice(1) === lower.slice(1);
      if (!isLower && !isTitle) continue;
      let c = counts.get(lower);
      if (!c) counts.set(lower, (c = [0, 0]));
      c[isLower ? 0 : 1]++;
    }
  }
  return counts;
}

/** The share of lower case among a word's counted occurrences, or undefined under `minCount` of them. */
export function lowerShare(counts: CaseCounts, word: string, minCount: number): number | undefined {
  const c = counts.get(word.toLowerCase());
  if (!c || c[0] + c[1] < minCount) return undefined;
  return c[0] / (c[0] + c[1]);
}
