/**
 * Lints a whole document: extracts its prose blocks, lints each block (through the cache), decides what depends on
 * the whole document (its habits, see `lintSteps`), maps findings back to document coordinates and drops what must
 * not be reported: findings in suppressed ranges, and findings or edits whose range would cross non-prose. One
 * block's failure is logged and skipped; it never loses the others.
 */
import type { Linter } from '../engine';
import { LintPart, lintAsPart, settleDocument } from '../engine/documentPart';
import type { AudienceDecision } from '../engine/audience';
import { DOCUMENT_WORD_BUDGET, Finding, LintOptions, PARAGRAPH_WORD_BUDGET, Position, TextEdit } from '../engine/types';
import { lineStarts, positionFromStarts } from '../engine/positions';
import { findingWith } from '../engine/finding';
import { ProseBlock, besideHole, besideStandIn, betweenStandIns, documentRange } from './block';
import { Extraction, ExtractionNote } from './extraction';
import { DocumentWide, blockOptions } from './documentOptions';
import { ParagraphCache } from './paragraphCache';
import { isSuppressed } from './suppressions';
import { allowedRanges, isAllowed } from './allowed';

export interface LintHooks {
  /** Called when the analysis of one block throws; the block is skipped. */
  onBlockError?: (error: unknown, block: ProseBlock) => void;
  /**
   * Called with what the user must be told about the document: parts the extractor did not check, and where a word
   * budget stopped the model (`LintOptions.wordBudget`, `documentWordBudget`). Never dropped silently.
   */
  onNote?: (note: ExtractionNote) => void;
  /**
   * Asked when `isCancelled` stopped a block's analysis: true if that was only to let other work run (the language
   * server's scheduler), in which case the step yields with `interrupted` and the next step analyses the block again
   * (its finished sentences come from the engine's memos).
   */
  interrupted?: () => boolean;
  /** Called after the last block with the standard the document was held to (`engine/audience.ts`). */
  onAudience?: (decision: AudienceDecision) => void;
  /** Called with every block's part before the document-level decisions read them (research: their inputs). */
  onParts?: (parts: readonly LintPart[]) => void;
  /**
   * Document offsets [start, end) the user is looking at (the editor's visible range): the blocks that overlap it are
   * analysed first, and the step that finishes the last of them says so (`LintStep.firstDone`), so that the editor
   * can show them before the rest is done. The findings are the same in any order (`analysisOrder`).
   */
  firstRange?: readonly [number, number];
  /**
   * The document-wide decisions to use instead of those over the extraction's blocks: for an extraction of a part
   * of the document (`extractProsePart`), whose blocks alone would decide differently from the whole.
   */
  documentWide?: DocumentWide;
}

export interface LintStep {
  /** Blocks analysed so far. */
  done: number;
  /** The step stopped inside a block to let other work run (`LintHooks.interrupted`); the next step resumes it. */
  interrupted?: boolean;
  /** This step finished the last block that overlaps `LintHooks.firstRange` (said once). */
  firstDone?: boolean;
  /** Blocks that overlap `LintHooks.firstRange` are still to be analysed (after this step). */
  firstPending?: boolean;
  /**
   * Their findings (in document coordinates, unsorted; the array grows as the steps go on), without those the whole
   * document decides after its last block (the generator's return value has them).
   */
  findings: readonly Finding[];
}

/** Raised (by the async variant) when `options.isCancelled()` turns true between blocks. */
export class LintCancelled extends Error {
  constructor() {
    super('lint cancelled');
  }
}

/**
 * The work of `lintDocument`, one block at a time: yields after each block (how many are done, and the findings so
 * far, unsorted), so callers can interleave other work, check for cancellation or show partial results. Returns the
 * findings, sorted.
 *
 * The document is the file, not the block: settings that follow the document's own habit (`quoteStyle: auto`,
 * `introductoryComma: auto`) decide over all blocks. The quote habit is a count of marks, made before the blocks are
 * linted (`documentOptions.ts`); the introductory-comma habit needs each block's analysis, so every block hands its
 * part (counts and pending omissions, cached with its findings) to `settleParts` after the last block — a sum over
 * the parts, not a new analysis. The partial results before that step lack only the habit's findings.
 */
