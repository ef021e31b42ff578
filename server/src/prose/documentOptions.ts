/**
 * What the prose layer decides over a whole document before it lints the blocks: under `quoteStyle: auto`, the quote
 * placement the document (all its prose blocks) writes most often. A block is then held to the document's habit, not
 * to its own: a paragraph with one `”.` in a file that otherwise writes `.”` is told so.
 *
 * Only a block that holds a closing quote and whose own majority differs from the document's gets the habit in its
 * options (`quoteHabit`); for the others the result is the same either way, and leaving their options alone keeps
 * their paragraph-cache entries (and the sentence memo's) when the document's habit changes. Kept free of the extractors: the hover (main thread) uses it too.
 */
import { majorityQuoteStyle, quotePlacements } from '../engine/rules/quotePlacement';
import { decidesLearned, LintOptions, QuoteHabit } from '../engine/types';
import { addCounts, labelCounts, RegisterCounts, registerBins, registerCounts } from '../engine/correction/learned/documentFeatures';
import { codeWord } from './codeWord';

type Counts = { american: number; british: number };

/**
 * Any closing double quote as the parser reads one (`data/punctTokens.ts`): a block without one has nothing the
 * quote style can change, and keeps its options (so a change of the document's habit leaves its cache entries be).
 */
const CLOSING_QUOTE = /["\u201D\u00BB]|''/;

/** A block's placements (most blocks hold no quote at all, and are skipped without the placement regexes). */
function placements(text: string): Counts | undefined {
  let known = placementsByText.get(text);
  if (known === undefined) {
    if (placementsByText.size >= PLACEMENTS_KEPT) placementsByText.clear();
    placementsByText.set(text, (known = CLOSING_QUOTE.test(text) ? quotePlacements(text) : null));
  }
  return known ?? undefined;
}

/**
 * Placements by block text (null: no closing quote): the document's habit is counted over all its blocks on every
 * lint, and an edit changes one of them. Bounded; the texts are the extraction's own (its memo holds them too).
 */
const placementsByText = new Map<string, Counts | null>();
const PLACEMENTS_KEPT = 4096;

/** The document's quote habit under `auto` from its blocks' counts; undefined when the setting names a style. */
function habitOf(counts: ReadonlyArray<Counts | undefined>, options: LintOptions): QuoteHabit | undefined {
  if ((options.quoteStyle ?? 'auto') !== 'auto') return undefined;
  const total = { american: 0, british: 0 };
  for (const c of counts) {
    total.american += c?.american ?? 0;
    total.british += c?.british ?? 0;
  }
  return majorityQuoteStyle(total) ?? 'none';
}

/** The document's quote habit under `auto`; undefined when the setting names a style (nothing to decide). */
export function documentQuoteHabit(blocks: ReadonlyArray<{ text: string }>, options: LintOptions): QuoteHabit | undefined {
  return habitOf(blocks.map((b) => placements(b.text)), options);
}

/** A block as the extractors build it: inline code shows as stand-ins or holes (`block.ts`); a label is a fragment. */
type Block = { text: string; fragment?: boolean; standIns?: readonly unknown[]; holes?: readonly unknown[] };

/**
 * The options to lint each block of the document with (in the blocks' order). Under `auto`, a document that holds
 * inline code, or that shows no habit and reads as technical writing (`readsAsTechnical`, the register model), is
 * technical documentation (`LintOptions.documentHasCode`): its blocks with a closing quote are told so, and the
 * others keep their options (nothing there for the quote style to change). Labels (headings, list
 * items) are marked `fragment`.
 */
export function blockOptions(
  blocks: ReadonlyArray<Block>,
  options: LintOptions,
  wide?: DocumentWide,
  readsAsTechnical?: (documentText: string) => boolean,
): LintOptions[] {
  const counts = blocks.map((b) => placements(b.text));
  const habit = wide ? wide.habit : habitOf(counts, options);
  const code =
    habit !== undefined &&
    (wide
      ? wide.code
      : blocks.some((b) => (b.standIns?.length ?? 0) > 0 || (b.holes?.length ?? 0) > 0) ||
        (habit === 'none' && technicalWithoutHabit(counts, () => blocks.map((b) => b.text).join('\n\n'), readsAsTechnical)));
  // Under the learned decision, every block is read in its document's register (`documentFeatures.ts`), not its own.
  // A part analysed before its document is extracted (the language server's visible part) takes the estimate made
  // over the whole document's text: with its own register it would be read in another one than the whole's analysis
  // reads it in, and its paragraph-cache entries would serve nothing.
  const register = decidesLearned(options) ? (wide?.register ?? registerBins(blocks.reduce((a, b) => addCounts(a, b.fragment ? labelCounts(b.text) : registerCounts(b.text)), registerCounts('')))) : undefined;
  const whole = register ? { ...options, documentRegister: register } : options;
  const fragment = { ...whole, fragment: true };
  return counts.map((c, i) => {
    // Blocks mostly share one options object (the paragraph cache serialises each object once).
    const base = blocks[i].fragment ? fragment : whole;
    if (habit === undefined || !c) return base;
    const own = (majorityQuoteStyle(c) ?? 'none') === habit;
    if (own && !code) return base;
    return { ...base, ...(own ? {} : { quoteHabit: habit }), ...(code ? { documentHasCode: true } : {}) };
  });
}

/**
 * Whether a document without a habit reads as technical writing (`Linter.readsAsTechnical`), asked only when one
 * of its blocks writes a mark outside a closing quote: elsewhere the model's style changes nothing.
 */
function technicalWithoutHabit(
  counts: ReadonlyArray<Counts | undefined>,
  text: () => string,
  readsAsTechnical: ((documentText: string) => boolean) | undefined,
): boolean {
  return readsAsTechnical !== undefined && counts.some((c) => (c?.british ?? 0) > 0) && readsAsTechnical(text());
}

/** The decisions `blockOptions` makes over a whole document's blocks, when they are given instead. */
export interface DocumentWide {
  habit: QuoteHabit | undefined;
  /** The document holds code, or (without a habit) reads as technical writing: the model's quote style is withheld. */
  code: boolean;
  /** The document's register (`documentFeatures.ts`), under the learned decision. */
  register?: readonly string[];
}

/** Inline code, or an address (a URL, an e-mail address) that becomes an autolink: what leaves a stand-in or a hole in a Markdown block. */
const CODE_OR_ADDRESS = /`[^`\n]+`|<[a-z][a-z0-9+.-]*:|https?:\/\/|www\.|[\w.+-]+@[\w-]+\.\w/i;

/** A fenced code block (its opening fence to the same fence), and a code span (within a paragraph). */
const FENCED = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm;
const CODE_SPAN = /`(?:[^`\n]|\n(?![ \t]*\n))*`/g;
/** A table row (GFM tables are not prose). */
const TABLE_ROW = /^ {0,3}\|.*$/gm;

/**
 * The document-wide decisions estimated from the raw text of the whole document, for analysing a part of it before
 * the whole is extracted (the language server's first look at what the editor shows): the marks counted in its text
 * without fenced code, code spans and tables; code in any form; the register over the text as the extractor would
 * leave it (`markdownProseText`). Where the estimate is wrong (quotes in an HTML block, say), the part's findings may
 * differ until the whole document's analysis replaces them, a moment later, and the part's blocks are analysed again
 * there. The project's own documents are estimated right, the register in 28 of 30 (test/prose/markdownPart.test.ts).
 */
export function estimatedDocumentWide(text: string, options: LintOptions, readsAsTechnical?: (documentText: string) => boolean): DocumentWide {
  // Code and tables are no prose: fenced blocks, code spans (JSON's `"key": "value",`) and table rows not counted.
  const prose = text.replace(FENCED, '').replace(CODE_SPAN, '').replace(TABLE_ROW, '');
  const counts = [CLOSING_QUOTE.test(prose) ? quotePlacements(prose) : undefined];
  const habit = habitOf(counts, options);
  const code = habit !== undefined && (CODE_OR_ADDRESS.test(text) || (habit === 'none' && technicalWithoutHabit(counts, () => prose, readsAsTechnical)));
  return decidesLearned(options) ? { habit, code, register: registerBins(markdownRegisterCounts(text)) } : { habit, code };
}

/** An HTML comment, a link reference definition, an image (not prose: its alt text is dropped), an HTML tag. */
const HTML_COMMENT = /<!--[\s\S]*?-->/g;
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:.*$/gm;
const IMAGE = /!\[[^\]\n]*\](?:\([^)\n]*\)|\[[^\]\n]*\])?/g;
const LINK_DESTINATION = /\]\([^)\n]*\)/g;
const HTML_TAG = /<\/?[a-zA-Z][^>\n]*>/g;
/** Front matter; the markers that open a heading, a quote, a list item (in that order: `> - item`). */
const FRONT_MATTER = /^---\n[\s\S]*?\n---\n/;
const HEADING_MARKER = /^ {0,3}#{1,6}[ \t]+/gm;
const QUOTE_MARKER = /^[ \t]*>[ \t]?/gm;
const LIST_MARKER = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm;

