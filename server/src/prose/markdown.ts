/**
 * Markdown prose through a real CommonMark + GFM parser (micromark / mdast, which give exact source offsets).
 * Prose = the text of paragraphs and headings (in lists, block quotes, footnotes too) and of link labels.
 * Not prose: code blocks and inline code, HTML, link and image targets, images, front matter, tables, math,
 * list markers and block-quote markers, emphasis markers, autolinks. Inline code and autolinks still stand in as
 * one word of their sentence (the code's first word, the link's address), and findings inside them are dropped.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfm } from 'micromark-extension-gfm';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { math } from 'micromark-extension-math';
import { mathFromMarkdown } from 'mdast-util-math';
import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import { BlockBuilder, movedBlock, ProseBlock } from './block';
import { Extraction, ExtractionNote } from './extraction';
import { capNesting } from './nestingDepth';
import { capEmphasisRuns } from './emphasisRuns';
import { markdownChunks } from './markdownChunks';
import { Directive, buildSuppressions, parseDirective } from './suppressions';
import { codeWord } from './codeWord';

/** The parts of an mdast node we read (mdast's own types are a union too wide to narrow usefully here). */
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  label?: string;
  children?: MdNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

const WITHOUT_FRONT_MATTER = {
  // `$x$` is math, but `$5 and $10` is money: micromark reads both as math, and `isTextMath` tells them apart.
  extensions: [gfm(), math({ singleDollarTextMath: true })],
  mdastExtensions: [gfmFromMarkdown(), mathFromMarkdown()],
};
const WITH_FRONT_MATTER = {
  extensions: [...WITHOUT_FRONT_MATTER.extensions, frontmatter(['yaml', 'toml'])],
  mdastExtensions: [...WITHOUT_FRONT_MATTER.mdastExtensions, frontmatterFromMarkdown(['yaml', 'toml'])],
};

/** Containers of blocks: recurse. */
const CONTAINERS = new Set(['root', 'blockquote', 'list', 'listItem', 'footnoteDefinition']);
/** Blocks whose inline content is prose: one prose block each. */
const PROSE_BLOCKS = new Set(['paragraph', 'heading']);
/** Inline wrappers whose children are prose (their markers are not). */
const INLINE_WRAPPERS = new Set(['emphasis', 'strong', 'delete', 'link', 'linkReference']);

const COMMENT = /^<!--([\s\S]*?)-->$/;

/** The document with what would make the parser's work superlinear blanked (nesting, emphasis runs), and the notes. */
function capped(original: string): { text: string; notes: ExtractionNote[] } {
  const nesting = capNesting(original);
  const emphasis = capEmphasisRuns(nesting.text);
  return { text: emphasis.text, notes: [...nesting.notes, ...emphasis.notes].sort((a, b) => a.offset - b.offset) };
}

/**
 * Prose of a whole document: its independent chunks extracted (or taken from the memo) and put back in place.
 * Link and footnote definitions are document-wide, so a chunk that uses references defined elsewhere is parsed with
 * those definitions appended after it (past its end: nothing from there is kept) — only the ones it may use: with all
 * of them, a document of n footnotes parsed n chunks of n definitions each (1,000 footnotes: four minutes).
 */
export function extractMarkdown(original: string): Extraction {
  const { text, notes } = capped(original);
  const chunks = markdownChunks(text).map(([start, end]) => {
    const chunk = text.slice(start, end);
    return { start, chunk, parsed: memoised((start === 0 ? 'F' : 'C') + chunk, () => extractChunk(chunk, start === 0)) };
  });
  /** Every label defined in the document, by its normalised form. */
  const labels = new Map<string, string>();
  for (const c of chunks) for (const l of c.parsed.definitions) labels.set(normalisedLabel(l), l);
  const blocks: ProseBlock[] = [];
  const directives: Directive[] = [];
  for (const { start, chunk, parsed: own } of chunks) {
    const foreign = labels.size ? foreignLabels(chunk, own.definitions, labels) : [];
    const parsed = foreign.length
      ? memoised(`${start === 0 ? 'F' : 'C'}${foreign.join('\n')}\u0000${chunk}`, () => extractChunk(chunk, start === 0, foreign))
      : own;
    const here = placedAt(parsed, start);
    blocks.push(...here.blocks);
    directives.push(...here.directives);
    notes.push(...parsed.notes.map((n) => ({ offset: n.offset + start, message: n.message })));
  }
  while (memo.size > MEMO_ENTRIES) memo.delete(memo.keys().next().value as string);
  return { blocks, suppressions: buildSuppressions(text, directives), ...(notes.length ? { notes } : {}) };
}

/** The start of an inline directive (`<!-- puncteme-disable … -->`, `suppressions.ts`). */
const DIRECTIVE_COMMENT = /<!--\s*puncteme-(disable|enable)/;

