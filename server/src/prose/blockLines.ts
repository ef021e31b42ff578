/**
 * Line-oriented markup (reStructuredText, AsciiDoc): each kind classifies its lines in order (with the state of
 * the block it is in), and this module turns prose lines into blocks: a paragraph is a run of prose lines, a heading
 * or a list item starts a block of its own, and anything that is not prose ends the block before it.
 */
import { BlockBuilder, ProseBlock } from './block';
import { Extraction, ExtractionNote } from './extraction';
import { Directive, buildSuppressions } from './suppressions';

export interface Line {
  text: string;
  /** Document offsets of the line's content, without its line break. */
  start: number;
  end: number;
}

/** What a kind makes of one line. */
export type LineClass =
  /** Not prose (code, a directive, a table, markup); a directive for `puncteme-disable` comments may come with it. */
  | { kind: 'skip'; directive?: Directive }
  /** A blank line: ends the paragraph. */
  | { kind: 'blank' }
  /**
   * Prose from `from` (document offset) to the line's end, its inline markup handled by `inline`; `starts` opens
   * a new block (a heading, a list item), `alone` closes it after this line (a heading).
   */
  | { kind: 'prose'; from: number; to?: number; starts?: boolean; alone?: boolean };

export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  for (let start = 0; start <= text.length; ) {
    let nl = text.indexOf('\n', start);
    if (nl < 0) nl = text.length;
    const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    lines.push({ text: text.slice(start, end), start, end });
    if (nl >= text.length) break;
    start = nl + 1;
  }
  return lines;
}

export function extractClassified(
  text: string,
  classes: readonly LineClass[],
  lines: readonly Line[],
  inline: (b: BlockBuilder, start: number, end: number) => void,
  notes: ExtractionNote[] = [],
): Extraction {
  const blocks: ProseBlock[] = [];
  const directives: Directive[] = [];
  const b = new BlockBuilder(text);
  // A block's lines are scanned for inline markup as one range, since markup runs across line breaks (a link's
  // text on one line, its address on the next); the indentation of its continuation lines is kept as whitespace.
  let runFrom = -1;
  let runTo = -1;
  const flush = (alone = false) => {
    if (runFrom >= 0) inline(b, runFrom, runTo);
    runFrom = -1;
    const block = b.take();
    // A line alone (a heading, a description term) is a label: it takes no final mark.
    if (block) blocks.push(alone ? { ...block, fragment: true } : block);
  };
  classes.forEach((c, i) => {
    if (c.kind !== 'prose') {
      if (c.kind === 'skip' && c.directive) directives.push(c.directive);
      flush();
      return;
    }
    if (c.starts) flush();
    if (runFrom < 0) runFrom = c.from;
    else if (c.from !== lines[i].start + (/^\s*/.exec(lines[i].text)![0].length) || runTo !== lines[i - 1]?.end) {
      // A line whose start or the line above whose end is cut (a marker, a `::`): scan the run so far alone.
      inline(b, runFrom, runTo);
      if (lines[i].start > 0) b.append(lines[i].start - 1, lines[i].start);
      runFrom = c.from;
    }
    runTo = c.to ?? lines[i].end;
    if (c.alone) flush(true);
  });
  flush();
  return { blocks, suppressions: buildSuppressions(text, directives), ...(notes.length ? { notes } : {}) };
}
