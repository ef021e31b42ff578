/**
 * A suite document's paragraphs as the one text the linter reads (joined by blank lines, with each paragraph's start),
 * and a finding's first fix shown inside the text around it, for the benchmarks' finding lists.
 */
import { Finding } from '../../src/engine/types';

const PARA_SEP = '\n\n';

export function documentText(paragraphs: readonly string[]): { text: string; starts: number[] } {
  const starts: number[] = [];
  let text = '';
  paragraphs.forEach((p, i) => {
    if (i) text += PARA_SEP;
    starts.push(text.length);
    text += p;
  });
  return { text, starts };
}

/** A finding's first fix, shown in `text` from `lo` to `hi`: `… word⟦,→⟧ word …` (edits outside are not shown). */
export function showFinding(text: string, f: Finding, lo: number, hi: number): string {
  return showEdits(
    text,
    (f.fixes[0]?.edits ?? []).map((e) => ({ start: e.start.offset, end: e.end.offset, newText: e.newText })),
    lo,
    hi,
  );
}

/** Edits by offset, shown in `text` from `lo` to `hi` as `showFinding` shows a fix's. */
export function showEdits(text: string, edits: ReadonlyArray<{ start: number; end: number; newText: string }>, lo: number, hi: number): string {
  let out = '';
  let at = lo;
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    if (e.start < at || e.end > hi) continue;
    out += text.slice(at, e.start) + `⟦${text.slice(e.start, e.end)}→${e.newText}⟧`;
    at = e.end;
  }
  return out + text.slice(at, hi);
}
