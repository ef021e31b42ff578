/**
 * Line-oriented prose (plain text, git commit messages): paragraphs are runs of lines separated by blank lines;
 * each kind says which lines are not prose (comments) and which hold directives.
 */
import { BlockBuilder, ProseBlock } from './block';
import { Extraction } from './extraction';
import { Directive, buildSuppressions } from './suppressions';

export interface LineRules {
  /** The line is not prose; if it holds a directive, return it (with document offsets). */
  classify(line: string, start: number, end: number): { prose: false; directive?: Directive } | { prose: true };
  /** No prose at or after this line (git's scissors line). */
  stopsAt?(line: string): boolean;
}

export function extractLines(text: string, rules: LineRules): Extraction {
  const blocks: ProseBlock[] = [];
  const directives: Directive[] = [];
  const builder = new BlockBuilder(text);
  const flush = () => {
    const b = builder.take();
    if (b) blocks.push(b);
  };
  let start = 0;
  while (start <= text.length) {
    let nl = text.indexOf('\n', start);
    if (nl < 0) nl = text.length;
    const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl; // line content without \r\n
    const line = text.slice(start, end);
    if (rules.stopsAt?.(line)) break;
    const c = rules.classify(line, start, end);
    if (!c.prose) {
      if (c.directive) directives.push(c.directive);
      flush(); // a comment line ends the paragraph: prose on both sides never joins across it
    } else if (line.trim() === '') {
      flush();
    } else {
      if (!builder.isEmpty) builder.append(start - lineBreakLength(text, start), start); // the line break joins the lines
      builder.append(start, end);
    }
    if (nl >= text.length) break;
    start = nl + 1;
  }
  flush();
  return { blocks, suppressions: buildSuppressions(text, directives) };
}

/** Length of the line break just before `lineStart` (1 for \n, 2 for \r\n). */
function lineBreakLength(text: string, lineStart: number): number {
  if (lineStart === 0) return 0;
  return lineStart >= 2 && text.charCodeAt(lineStart - 2) === 13 ? 2 : 1;
}