/**
 * A Markdown document's text roughly as its extraction leaves the prose, for the register's counts (words, commas,
 * sentence starts, line ends, exclamation marks): code, tables, comments, images, link destinations and tags out, a
 * code span's stand-in word in (`codeWord`, as the extractor does), the line markers off. On the project's 30
 * Markdown files the register's bins came out as the extraction's in 28 (a sentence-length and a line-end bin at
 * their edges in the other two).
 */
function markdownProseText(text: string): string {
  return text
    .replace(FRONT_MATTER, '')
    .replace(FENCED, '')
    .replace(HTML_COMMENT, '')
    .replace(CODE_SPAN, (span) => {
      const at = codeWord(span);
      return at ? span.slice(at[0], at[1]) : '';
    })
    .replace(TABLE_ROW, '')
    .replace(DEFINITION, '')
    .replace(IMAGE, '')
    .replace(LINK_DESTINATION, ']')
    .replace(HTML_TAG, '')
    // A heading and a list item are blocks of their own: a line break before one is no hard wrap to read across. Each
    // starts after a mark of its own (`HEADING`, `LIST_ITEM`), which `markdownRegisterCounts` reads.
    .replace(HEADING_MARKER, `\n${HEADING}`)
    .replace(QUOTE_MARKER, '')
    .replace(LIST_MARKER, `\n${LIST_ITEM}`);
}

/** The marks `markdownProseText` starts a heading (one line) and a list item (up to a blank line) with. */
const HEADING = '\u0001';
const LIST_ITEM = '\u0002';
/** Where a label ends: a heading at its line's end, a list item at a blank line; either at the next label. */
const LABEL = /\u0001[^\n]*|\u0002[^\u0001\u0002]*?(?=\n[ \t]*\n|\n[\u0001\u0002]|$)/g;

/**
 * The register's counts of a Markdown document's raw text, as the whole extraction's blocks give them: the labels
 * (headings, list items) counted as `labelCounts` counts a `fragment` block, the rest as prose.
 */
function markdownRegisterCounts(text: string): RegisterCounts {
  const prose = markdownProseText(text);
  let counts = registerCounts(prose.replace(LABEL, ''));
  for (const label of prose.match(LABEL) ?? []) counts = addCounts(counts, labelCounts(label.slice(1)));
  return counts;
}
