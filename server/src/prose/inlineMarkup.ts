/**
 * Inline markup of line-oriented markup languages (reStructuredText, AsciiDoc): one regular expression of
 * alternatives, each match turned into what the block gets. Characters are copied with their document offsets
 * (`BlockBuilder`), so a finding in the text of a link or an emphasis maps back exactly; markup characters are
 * skipped; code, roles, attributes and addresses become a stand-in word (or a hole) as inline code in Markdown does.
 */
import { BlockBuilder } from './block';
import { codeWord } from './codeWord';

/** What one inline element puts in the block; ranges are document offsets. */
export type InlinePiece = { text: [number, number] } | { standIn: [number, number]; word?: [number, number] } | { drop: true };

/**
 * Appends the prose of the document's [start, end) to `b`: the text between matches as it is, each match of `re`
 * (global, with `d` indices) as `handle` says.
 */
export function appendInline(b: BlockBuilder, doc: string, start: number, end: number, re: RegExp, handle: (m: RegExpExecArray, at: number) => InlinePiece[]): void {
  const line = doc.slice(start, end);
  // A copy: the recursion into an element's text scans with the same pattern, and must not move this scan's place.
  const scan = new RegExp(re.source, re.flags);
  let from = 0;
  for (let m = scan.exec(line); m; m = scan.exec(line)) {
    if (m[0].length === 0) {
      scan.lastIndex++;
      continue;
    }
    b.append(start + from, start + m.index);
    for (const piece of handle(m, start)) {
      if ('text' in piece) appendInline(b, doc, piece.text[0], piece.text[1], re, handle); // emphasis may hold markup
      else if ('standIn' in piece) standIn(b, doc, piece.standIn, piece.word ?? piece.standIn);
    }
    from = m.index + m[0].length;
  }
  b.append(start + from, end);
}

/** A word of `word` (within the element at `element`) stands in for the element; without one, a hole is noted. */
function standIn(b: BlockBuilder, doc: string, element: [number, number], word: [number, number]): void {
  const at = codeWord(doc.slice(word[0], word[1]));
  if (at) b.appendStandIn(word[0] + at[0], word[0] + at[1], element[0], element[1]);
  else b.markHole();
}

/** The document range of capture group `g` of a match made on the line that starts at `at` (needs the `d` flag). */
export function group(m: RegExpExecArray, g: number, at: number): [number, number] | undefined {
  const r = m.indices?.[g];
  return r ? [at + r[0], at + r[1]] : undefined;
}