export function* lintSteps(
  linter: Linter,
  text: string,
  extraction: Extraction,
  options: LintOptions = {},
  cache?: ParagraphCache,
  hooks: LintHooks = {},
): Generator<LintStep, Finding[], void> {
  const starts = lineStarts(text);
  const pos = (offset: number): Position => positionFromStarts(starts, offset);
  const optionsOf = blockOptions(extraction.blocks, options, hooks.documentWide, linter.readsAsTechnical?.bind(linter));
  const allowed = allowedRanges(text, options);
  const toDocumentAll = (found: readonly Finding[], block: ProseBlock): Finding[] => {
    const out: Finding[] = [];
    for (const f of found) {
      const mapped = toDocument(f, block, pos);
      if (mapped && !isSuppressed(extraction.suppressions, mapped.ruleId, mapped.start.offset) && !isAllowed(allowed, mapped)) out.push(mapped);
    }
    return out;
  };
  const keyOf = cache?.keyer(linter.version);
  const blocks = extraction.blocks;
  // Parts and mapped findings by block index (the blocks may be analysed out of order, `analysisOrder`).
  const parts: LintPart[] = new Array(blocks.length);
  const mapped: Finding[][] = new Array(blocks.length);
  const out: Finding[] = [];
  for (const note of extraction.notes ?? []) hooks.onNote?.(note);
  const documentBudget = options.documentWordBudget ?? DOCUMENT_WORD_BUDGET;
  const { order, firstCount } = analysisOrder(blocks, hooks.firstRange, documentBudget);
  let analysed = 0;
  let toldDocumentBudget = false;
  let done = 0;
  while (done < order.length) {
    const index = order[done];
    const block = blocks[index];
    // The document's budget, once it is below a paragraph's, is the block's (its options change only then, so the
    // paragraph cache keys of a document within its budget stay as they were).
    const own = optionsOf[index];
    const left = Math.max(0, documentBudget - analysed);
    const byDocument = left < (own.wordBudget ?? PARAGRAPH_WORD_BUDGET);
    const part = lintBlock(linter, block, byDocument ? { ...own, wordBudget: left } : own, cache, keyOf, hooks);
    if (part.stoppedBy === 'cancelled' && hooks.interrupted?.()) {
      yield { done, findings: out, interrupted: true, ...(done < firstCount ? { firstPending: true } : {}) };
      continue;
    }
    done++;
    analysed += part.words ?? 0;
    if (part.stoppedBy === 'budget' && part.stoppedAt !== undefined && !(byDocument && toldDocumentBudget)) {
      const offset = block.offsets[Math.min(part.stoppedAt, block.text.length)];
      hooks.onNote?.({
        offset,
        message: byDocument
          ? `Puncteme's model analysed the first ${documentBudget} words of this document (its budget); from here on, punctuation gets the typographic checks only.`
          : `This paragraph is very long: Puncteme's model analysed its first ${own.wordBudget ?? PARAGRAPH_WORD_BUDGET} words (its budget); from here on, its punctuation gets the typographic checks only.`,
      });
      toldDocumentBudget ||= byDocument;
    }
    parts[index] = part;
    mapped[index] = toDocumentAll(part.findings, block);
    out.push(...mapped[index]);
    yield { done, findings: out, ...(done === firstCount ? { firstDone: true } : done < firstCount ? { firstPending: true } : {}) };
  }
  // The decisions over the whole document; only the blocks they change are mapped again.
  hooks.onParts?.(parts);
  const { findings: settled, audience } = settleDocument(parts);
  hooks.onAudience?.(audience);
  const all = settled.flatMap((found, i) => (found === parts[i].findings ? mapped[i] : toDocumentAll(found, blocks[i])));
  return all.sort((a, b) => a.start.offset - b.start.offset || a.end.offset - b.end.offset);
}

/**
 * The order to analyse the blocks in: those overlapping `first` (document offsets), then the others in document
 * order; `firstCount` of them overlap it (0 without a range). The findings do not depend on the order: each block's
 * options are decided before any is analysed (`blockOptions`), and the document's decisions wait for the last block.
 * Only the document's word budget is spent in order, so a document that might reach it (its words, counted as runs
 * of non-space, above half the budget) keeps the document order, and its budget stops the model where it always did.
 */
