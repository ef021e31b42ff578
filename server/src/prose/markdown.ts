/**
 * Markdown prose through a real CommonMark + GFM parser (micromark / mdast, which give exact source offsets).
 * Prose = the text of paragraphs and headings (in lists, block quotes, footnotes too) and of link labels.
 * Not prose: code blocks and inline code, HTML, link and image targets, images, front matter, tables, math,
 * list markers and block-quote markers, emphasis markers, autolinks.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfm } from 'micromark-extension-gfm';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { math } from 'micromark-extension-math';
import { mathFromMarkdown } from 'mdast-util-math';
import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import { BlockBuilder, ProseBlock } from './block';
import { Extraction } from './extraction';
import { Directive, buildSuppressions, parseDirective } from './suppressions';

/** The parts of an mdast node we read (mdast's own types are a union too wide to narrow usefully here). */
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

/** Containers of blocks: recurse. */
const CONTAINERS = new Set(['root', 'blockquote', 'list', 'listItem', 'footnoteDefinition']);
/** Blocks whose inline content is prose: one prose block each. */
const PROSE_BLOCKS = new Set(['paragraph', 'heading']);
/** Inline wrappers whose children are prose (their markers are not). */
const INLINE_WRAPPERS = new Set(['emphasis', 'strong', 'delete', 'link', 'linkReference']);

const COMMENT = /^<!--([\s\S]*?)-->$/;

export function extractMarkdown(text: string): Extraction {
  const tree = fromMarkdown(text, {
    extensions: [gfm(), frontmatter(['yaml', 'toml']), math({ singleDollarTextMath: false })], // `$5` is money in prose
    mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml', 'toml']), mathFromMarkdown()],
  }) as unknown as MdNode;
  const blocks: ProseBlock[] = [];
  const directives: Directive[] = [];
  const builder = new BlockBuilder(text);

  const noteDirective = (node: MdNode) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    const m = COMMENT.exec((node.value ?? '').trim());
    if (m && start !== undefined && end !== undefined) {
      const d = parseDirective(m[1], start, end);
      if (d) directives.push(d);
    }
  };

  const inline = (node: MdNode) => {
    if (node.type === 'text') appendText(text, node, builder);
    else if (node.type === 'html') noteDirective(node);
    else if (INLINE_WRAPPERS.has(node.type)) {
      if (node.type === 'link' && isAutolink(node)) return;
      for (const c of node.children ?? []) inline(c);
    }
    // inlineCode, inlineMath, image, imageReference, footnoteReference, break: not prose
  };

  const block = (node: MdNode) => {
    if (node.type === 'html') noteDirective(node);
    else if (CONTAINERS.has(node.type)) for (const c of node.children ?? []) block(c);
    else if (PROSE_BLOCKS.has(node.type)) {
      for (const c of node.children ?? []) inline(c);
      const b = builder.take();
      if (b) blocks.push(b);
    }
    // code, math, yaml, toml, table, definition, thematicBreak: not prose
  };

  block(tree);
  return { blocks, suppressions: buildSuppressions(text, directives) };
}

/** `<https://x.org>` and GFM's bare `www.x.org`: the label is the target itself. */
function isAutolink(node: MdNode): boolean {
  const kids = node.children ?? [];
  if (kids.length !== 1 || kids[0].type !== 'text') return false;
  const label = kids[0].value ?? '';
  const url = node.url ?? '';
  return url === label || url.endsWith(label) || /^(https?:|mailto:|www\.)/i.test(label);
}

const CHAR_REF = /^&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});/;

/**
 * Appends the source characters of a text node. The node's value is its decoded text; its source range may also
 * hold block-quote markers and indentation of continuation lines, backslash escapes and character references.
 * Align value and source: copy a source character only where it equals the next value character; skip the source
 * markup in between; a character reference becomes a gap. If the two ever disagree otherwise, stop (never shift).
 */
function appendText(doc: string, node: MdNode, builder: BlockBuilder): void {
  const value = node.value ?? '';
  let s = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (s === undefined || end === undefined) return;
  let v = 0;
  let runStart = -1;
  const closeRun = () => {
    if (runStart >= 0) builder.append(runStart, s!);
    runStart = -1;
  };
  while (v < value.length && s < end) {
    if (doc[s] === value[v] && !(doc[s] === '&' && decodedRef(doc, s) !== undefined)) {
      if (runStart < 0) runStart = s;
      s++;
      v++;
      continue;
    }
    closeRun();
    const ref = doc[s] === '&' ? CHAR_REF.exec(doc.slice(s, s + 40)) : null;
    if (ref) {
      const decoded = decodedRef(doc, s);
      if (decoded !== undefined && value.startsWith(decoded, v)) {
        v += decoded.length;
        s += ref[0].length;
        continue;
      }
    }
    if (isSkippableMarkup(doc[s])) {
      s++;
      continue;
    }
    return; // unexpected disagreement: keep what was aligned, drop the rest of this node
  }
  closeRun();
}

/** Source characters that may stand between value characters: escapes, quote markers, indentation. */
function isSkippableMarkup(c: string): boolean {
  return c === '\\' || c === '>' || c === ' ' || c === '\t' || c === '\r';
}

function decodedRef(doc: string, s: number): string | undefined {
  const m = CHAR_REF.exec(doc.slice(s, s + 40));
  if (!m) return undefined;
  const body = m[1];
  if (body[0] === '#') {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    if (!Number.isFinite(code) || code > 0x10ffff || code === 0 || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD';
    return String.fromCodePoint(code);
  }
  const named = decodeNamedCharacterReference(body);
  return named === false ? undefined : named;
}