/** A link or footnote definition at the start of a line (`[label]: …`, `[^note]: …`), as a scan finds one. */
const DEFINITION_LINE = /^ {0,3}\[((?:[^[\]\\]|\\.){1,999})\]:/gm;

/**
 * The prose of the chunks that overlap [start, end) only: what the language server analyses first when a long
 * document opens (the part the editor shows), before the whole document is extracted; `extractMarkdown` then takes
 * these chunks from the memo. Definitions elsewhere are found by a scan of definition-like lines instead of a parse
 * (one inside a code block elsewhere would be taken for one; the whole extraction, a moment later, is exact).
 * Undefined when extracting the part alone would not save much (it is most of the document) or could show what the
 * whole document would not: an inline directive (`puncteme-disable…`) before the part, whose range may reach into it.
 */
export function extractMarkdownPart(original: string, range: readonly [number, number]): Extraction | undefined {
  const { text, notes } = capped(original);
  const chunks = markdownChunks(text).filter(([start, end]) => start < range[1] && end > range[0]);
  if (!chunks.length) return undefined;
  const from = chunks[0][0];
  const to = chunks[chunks.length - 1][1];
  if (2 * (to - from) > text.length || DIRECTIVE_COMMENT.test(text.slice(0, from))) return undefined;
  const labels = new Map<string, string>();
  for (const m of text.matchAll(DEFINITION_LINE)) labels.set(normalisedLabel(m[1]), m[1]);
  const blocks: ProseBlock[] = [];
  const directives: Directive[] = [];
  for (const [start, end] of chunks) {
    const chunk = text.slice(start, end);
    const key = start === 0 ? 'F' : 'C';
    const own = memoised(key + chunk, () => extractChunk(chunk, start === 0));
    const foreign = labels.size ? foreignLabels(chunk, own.definitions, labels) : [];
    const parsed = foreign.length ? memoised(`${key}${foreign.join('\n')}\u0000${chunk}`, () => extractChunk(chunk, start === 0, foreign)) : own;
    const here = placedAt(parsed, start);
    blocks.push(...here.blocks);
    directives.push(...here.directives);
    notes.push(...parsed.notes.map((n) => ({ offset: n.offset + start, message: n.message })));
  }
  const inPart = notes.filter((n) => n.offset >= from && n.offset < to);
  return { blocks, suppressions: buildSuppressions(text, directives), ...(inPart.length ? { notes: inPart } : {}) };
}

/** A label as CommonMark matches it: case-folded, inner whitespace collapsed (micromark's `normalizeIdentifier`). */
function normalisedLabel(label: string): string {
  return label.replace(/[\t\n\r ]+/g, ' ').trim().toLowerCase().toUpperCase();
}

/** Bracketed text (a label cannot hold unescaped brackets): every label a chunk may reference is one of these. */
const BRACKETED = /\[((?:[^[\]\\]|\\.){1,999})\]/g;

/** The labels defined in other chunks that this chunk may reference: those written in brackets in it. */
function foreignLabels(chunk: string, own: readonly string[], labels: ReadonlyMap<string, string>): string[] {
  if (!chunk.includes('[')) return [];
  const ownSet = new Set(own.map(normalisedLabel));
  const used = new Set<string>();
  for (const m of chunk.matchAll(BRACKETED)) {
    const key = normalisedLabel(m[1]);
    const label = labels.get(key);
    if (label !== undefined && !ownSet.has(key)) used.add(label);
  }
  return [...used];
}

interface ChunkProse {
  blocks: ProseBlock[];
  directives: Directive[];
  /** Labels this chunk defines (`[label]: …` as is, footnotes as `^label`). */
  definitions: string[];
  /** In chunk coordinates: what could not be checked (a chunk the parser failed on). */
  notes: ExtractionNote[];
}

/** Chunks parsed recently, by content: an edit re-parses only the chunk it touched. */
const memo = new Map<string, ChunkProse>();
const MEMO_ENTRIES = 5000;

function memoised(key: string, make: () => ChunkProse): ChunkProse {
  let hit = memo.get(key);
  if (hit) memo.delete(key); // re-insert: Map order is the recency order
  else hit = make();
  memo.set(key, hit);
  return hit;
}

/**
 * Each memoised chunk's blocks and directives in document coordinates, where the chunk stood last: an edit moves
 * only the chunks after it, so the others are not copied again (their offsets alone are most of a document's
 * characters). The blocks are shared between extractions; nothing changes a block once it is made.
 */
const placed = new WeakMap<ChunkProse, { start: number; blocks: ProseBlock[]; directives: Directive[] }>();

