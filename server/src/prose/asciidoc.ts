/**
 * AsciiDoc (`.adoc`, `.asciidoc`): prose is paragraphs, section and block titles, list items, admonition paragraphs,
 * and the insides of quote, sidebar, example and open blocks. Not prose: listing, literal, passthrough, comment and
 * table blocks, a paragraph under `[source]` or `[listing]`, literal (indented) paragraphs, attribute entries
 * (`:name: value`), block attribute lines, block macros (`image::`, `include::`), and line comments (`//`, where
 * `puncteme-disable` directives may sit). Asciidoctor.js parses AsciiDoc but gives block line numbers only, not the
 * character offsets a finding needs, so this is a line classifier, with inline markup handled by `inlineMarkup.ts`.
 */
import { BlockBuilder } from './block';
import { extractClassified, LineClass, splitLines } from './blockLines';
import { Extraction } from './extraction';
import { appendInline, group, InlinePiece } from './inlineMarkup';
import { parseDirective } from './suppressions';

/** Delimiters of blocks whose content is not prose, and of those whose content is. */
const CODE_DELIMITER = /^(-{4,}|\.{4,}|\+{4,}|\/{4,}|```.*|\|={3,}|,={3,}|:={3,}|!={3,})\s*$/;
const PROSE_DELIMITER = /^(_{4,}|\*{4,}|={4,}|--)\s*$/;
const SECTION = /^(={1,6}|#{1,6})\s+(?=\S)/;
const BLOCK_TITLE = /^\.(?=[^.\s])/;
const ATTRIBUTE_ENTRY = /^:!?[\w-]+!?:(\s|$)/;
const BLOCK_ATTRIBUTES = /^(\[[^\]]*\]|\[\[[^\]]*\]\])\s*$/;
const BLOCK_MACRO = /^[\w-]+::\S*\[.*\]\s*$/;
const LIST_ITEM = /^(\s*)(\*{1,5}|-|\.{1,5}|\d+\.|[a-zA-Z]\.|<\d+>|[ivx]+\))\s+(?=\S)/;
const ADMONITION = /^(NOTE|TIP|IMPORTANT|WARNING|CAUTION):\s+/;
const DESCRIPTION_TERM = /^(.*?\S)(:{2,4}|;;)(\s+|$)/;
const CODE_STYLES = /^\[(source|listing|literal|pass|stem|latexmath|asciimath|verse)\b/;

/**
 * Inline: `monospace`, +passthrough+, pass:[…], kbd/btn/menu macros, links with text (url[text], link:url[text],
 * xref:id[text], <<id,text>>), cross references without text, footnotes, {attributes}, *strong*, _emphasis_,
 * #mark#, ^super^, ~sub~, and bare URLs. Every part has a bounded length, so that an unclosed mark in a long
 * paragraph costs a few hundred characters, not the rest of it: extraction stays linear in the text.
 */
const INLINE =
  /`([^`]{1,500})`|\+\+?([^+]{1,500})\+\+?|pass:[a-z,]{0,50}\[[^\]]{0,500}\]|(?:kbd|btn|menu|stem|latexmath|asciimath|image|icon):[^\s[]{0,500}\[[^\]]{0,500}\]|footnote(?:ref)?:[\w-]{0,50}\[([^\]]{0,500})\]|(?:(?:link|mailto|xref):\S{0,2000}?|https?:\/\/[^\s[]{1,2000})\[([^\]]{0,500})\]|<<[^,>]{1,200},\s*([^>]{1,500})>>|<<([^>]{1,200})>>|\{[\w-]{1,100}\}|\*\*?(?=\S)([^*]{1,500}?)\*?\*|__?(?=\S)([^_]{1,500}?)_?_|##?(?=\S)([^#]{1,500}?)#?#|\^([^^\s]{1,100})\^|~([^~\s]{1,100})~|\bhttps?:\/\/[^\s<>[]{1,2000}[^\s<>[.,;:!?)]/dg;

function inlinePiece(m: RegExpExecArray, at: number): InlinePiece[] {
  const g = (i: number) => group(m, i, at);
  if (m[1] !== undefined) return [{ standIn: g(0)!, word: g(1)! }];
  if (m[2] !== undefined) return [{ standIn: g(0)!, word: g(2)! }];
  if (m[0].startsWith('pass:')) return [{ drop: true }];
  if (m[3] !== undefined) return [{ drop: true }]; // a footnote is a sentence of its own, elsewhere
  if (m[4] !== undefined) return m[4] ? [{ text: g(4)! }] : [{ standIn: g(0)! }];
  if (m[5] !== undefined) return [{ text: g(5)! }];
  if (m[6] !== undefined || m[0].startsWith('{')) return [{ standIn: g(0)! }];
  for (const k of [7, 8, 9, 10, 11]) if (m[k] !== undefined) return [{ text: g(k)! }];
  if (/^(kbd|btn|menu|stem|latexmath|asciimath|image|icon):/.test(m[0]) || m[0].startsWith('http')) return [{ standIn: g(0)! }];
  return [{ drop: true }];
}

export function extractAsciidoc(text: string): Extraction {
  const lines = splitLines(text);
  const classes: LineClass[] = new Array(lines.length);
  /** The delimiter of the code block we are in (its content is skipped to the same delimiter). */
  let inCode: string | undefined;
  let codeParagraph = false;
  let literalParagraph = false;
  let inParagraph = false;
  let pendingStyle: string | undefined;
  /** The line above was a description list's term alone: an indented line under it is its definition, not a literal. */
  let afterTerm = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const s = line.text;
    const skip = (directive?: ReturnType<typeof parseDirective>) => {
      classes[i] = directive ? { kind: 'skip', directive } : { kind: 'skip' };
      inParagraph = false;
    };
    if (inCode !== undefined) {
      if (s.trimEnd() === inCode) inCode = undefined;
      skip();
      continue;
    }
    if (s.trim() === '') {
      classes[i] = { kind: 'blank' };
      inParagraph = codeParagraph = literalParagraph = false;
      continue;
    }
    if (codeParagraph || literalParagraph) {
      skip();
      continue;
    }
    if (s.startsWith('//') && !s.startsWith('////')) {
      skip(parseDirective(s.slice(2), line.start, line.end));
      continue;
    }
    if (CODE_DELIMITER.test(s)) {
      inCode = s.trimEnd();
      pendingStyle = undefined;
      skip();
      continue;
    }
    if (PROSE_DELIMITER.test(s)) {
      // A quote, sidebar, example or open block: its content is prose, unless a style made it code (`[source]` + `--`).
      if (pendingStyle && CODE_STYLES.test(pendingStyle)) inCode = s.trimEnd();
      pendingStyle = undefined;
      skip();
      continue;
    }
    if (!inParagraph && (ATTRIBUTE_ENTRY.test(s) || BLOCK_MACRO.test(s))) {
      skip();
      continue;
    }
    if (!inParagraph && BLOCK_ATTRIBUTES.test(s)) {
      pendingStyle = s.trim();
      skip();
      continue;
    }
    if (!inParagraph && pendingStyle && CODE_STYLES.test(pendingStyle)) {
      // `[source,python]` over a paragraph: the paragraph is code.
      pendingStyle = undefined;
      codeParagraph = true;
      skip();
      continue;
    }
    pendingStyle = undefined;
    const definition = afterTerm;
    afterTerm = false;
    if (!inParagraph && !definition && /^\s/.test(s) && !LIST_ITEM.test(s)) {
      // An indented paragraph is a literal block (code, output, …).
      literalParagraph = true;
      skip();
      continue;
    }
    const section = SECTION.exec(s);
    if (!inParagraph && section) {
      classes[i] = { kind: 'prose', from: line.start + section[0].length, starts: true, alone: true };
      continue;
    }
    if (!inParagraph && BLOCK_TITLE.test(s)) {
      classes[i] = { kind: 'prose', from: line.start + 1, starts: true, alone: true };
      continue;
    }
    if (s.trim() === '+') {
      skip(); // a list continuation joins the next block to the item; the blocks stay apart as prose
      continue;
    }
    const item = LIST_ITEM.exec(s);
    const admonition = !inParagraph ? ADMONITION.exec(s) : null;
    // A term starts a new entry even right after the previous definition's line (no blank line between entries).
    const term: RegExpExecArray | null = !item && !/^\s/.test(s) ? DESCRIPTION_TERM.exec(s) : null;
    if (term) {
      // "Term:: definition": the term is a label, a block of its own when alone on its line; the definition on the
      // same line starts a block (the term is left out of it: a label is not part of the sentence).
      const rest: number = line.start + term[0].length;
      classes[i] = rest < line.end ? { kind: 'prose', from: rest, starts: true } : { kind: 'prose', from: line.start, to: line.start + term[1].length, starts: true, alone: true };
      inParagraph = rest < line.end;
      afterTerm = !inParagraph;
      continue;
    }
    let from = line.start + (definition ? /^\s*/.exec(s)![0].length : 0);
    let starts = !inParagraph;
    if (item) {
      from = line.start + item[0].length;
      starts = true;
    } else if (admonition) from = line.start + admonition[0].length;
    // A hard line break (` +` at the end) is not prose.
    const to = / \+$/.test(s) ? line.end - 2 : undefined;
    classes[i] = { kind: 'prose', from, ...(to !== undefined ? { to } : {}), ...(starts ? { starts } : {}) };
    inParagraph = true;
  }
  return extractClassified(text, classes, lines, (b: BlockBuilder, start, end) => appendInline(b, text, start, end, INLINE, inlinePiece));
}
