/**
 * Splits a Markdown document into chunks that parse the same alone as in place, so that each can be parsed (and
 * memoised) on its own and an edit re-parses one chunk, not the document.
 *
 * A chunk boundary is a blank line followed by a line that starts at column 0: after a blank line, such a line can
 * continue no paragraph (no laziness), no list item or footnote (their content is indented) and no block quote (its
 * lines start with `>`, and a blank line ends it), so it starts a new top-level block — unless a fenced code block,
 * a `$$` math block or an HTML block of kinds 1–5 (which run across blank lines) is open, or the front matter is.
 * Tracking those is conservative: when unsure, do not split. (Link reference definitions are document-wide in
 * CommonMark; a reference whose definition sits in another chunk stays plain text — a link label either way.)
 */
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,}|\${2,})(.*)$/;
const HTML_KINDS: Array<[RegExp, RegExp]> = [
  [/^ {0,3}<(script|pre|style|textarea)(\s|>|$)/i, /<\/(script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];

export function markdownChunks(text: string): Array<[number, number]> {
  const chunks: Array<[number, number]> = [];
  let chunkStart = 0;
  let fence: { char: string; length: number } | undefined;
  let htmlEnd: RegExp | undefined;
  let previousBlank = false;
  let pos = 0;
  const frontMatter = /^(---|\+\+\+)[ \t]*\r?\n/.exec(text);
  if (frontMatter) {
    const close = new RegExp(`\\n${frontMatter[1] === '---' ? '---' : '\\+\\+\\+'}[ \\t]*(\\r?\\n|$)`).exec(text.slice(frontMatter[0].length - 1));
    pos = close ? frontMatter[0].length - 1 + close.index + close[0].length : text.length; // never split inside it
  }
  while (pos < text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = text.length;
    const line = text.slice(pos, nl).replace(/\r$/, '');
    const blank = line.trim() === '';
    if (fence) {
      const m = FENCE_OPEN.exec(line);
      if (m && m[1][0] === fence.char && m[1].length >= fence.length && m[2].trim() === '') fence = undefined;
    } else if (htmlEnd) {
      if (htmlEnd.test(line)) htmlEnd = undefined;
    } else {
      if (previousBlank && !blank && !/^[ \t]/.test(line) && pos > chunkStart) {
        chunks.push([chunkStart, pos]);
        chunkStart = pos;
      }
      const f = FENCE_OPEN.exec(line);
      if (f && !(f[1][0] === '`' && f[2].includes('`')) && !(f[1][0] === '$' && f[2].includes('$'))) {
        fence = { char: f[1][0], length: f[1].length };
      } else {
        const kind = HTML_KINDS.find(([start]) => start.test(line));
        if (kind && !kind[1].test(line.replace(kind[0], ''))) htmlEnd = kind[1];
      }
    }
    previousBlank = blank;
    pos = nl + 1;
  }
  if (chunkStart < text.length || !chunks.length) chunks.push([chunkStart, text.length]);
  return chunks;
}
