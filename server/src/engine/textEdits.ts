/**
 * Applying a finding's text edits: one loop for the fixes the front ends apply (`edits/safeFixes.ts`, which sits above
 * the engine and re-exports it) and for the engine's own "Write:" excerpt (`plainWords.ts`).
 */
import { TextEdit } from './types';

/**
 * Applies non-overlapping edits (any order) to `text`; with `from` and `to`, only to that stretch of it (the edits lie
 * inside it), returning the stretch as it reads after them.
 */
export function applyEdits(text: string, edits: readonly TextEdit[], from = 0, to = text.length): string {
  const sorted = [...edits].sort((a, b) => a.start.offset - b.start.offset || a.end.offset - b.end.offset);
  let out = '';
  let at = from;
  for (const e of sorted) {
    out += text.slice(at, e.start.offset) + e.newText;
    at = e.end.offset;
  }
  return out + text.slice(at, to);
}
