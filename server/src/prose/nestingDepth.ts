/**
 * Markdown nested thousands of levels deep (10,000 `>`, a list 2,000 levels deep) overflowed the stack of the mdast
 * utilities, which recurse per level, and made list preparation quadratic in the depth (each list rescans the
 * events of the lists inside it). No document needs more than a few levels, so a line whose container prefix
 * (block-quote markers, list markers, indentation) is deeper than `MAX_NESTING` is blanked before parsing — an empty
 * HTML comment of the same length in place of its characters, so every offset stays — and the extraction says which
 * lines were not checked. (Not spaces: every open container rescans a blank line's whitespace, so thousands of blank
 * lines under 100 open lists cost 100 times their length. A comment at column 0 closes the containers at once, and an
 * HTML comment is no prose.)
 */
import { ExtractionNote } from './extraction';

/** Far deeper than any document nests its quotes and lists; shallow enough for the parser's recursion. */
export const MAX_NESTING = 100;

export interface CappedNesting {
  text: string;
  notes: ExtractionNote[];
}

/** The line's container depth: each `>` or list marker at its start counts one, each two columns of indentation one. */
export function prefixDepth(text: string, start: number, end: number): number {
  let markers = 0;
  let columns = 0;
  let i = start;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === 0x20) columns++;
    else if (c === 0x09) columns += 4;
    else if (c === 0x3e /* > */) markers++;
    else if ((c === 0x2d || c === 0x2b || c === 0x2a) /* - + * */ && (i + 1 === end || /[ \t\r]/.test(text[i + 1]))) markers++;
    else {
      let j = i;
      while (j < end && j - i < 9 && text.charCodeAt(j) >= 0x30 && text.charCodeAt(j) <= 0x39) j++;
      if (j === i || j >= end || (text[j] !== '.' && text[j] !== ')') || (j + 1 < end && !/[ \t\r]/.test(text[j + 1]))) break;
      markers++;
      i = j;
    }
    i++;
  }
  return markers + (columns >> 1);
}

/** The text with every line nested deeper than `maxDepth` blanked, and a note for each run of such lines. */
export function capNesting(text: string, maxDepth = MAX_NESTING): CappedNesting {
  const notes: ExtractionNote[] = [];
  const pieces: string[] = [];
  let from = 0;
  let runStart = -1;
  let runLines = 0;
  const closeRun = () => {
    if (runStart < 0) return;
    notes.push({
      offset: runStart,
      message: `Markdown nested more than ${maxDepth} levels deep (block quotes or lists): ${runLines === 1 ? 'this line is' : `these ${runLines} lines are`} not checked.`,
    });
    runStart = -1;
    runLines = 0;
  };
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end - start > maxDepth && prefixDepth(text, start, end) > maxDepth) {
      pieces.push(text.slice(from, start), blanked(end - start, text[end - 1] === '\r'));
      from = end;
      if (runStart < 0) runStart = start;
      runLines++;
    } else if (text.slice(start, end).trim() !== '') closeRun();
    start = end + 1;
  }
  closeRun();
  if (!notes.length) return { text, notes };
  pieces.push(text.slice(from));
  return { text: pieces.join(''), notes };
}

/** A line of `length` characters (a final `\r` kept) that is an empty HTML comment: `<!--     -->`. */
export function blanked(length: number, carriageReturn: boolean): string {
  const inner = length - (carriageReturn ? 1 : 0) - '<!---->'.length;
  if (inner < 0) return ' '.repeat(length - (carriageReturn ? 1 : 0)) + (carriageReturn ? '\r' : '');
  return `<!--${' '.repeat(Math.max(0, inner))}-->${carriageReturn ? '\r' : ''}`;
}