export function analysisOrder(blocks: readonly ProseBlock[], first: readonly [number, number] | undefined, documentBudget: number): { order: number[]; firstCount: number } {
  const inOrder = blocks.map((_, i) => i);
  if (!first) return { order: inOrder, firstCount: 0 };
  const overlaps = (b: ProseBlock) => b.offsets[0] < first[1] && b.offsets[b.text.length] > first[0];
  const head = inOrder.filter((i) => overlaps(blocks[i]));
  const inPlace = head.every((i, k) => i === k);
  if (!inPlace) {
    let words = 0;
    for (const b of blocks) words += b.text.split(/\s+/).length;
    if (words > documentBudget / 2) return { order: inOrder, firstCount: 0 };
  }
  const chosen = new Set(head);
  return { order: [...head, ...inOrder.filter((i) => !chosen.has(i))], firstCount: head.length };
}

/** One block's part, from the cache or the linter; a block the linter fails on is logged and counts as empty. */
function lintBlock(
  linter: Linter,
  block: ProseBlock,
  options: LintOptions,
  cache: ParagraphCache | undefined,
  keyOf: ((options: LintOptions, text: string) => string) | undefined,
  hooks: LintHooks,
): LintPart {
  const key = cache && keyOf ? keyOf(options, block.text) : '';
  const hit = cache?.get(key);
  if (hit) return hit;
  try {
    const part = lintAsPart(linter, block.text, options);
    // A lint cut short by cancellation is partial: never remember it as the paragraph's part. (The engine says so in
    // the part; a linter without parts is asked whether it was cancelled. A part the word budget cut is what any
    // lint of the paragraph with these options gives, so it is remembered.)
    const cut = linter.lintPart ? part.stoppedBy === 'cancelled' : options.isCancelled?.();
    if (cache && !cut) cache.set(key, part);
    return part;
  } catch (e) {
    hooks.onBlockError?.(e, block);
    return { findings: [] };
  }
}

/** Runs a `lintSteps` generator to the end synchronously. */
export function runSteps(steps: Generator<LintStep, Finding[], void>): Finding[] {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** The finding's first fix removes marks beside a piece of code (`besideStandIn`). */
function removesBesideStandIn(f: Finding, block: ProseBlock): boolean {
  return (f.fixes[0]?.edits ?? []).some((e) => e.newText === '' && besideStandIn(block, e.start.offset, e.end.offset));
}

/**
 * A finding in block coordinates → document coordinates; undefined if its range crosses non-prose, sits between two
 * pieces of code, touches a piece of code that left no word in the sentence, or removes marks beside a piece of code.
 */
function toDocument(f: Finding, block: ProseBlock, pos: (offset: number) => Position): Finding | undefined {
  const range = documentRange(block, f.start.offset, f.end.offset);
  if (!range || betweenStandIns(block, f.start.offset, f.end.offset) || besideHole(block, f.start.offset, f.end.offset)) return undefined;
  if (removesBesideStandIn(f, block)) return undefined;
  const mapEdit = (e: TextEdit): TextEdit | undefined => {
    const r = documentRange(block, e.start.offset, e.end.offset);
    return r && { start: pos(r.start), end: pos(r.end), newText: e.newText };
  };
  const fixes = [];
  for (const fix of f.fixes) {
    const edits = fix.edits.map(mapEdit);
    if (edits.every((e): e is TextEdit => e !== undefined)) fixes.push({ title: fix.title, edits });
  }
  if (f.fixes.length && !fixes.length) return undefined; // its only fixes would edit non-prose: prefer silence
  const related = f.related
    ?.map((r) => {
      const m = documentRange(block, r.start.offset, r.end.offset);
      return m && { start: pos(m.start), end: pos(m.end), message: r.message };
    })
    .filter((r): r is NonNullable<typeof r> => r !== undefined);
  return findingWith(f, { start: pos(range.start), end: pos(range.end), fixes, ...(related ? { related } : {}) });
}
