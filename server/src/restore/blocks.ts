/**
 * A selection is restored block by block: paragraphs (separated by blank lines) and, in a block of Markdown-looking
 * lines (list items, headings, quotes, table rows), each line alone, so that a bullet never runs into the next.
 */

export interface Block {
  start: number;
  end: number;
}

export const LINE_MARKER = /^[ \t]*(?:[-*+>|#]|\d+[.)])\s/;

export function textBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const paragraph = /[^\n]*\S[^\n]*(?:\n[^\n]*\S[^\n]*)*/g;
  for (const m of text.matchAll(paragraph)) {
    const start = m.index!;
    const lines = m[0].split('\n');
    if (lines.length > 1 && lines.some((l) => LINE_MARKER.test(l))) {
      let at = start;
      for (const l of lines) {
        if (l.trim()) blocks.push({ start: at, end: at + l.length });
        at += l.length + 1;
      }
    } else blocks.push({ start, end: start + m[0].length });
  }
  return blocks;
}
