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
  const edits = [...(f.fixes[0]?.edits ?? [])].sort((a, b) => a.start.offset - b.start.offset);
  let out = '';
  let at = lo;
  for (const e of edits) {
    if (e.start.offset < at || e.end.offset > hi) continue;
    out += text.slice(at, e.start.offset) + `⟦${text.slice(e.start.offset, e.end.offset)}→${e.newText}⟧`;
    at = e.end.offset;
  }
  return out + text.slice(at, hi);
}
