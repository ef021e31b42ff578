/**
 * The line of text a finding is on, cut to fit a terminal, with carets under the finding: what stylish output shows
 * under each finding so that the reader sees the words without opening the file.
 *
 * Widths are terminal columns, not UTF-16 units: a CJK character or an emoji takes two, a combining accent none
 * (string-width), and the line is cut only between graphemes, so that the carets stay under what they point at.
 */
type StringWidth = typeof import('string-width');
let loadedStringWidth: StringWidth | undefined;
let segmenter: Intl.Segmenter | undefined;

// string-width and the grapheme segmenter are made when an excerpt is first printed: a clean file's lint needs
// neither, and the two cost about 30 ms CPU of a cold start.

function stringWidth(text: string): number {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loadedStringWidth ??= require('string-width') as StringWidth;
  return loadedStringWidth(text);
}

export interface Excerpt {
  /** The line (or the part of it that fits), control characters shown as spaces. */
  line: string;
  /** Spaces, then one `^` per column of the finding (at least one: an insertion point gets one). */
  carets: string;
}

interface Cell {
  /** UTF-16 offset in the text. */
  offset: number;
  text: string;
  width: number;
}

const ELLIPSIS = '…';

/** The graphemes of `text.slice(from, to)` with their offsets and widths; tabs and other controls become one space. */
function cells(text: string, from: number, to: number): Cell[] {
  const out: Cell[] = [];
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  for (const { segment, index } of segmenter.segment(text.slice(from, to))) {
    // eslint-disable-next-line no-control-regex
    const shown = /^[\x00-\x1f\x7f]/.test(segment) ? ' ' : segment;
    out.push({ offset: from + index, text: shown, width: stringWidth(shown) });
  }
  return out;
}

/**
 * The excerpt of the finding from `start` to `end` (UTF-16 offsets into `text`), at most `width` columns wide. A
 * finding that runs onto later lines is marked to the end of its first line. When the line is too long, the window
 * keeps a third of its width before the finding, and `…` marks each cut.
 *
 * Only the graphemes of a stretch of the line around the finding are measured, widened until it holds every column the
 * excerpt can show: a paragraph written on one line with a finding at every word measured the whole line for each
 * (800 findings on a 5,500-character line: 16 s). The result is the same as measuring the whole line.
 */
export function excerptAt(text: string, start: number, end: number, width: number): Excerpt {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  let lineEnd = text.indexOf('\n', start);
  if (lineEnd < 0) lineEnd = text.length;
  if (lineEnd > lineStart && text[lineEnd - 1] === '\r') lineEnd--;
  for (let margin = width + 16; ; margin *= 4) {
    const from = graphemeBoundary(text, Math.max(lineStart, start - margin), lineStart, lineEnd, -1);
    const to = graphemeBoundary(text, Math.min(lineEnd, Math.max(start, end) + margin), lineStart, lineEnd, 1);
    const e = excerptOfStretch(text, from, to, lineStart, lineEnd, start, end, width);
    if (e) return e;
  }
}

/**
 * `at`, or the nearest offset from it in direction `step` that is surely a grapheme boundary whatever comes before or
 * after (between two printable ASCII characters), or the line's start or end: the graphemes of the stretch are then
 * those of the whole line.
 */
function graphemeBoundary(text: string, at: number, lineStart: number, lineEnd: number, step: -1 | 1): number {
  const plain = (i: number) => {
    const c = text.charCodeAt(i);
    return c >= 0x20 && c < 0x7f;
  };
  while (at > lineStart && at < lineEnd && !(plain(at - 1) && plain(at))) at += step;
  return at;
}

/** The excerpt from the graphemes of `text.slice(from, to)` alone, or undefined if the line past them could change it. */
function excerptOfStretch(text: string, from: number, to: number, lineStart: number, lineEnd: number, start: number, end: number, width: number): Excerpt | undefined {
  const cutBefore = from > lineStart;
  const cutAfter = to < lineEnd;
  const all = cells(text, from, to);
  const markEnd = Math.min(Math.max(end, start), lineEnd);
  const marked = (c: Cell) => c.offset >= start && c.offset < markEnd;
  // The first cell of the finding (an insertion point, or a finding at the end of the line, has none: its column).
  let first = all.findIndex((c) => c.offset >= start);
  if (first < 0) {
    if (cutAfter) return undefined;
    first = all.length;
  }

  let lo = 0;
  let hi = all.length;
  const total = all.reduce((n, c) => n + c.width, 0);
  if (total <= width && (cutBefore || cutAfter)) return undefined; // the whole line may still fit, or not
  if (total > width) {
    // Room for the text between the cut marks; a third of it before the finding, if the line has that much.
    const room = Math.max(1, width - 2 * stringWidth(ELLIPSIS));
    let before = 0;
    lo = first;
    while (lo > 0 && before + all[lo - 1].width <= Math.floor(room / 3)) before += all[--lo].width;
    let used = before;
    hi = first;
    while (hi < all.length && used + all[hi].width <= room) used += all[hi++].width;
    // Near the end of the line: use the room left for more text before the finding.
    while (hi === all.length && lo > 0 && used + all[lo - 1].width <= room) used += all[--lo].width;
    // Stopped by the stretch's end rather than by the room: the line beyond it decides.
    if ((cutBefore && lo === 0) || (cutAfter && hi === all.length)) return undefined;
  }
  const leftCut = lo > 0 ? ELLIPSIS : '';
  const rightCut = hi < all.length ? ELLIPSIS : '';
  const shown = all.slice(lo, hi);
  let carets = ' '.repeat(stringWidth(leftCut));
  let any = false;
  for (const [i, c] of shown.entries()) {
    if (marked(c)) {
      carets += '^'.repeat(Math.max(1, c.width));
      any = true;
    } else if (!any && lo + i < first) carets += ' '.repeat(c.width);
  }
  if (!any) carets += '^';
  return { line: leftCut + shown.map((c) => c.text).join('') + rightCut, carets };
}
