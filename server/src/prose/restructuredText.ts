/**
 * reStructuredText (`.rst`): prose is paragraphs, section titles, list items, block quotes and definitions. Not
 * prose: directives (`.. note::`, `.. code-block:: python`) and their indented bodies, comments (`.. text`, where
 * `puncteme-disable` directives may sit), literal blocks (after a paragraph ending `::`), doctest blocks (`>>>`),
 * tables, field lists (`:param x:`), section adornments and transitions, targets and substitution definitions. No
 * maintained npm parser of reStructuredText gives source offsets (`restructured` was last published in 2016), so
 * this is a line classifier of the constructs docutils documents, with inline markup handled by `inlineMarkup.ts`.
 */
import { BlockBuilder } from './block';
import { extractClassified, Line, LineClass, splitLines } from './blockLines';
import { Extraction } from './extraction';
import { appendInline, group, InlinePiece } from './inlineMarkup';
import { parseDirective } from './suppressions';

/** A line of one repeated punctuation character: a section adornment or a transition. */
const ADORNMENT = /^([!-/:-@[-`{-~])\1{2,}\s*$/;
/** `.. ` explicit markup: a directive, comment, footnote, citation, target or substitution definition. */
const EXPLICIT = /^\s*\.\.(\s|$)/;
/** Grid and simple table borders, and grid rows. */
const TABLE = /^\s*(\+[-=+]+\+|=+(\s+=+)+)\s*$/;
const GRID_ROW = /^\s*\|.*\|\s*$/;
const FIELD = /^\s*:[^:\s][^:]*:(\s|$)/;
const BULLET = /^(\s*)([-*+•‣⁃]|\d+[.)]|#[.)]|[a-zA-Z][.)]|\(\d+\)|\(#\))\s+(?=\S)/;
const OPTION = /^\s*--?[A-Za-z]/;

const indentOf = (s: string) => /^\s*/.exec(s)![0].length;
const isBlank = (s: string) => s.trim() === '';

/**
 * Inline markup: ``literal``, `interpreted`_ / `text <url>`_ references, :role:`text`, *emphasis*, **strong**,
 * |substitution|, footnote and citation references ([1]_), bare references (word_), and URLs. Every part has a
 * bounded length: an unclosed `**` or `` ` `` in a long paragraph is tried against a few hundred characters, not the
 * rest of the paragraph, so extraction stays linear in the text (`test/prose/markupFormats.test.ts`).
 */
const INLINE =
  /``([\s\S]{1,500}?)``|:([\w.+-]{1,50}):`([^`]{1,500})`|`([^`<]{0,500}?)\s*<([^>`]{1,500})>`__?|`([^`]{1,500})`(__?|:[\w.+-]{1,50}:)?|\*\*(?=\S)([\s\S]{1,500}?)\*\*|\*(?=\S)([^*]{1,500}?)\*|\|([^|\s][^|]{0,200})\|_{0,2}|\s*\[(#?[\w-]{0,50}|\*)\]_|(?<=\w)__?(?=[\s.,;:!?)]|$)|\bhttps?:\/\/[^\s<>]{1,2000}[^\s<>.,;:!?)]/dg;

/** Roles whose content is prose (a reference's text); every other role (code, math, file names, …) stands in. */
const PROSE_ROLES = new Set(['ref', 'doc', 'term', 'abbr', 'emphasis', 'strong', 'title-reference', 't', 'title']);

function inlinePiece(m: RegExpExecArray, at: number): InlinePiece[] {
  const g = (i: number) => group(m, i, at);
  if (m[1] !== undefined) return [{ standIn: g(0)!, word: g(1)! }];
  if (m[2] !== undefined) {
    // :class:`~email.message.Message`: the object's own name stands in (after any `~` or module path).
    if (!PROSE_ROLES.has(m[2])) return [{ standIn: g(0)!, word: lastName(g(3)!, m[3]) }];
    // :ref:`Installation <install>`: the text before the target.
    const lt = m[3].lastIndexOf('<');
    const [s, e] = g(3)!;
    return [{ text: lt > 0 ? [s, s + m[3].slice(0, lt).trimEnd().length] : [s, e] }];
  }
  if (m[4] !== undefined) return m[4] ? [{ text: g(4)! }] : [{ standIn: g(5)! }];
  if (m[6] !== undefined) return [m[7] && m[7].startsWith(':') && !PROSE_ROLES.has(m[7].slice(1, -1)) ? { standIn: g(0)! } : { text: g(6)! }];
  if (m[8] !== undefined) return [{ text: g(8)! }];
  if (m[9] !== undefined) return [{ text: g(9)! }];
  if (m[10] !== undefined) return [{ standIn: g(0)!, word: g(10)! }];
  if (m[11] !== undefined) return [{ drop: true }];
  if (m[0].startsWith('http')) return [{ standIn: g(0)! }];
  return [{ drop: true }]; // the underscore of a bare reference
}

/** The range of the last dotted name of a role's target (`~email.policy.Policy.header_source_parse` → its last part). */
function lastName([s, e]: [number, number], content: string): [number, number] {
  const cut = Math.max(content.lastIndexOf('.'), content.lastIndexOf('~')) + 1;
  return cut > 0 && cut < content.length ? [s + cut, e] : [s, e];
}

export function extractRestructuredText(text: string): Extraction {
  const lines = splitLines(text);
  const classes: LineClass[] = new Array(lines.length);
  /** Lines indented more than this belong to the directive, comment or literal block that began above. */
  let skipBelow = -1;
  let literalNext = false;
  let inParagraph = false;
  let itemIndent = -1;
  let markerIndent = -1;
  let inDoctest = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const s = line.text;
    if (isBlank(s)) {
      classes[i] = { kind: 'blank' };
      inParagraph = inDoctest = false;
      continue;
    }
    if (inDoctest) {
      classes[i] = { kind: 'skip' };
      continue;
    }
    const indent = indentOf(s);
    if (skipBelow >= 0) {
      if (indent > skipBelow) {
        classes[i] = { kind: 'skip' };
        continue;
      }
      skipBelow = -1;
    }
    if (literalNext && !inParagraph) {
      literalNext = false;
      // The indented block after `::` is literal; an unindented line means there was none.
      const para = lastProseIndent(lines, classes, i);
      if (indent > para) {
        skipBelow = para;
        classes[i] = { kind: 'skip' };
        continue;
      }
    }
    if (EXPLICIT.test(s)) {
      const body = s.trim().slice(2);
      classes[i] = { kind: 'skip', directive: parseDirective(body, line.start, line.end) };
      skipBelow = indent;
      inParagraph = false;
      continue;
    }
    if (ADORNMENT.test(s) || TABLE.test(s) || (GRID_ROW.test(s) && !inParagraph) || /^\s*>>>/.test(s) || FIELD.test(s) || (!inParagraph && OPTION.test(s))) {
      // A title's underline: the line above was its own block.
      if (ADORNMENT.test(s) && i > 0 && classes[i - 1]?.kind === 'prose') classes[i - 1] = { ...(classes[i - 1] as Extract<LineClass, { kind: 'prose' }>), starts: true, alone: true };
      classes[i] = { kind: 'skip' };
      if (/^\s*>>>/.test(s)) inDoctest = true; // the doctest block (with its output) runs to the blank line
      inParagraph = false;
      continue;
    }
    const bullet = BULLET.exec(s);
    let from = line.start + indent;
    // A line indented deeper than the one above, and not a list item's continuation, is a definition under its term.
    let starts = !inParagraph || (indent > indentOf(lines[i - 1].text) && indent !== itemIndent);
    // A list item; in a list without blank lines between its items, the next marker at the same place starts one too.
    if (bullet && (!inParagraph || (itemIndent >= 0 && bullet[1].length === markerIndent))) {
      from = line.start + bullet[0].length;
      starts = true;
      itemIndent = bullet[0].length;
      markerIndent = bullet[1].length;
    } else if (!inParagraph && itemIndent >= 0 && indent < itemIndent) itemIndent = -1;
    // A paragraph that ends with `::` introduces a literal block; "Example::" reads "Example:", and " ::" nothing.
    let to: number | undefined;
    const literal = /(^|\s)?::\s*$/.exec(s);
    if (literal) {
      literalNext = true;
      to = line.start + literal.index + (literal[1] === undefined && literal.index > 0 ? 1 : 0);
      if (to <= from) {
        classes[i] = { kind: 'skip' };
        inParagraph = false;
        continue;
      }
    }
    classes[i] = { kind: 'prose', from, ...(to !== undefined ? { to } : {}), ...(starts ? { starts } : {}) };
    inParagraph = true;
  }
  return extractClassified(text, classes, lines, (b: BlockBuilder, start, end) => appendInline(b, text, start, end, INLINE, inlinePiece));
}

/** The indentation of the paragraph above line `i` (its first prose line's). */
function lastProseIndent(lines: readonly Line[], classes: readonly LineClass[], i: number): number {
  for (let k = i - 1; k >= 0; k--) if (classes[k]?.kind === 'prose') {
    let first = k;
    while (first > 0 && classes[first - 1]?.kind === 'prose') first--;
    return indentOf(lines[first].text);
  }
  return 0;
}
