/**
 * LaTeX prose: the text of the document body. Not prose: the preamble, commands and their non-prose arguments,
 * math (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`, math environments), verbatim-like environments, comments (`%`, which may
 * hold directives). Arguments of text commands (`\emph{…}`, `\section{…}`, `\footnote{…}`) are prose; sectioning,
 * captions and footnotes are blocks of their own, so they never run into the surrounding sentence.
 */
import { BlockBuilder, ProseBlock } from './block';
import { Extraction } from './extraction';
import { Directive, buildSuppressions, parseDirective } from './suppressions';

/** Commands whose (last) brace argument is prose that continues the current sentence. */
const INLINE_TEXT = new Set(['emph', 'textbf', 'textit', 'textsl', 'textsc', 'texttt', 'textrm', 'textsf', 'underline', 'text', 'textup', 'textmd', 'mbox', 'enquote']);
/** Commands whose brace argument is prose of its own (a heading, a caption, a note). */
const SEPARATE_TEXT = new Set(['part', 'chapter', 'section', 'subsection', 'subsubsection', 'paragraph', 'subparagraph', 'caption', 'footnote', 'title', 'thanks', 'marginpar']);
/** Sectioning: ends the paragraph before it. */
const HEADINGS = new Set(['part', 'chapter', 'section', 'subsection', 'subsubsection', 'paragraph', 'subparagraph', 'title']);
/** Commands that end the current block (a new item, a forced paragraph). */
const BREAKS = new Set(['item', 'par', 'newline', 'bibitem', 'maketitle', 'clearpage', 'newpage']);
/** Environments whose body is not prose. */
const NON_PROSE_ENVS = new Set(['equation', 'equation*', 'align', 'align*', 'gather', 'gather*', 'multline', 'multline*', 'eqnarray', 'eqnarray*', 'math', 'displaymath', 'flalign', 'flalign*', 'alignat', 'alignat*', 'verbatim', 'verbatim*', 'Verbatim', 'lstlisting', 'minted', 'comment', 'tikzpicture', 'tabular', 'tabular*', 'tabularx', 'array', 'thebibliography', 'figure-code']);

interface Frame {
  /** The brace depth at which this prose argument closes. */
  depth: number;
  builder: BlockBuilder;
}

export function extractLatex(text: string): Extraction {
  const blocks: ProseBlock[] = [];
  const directives: Directive[] = [];
  const begin = /\\begin\s*\{document\}/.exec(text);
  let i = begin ? begin.index + begin[0].length : 0;
  const endDoc = /\\end\s*\{document\}/.exec(text);
  const stop = endDoc && endDoc.index >= i ? endDoc.index : text.length;
  if (begin) scanComments(text, 0, begin.index, directives); // directives may sit in the preamble

  const stack: Frame[] = [{ depth: -1, builder: new BlockBuilder(text) }];
  let depth = 0;
  const top = () => stack[stack.length - 1].builder;
  const flush = (b: BlockBuilder) => {
    const block = b.take();
    if (block) blocks.push(block);
  };
  let run = -1; // start of the current stretch of plain prose characters
  const closeRun = () => {
    if (run >= 0) top().append(run, i);
    run = -1;
  };

  while (i < stop) {
    const c = text[i];
    if (c === '%') {
      closeRun();
      let eol = text.indexOf('\n', i);
      if (eol < 0 || eol > stop) eol = stop;
      const d = parseDirective(text.slice(i + 1, eol), i, eol);
      if (d) directives.push(d);
      i = eol < stop ? eol + 1 : stop; // a comment swallows its line break too, as TeX does
      continue;
    }
    if (c === '\\') {
      closeRun();
      i = command(i);
      continue;
    }
    if (c === '$') {
      closeRun();
      i = skipMath(text, i, stop);
      continue;
    }
    if (c === '{') {
      closeRun();
      depth++;
      i++;
      continue;
    }
    if (c === '}') {
      closeRun();
      depth--;
      const frame = stack[stack.length - 1];
      if (stack.length > 1 && depth === frame.depth) {
        stack.pop();
        flush(frame.builder);
      }
      i++;
      continue;
    }
    if (c === '\n' && isBlankLineAhead(text, i, stop)) {
      closeRun();
      flush(top());
      i++;
      continue;
    }
    if (run < 0) run = i;
    i++;
  }
  closeRun();
  while (stack.length) flush(stack.pop()!.builder);
  blocks.sort((a, b) => a.offsets[0] - b.offsets[0]); // notes and captions were closed before their paragraph
  return { blocks, suppressions: buildSuppressions(text, directives) };

  /** Handles the command at `at` (a backslash); returns where scanning resumes. */
  function command(at: number): number {
    const m = /^\\([A-Za-z@]+\*?|.)/s.exec(text.slice(at, at + 64));
    if (!m) return at + 1;
    const name = m[1];
    let j = at + m[0].length;
    if (name === '(' || name === '[') return skipPast(text, j, name === '(' ? '\\)' : '\\]', stop);
    if (name === '\\') { // forced line break `\\` (maybe `\\[2pt]`)
      return skipOptional(text, j, stop);
    }
    if (name.length === 1 && !/[A-Za-z]/.test(name)) {
      // Escaped characters (`\%`, `\&`, `\$`, `\_`, `\#`) stand for the character itself: keep it as prose.
      if ('%&$_#{}'.includes(name)) {
        top().append(at + 1, at + 2);
      }
      return j;
    }
    if (name === 'begin' || name === 'end') {
      const env = /^\s*\{([^}]*)\}/.exec(text.slice(j, j + 80));
      if (!env) return j;
      j += env[0].length;
      flush(top()); // environments (lists, quotes, figures) separate the prose around them
      if (name === 'begin' && NON_PROSE_ENVS.has(env[1].trim())) {
        const close = new RegExp(`\\\\end\\s*\\{${escapeRegExp(env[1].trim())}\\}`).exec(text.slice(j, stop));
        return close ? j + close.index + close[0].length : stop;
      }
      return name === 'begin' ? skipArguments(text, j, stop) : j;
    }
    if (name === 'verb' || name === 'verb*' || name === 'lstinline') {
      // Inline verbatim: `\verb|…|` with any delimiter (`\lstinline` also takes braces).
      j = skipOptional(text, j, stop);
      const open = text[j];
      if (open === undefined) return j;
      const close = open === '{' ? '}' : open;
      const end = text.indexOf(close, j + 1);
      return end < 0 || end >= stop ? stop : end + 1;
    }
    if (BREAKS.has(name)) {
      flush(top());
      return skipOptional(text, j, stop);
    }
    const base = name.replace(/\*$/, '');
    if (INLINE_TEXT.has(base) || SEPARATE_TEXT.has(base)) {
      j = skipOptional(text, j, stop);
      const open = /^\s*\{/.exec(text.slice(j, j + 16));
      if (!open) return j;
      if (HEADINGS.has(base)) flush(top()); // a heading ends the paragraph before it; a footnote does not
      if (SEPARATE_TEXT.has(base)) stack.push({ depth, builder: new BlockBuilder(text) });
      depth++;
      return j + open[0].length;
    }
    return skipArguments(text, j, stop); // any other command: its arguments are not prose
  }
}

