/**
 * Splits a Markdown document into chunks that parse the same alone as in place, so that each can be parsed (and
 * memoised) on its own and an edit re-parses one chunk, not the document.
 *
 * A chunk boundary is a blank line followed by a line that starts at column 0, where the last non-blank line before
 * it was not indented either: after a blank line, such a line continues no paragraph (no laziness), no list item or
 * footnote (their content is indented) and no block quote (its lines start with `>`), so it starts a new top-level
 * block — unless a construct that runs across blank lines is open: a fenced code block, a `$$` math block, an HTML
 * block, or the front matter. Those are tracked when they open at column 0 (always top level: containers need
 * indentation or a marker); anything less certain (an opener indented 1–3 spaces, which may sit in a list item, or a
 * fence-like line inside an HTML block that ends at a blank line) stops all further splitting: when unsure, the rest
 * of the document is one chunk. Link and footnote definitions are document-wide: markdown.ts passes them across.
 */
const FENCE = /^( *)(`{3,}|~{3,}|\${2,})(.*)$/;
/** HTML blocks of CommonMark kinds 1–5: they end at a marker, not at a blank line. */
const HTML_TO_MARKER: Array<[RegExp, RegExp]> = [
  [/^( *)<(script|pre|style|textarea)(\s|>|$)/i, /<\/(script|pre|style|textarea)>/i],
  [/^( *)<!--/, /-->/],
  [/^( *)<\?/, /\?>/],
  [/^( *)<![A-Za-z]/, />/],
  [/^( *)<!\[CDATA\[/, /\]\]>/],
];
/** Kinds 6 and 7 (any other tag at the start of a line): they end at a blank line. */
const HTML_TO_BLANK = /^( *)<\/?[A-Za-z][A-Za-z0-9-]*(\s|\/?>|$)/;

type State =
  | { kind: 'none' }
  | { kind: 'fence'; char: string; length: number }
  | { kind: 'html'; end: RegExp }
  | { kind: 'htmlToBlank' }
  | { kind: 'unsure' };

export function markdownChunks(text: string): Array<[number, number]> {
  const chunks: Array<[number, number]> = [];
  let chunkStart = 0;
  let state: State = { kind: 'none' };
  let previousBlank = false;
  let lastIndented = false;
  let pos = 0;
  const frontMatter = /^(---|\+\+\+)[ \t]*\r?\n/.exec(text);
  if (frontMatter) {
    const marker = frontMatter[1] === '---' ? '---' : '\\+\\+\\+';
    const close = new RegExp(`\\n${marker}[ \\t]*(\\r?\\n|$)`).exec(text.slice(frontMatter[0].length - 1));
    pos = close ? frontMatter[0].length - 1 + close.index + close[0].length : text.length; // never split inside it
  }
  while (pos < text.length && state.kind !== 'unsure') {
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = text.length;
    const line = text.slice(pos, nl).replace(/\r$/, '');
    const blank = line.trim() === '';
    const opener = openerOf(line);
    switch (state.kind) {
      case 'fence': {
        const m = FENCE.exec(line);
        if (m && m[1].length <= 3 && m[2][0] === state.char && m[2].length >= state.length && m[3].trim() === '') state = { kind: 'none' };
        break;
      }
      case 'html':
        if (state.end.test(line)) state = { kind: 'none' };
        break;
      case 'htmlToBlank':
        if (blank) state = { kind: 'none' };
        else if (opener) state = { kind: 'unsure' }; // html block or paragraph text? depends on what came before
        break;
      case 'none':
        if (previousBlank && !blank && !/^[ \t]/.test(line) && !lastIndented && pos > chunkStart) {
          chunks.push([chunkStart, pos]);
          chunkStart = pos;
        }
        if (opener) state = opener;
        break;
    }
    previousBlank = blank;
    if (!blank) lastIndented = /^[ \t]/.test(line);
    pos = nl + 1;
  }
  if (chunkStart < text.length || !chunks.length) chunks.push([chunkStart, text.length]);
  return chunks;
}

/** The block a line opens, if it opens one that runs across blank lines ('unsure' if it may sit in a container). */
function openerOf(line: string): State | undefined {
  const f = FENCE.exec(line);
  if (f && f[1].length <= 3 && !(f[2][0] === '`' && f[3].includes('`')) && !(f[2][0] === '$' && f[3].includes('$'))) {
    return f[1].length === 0 ? { kind: 'fence', char: f[2][0], length: f[2].length } : { kind: 'unsure' };
  }
  for (const [start, end] of HTML_TO_MARKER) {
    const m = start.exec(line);
    if (!m || m[1].length > 3) continue;
    if (m[1].length > 0) return { kind: 'unsure' };
    return end.test(line.slice(m[0].length)) ? undefined : { kind: 'html', end };
  }
  const h = HTML_TO_BLANK.exec(line);
  if (h && h[1].length <= 3) return h[1].length === 0 ? { kind: 'htmlToBlank' } : { kind: 'unsure' };
  return undefined;
}
