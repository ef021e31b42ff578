/**
 * wink-nlp's tokenizer is quadratic in the length of a run of non-space characters (a regex of its model rescans the
 * run): a 16,000-character word took 0.6–3 s, a 160,000-character one over a minute. No word, name or address is
 * that long, so before wink reads the text each run longer than `MAX_RUN_CHARS` is replaced by one short stand-in
 * word, and the tokens are mapped back: the run is one token, its own text, at its own offsets. Marks that open or
 * close the run (a bracket, a quote, a final comma or period) stay in wink's text, so they remain tokens of their own.
 */

/** Longer than any word or web address a sentence can use (URLs in prose are rarely over 200 characters). */
export const MAX_RUN_CHARS = 256;

/** What wink reads in place of a long run: a plain word, so the sentence goes on around it. */
const STAND_IN = 'thing';

const LONG_RUN = new RegExp(`[^\\s]{${MAX_RUN_CHARS + 1},}`, 'gu');
/** Opening and closing marks of a long run that stay in wink's text, as tokens of their own. */
const MARKS_KEPT = 16;
const LEADING_MARKS = /^[("'“‘[{<]+/u;
const TRAILING_MARKS = /[.,;:!?)"'”’\]}>]+$/u;

export interface ShortenedText {
  /** The text wink reads. */
  text: string;
  /** A span of `text` → the span of the original text (a stand-in's span → the whole run). */
  toOriginal(start: number, end: number): [number, number];
  /** How many runs were replaced. */
  replaced: number;
}

interface Replacement {
  /** Where the stand-in is in the shortened text. */
  at: number;
  /** The run in the original text. */
  start: number;
  end: number;
}

export function shortenLongRuns(original: string): ShortenedText {
  const replacements: Replacement[] = [];
  let text = '';
  let from = 0;
  for (const m of original.matchAll(LONG_RUN)) {
    let start = m.index!;
    let end = start + m[0].length;
    // At most a few of them: a run of 40,000 commas or brackets is as slow for wink as a long word.
    start += Math.min(LEADING_MARKS.exec(m[0])?.[0].length ?? 0, MARKS_KEPT);
    end -= Math.min(TRAILING_MARKS.exec(original.slice(start, end))?.[0].length ?? 0, MARKS_KEPT);
    if (end - start <= MAX_RUN_CHARS) continue;
    text += original.slice(from, start);
    replacements.push({ at: text.length, start, end });
    text += STAND_IN;
    from = end;
  }
  if (!replacements.length) return { text: original, toOriginal: (s, e) => [s, e], replaced: 0 };
  text += original.slice(from);
  /** The original offset of shortened offset `x`: a stand-in's start is its run's start, its end the run's end. */
  const map = (x: number): number => {
    // The last replacement at or before x (binary search: a document may hold thousands).
    let lo = 0;
    let hi = replacements.length - 1;
    let k = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (replacements[mid].at <= x) {
        k = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (k < 0) return x;
    const r = replacements[k];
    if (x === r.at) return r.start;
    return r.end + Math.max(0, x - r.at - STAND_IN.length);
  };
  return { text, toOriginal: (s, e) => [map(s), map(e)], replaced: replacements.length };
}