function isBlankLineAhead(text: string, nl: number, stop: number): boolean {
  for (let k = nl + 1; k < stop; k++) {
    const c = text[k];
    if (c === '\n') return true;
    if (c !== ' ' && c !== '\t' && c !== '\r') return false;
  }
  return true;
}

/** Skips `[…]` optional arguments (balanced). */
function skipOptional(text: string, j: number, stop: number): number {
  for (;;) {
    const m = /^[ \t]*\[/.exec(text.slice(j, j + 16));
    if (!m) return j;
    j = skipBalanced(text, j + m[0].length, '[', ']', stop);
  }
}

/** Skips every `[…]` and `{…}` argument right after a command. */
function skipArguments(text: string, j: number, stop: number): number {
  for (;;) {
    const m = /^[ \t]*([[{])/.exec(text.slice(j, j + 16));
    if (!m) return j;
    const open = m[1];
    j = skipBalanced(text, j + m[0].length, open, open === '[' ? ']' : '}', stop);
  }
}

/** From just inside an opening bracket, returns the offset after its matching close (escapes respected). */
function skipBalanced(text: string, j: number, open: string, close: string, stop: number): number {
  let level = 1;
  while (j < stop && level > 0) {
    const c = text[j];
    if (c === '\\') j += 2;
    else {
      if (c === open) level++;
      else if (c === close) level--;
      j++;
    }
  }
  return Math.min(j, stop);
}

function skipPast(text: string, j: number, token: string, stop: number): number {
  const k = text.indexOf(token, j);
  return k < 0 || k >= stop ? stop : k + token.length;
}

/** `$…$` or `$$…$$`, from the first `$`. */
function skipMath(text: string, i: number, stop: number): number {
  const display = text[i + 1] === '$';
  const token = display ? '$$' : '$';
  let j = i + token.length;
  while (j < stop) {
    if (text[j] === '\\') j += 2;
    else if (text.startsWith(token, j)) return j + token.length;
    else j++;
  }
  return stop;
}

function scanComments(text: string, from: number, to: number, out: Directive[]): void {
  const re = /(?<!\\)%([^\n]*)/g;
  re.lastIndex = from;
  for (let m = re.exec(text); m && m.index < to; m = re.exec(text)) {
    const d = parseDirective(m[1], m.index, m.index + m[0].length);
    if (d) out.push(d);
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
