/** Offsets ↔ (line, character) in UTF-16 code units, 0-based, lines split at \n, \r\n or \r (as LSP does). */
import { Position } from './types';

export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (c === 10) starts.push(i + 1);
  }
  return starts;
}

/** Position of an offset; for many lookups into one text, build `lineStarts` once and use `positionFromStarts`. */
export function positionAt(text: string, offset: number, starts: number[] = lineStarts(text)): Position {
  return positionFromStarts(starts, Math.max(0, Math.min(offset, text.length)));
}

export function positionFromStarts(starts: number[], offset: number): Position {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: offset - starts[lo], offset };
}
