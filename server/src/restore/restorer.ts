/**
 * Restoration of unpunctuated text (the model's MBR restoration, paper §6.1), shared by every front end (CLI, language
 * server, VS Code command). Each sentence is parsed, the model restores the punctuation of all its slots, and the
 * marks of the slots the writer left empty are spliced into the writer's own text (`gaps.ts`, `splice.ts`): words,
 * intra-word marks, code and the writer's own marks are kept as written, and only a sentence's first letter may
 * change case. A sentence the writer already ended with a mark is kept as it is (the linter is the tool for
 * punctuated text).
 */
import type { PunctuatedTree } from '../data/depunct';
import type { SentenceAnalyser } from '../engine';
import { textBlocks } from './blocks';
import { codeSpans, Gap, sentenceGaps } from './gaps';
import { isDash, isOpener, pairInsertedMarks, QuoteStyle, resolveQuoteStyle, writtenForm } from './marks';
import { Insertion, splice } from './splice';

export type { QuoteStyle } from './marks';

export interface Restorer {
  restore(text: string): string;
}

export interface RestoreOptions {
  /** Shape of inserted quotation marks (default `auto`: follow the text). Quotes already written are never changed. */
  quotes?: QuoteStyle;
  /** Samples of the MBR restoration (default: the model's, 1000). */
  samples?: number;
  seed?: number;
}

export interface RestoringModel {
  restore(tree: PunctuatedTree, opts?: { samples?: number; seed?: number }): string[][];
}

/** Marks that end a sentence (normalised), after which the next word begins a sentence. */
const SENTENCE_END = new Set(['.', '?', '!', '?!', '...']);

/** A word whose first letter may be capitalised at a sentence start: lower-case letters only (not `iPhone`, `npm_x`, `3d`). */
const PLAIN_LOWER_WORD = /^\p{Ll}[\p{Ll}\p{M}'’-]*$/u;

export function makeRestorer(parser: SentenceAnalyser, model: RestoringModel, options: RestoreOptions = {}): Restorer {
  return {
    restore(text) {
      const quotes = resolveQuoteStyle(options.quotes ?? 'auto', text);
      const code = codeSpans(text);
      // The parser reads the text with every whitespace character as a space (same offsets): a line break inside a
      // paragraph is where the writer's line wrapped, not a sentence boundary.
      const flat = text.replace(/\s/g, ' ');
      const insertions: Insertion[] = [];
      const capitals: number[] = [];
      for (const block of textBlocks(text)) {
        const piece = flat.slice(block.start, block.end);
        // Whether the text before the next sentence ends one (the block's start does): only then is its first word a sentence start.
        let ended = true;
        for (const s of parser.parseText(piece)) {
          if (s.wordTokens.length === 0) continue;
          const tokens = s.tokens.map((t) => ({ ...t, start: t.start + block.start, end: t.end + block.start }));
          const last = s.tree.slots[s.tree.slots.length - 1] ?? [];
          if (last.some((m) => SENTENCE_END.has(m) || m === '<.>')) {
            ended = true;
            continue; // already ended by the writer
          }
          const gaps = sentenceGaps(text, { ...s, tokens }, code);
          const restored = model.restore(s.tree, { samples: options.samples, seed: options.seed });
          const slots = writableMarks(restored, gaps);
          placeMarks(slots, gaps, quotes, insertions);
          const endsSentence = (i: number) => slots[i].some((t) => SENTENCE_END.has(t));
          const starts = slots.flatMap((_, i) => ((i === 0 && ended) || (i > 0 && i < slots.length - 1 && endsSentence(i)) ? [i] : []));
          for (const i of starts) {
            const w = tokens[s.wordTokens[i]];
            if (PLAIN_LOWER_WORD.test(text.slice(w.start, w.end)) && !code.some(([a, b]) => a <= w.start && w.start < b)) capitals.push(w.start);
          }
          ended = endsSentence(slots.length - 1);
        }
      }
      return splice(text, insertions, capitals);
    },
  };
}

/**
 * The restored marks that may be written: only in free slots, only closing marks after the last word and opening
 * marks before the first, every bracket and quotation mark with its partner.
 */
function writableMarks(restored: readonly (readonly string[])[], gaps: readonly Gap[]): string[][] {
  const n = gaps.length - 1;
  const allowed = gaps.map((g, i) => {
    if (!g.free) return [];
    // Within a slot, closing marks come before opening ones whatever order the sample drew them in (`, “` not `“ ,`).
    const written = (restored[i] ?? []).filter((m) => writtenForm(m, 'curly') !== undefined);
    const marks = [...written.filter((m) => !isOpener(m)), ...written.filter(isOpener)];
    if (i === 0) return marks.filter(isOpener);
    if (i === n) return marks.filter((m) => !isOpener(m) && !isDash(m));
    return marks;
  });
  return pairInsertedMarks(allowed);
}

/** Insertions for each slot's marks: closers (and dashes, between spaces) after the word before, openers before the word after. */
function placeMarks(slots: readonly string[][], gaps: readonly Gap[], quotes: 'straight' | 'curly', out: Insertion[]): void {
  slots.forEach((marks, i) => {
    if (marks.length === 0) return;
    const closing = marks.filter((m) => !isOpener(m));
    const opening = marks.filter(isOpener);
    const closeText = closing.map((m) => (isDash(m) ? ' ' : '') + writtenForm(m, quotes)).join('');
    const openText = opening.map((m) => writtenForm(m, quotes) + (isDash(m) ? ' ' : '')).join('');
    if (closeText) out.push({ at: gaps[i].closeAt, text: closeText });
    if (openText) out.push({ at: gaps[i].openAt, text: openText });
  });
}
