/**
 * Very long "sentences" (pasted logs, lists without periods) are cut into pieces of at most MAX_WORDS words, at the
 * last clause-level mark before the cap when there is one, so that parsing and the punctuation model stay fast.
 */
import { SurfaceToken } from '../tokenize/token';

export const MAX_WORDS = 150;
const BREAKS = new Set([';', ':', ',', '—', '--', '-', ')', '…', '...']);

export function splitLongSentence(tokens: SurfaceToken[], maxWords = MAX_WORDS): SurfaceToken[][] {
  const pieces: SurfaceToken[][] = [];
  let start = 0;
  while (start < tokens.length) {
    let words = 0;
    let end = start;
    let lastBreak = -1;
    while (end < tokens.length && (words < maxWords || tokens[end].punct)) {
      if (!tokens[end].punct) words++;
      else if (BREAKS.has(tokens[end].text) && words > maxWords / 2) lastBreak = end;
      end++;
    }
    if (end < tokens.length && lastBreak >= 0) end = lastBreak + 1;
    pieces.push(tokens.slice(start, end));
    start = end;
  }
  return pieces;
}