function placedAt(parsed: ChunkProse, start: number): { blocks: ProseBlock[]; directives: Directive[] } {
  let p = placed.get(parsed);
  if (!p || p.start !== start) {
    const blocks = parsed.blocks.map((b) => movedBlock(b, start));
    const directives = parsed.directives.map((d) => ({ ...d, start: d.start + start, end: d.end + start }));
    placed.set(parsed, (p = { start, blocks, directives }));
  }
  return p;
}

/** The same, parsing the document in one piece (the reference the chunked extraction is tested against). */
export function extractMarkdownWhole(original: string): Extraction {
  const { text, notes } = capped(original);
  const { blocks, directives, notes: own } = extractChunk(text, true);
  notes.push(...own);
  return { blocks, suppressions: buildSuppressions(text, directives), ...(notes.length ? { notes } : {}) };
}

/** Characters handed to the Markdown parser since the process started: the work the scaling tests count. */
export const markdownParserWork = { characters: 0 };

function extractChunk(chunk: string, atDocumentStart: boolean, foreignDefinitions: readonly string[] = []): ChunkProse {
  // Definitions from elsewhere in the document, as blocks of their own: before the chunk (it starts at column 0
  // after a blank line, so it parses the same), or after it for the first chunk, whose front matter must stay first
  // (it then ends outside any fence: the splitter cut there).
  const defs = foreignDefinitions.map((l) => (l.startsWith('^') ? `[${l}]: note` : `[${l}]: #`)).join('\n\n');
  const prefix = defs && !atDocumentStart ? defs + '\n\n' : '';
  const suffix = defs && atDocumentStart ? '\n\n' + defs + '\n' : '';
  const text = prefix + chunk + suffix;
  markdownParserWork.characters += text.length;
  let tree: MdNode;
  try {
    tree = fromMarkdown(text, atDocumentStart ? WITH_FRONT_MATTER : WITHOUT_FRONT_MATTER) as unknown as MdNode;
  } catch (e) {
    // The nesting cap keeps the parser's recursion shallow; should anything else still defeat it, the chunk is
    // reported as not checked rather than the whole document failing.
    return { blocks: [], directives: [], definitions: [], notes: [{ offset: 0, message: `The Markdown parser failed on this part of the document (${(e as Error).message}); it is not checked.` }] };
  }
  const definitions: string[] = [];
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

  /** Puts the first match of `word` (its first capture group if it has one) in the block for the node's whole span. */
  const standIn = (node: MdNode, word: RegExp) => {
    const start = node.position?.start.offset ?? 0;
    const end = node.position?.end.offset ?? 0;
    const m = word.exec(text.slice(start, end));
    if (!m) return;
    const w = m[1] ?? m[0];
    const at = start + m.index + m[0].length - w.length;
    builder.appendStandIn(at, at + w.length, start, end);
  };

  const inline = (node: MdNode) => {
    if (node.type === 'text') appendText(text, node, builder);
    else if (node.type === 'html') noteDirective(node);
    else if (node.type === 'break') {
      // A hard line break (`  ⏎` or `\⏎`): keep its line ending, so the words on both sides stay apart.
      const start = node.position?.start.offset ?? 0;
      const nl = text.indexOf('\n', start);
      if (nl >= 0 && nl < (node.position?.end.offset ?? 0)) builder.append(nl, nl + 1);
    } else if (node.type === 'inlineCode') {
      // Code is not prose, but a sentence needs a word there: a word of the code stands in for it (`codeWord`), or,
      // when it has none, the gap is noted so that findings beside it are dropped.
      const start = node.position?.start.offset ?? 0;
      const end = node.position?.end.offset ?? 0;
      const at = codeWord(text.slice(start, end));
      if (at) builder.appendStandIn(start + at[0], start + at[1], start, end);
      else builder.markHole();
    } else if (node.type === 'inlineMath') {
      // Math is not prose, but a word of its sentence ("let $x$ be"), as inline code is; dollars that are money
      // ("costs $5 and $10") stay prose, character for character.
      const start = node.position?.start.offset ?? 0;
      const end = node.position?.end.offset ?? 0;
      if (!isTextMath(text, start, end)) builder.append(start, end);
      else {
        const at = codeWord(text.slice(start, end));
        if (at) builder.appendStandIn(start + at[0], start + at[1], start, end);
        else builder.markHole();
      }
    } else if (INLINE_WRAPPERS.has(node.type)) {
      // An autolink (`<https://x.org>`, a bare `www.x.org` or e-mail address) is not prose either, but it is a word of
      // its sentence ("send it to kent@x.com, copy to me"): dropping it left "to , copy", a comma the model then
      // called unnecessary. The address itself stands in, as the tokenizer reads it in plain text (one token);
      // findings inside it are dropped like those inside code.
      if (node.type === 'link' && isAutolink(node)) standIn(node, AUTOLINK_ADDRESS);
      else for (const c of node.children ?? []) inline(c);
    }
    // image, imageReference, footnoteReference: not prose
  };

  const block = (node: MdNode, parent?: MdNode) => {
    if (node.type === 'definition' && node.label !== undefined) definitions.push(node.label);
    if (node.type === 'footnoteDefinition' && node.label !== undefined) definitions.push('^' + node.label);
    if (node.type === 'html') noteDirective(node);
    else if (CONTAINERS.has(node.type)) for (const c of node.children ?? []) block(c, node);
    else if (PROSE_BLOCKS.has(node.type)) {
      const kids = node.children ?? [];
      const term = parent?.type === 'listItem' ? listTermLength(kids) : 0;
      if (term > 0) {
        // A list item's term and its description are two blocks: `- \`mark\` Add a slash to directory matches`
        // read as one sentence made `Add` a name and `a slash` its apposition: 5 false alarms on the READMEs' look half.
        for (const c of kids.slice(0, term)) inline(c);
        const t = builder.take();
        if (t) blocks.push({ ...t, fragment: true });
      }
      for (const c of term > 0 ? [descriptionStart(kids[term]), ...kids.slice(term + 1)] : kids) inline(c);
      const b = builder.take();
      // A heading or a list item is a label as often as a sentence: whether it ends with a period is the writer's style.
      if (b) blocks.push(node.type === 'heading' || parent?.type === 'listItem' ? { ...b, fragment: true } : b);
    }
    // code, math, yaml, toml, table, definition, thematicBreak: not prose
  };

  block(tree);
  if (!defs) return { blocks, directives, definitions, notes: [] };
  const shift = prefix.length;
  const inChunk = (at: number) => at >= shift && at < shift + chunk.length;
  return {
    blocks: blocks.filter((b) => inChunk(b.offsets[0])).map((b) => movedBlock(b, -shift)),
    directives: directives.filter((d) => inChunk(d.start)).map((d) => ({ ...d, start: d.start - shift, end: d.end - shift })),
    definitions,
    notes: [],
  };
}

