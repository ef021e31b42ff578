/**
 * micromark resolves emphasis by scanning back from each closing `*` or `_` run over the openers still open before it
 * in the paragraph, so a paragraph of runs that never close costs the square of their number: 16,000 / 32,000 / 64,000
 * runs (`*_` repeated) took 2.2 / 6.3 / 44 s to extract. No paragraph of prose has a hundred runs;
 * a paragraph with more than `MAX_EMPHASIS_RUNS` is blanked before parsing, line by line, as `nestingDepth.ts` blanks
 * lines nested too deep (an empty HTML comment of the same length, so every offset stays), and the extraction says so.
 * Fenced code is skipped: micromark reads no emphasis there.
 */
import { ExtractionNote } from './extraction';
import { blanked } from './nestingDepth';

/** Far more `*` and `_` runs than a paragraph of prose holds; few enough that one paragraph costs under a second. */
export const MAX_EMPHASIS_RUNS = 5000;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const RUN = /\*+|_+/g;

/** The text with every paragraph of more than `max` emphasis runs blanked, and a note for each. */
export function capEmphasisRuns(text: string, max = MAX_EMPHASIS_RUNS): { text: string; notes: ExtractionNote[] } {
  const notes: ExtractionNote[] = [];
  /** [start, end) of each line of the paragraph being read, and its runs so far. */
  let lines: Array<[number, number]> = [];
  let runs = 0;
  const over: Array<Array<[number, number]>> = [];
  const close = () => {
    if (runs > max) over.push(lines);
    lines = [];
    runs = 0;
  };
  let fence: string | undefined;
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    const f = FENCE.exec(line);
    if (fence !== undefined) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length) fence = undefined;
    } else if (f) {
      close();
      fence = f[1];
    } else if (line.trim() === '') close();
    else {
      lines.push([start, end]);
      runs += line.match(RUN)?.length ?? 0;
    }
    start = end + 1;
  }
  close();
  if (!over.length) return { text, notes };
  const pieces: string[] = [];
  let from = 0;
  for (const paragraph of over) {
    notes.push({ offset: paragraph[0][0], message: `Markdown paragraph with more than ${max} runs of emphasis markers (* or _): not checked.` });
    for (const [start, end] of paragraph) {
      pieces.push(text.slice(from, start), blanked(end - start, text[end - 1] === '\r'));
      from = end;
    }
  }
  pieces.push(text.slice(from));
  return { text: pieces.join(''), notes };
}