/**
 * Whether the inline math micromark found at [start, end) of `text` is math by Pandoc's rule for `$…$`: the content
 * neither starts nor ends with a space, and no digit follows the closing dollar. So `$x$` and `$a + b$` are math,
 * and the dollars of "costs $5 and $10" or "$5, you paid $6" are money (the README promises math is not linted; the
 * money test is in test/prose/extraction.test.ts).
 */
export function isTextMath(text: string, start: number, end: number): boolean {
  let fence = 0;
  while (text[start + fence] === '$' && start + fence < end) fence++;
  const content = text.slice(start + fence, end - fence);
  return content.length > 0 && !/^\s|\s$/.test(content) && !/[0-9]/.test(text[end] ?? '');
}

/** Nodes a list item's term is made of: code, a link, emphasis (`- \`name\` …`, `- [name](url) - …`, `- **name**: …`). */
const TERM_NODES = new Set(['inlineCode', 'link', 'linkReference', 'strong', 'emphasis']);
/** What may stand between a term and its description, and the description's capital. */
const DESCRIPTION_START = /^[ \t]*(?:[-–—:][ \t]*|[ \t])(?=\p{Lu})/u;

/**
 * How many of a list item's first inline nodes are its term: the leading term nodes (spaces between them allowed)
 * when a text node follows whose words start, after a space, dash or colon, with a capital letter: a description
 * written as a sentence of its own. 0 when the item does not start so.
 */
function listTermLength(kids: readonly MdNode[]): number {
  let k = 0;
  let terms = 0;
  while (k < kids.length && (TERM_NODES.has(kids[k].type) || (kids[k].type === 'text' && /^[ \t]*$/.test(kids[k].value ?? '')))) {
    if (kids[k].type !== 'text') terms++;
    k++;
  }
  if (terms === 0 || k >= kids.length || kids[k].type !== 'text') return 0;
  // The spaces-only text nodes just skipped belong to the term; a description must begin in this text node.
  return DESCRIPTION_START.test(kids[k].value ?? '') ? k : 0;
}

/** The description's text node without the dash, colon or spaces before its capital (its source offset moved too). */
function descriptionStart(node: MdNode): MdNode {
  const value = node.value ?? '';
  const m = DESCRIPTION_START.exec(value);
  const start = node.position?.start.offset;
  if (!m || start === undefined || !node.position) return node;
  return { ...node, value: value.slice(m[0].length), position: { ...node.position, start: { ...node.position.start, offset: start + m[0].length } } };
}

/** The stand-in of an autolink: the address, without the angle brackets of `<https://x.org>`. */
const AUTOLINK_ADDRESS = /^<?([^<>\s]+)/u;

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
